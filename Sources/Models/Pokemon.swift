/// `GET /pokemon/{id}`: types, size, stats and abilities (the ~300 KB of moves are skipped).
public struct Pokemon: Codable, Sendable, Hashable {
  /// A type in its slot (`slot` 1 is the primary type).
  public struct TypeSlot: Codable, Sendable, Hashable {
    public var slot: Int
    public var type: NamedResource
    public init(slot: Int, type: NamedResource) {
      self.slot = slot
      self.type = type
    }
  }

  /// A base stat such as `hp` 55.
  public struct Stat: Codable, Sendable, Hashable {
    public var baseStat: Int
    public var stat: NamedResource
    public init(baseStat: Int, stat: NamedResource) {
      self.baseStat = baseStat
      self.stat = stat
    }
    enum CodingKeys: String, CodingKey {
      case baseStat = "base_stat"
      case stat
    }
  }

  /// An ability, possibly hidden.
  public struct Ability: Codable, Sendable, Hashable {
    public var ability: NamedResource
    public var isHidden: Bool
    public var slot: Int
    public init(ability: NamedResource, isHidden: Bool, slot: Int) {
      self.ability = ability
      self.isHidden = isHidden
      self.slot = slot
    }
    enum CodingKeys: String, CodingKey {
      case ability, slot
      case isHidden = "is_hidden"
    }
  }

  /// The types a pokemon had through a generation, before they changed (Clefairy was Normal
  /// through Generation V).
  public struct PastTypes: Codable, Sendable, Hashable {
    /// The last generation they held in (`generation-v`).
    public var generation: NamedResource
    public var types: [TypeSlot]
    public init(generation: NamedResource, types: [TypeSlot]) {
      self.generation = generation
      self.types = types
    }
  }

  /// The base stats a pokemon had through a generation, before they changed: only the stats
  /// that differed (Butterfree's Special Attack 80 through Generation V; in Generation I its one
  /// Special, slug `special`).
  public struct PastStats: Codable, Sendable, Hashable {
    /// The last generation they held in (`generation-v`).
    public var generation: NamedResource
    public var stats: [Stat]
    public init(generation: NamedResource, stats: [Stat]) {
      self.generation = generation
      self.stats = stats
    }
  }

  /// An ability slot as it was through a generation: the ability, or `nil` when the slot was
  /// empty then (Pidgey's second ability came in Generation IV).
  public struct PastAbility: Codable, Sendable, Hashable {
    public var ability: NamedResource?
    public var isHidden: Bool
    public var slot: Int
    public init(ability: NamedResource?, isHidden: Bool, slot: Int) {
      self.ability = ability
      self.isHidden = isHidden
      self.slot = slot
    }
    enum CodingKeys: String, CodingKey {
      case ability, slot
      case isHidden = "is_hidden"
    }
  }

  /// The ability slots that differed through a generation (only those: the others held as
  /// today's).
  public struct PastAbilities: Codable, Sendable, Hashable {
    /// The last generation they held in (`generation-vi`).
    public var generation: NamedResource
    public var abilities: [PastAbility]
    public init(generation: NamedResource, abilities: [PastAbility]) {
      self.generation = generation
      self.abilities = abilities
    }
  }

  public var id: Int
  public var name: String
  /// Height in decimetres.
  public var height: Int
  /// Weight in hectograms.
  public var weight: Int
  public var types: [TypeSlot]
  public var stats: [Stat]
  public var abilities: [Ability]
  /// Its types through the generations before they last changed.
  @OrEmpty public var pastTypes: [PastTypes]
  /// Its base stats through the generations before they changed, only those that did.
  @OrEmpty public var pastStats: [PastStats]
  /// Its ability slots through the generations before they changed, only those that did.
  @OrEmpty public var pastAbilities: [PastAbilities]

