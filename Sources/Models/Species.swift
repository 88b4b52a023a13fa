/// One row of the species list: the id from its url and its slug.
public struct SpeciesSummary: Codable, Sendable, Hashable, Comparable {
  public var id: Int
  public var name: String

  public init(id: Int, name: String) {
    self.id = id
    self.name = name
  }

  /// The name for people: the slug capitalised word by word.
  public var displayName: String { DisplayName.of(name) }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.id < rhs.id }
}

/// A page of `GET /pokemon-species?offset=&limit=`.
public struct SpeciesListPage: Codable, Sendable, Hashable {
  public var count: Int
  public var next: String?
  public var previous: String?
  public var results: [NamedResource]

  public init(count: Int, next: String?, previous: String?, results: [NamedResource]) {
    self.count = count
    self.next = next
    self.previous = previous
    self.results = results
  }

  /// The rows whose url names an id, in the API's order.
  public var summaries: [SpeciesSummary] {
    results.compactMap { row in row.id.map { SpeciesSummary(id: $0, name: row.name) } }
  }
}

/// `GET /pokemon-species/{id or name}`: only the fields pokedex shows.
public struct Species: Codable, Sendable, Hashable {
  /// A genus in one language (`"Evolution Pokémon"`).
  public struct Genus: Codable, Sendable, Hashable {
    public var genus: String
    public var language: NamedResource
    public init(genus: String, language: NamedResource) {
      self.genus = genus
      self.language = language
    }
  }

  /// A Pokédex entry text in one language and game version.
  public struct FlavorText: Codable, Sendable, Hashable {
    public var flavorText: String
    public var language: NamedResource
    public var version: NamedResource?
    public init(flavorText: String, language: NamedResource, version: NamedResource? = nil) {
      self.flavorText = flavorText
      self.language = language
      self.version = version
    }
    enum CodingKeys: String, CodingKey {
      case flavorText = "flavor_text"
      case language, version
    }
  }

  /// One of the pokemon (forms) of a species; the default one shares the species' id.
  public struct Variety: Codable, Sendable, Hashable {
    public var isDefault: Bool
    public var pokemon: NamedResource
    public init(isDefault: Bool, pokemon: NamedResource) {
      self.isDefault = isDefault
      self.pokemon = pokemon
    }
    enum CodingKeys: String, CodingKey {
      case isDefault = "is_default"
      case pokemon
    }
  }

  public var id: Int
  public var name: String
  /// Chance of being female in eighths; −1 for genderless.
  public var genderRate: Int
  public var isBaby: Bool
  public var isLegendary: Bool
  public var isMythical: Bool
  public var genera: [Genus]
  public var flavorTextEntries: [FlavorText]
  public var evolutionChain: ResourceReference?
  public var varieties: [Variety]
  /// The species it evolves from, if any (`pichu` for Pikachu).
  public var evolvesFromSpecies: NamedResource?

  public init(
    id: Int, name: String, genderRate: Int, isBaby: Bool = false, isLegendary: Bool = false,
    isMythical: Bool = false, genera: [Genus] = [], flavorTextEntries: [FlavorText] = [],
    evolutionChain: ResourceReference? = nil, varieties: [Variety] = [],
    evolvesFromSpecies: NamedResource? = nil
  ) {
    self.evolvesFromSpecies = evolvesFromSpecies
    self.id = id
    self.name = name
    self.genderRate = genderRate
    self.isBaby = isBaby
    self.isLegendary = isLegendary
    self.isMythical = isMythical
    self.genera = genera
    self.flavorTextEntries = flavorTextEntries
    self.evolutionChain = evolutionChain
    self.varieties = varieties
  }

  enum CodingKeys: String, CodingKey {
    case id, name, genera, varieties
    case genderRate = "gender_rate"
    case isBaby = "is_baby"
    case isLegendary = "is_legendary"
    case isMythical = "is_mythical"
    case flavorTextEntries = "flavor_text_entries"
    case evolutionChain = "evolution_chain"
    case evolvesFromSpecies = "evolves_from_species"
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    id = try c.decode(Int.self, forKey: .id)
    name = try c.decode(String.self, forKey: .name)
    genderRate = try c.decode(Int.self, forKey: .genderRate)
    isBaby = try c.decodeIfPresent(Bool.self, forKey: .isBaby) ?? false
    isLegendary = try c.decodeIfPresent(Bool.self, forKey: .isLegendary) ?? false
    isMythical = try c.decodeIfPresent(Bool.self, forKey: .isMythical) ?? false
    // Only what pokedex shows is kept (and so cached): the English genus and the newest English
    // flavour text. The API sends dozens of languages and versions: 40 KB of a 47 KB species.
    genera = Array(
      (try c.decodeIfPresent([Genus].self, forKey: .genera) ?? [])
        .filter { $0.language.name == "en" }.prefix(1))
    flavorTextEntries = Array(
      (try c.decodeIfPresent([FlavorText].self, forKey: .flavorTextEntries) ?? [])
        .filter { $0.language.name == "en" }.suffix(1))
    evolutionChain = try c.decodeIfPresent(ResourceReference.self, forKey: .evolutionChain)
    varieties = try c.decodeIfPresent([Variety].self, forKey: .varieties) ?? []
    evolvesFromSpecies = try c.decodeIfPresent(NamedResource.self, forKey: .evolvesFromSpecies)
  }

  /// The id of the species' evolution chain (not the species id), when it has one.
  public var evolutionChainID: Int? { evolutionChain?.id }

  /// The English genus, e.g. `"Evolution Pokémon"`.
  public var englishGenus: String? { genera.first { $0.language.name == "en" }?.genus }

  /// The newest English flavour text, control characters neutralised.
  public var englishFlavorText: String? {
    flavorTextEntries.last { $0.language.name == "en" }.map { SafeText.paragraph($0.flavorText) }
  }

  /// The gender split this species can have.
  public var genderRatio: GenderRatio { GenderRatio(rate: genderRate) }
}
