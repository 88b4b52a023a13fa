/// What the index keeps of one species: the facts `find`'s species terms read, and its pokemon
/// (its usual one and its forms), each with facts of its own.
public struct IndexedSpecies: Sendable, Equatable {
  public var id: Int
  public var name: String
  /// The generation it came in.
  public var generation: Int?
  public var isLegendary = false
  public var isMythical = false
  public var isBaby = false
  /// `pokemon-color`'s slug (`blue`).
  public var color: String?
  /// `pokemon-shape`'s slug (`quadruped`).
  public var shape: String?
  /// The evolution chain it is in.
  public var chain: Int?
  public var pokemon: [IndexedPokemon]

  public init(
    id: Int, name: String, generation: Int?, isLegendary: Bool = false, isMythical: Bool = false,
    isBaby: Bool = false, color: String? = nil, shape: String? = nil, chain: Int? = nil,
    pokemon: [IndexedPokemon]
  ) {
    self.id = id
    self.name = name
    self.generation = generation
    self.isLegendary = isLegendary
    self.isMythical = isMythical
    self.isBaby = isBaby
    self.color = color
    self.shape = shape
    self.chain = chain
    self.pokemon = pokemon
  }
}

/// One pokemon (a species' usual one, or a form) as the index keeps it.
public struct IndexedPokemon: Sendable, Equatable {
  public var id: Int
  public var name: String
  /// Whether it is its species' usual pokemon (the row `find` shows without `forms`).
  public var isDefault: Bool
  public var heightCentimetres: Int
  public var weightKilograms: Double
  /// The generation a form came in, when later than its species' (the pages' rule,
  /// `GameFacts.formGeneration`: the oldest game it learns moves in); `nil` for the species'
  /// own.
  public var generation: Int?
  /// Its facts by era: 0 today, then each generation (1 for Red).
  public var eras: [Int: EraFacts]
  /// Every move it learns: the move's id, the game's (a version group's id), and how.
  public var learned: [Learned]

  /// A move learnt in one game, one way.
  public struct Learned: Sendable, Hashable {
    public var move: Int
    public var game: Int
    public var method: String

    public init(move: Int, game: Int, method: String) {
      self.move = move
      self.game = game
      self.method = method
    }
  }

  public init(
    id: Int, name: String, isDefault: Bool, heightCentimetres: Int, weightKilograms: Double,
    generation: Int? = nil, eras: [Int: EraFacts], learned: [Learned] = []
  ) {
    self.id = id
    self.name = name
    self.isDefault = isDefault
    self.heightCentimetres = heightCentimetres
    self.weightKilograms = weightKilograms
    self.generation = generation
    self.eras = eras
    self.learned = learned
  }
}

/// A pokemon's types, base stats and abilities in one era.
public struct EraFacts: Sendable, Equatable {
  /// Type slugs in slot order.
  public var types: [String]
  /// `hp`, `atk`, `def`, `spa`, `spd`, `spe` (in Generation I `spa` and `spd` are both Special).
  public var stats: [FindField: Int]
  /// Ability slugs with whether each is hidden (none before Generation III).
  public var abilities: [(slug: String, hidden: Bool)]

  public init(types: [String], stats: [FindField: Int], abilities: [(slug: String, hidden: Bool)]) {
    self.types = types
    self.stats = stats
    self.abilities = abilities
  }

  /// The base stat total: in Generation I the five stats (Special once).
  public func total(generation: Int) -> Int {
    let six: [FindField] = [.hp, .atk, .def, .spa, .spd, .spe]
    let counted = generation == 1 ? six.filter { $0 != .spd } : six
    return counted.reduce(0) { $0 + (stats[$1] ?? 0) }
  }

  public static func == (lhs: EraFacts, rhs: EraFacts) -> Bool {
    lhs.types == rhs.types && lhs.stats == rhs.stats
      && lhs.abilities.map(\.slug) == rhs.abilities.map(\.slug)
      && lhs.abilities.map(\.hidden) == rhs.abilities.map(\.hidden)
  }
}

/// One move as the index keeps it: what does not change, and its numbers in each game.
public struct IndexedMove: Sendable, Equatable {
  public var id: Int
  public var name: String
  public var generation: Int?
  public var priority: Int
  /// Its numbers by game (a version group's id), 0 today.
  public var values: [Int: Numbers]

  /// A move's type, class, power, accuracy and PP in one game.
  public struct Numbers: Sendable, Equatable {
    public var type: String?
    public var damageClass: String?
    public var power: Int?
    public var accuracy: Int?
    public var pp: Int?

    public init(type: String?, damageClass: String?, power: Int?, accuracy: Int?, pp: Int?) {
      self.type = type
      self.damageClass = damageClass
      self.power = power
      self.accuracy = accuracy
      self.pp = pp
    }
  }

  public init(id: Int, name: String, generation: Int?, priority: Int, values: [Int: Numbers]) {
    self.id = id
    self.name = name
    self.generation = generation
    self.priority = priority
    self.values = values
  }
}

/// A game (a version group) as the index keeps it: its id, slug and generation.
public struct IndexedGame: Sendable, Equatable {
  public var id: Int
  public var name: String
  public var generation: Int?

  public init(id: Int, name: String, generation: Int?) {
    self.id = id
    self.name = name
    self.generation = generation
  }
}

/// What the index keeps besides species and moves, each kept whole or not at all: the games,
/// each era's type chart, the species of each colour, shape, egg group and regional Pokédex,
/// and the chains' evolutions.
public enum IndexedPart: Sendable {
  case games([IndexedGame])
  /// The factor each attacking type deals each defending type, by era (0 today).
  case chart(era: Int, factors: [(attacking: String, defending: String, factor: Double)])
  /// The species of each colour (`pokemon-color`), by its slug.
  case colors([String: [Int]])
  case shapes([String: [Int]])
  case eggGroups([String: [Int]])
  /// Each regional Pokédex's species and their numbers there.
  case pokedexes([String: [(species: Int, number: Int)]])
  /// One chain's evolutions: from which species to which, by which trigger.
  case chain(id: Int, evolutions: [(from: Int, to: Int, trigger: String)])

  /// The key the part is marked done under.
  var key: String {
    switch self {
    case .games: "games"
    case .chart(let era, _): "chart/\(era)"
    case .colors: "colors"
    case .shapes: "shapes"
    case .eggGroups: "egg-groups"
    case .pokedexes: "pokedexes"
    case .chain(let id, _): "chain/\(id)"
    }
  }
}
