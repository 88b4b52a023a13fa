import APIClient
import DetailModels
import Models

/// What a move was before a game changed it, as the API's `past_values` list it: only the fields
/// that changed (the others are `nil`). Its values held in every game *before* `versionGroup`
/// (Tackle had 35 power and 95 % accuracy before Black / White), where a pokemon's `past_*` hold
/// *up to and including* the generation they name.
public struct PastMoveValues: Codable, Sendable, Hashable {
  /// The first game with the values that followed (`black-white`).
  public var versionGroup: NamedResource
  public var type: NamedResource?
  public var power: Int?
  public var accuracy: Int?
  public var pp: Int?
  public var effectChance: Int?

  public init(
    versionGroup: NamedResource, type: NamedResource? = nil, power: Int? = nil,
    accuracy: Int? = nil, pp: Int? = nil, effectChance: Int? = nil
  ) {
    self.versionGroup = versionGroup
    self.type = type
    self.power = power
    self.accuracy = accuracy
    self.pp = pp
    self.effectChance = effectChance
  }

  enum CodingKeys: String, CodingKey {
    case type, power, accuracy, pp
    case versionGroup = "version_group"
    case effectChance = "effect_chance"
  }
}

/// A move's numbers in one game: its type, class, power, accuracy, PP and effect chance.
public struct MoveValues: Codable, Sendable, Hashable {
  /// The type's slug (`dark`).
  public var type: String?
  /// `physical`, `special` or `status`.
  public var damageClass: String?
  public var power: Int?
  public var accuracy: Int?
  public var pp: Int?
  public var effectChance: Int?

  public init(
    type: String?, damageClass: String?, power: Int?, accuracy: Int?, pp: Int?,
    effectChance: Int? = nil
  ) {
    self.type = type
    self.damageClass = damageClass
    self.power = power
    self.accuracy = accuracy
    self.pp = pp
    self.effectChance = effectChance
  }
}

/// A move as a decoding has it, with its numbers today: the move page's and a learnset row's.
public protocol MoveNumbers {
  var type: NamedResource? { get }
  var damageClass: NamedResource? { get }
  var power: Int? { get }
  var accuracy: Int? { get }
  var pp: Int? { get }
  var effectChance: Int? { get }
  /// What it was before games changed it.
  var pastValues: [PastMoveValues] { get }
}

extension MoveNumbers {
  /// Its numbers today.
  public var values: MoveValues {
    MoveValues(
      type: type.map { SafeText.line($0.name) },
      damageClass: damageClass.map { SafeText.line($0.name) }, power: power, accuracy: accuracy,
      pp: pp, effectChance: effectChance)
  }
}

/// The facts of the session's game: what a move, a species, an ability, a nature or breeding
/// was in it, from the API's past values and generations. Every page that shows such a fact
/// under a game reads it here.
///
/// The rules where the API records nothing (docs/GAMES.md): before Generation IV a damaging
/// move is physical or special by its type; abilities and natures came in Generation III,
/// breeding and held items in Generation II.
public struct GameFacts: Sendable {
  /// The game played.
  public var game: SessionGame
  /// Its generation (1 for Red); `nil` when the API does not say or cannot be reached (the
  /// rules that need it then leave today's facts).
  public var generation: Int?
  /// The games' order, to tell the games before and after it; `nil` when it could not be had
  /// (a move's past values are then not applied).
  public var order: GameOrder?

  public init(game: SessionGame, generation: Int?, order: GameOrder?) {
    self.game = game
    self.generation = generation
    self.order = order
  }

  /// The generation abilities came in (Ruby and Sapphire).
  public static let abilitiesGeneration = Pokemon.abilitiesGeneration
  /// The generation natures came in.
  public static let naturesGeneration = 3
  /// The generation breeding and held items came in (Gold and Silver).
  public static let breedingGeneration = 2
  /// The first generation whose moves' effect chances the API records apart from today's (Ruby
  /// and Sapphire): before it, a chance shown is today's.
  public static let chancesGeneration = 3
  /// The first generation where a move's class is its own, not its type's (Diamond and Pearl).
  public static let splitGeneration = 4
  /// The types whose damaging moves were special before Generation IV; the others' physical.
  public static let specialTypes: Set<String> = [
    "fire", "water", "grass", "electric", "psychic", "ice", "dragon", "dark",
  ]

  /// The generation of `game`, for `async let` beside other requests: `nil` without a game or
  /// when it cannot be had (cancelled too: the caller's next request says so).
  public static func generation(of game: SessionGame?, client: any PokeAPIClient) async -> Int? {
    (try? await GameContext.generation(of: game, client: client)) ?? nil
  }