  public init(
    id: Int, name: String, height: Int, weight: Int, types: [TypeSlot] = [],
    stats: [Stat] = [], abilities: [Ability] = [], pastTypes: [PastTypes] = [],
    pastStats: [PastStats] = [], pastAbilities: [PastAbilities] = []
  ) {
    self.id = id
    self.name = name
    self.height = height
    self.weight = weight
    self.types = types
    self.stats = stats
    self.abilities = abilities
    self.pastTypes = pastTypes
    self.pastStats = pastStats
    self.pastAbilities = pastAbilities
  }

  /// Tells its cache entries (past types, stats and abilities kept) from those of earlier
  /// versions, under the same URL.
  public static let representation = "eras+past"

  enum CodingKeys: String, CodingKey {
    case id, name, height, weight, types, stats, abilities
    case pastTypes = "past_types"
    case pastStats = "past_stats"
    case pastAbilities = "past_abilities"
  }

  /// Its types in the games of `generation` (`nil`: today's), in slot order: those of the first
  /// change after it, else today's.
  public func types(in generation: Int?) -> [TypeSlot] {
    let past = PastGenerations.holding(
      in: generation, pastTypes.compactMap { past in past.generation.id.map { ($0, past.types) } })
    return (past ?? types).sorted { $0.slot < $1.slot }
  }

  /// Its base stats in the games of `generation` (`nil`: today's), in today's order, each read
  /// apart: the value of the first change after the generation that names the stat, else
  /// today's. In Generation I, one Special (slug `special`) stands where Sp. Atk and Sp. Def
  /// are; without a recorded one, Sp. Atk's value of then stands in.
  public func stats(in generation: Int?) -> [Stat] {
    guard let generation else { return stats }
    func value(_ slug: String, today: Int?) -> Int? {
      PastGenerations.holding(
        in: generation,
        pastStats.compactMap { past -> (through: Int, value: Int)? in
          guard let through = past.generation.id,
            let stat = past.stats.first(where: { $0.stat.name == slug })
          else { return nil }
          return (through, stat.baseStat)
        }) ?? today
    }
    var shown: [Stat] = []
    for stat in stats {
      let slug = stat.stat.name
      if generation == 1, slug == "special-defense" { continue }
      if generation == 1, slug == "special-attack" {
        let special = value("special", today: value(slug, today: stat.baseStat)) ?? stat.baseStat
        shown.append(
          Stat(baseStat: special, stat: NamedResource(name: "special", url: "stat/9/")))
        continue
      }
      shown.append(
        Stat(baseStat: value(slug, today: stat.baseStat) ?? stat.baseStat, stat: stat.stat))
    }
    return shown
  }

  /// Its abilities in the games of `generation` (`nil`: today's), in slot order: none before
  /// Generation III, when abilities came; else slot by slot, that of the first change after
  /// the generation that names the slot (an empty slot then left out), else today's.
  public func abilities(in generation: Int?) -> [Ability] {
    guard let generation else { return abilities.sorted { $0.slot < $1.slot } }
    guard generation >= Self.abilitiesGeneration else { return [] }
    let today = Dictionary(abilities.map { ($0.slot, $0) }, uniquingKeysWith: { first, _ in first })
    let slots = Set(today.keys).union(pastAbilities.flatMap { $0.abilities.map(\.slot) })
    return slots.sorted().compactMap { slot -> Ability? in
      let past = PastGenerations.holding(
        in: generation,
        pastAbilities.compactMap { past -> (through: Int, value: PastAbility)? in
          guard let through = past.generation.id,
            let entry = past.abilities.first(where: { $0.slot == slot })
          else { return nil }
          return (through, entry)
        })
      guard let past else { return today[slot] }
      return past.ability.map { Ability(ability: $0, isHidden: past.isHidden, slot: slot) }
    }
  }

  /// The generation abilities came in (Ruby and Sapphire).
  public static let abilitiesGeneration = 3

  /// Height in centimetres (the API gives decimetres); absurd values saturate, never trap.
  public var heightCentimetres: Int {
    let (value, overflow) = height.multipliedReportingOverflow(by: 10)
    return overflow ? (height < 0 ? .min : .max) : value
  }
  /// Weight in kilograms (the API gives hectograms).
  public var weightKilograms: Double { Double(weight) / 10 }
}
