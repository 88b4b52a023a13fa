/// `GET pokemon/{id}/encounters`: one place (a location area) where a pokemon is found in the
/// wild, and how in each game (version).
public struct LocationEncounter: Codable, Sendable, Hashable {
  /// How it is found in one game.
  public struct VersionDetail: Codable, Sendable, Hashable {
    public var version: NamedResource
    public var encounterDetails: [Detail]

    public init(version: NamedResource, encounterDetails: [Detail]) {
      self.version = version
      self.encounterDetails = encounterDetails
    }

    enum CodingKeys: String, CodingKey {
      case version
      case encounterDetails = "encounter_details"
    }
  }

  /// One way to meet it there: a method, levels, a chance and the conditions that must hold.
  public struct Detail: Codable, Sendable, Hashable {
    public var chance: Int
    public var minLevel: Int
    public var maxLevel: Int
    public var method: NamedResource
    @OrEmpty public var conditionValues: [NamedResource]

    public init(
      chance: Int, minLevel: Int, maxLevel: Int, method: NamedResource,
      conditionValues: [NamedResource] = []
    ) {
      self.chance = chance
      self.minLevel = minLevel
      self.maxLevel = maxLevel
      self.method = method
      self.conditionValues = conditionValues
    }

    enum CodingKeys: String, CodingKey {
      case chance, method
      case minLevel = "min_level"
      case maxLevel = "max_level"
      case conditionValues = "condition_values"
    }

    public init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      chance = try c.decodeIfPresent(Int.self, forKey: .chance) ?? 0
      minLevel = try c.decodeIfPresent(Int.self, forKey: .minLevel) ?? 0
      maxLevel = try c.decodeIfPresent(Int.self, forKey: .maxLevel) ?? 0
      method = try c.decode(NamedResource.self, forKey: .method)
      _conditionValues = try c.decode(OrEmpty.self, forKey: .conditionValues)
    }
  }

  public var locationArea: NamedResource
  public var versionDetails: [VersionDetail]

  public init(locationArea: NamedResource, versionDetails: [VersionDetail]) {
    self.locationArea = locationArea
    self.versionDetails = versionDetails
  }

  enum CodingKeys: String, CodingKey {
    case locationArea = "location_area"
    case versionDetails = "version_details"
  }
}

/// The encounters of one pokemon, as `GET pokemon/{id}/encounters` lists them (the answer is a
/// bare list; the id is the one asked for).
public struct PokemonEncounters: Codable, Sendable, Hashable {
  public var pokemonID: Int
  public var encounters: [LocationEncounter]

  public init(pokemonID: Int, encounters: [LocationEncounter]) {
    self.pokemonID = pokemonID
    self.encounters = encounters
  }
}