  /// The generation `introduced` (a thing's first), when it came after the game's; `nil` when
  /// it was there, or either is unknown.
  public func cameLater(_ introduced: Int?) -> Int? {
    Self.cameLater(introduced, generation: generation)
  }

  /// The generation `introduced` when it is after `generation` (a game's); `nil` when it is
  /// not, or either is unknown.
  public static func cameLater(_ introduced: Int?, generation: Int?) -> Int? {
    guard let introduced, let generation, introduced > generation else { return nil }
    return introduced
  }

  /// Whether something that came in `first` (a generation: abilities' 3) is missing from the
  /// game.
  public func lacks(_ first: Int) -> Bool { (generation ?? first) < first }

  /// A move's numbers in the game, from `today`'s and its `past` values: each field the first
  /// change after the game names, else today's (field by field: an entry lists only what
  /// changed); before Generation IV, a damaging move's class by its type then. Today's, whole,
  /// when the move changed and the game's place among the games is unknown.
  public func move(_ move: some MoveNumbers) -> MoveValues {
    self.move(move.values, past: move.pastValues)
  }

  /// The numbers of a move `today` with its `past` values in the game (``move(_:)``).
  public func move(_ today: MoveValues, past: [PastMoveValues]) -> MoveValues {
    var values = today
    let rank = order?.rank(of: game.group) ?? Int.min
    // Where the game's place is unknown, a move that changed is shown as today, whole.
    if rank == Int.min, !past.isEmpty { return today }
    if let order, rank != Int.min {
      let later = past.filter { order.rank(of: $0.versionGroup.name) > rank }
        .sorted { order.rank(of: $0.versionGroup.name) < order.rank(of: $1.versionGroup.name) }
      func first<Value>(_ field: (PastMoveValues) -> Value?) -> Value? {
        later.lazy.compactMap(field).first
      }
      values.type = first { $0.type?.name }.map(SafeText.line) ?? today.type
      values.power = first(\.power) ?? today.power
      values.accuracy = first(\.accuracy) ?? today.accuracy
      values.pp = first(\.pp) ?? today.pp
      values.effectChance = first(\.effectChance) ?? today.effectChance
    }
    if let generation, generation < Self.splitGeneration, let type = values.type,
      let damageClass = values.damageClass, damageClass != "status"
    {
      values.damageClass = Self.specialTypes.contains(type) ? "special" : "physical"
    }
    return values
  }
}

extension GameFacts {
  /// Species `detail` as `game` has it, all `open` shows of it there: the facts of the game's
  /// generation (``apply(to:in:glossary:client:)``), the game's Pokédex text (the newest when the
  /// game has none) and its numbers in the game's Pokédexes, named by `glossary`.
  public static func species(
    _ detail: SpeciesDetailViewModel, in game: SessionGame, glossary: Glossary,
    client: any PokeAPIClient
  ) async -> SpeciesDetailViewModel {
    async let text = SpeciesFlavorTexts.text(
      ofSpecies: detail.id, in: game, glossary: glossary, client: client)
    async let numbers = Pokedex.numbers(
      ofSpecies: detail.id, in: game, glossary: glossary, client: client)
    var model = await apply(to: detail, in: game, glossary: glossary, client: client)
    if let text = await text { model.flavorText = text }
    model.regionalNumbers = await numbers
    return model
  }

  /// `detail` as `game` has it: its types and matchups, base stats (Generation I's Special) and
  /// abilities (none before Generation III) of the game's generation, named by `glossary`.
  /// A species of a later generation keeps today's facts and says when it came (`cameLater`).
  /// As it was when the game's generation cannot be had; today's types and matchups when the
  /// generation's chart cannot.
  public static func apply(
    to detail: SpeciesDetailViewModel, in game: SessionGame, glossary: Glossary,
    client: any PokeAPIClient
  ) async -> SpeciesDetailViewModel {
    // A form's generation is asked for beside the game's (it is kept apart).
    async let introduced = Self.introduced(detail, client: client)
    guard let generation = await generation(of: game, client: client) else { return detail }
    let chart = try? await TypeChart.load(client, generation: generation)
    return await apply(
      to: detail, generation: generation, chart: chart, introduced: await introduced,
      glossary: glossary, client: client)
  }

