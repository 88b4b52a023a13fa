import APIClient
import Models

/// `GET pokedex/{id or name}`: a regional Pokédex (`kanto`), its names, and its entries: the
/// species in its order with their regional numbers.
public struct Pokedex: APIResource, Hashable {
  /// One species in the Pokédex and its number there.
  public struct Entry: Codable, Sendable, Hashable {
    /// The regional number (`#1` in Kanto's).
    public var number: Int
    /// The species' id.
    public var speciesID: Int

    public init(number: Int, speciesID: Int) {
      self.number = number
      self.speciesID = speciesID
    }

    /// Kept as `[number, id]`: the national Pokédex has a thousand of them.
    public init(from decoder: any Decoder) throws {
      var c = try decoder.unkeyedContainer()
      number = try c.decode(Int.self)
      speciesID = try c.decode(Int.self)
    }

    public func encode(to encoder: any Encoder) throws {
      var c = encoder.unkeyedContainer()
      try c.encode(number)
      try c.encode(speciesID)
    }
  }

  public static let path = "pokedex"
  public static let representation = "pokedex-entries"

  public var id: Int
  public var name: String
  public var names: [LocalizedText]
  public var isMainSeries: Bool
  /// The species in it, in its order.
  public var entries: [Entry]

  public init(
    id: Int, name: String, names: [LocalizedText] = [], isMainSeries: Bool = true,
    entries: [Entry] = []
  ) {
    self.id = id
    self.name = name
    self.names = names
    self.isMainSeries = isMainSeries
    self.entries = entries
  }

  /// The API's entry: its number and the species it names by reference.
  private struct APIEntry: Decodable {
    var entryNumber: Int
    var pokemonSpecies: NamedResource

    enum CodingKeys: String, CodingKey {
      case entryNumber = "entry_number"
      case pokemonSpecies = "pokemon_species"
    }
  }

  enum CodingKeys: String, CodingKey {
    case id, name, names, entries
    case isMainSeries = "is_main_series"
    case pokemonEntries = "pokemon_entries"
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    id = try c.decode(Int.self, forKey: .id)
    name = try c.decode(String.self, forKey: .name)
    names = try Localized.decode(c, .names)
    isMainSeries = try c.decodeIfPresent(Bool.self, forKey: .isMainSeries) ?? false
    // The entries as kept, or the API's (an entry whose species has no id is left out).
    if let kept = try c.decodeIfPresent([Entry].self, forKey: .entries) {
      entries = kept
    } else {
      entries = try (c.decodeIfPresent([APIEntry].self, forKey: .pokemonEntries) ?? [])
        .compactMap { entry in
          entry.pokemonSpecies.id.map { Entry(number: entry.entryNumber, speciesID: $0) }
        }
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(id, forKey: .id)
    try c.encode(name, forKey: .name)
    try c.encode(names, forKey: .names)
    try c.encode(isMainSeries, forKey: .isMainSeries)
    try c.encode(entries, forKey: .entries)
  }

  /// The regional number of each species in it, by species id (the first, if listed twice).
  public var numbers: [Int: Int] {
    Dictionary(entries.map { ($0.speciesID, $0.number) }, uniquingKeysWith: { first, _ in first })
  }

  /// The Pokédexes of `game` (its version group's, in the game's order), each with its entries:
  /// a request for the game and one per Pokédex, together; none without a game.
  public static func of(
    _ game: SessionGame?, client: any PokeAPIClient
  ) async throws(APIError) -> [Pokedex] {
    guard let game else { return [] }
    let group = try await client.resource(VersionGroup.self, game.group)
    return try await APIRequests.together(group.pokedexes) {
      (reference: NamedResource) async throws(APIError) -> Pokedex in
      try await client.resource(Pokedex.self, reference.id.map(String.init) ?? reference.name)
    }
  }
}
