import APIClient
import Models

/// `GET region/{id or name}`: its locations only.
public struct RegionLocations: APIResource, Hashable {
  public static let path = "region"
  public static let representation = "region-locations"

  public var id: Int
  public var name: String
  @OrEmpty public var locations: [NamedResource]

  public init(id: Int, name: String, locations: [NamedResource]) {
    self.id = id
    self.name = name
    self.locations = locations
  }

  enum CodingKeys: String, CodingKey {
    case id, name, locations
  }

}

/// `GET location/{id or name}`: its areas only.
public struct LocationAreas: APIResource, Hashable {
  public static let path = "location"
  public static let representation = "location-areas"

  public var id: Int
  public var name: String
  @OrEmpty public var areas: [NamedResource]

  public init(id: Int, name: String, areas: [NamedResource]) {
    self.id = id
    self.name = name
    self.areas = areas
  }

  enum CodingKeys: String, CodingKey {
    case id, name, areas
  }

}

/// `GET location-area/{id or name}`: only the versions its encounters are recorded for.
public struct AreaVersions: APIResource, Hashable {
  public static let path = "location-area"
  public static let representation = "area-versions"

  public var id: Int
  public var name: String
  /// Every version some pokemon is found in here (slugs).
  public var versions: [String]

  public init(id: Int, name: String, versions: [String]) {
    self.id = id
    self.name = name
    self.versions = versions
  }

  private struct Encounter: Decodable {
    struct Detail: Decodable { var version: NamedResource }
    var versionDetails: [Detail]
    enum CodingKeys: String, CodingKey { case versionDetails = "version_details" }
  }

  enum CodingKeys: String, CodingKey {
    case id, name, versions
    case encounters = "pokemon_encounters"
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    id = try c.decode(Int.self, forKey: .id)
    name = try c.decode(String.self, forKey: .name)
    if let kept = try c.decodeIfPresent([String].self, forKey: .versions) {
      versions = kept
    } else {
      let found = try c.decodeIfPresent([Encounter].self, forKey: .encounters) ?? []
      versions = Array(Set(found.flatMap { $0.versionDetails.map(\.version.name) })).sorted()
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(id, forKey: .id)
    try c.encode(name, forKey: .name)
    try c.encode(versions, forKey: .versions)
  }
}

/// Whether the API records where pokemon are found in a game at all: it has no encounters for
/// some (Scarlet / Violet, Brilliant Diamond / Shining Pearl, Legends: Arceus …), where a
/// species missing from a game's places says nothing of the game.
public enum EncounterData {
  /// The locations whose areas are read at once while looking for one with encounters in the
  /// game.
  static let batch = 24

  /// Whether some area of `group`'s regions records an encounter in one of its versions: its
  /// regions, then their locations and those locations' areas a batch at a time until one
  /// does (a game with places answers in the first batch); kept as a derived value (one read
  /// next time). `true` when it cannot be told (the page then says the species is not found
  /// there, as before). Ctrl-C is passed on.
  public static func exists(
    for group: String, client: any PokeAPIClient
  ) async throws(APIError) -> Bool {
    do {
      return try await client.derived("encounter-data/\(group)") {
        () async throws(APIError) -> Derived<Bool> in
        Derived(try await look(for: group, client: client))
      }
    } catch .cancelled {
      throw .cancelled
    } catch {
      return true
    }
  }

  private static func look(
    for group: String, client: any PokeAPIClient
  ) async throws(APIError) -> Bool {
    let game = try await client.resource(VersionGroup.self, group)
    let versions = Set(game.versions.map(\.name))
    // A game without a region or versions cannot be looked over: its data is taken to be there.
    guard !game.regions.isEmpty, !versions.isEmpty else { return true }
    let regions = try await APIRequests.together(game.regions) {
      (region: NamedResource) async throws(APIError) in
      try await client.resource(RegionLocations.self, region.id.map(String.init) ?? region.name)
    }
    let locations = regions.flatMap(\.locations)
    for start in stride(from: 0, to: locations.count, by: batch) {
      let slice = Array(locations[start..<min(start + batch, locations.count)])
      let areas = try await APIRequests.together(slice) {
        (location: NamedResource) async throws(APIError) in
        try await client.resource(
          LocationAreas.self, location.id.map(String.init) ?? location.name)
      }.flatMap(\.areas)
      let found = try await APIRequests.together(areas) {
        (area: NamedResource) async throws(APIError) in
        try await client.resource(AreaVersions.self, area.id.map(String.init) ?? area.name)
      }
      if found.contains(where: { !versions.isDisjoint(with: $0.versions) }) { return true }
    }
    return false
  }
}