  /// The generation `detail` came in: its species', or its form's when that came later.
  public static func introduced(
    _ detail: SpeciesDetailViewModel, client: any PokeAPIClient
  ) async -> Int? {
    guard let form = detail.form, !form.isDefault,
      let first = await formGeneration(pokemonID: form.pokemonID, client: client)
    else { return detail.introduced }
    return max(detail.introduced ?? first, first)
  }

  /// A generation as the API refers to it, read back by its id.
  static func generation(_ number: Int) -> NamedResource {
    NamedResource(name: "generation-\(number)", url: "generation/\(number)/")
  }

  /// The generation a form (a pokemon other than its species' usual one) came in: that of the
  /// oldest game it learns moves in (Mega Charizard X's first is Omega Ruby / Alpha Sapphire,
  /// Generation VI), kept as a derived value; `nil` when it learns none (a Gigantamax form) or
  /// it cannot be had.
  public static func formGeneration(pokemonID: Int, client: any PokeAPIClient) async -> Int? {
    try? await client.derived("form-generation/\(pokemonID)") {
      () async throws(APIError) -> Derived<Int?> in
      let learnset = try await client.resource(Learnset.self, String(pokemonID))
      let games = try await APIRequests.together(learnset.games) {
        (game: NamedResource) async throws(APIError) -> Int? in
        try await client.resource(VersionGroup.self, game.id.map(String.init) ?? game.name)
          .generation?.id
      }
      return Derived(games.compactMap { $0 }.min())
    }
  }

  /// `detail` as the games of `generation` have it, with that generation's `chart` (today's
  /// types and matchups without one): ``apply(to:in:glossary:client:)`` for many species
  /// of one game (`compare`), the generation and chart loaded once. `introduced` is the
  /// generation it came in (``introduced(_:client:)``: a form's when that came later). The
  /// client names the abilities of then that are not today's.
  public static func apply(
    to detail: SpeciesDetailViewModel, generation: Int, chart: TypeChart?, introduced: Int?,
    glossary: Glossary, client: any PokeAPIClient
  ) async -> SpeciesDetailViewModel {
    var model = detail
    model.introduced = introduced
    if let later = cameLater(introduced, generation: generation) {
      model.cameLater = later
      return model
    }
    if let chart {
      model = GameTyping(generation: generation, chart: chart).apply(to: model, glossary: glossary)
    }
    model.gameGeneration = generation
    let pokemon = Pokemon(
      id: detail.id, name: detail.name, height: 0, weight: 0,
      stats: detail.stats.compactMap { stat in
        stat.slug.map { Pokemon.Stat(baseStat: stat.value, stat: NamedResource(name: $0, url: "")) }
      },
      abilities: detail.abilities.enumerated().map { index, ability in
        Pokemon.Ability(
          ability: NamedResource(name: ability.slug, url: ""), isHidden: ability.isHidden,
          slot: ability.slot ?? index + 1)
      },
      pastStats: (detail.pastStats ?? []).map { past in
        Pokemon.PastStats(
          generation: Self.generation(past.throughGeneration),
          stats: past.stats.compactMap { stat in
            stat.slug.map {
              Pokemon.Stat(baseStat: stat.value, stat: NamedResource(name: $0, url: ""))
            }
          })
      },
      pastAbilities: (detail.pastAbilities ?? []).map { past in
        Pokemon.PastAbilities(
          generation: Self.generation(past.throughGeneration),
          abilities: past.abilities.map { slot in
            Pokemon.PastAbility(
              ability: slot.slug.map { NamedResource(name: $0, url: "") }, isHidden: slot.isHidden,
              slot: slot.slot)
          })
      })
    if detail.stats.allSatisfy({ $0.slug != nil }) {
      model.stats = pokemon.stats(in: generation).map {
        .init(name: glossary.stat($0.stat.name), value: $0.baseStat, slug: $0.stat.name)
      }
      model.baseStatTotal = model.stats.reduce(0) {
        $0.addingReportingOverflow($1.value).partialValue
      }
    }
    let abilities = pokemon.abilities(in: generation)
    let known = Dictionary(
      detail.abilities.map { ($0.slug, $0.name) }, uniquingKeysWith: { first, _ in first })
    let missing = abilities.map(\.ability.name).filter { known[$0] == nil }
    let names =
      missing.isEmpty
      ? [:]
      : await client.names(of: AbilityKind.self, missing, in: glossary.language ?? .english)
    model.abilities = abilities.map {
      let slug = SafeText.line($0.ability.name)
      return .init(
        name: known[slug] ?? names[slug].map(SafeText.line) ?? DisplayName.words(slug),
        isHidden: $0.isHidden, slug: slug, slot: $0.slot)
    }
    return model
  }
}

