/// `GET /evolution-chain/{id}`: a tree of species, each link with how it is reached.
public struct EvolutionChain: Codable, Sendable, Hashable {
  public var id: Int
  public var chain: ChainLink

  public init(id: Int, chain: ChainLink) {
    self.id = id
    self.chain = chain
  }
}

/// One species in an evolution tree and the species it evolves into.
public struct ChainLink: Codable, Sendable, Hashable {
  public var species: NamedResource
  public var isBaby: Bool
  /// How this species is reached from its parent (empty for the root); several entries are
  /// alternative ways (different games or methods).
  public var evolutionDetails: [EvolutionDetail]
  @OrEmpty public var evolvesTo: [ChainLink]

  public init(
    species: NamedResource, isBaby: Bool = false, evolutionDetails: [EvolutionDetail] = [],
    evolvesTo: [ChainLink] = []
  ) {
    self.species = species
    self.isBaby = isBaby
    self.evolutionDetails = evolutionDetails
    self.evolvesTo = evolvesTo
  }

  enum CodingKeys: String, CodingKey {
    case species
    case isBaby = "is_baby"
    case evolutionDetails = "evolution_details"
    case evolvesTo = "evolves_to"
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    species = try c.decode(NamedResource.self, forKey: .species)
    isBaby = try c.decodeIfPresent(Bool.self, forKey: .isBaby) ?? false
    var details = try c.decodeIfPresent([EvolutionDetail].self, forKey: .evolutionDetails) ?? []
    // A condition pokedex does not know yet is kept by name, so that it is never dropped
    // silently: the API's bodies are read again for the keys outside `EvolutionDetail.CodingKeys`.
    // What pokedex stored itself has been read that way already (the list is there, if empty).
    if details.contains(where: { $0.otherConditions == nil }) {
      let unknown =
        try c.decodeIfPresent([UnknownConditions].self, forKey: .evolutionDetails) ?? []
      for (index, extra) in zip(details.indices, unknown) {
        details[index].otherConditions = extra.keys
      }
    }
    evolutionDetails = details
    _evolvesTo = try c.decode(OrEmpty.self, forKey: .evolvesTo)
  }
}

/// The keys of one `evolution_details` entry that pokedex does not read and that hold a value
/// (not `null`, `false` or `""`), in the body's order.
private struct UnknownConditions: Decodable {
  var keys: [String]

  private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// The keys pokedex reads or ignores on purpose (made once, not for every entry).
  private static let known = Set(EvolutionDetail.CodingKeys.allCases.map(\.stringValue))
    .union(EvolutionDetail.ignoredKeys)

  init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: AnyKey.self)
    keys = try c.allKeys.filter { key in
      guard !Self.known.contains(key.stringValue), !(try c.decodeNil(forKey: key)) else {
        return false
      }
      if let flag = try? c.decode(Bool.self, forKey: key) { return flag }
      if let text = try? c.decode(String.self, forKey: key) { return !text.isEmpty }
      return true
    }.map(\.stringValue).sorted()
  }
}

/// The conditions of one way to evolve. Every field is optional, as in the API.
public struct EvolutionDetail: Codable, Sendable, Hashable {
  public var trigger: NamedResource?
  /// The form (a `pokemon`) that evolves, when it is not the parent species' usual one
  /// (`slowpoke-galar`); the API also names the usual one.
  public var baseForm: NamedResource?
  /// The form (a `pokemon`) this way gives (`lycanroc-midnight`, `raticate-alola`).
  public var evolvedForm: NamedResource?
  /// The region where this way applies (`alola`).
  public var region: NamedResource?
  public var minLevel: Int?
  /// Steps walked (Pawmot: 1000).
  public var minSteps: Int?
  /// A move to use `minMoveCount` times (Annihilape: Rage Fist, 20).
  public var usedMove: NamedResource?
  public var minMoveCount: Int?
  /// Damage taken, in HP (Basculegion: 294 of recoil).
  public var minDamageTaken: Int?
  /// Near a Moss Rock or an Ice Rock (Leafeon, Glaceon in older games).
  public var nearSpecialRock: Bool?
  public var item: NamedResource?
  public var heldItem: NamedResource?
  public var knownMove: NamedResource?
  public var knownMoveType: NamedResource?
  public var location: NamedResource?
  public var minHappiness: Int?
  public var minAffection: Int?
  public var minBeauty: Int?
  public var timeOfDay: String?
  /// 1 female, 2 male.
  public var gender: Int?
  public var needsOverworldRain: Bool?
  public var partySpecies: NamedResource?
  public var partyType: NamedResource?
  /// 1 attack > defence, −1 attack < defence, 0 equal.
  public var relativePhysicalStats: Int?
  public var tradeSpecies: NamedResource?
  public var turnUpsideDown: Bool?
  public var needsMultiplayer: Bool?
  public var isDefault: Bool?
  /// Fields of the API that pokedex does not know yet and that hold a value (their keys); `nil`
  /// until a body has been read for them (what pokedex stores carries the list, maybe empty).
  public var otherConditions: [String]?

