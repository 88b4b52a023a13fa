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
  public var evolvesTo: [ChainLink]

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
    evolutionDetails =
      try c.decodeIfPresent([EvolutionDetail].self, forKey: .evolutionDetails) ?? []
    evolvesTo = try c.decodeIfPresent([ChainLink].self, forKey: .evolvesTo) ?? []
  }
}

/// The conditions of one way to evolve. Every field is optional, as in the API.
public struct EvolutionDetail: Codable, Sendable, Hashable {
  public var trigger: NamedResource?
  public var minLevel: Int?
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

  public init(
    trigger: NamedResource? = nil, minLevel: Int? = nil, item: NamedResource? = nil,
    heldItem: NamedResource? = nil, knownMove: NamedResource? = nil,
    knownMoveType: NamedResource? = nil, location: NamedResource? = nil, minHappiness: Int? = nil,
    minAffection: Int? = nil, minBeauty: Int? = nil, timeOfDay: String? = nil, gender: Int? = nil,
    needsOverworldRain: Bool? = nil, partySpecies: NamedResource? = nil,
    partyType: NamedResource? = nil, relativePhysicalStats: Int? = nil,
    tradeSpecies: NamedResource? = nil, turnUpsideDown: Bool? = nil,
    needsMultiplayer: Bool? = nil, isDefault: Bool? = nil
  ) {
    self.trigger = trigger
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

  enum CodingKeys: String, CodingKey {
    case trigger, item, location, gender
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