extension GameFacts {
  /// The generation `introduced` (a thing's first) when it is after `game`'s: one small request
  /// for the game, kept. `nil` without a game, when it was there, or when either is unknown.
  public static func cameLater(
    _ introduced: Int?, than game: SessionGame?, client: any PokeAPIClient
  ) async -> Int? {
    guard game != nil, introduced != nil else { return nil }
    return cameLater(introduced, generation: await generation(of: game, client: client))
  }

  /// The field a page opens with when what it shows came after the session's game: `Game
  /// came in Generation III: not in Red`; none when it did not.
  public static func laterField(_ cameLater: Int?, gameName: String?) -> [PageDocument.Field] {
    guard let cameLater else { return [] }
    let game = gameName.map { "not in \($0)" } ?? "not in your game"
    return [
      .init("Game", [Span("came in \(DisplayName.generation(cameLater)): \(game)", .marked)])
    ]
  }

  /// The name a page gives the session's game: the session's (`Red / Blue`), else, without
  /// loading the games' names, the version's or the game's slug in words (`Red`).
  public static func name(of request: PageRequest) -> String? {
    request.gameName ?? request.game.map { DisplayName.words($0.version ?? $0.group) }
  }
}

/// `GET generation/{id}`: the species it brought, by id.
public struct GenerationSpecies: APIResource, Hashable {
  public static let path = "generation"
  public static let representation = "generation-species"

  public var id: Int
  public var name: String
  public var species: [Int]

  public init(id: Int, name: String, species: [Int]) {
    self.id = id
    self.name = name
    self.species = species
  }

  enum CodingKeys: String, CodingKey {
    case id, name, species
    case pokemonSpecies = "pokemon_species"
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    id = try c.decode(Int.self, forKey: .id)
    name = try c.decode(String.self, forKey: .name)
    // As kept, else the API's references.
    species =
      try c.decodeIfPresent([Int].self, forKey: .species)
      ?? c.decodeIfPresent([NamedResource].self, forKey: .pokemonSpecies)?.compactMap(\.id) ?? []
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(id, forKey: .id)
    try c.encode(name, forKey: .name)
    try c.encode(species, forKey: .species)
  }
}

extension GameFacts {
  /// The species of `game` and of the generations before it, by id: what a list under a game
  /// keeps (the species that breed with one, hold an ability, learn a move), the species of
  /// generations 1 through the game's together, kept as one derived value. `nil` without a game,
  /// or when its generation or theirs cannot be had (the list is then shown whole). Ctrl-C is
  /// passed on.
  public static func species(
    of game: SessionGame?, client: any PokeAPIClient
  ) async throws(APIError) -> Set<Int>? {
    guard let game else { return nil }
    guard let generation = await generation(of: game, client: client) else {
      if Task.isCancelled { throw .cancelled }
      return nil
    }
    do {
      return try await client.derived("species-through-generation/\(generation)") {
        () async throws(APIError) -> Derived<Set<Int>> in
        let generations = try await APIRequests.together(Array(1...max(1, generation))) {
          (number: Int) async throws(APIError) in
          try await client.resource(GenerationSpecies.self, String(number))
        }
        return Derived(Set(generations.flatMap(\.species)))
      }
    } catch .cancelled {
      throw .cancelled
    } catch {
      return nil
    }
  }

  /// `listed` as a list under a game shows it: the species of `existing` (the game's and
  /// before), forms left out (the lists do not tell their generation), and how many were left
  /// out; all of them and 0 without `existing`.
  public static func keeping<Entry>(
    _ listed: [Entry], existing: Set<Int>?, id: (Entry) -> Int
  ) -> (kept: [Entry], leftOut: Int) {
    guard let existing else { return (listed, 0) }
    let kept = listed.filter { id($0) < 10_000 && existing.contains(id($0)) }
    return (kept, listed.count - kept.count)
  }

  /// The hint a list under a game ends with when it left some out.
  public static func leftOutHint(_ count: Int?, gameName: String?) -> [PageDocument.Block] {
    guard let count, count > 0 else { return [] }
    let game = gameName ?? "your game"
    return [.hint("\(count) left out: species of games after \(game), and forms.")]
  }

  /// ``species(of:client:)`` as a result, for `async let` beside a page's other requests.
  public static func speciesResult(
    of game: SessionGame?, client: any PokeAPIClient
  ) async -> Result<Set<Int>?, APIError> {
    await APIRequests.result(
      of: { (game: SessionGame?) async throws(APIError) in
        try await species(of: game, client: client)
      }, game)
  }
}
