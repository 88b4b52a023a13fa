/// `GET pokedex/{id or name}`: a regional Pokédex (`kanto`), its names, and its entries: its
/// species in its order with their numbers in it. The list filters by it (`filter dex kanto`),
/// the `dex` page shows it, and a species' page and the team's suggestions read the session
/// game's.
public struct Pokedex: Codable, Sendable, Hashable {
  /// A species and its number in the Pokédex.
  public struct Entry: Codable, Sendable, Hashable {
    /// The regional number (`#1` in Kanto's).
    public var number: Int
    /// The species' id and slug.
    public var species: SpeciesSummary

    public init(number: Int, species: SpeciesSummary) {
      self.number = number
      self.species = species
    }

    enum CodingKeys: String, CodingKey {
      case number, id, name
      case entryNumber = "entry_number"
      case pokemonSpecies = "pokemon_species"
    }

    /// The API's entry (`entry_number`, `pokemon_species`), or one as kept (`number`, `id`,
    /// `name`).
    public init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      if let number = try c.decodeIfPresent(Int.self, forKey: .number) {
        self.number = number
        species = SpeciesSummary(
          id: try c.decode(Int.self, forKey: .id), name: try c.decode(String.self, forKey: .name))
        return
      }
      number = try c.decode(Int.self, forKey: .entryNumber)
      let reference = try c.decode(NamedResource.self, forKey: .pokemonSpecies)
      guard let id = reference.id else {
        throw DecodingError.dataCorruptedError(
          forKey: .pokemonSpecies, in: c, debugDescription: "a species without an id")
      }
      species = SpeciesSummary(id: id, name: reference.name)
    }

    public func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(number, forKey: .number)
      try c.encode(species.id, forKey: .id)
      try c.encode(species.name, forKey: .name)
    }
  }

  public var id: Int
  public var name: String
  /// Its name in each language the API has.
  @OrEmpty public var names: [LocalName]
  public var isMainSeries: Bool
  /// Its species, in its order.
  public var entries: [Entry]

  public init(
    id: Int, name: String, names: [LocalName] = [], isMainSeries: Bool = true,
    entries: [Entry] = []
  ) {
    self.id = id
    self.name = name
    self.names = names
    self.isMainSeries = isMainSeries
    self.entries = entries
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
    _names = try c.decode(OrEmpty.self, forKey: .names)
    isMainSeries = try c.decodeIfPresent(Bool.self, forKey: .isMainSeries) ?? false
    entries =
      try c.decodeIfPresent([Entry].self, forKey: .entries)
      ?? c.decodeIfPresent([Entry].self, forKey: .pokemonEntries) ?? []
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(id, forKey: .id)
    try c.encode(name, forKey: .name)
    try c.encode(names, forKey: .names)
    try c.encode(isMainSeries, forKey: .isMainSeries)
    try c.encode(entries, forKey: .entries)
  }

  /// Each species' number in it, by species id (the first, if listed twice).
  public var numbers: [Int: Int] {
    Dictionary(
      entries.map { ($0.species.id, $0.number) }, uniquingKeysWith: { first, _ in first })
  }
}