  public init(
    trigger: NamedResource? = nil, minLevel: Int? = nil, item: NamedResource? = nil,
    heldItem: NamedResource? = nil, knownMove: NamedResource? = nil,
    knownMoveType: NamedResource? = nil, location: NamedResource? = nil, minHappiness: Int? = nil,
    minAffection: Int? = nil, minBeauty: Int? = nil, timeOfDay: String? = nil, gender: Int? = nil,
    needsOverworldRain: Bool? = nil, partySpecies: NamedResource? = nil,
    partyType: NamedResource? = nil, relativePhysicalStats: Int? = nil,
    tradeSpecies: NamedResource? = nil, turnUpsideDown: Bool? = nil,
    needsMultiplayer: Bool? = nil, isDefault: Bool? = nil, baseForm: NamedResource? = nil,
    evolvedForm: NamedResource? = nil, region: NamedResource? = nil, minSteps: Int? = nil,
    usedMove: NamedResource? = nil, minMoveCount: Int? = nil, minDamageTaken: Int? = nil,
    nearSpecialRock: Bool? = nil, otherConditions: [String]? = nil
  ) {
    self.trigger = trigger
    self.baseForm = baseForm
    self.evolvedForm = evolvedForm
    self.region = region
    self.minSteps = minSteps
    self.usedMove = usedMove
    self.minMoveCount = minMoveCount
    self.minDamageTaken = minDamageTaken
    self.nearSpecialRock = nearSpecialRock
    self.otherConditions = otherConditions
    self.minLevel = minLevel
    self.item = item
    self.heldItem = heldItem
    self.knownMove = knownMove
    self.knownMoveType = knownMoveType
    self.location = location
    self.minHappiness = minHappiness
    self.minAffection = minAffection
    self.minBeauty = minBeauty
    self.timeOfDay = timeOfDay
    self.gender = gender
    self.needsOverworldRain = needsOverworldRain
    self.partySpecies = partySpecies
    self.partyType = partyType
    self.relativePhysicalStats = relativePhysicalStats
    self.tradeSpecies = tradeSpecies
    self.turnUpsideDown = turnUpsideDown
    self.needsMultiplayer = needsMultiplayer
    self.isDefault = isDefault
  }

  /// Keys of the API that are not conditions: which games a way belongs to.
  static let ignoredKeys: Set<String> = ["version_group"]

  enum CodingKeys: String, CodingKey, CaseIterable {
    case trigger, item, location, gender, region
    case baseForm = "base_form"
    case evolvedForm = "evolved_form"
    case minSteps = "min_steps"
    case usedMove = "used_move"
    case minMoveCount = "min_move_count"
    case minDamageTaken = "min_damage_taken"
    case nearSpecialRock = "near_special_rock"
    case otherConditions = "pokedex_other_conditions"
    case minLevel = "min_level"
    case heldItem = "held_item"
    case knownMove = "known_move"
    case knownMoveType = "known_move_type"
    case minHappiness = "min_happiness"
    case minAffection = "min_affection"
    case minBeauty = "min_beauty"
    case timeOfDay = "time_of_day"
    case needsOverworldRain = "needs_overworld_rain"
    case partySpecies = "party_species"
    case partyType = "party_type"
    case relativePhysicalStats = "relative_physical_stats"
    case tradeSpecies = "trade_species"
    case turnUpsideDown = "turn_upside_down"
    case needsMultiplayer = "needs_multiplayer"
    case isDefault = "is_default"
  }
}
