/// One row of the species list: the id from its url and its slug.
public struct SpeciesSummary: Codable, Sendable, Hashable, Comparable {
  public var id: Int
  public var name: String
  /// Its name in the language the session shows, when one was chosen (`ピカチュウ`).
  public var shownName: String?

  public init(id: Int, name: String, shownName: String? = nil) {
    self.id = id
    self.name = name
    self.shownName = shownName
  }

  /// The name for people: in the language shown, else the slug capitalised word by word.
  public var displayName: String { shownName ?? DisplayName.of(name) }

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

  /// The species' name in one language (`ピカチュウ`).
  public typealias Name = LocalName

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
  /// Its name in each language the API has.
  @OrEmpty public var names: [Name]
  @OrEmpty public var genera: [Genus]
  public var flavorTextEntries: [FlavorText]
  public var evolutionChain: ResourceReference?
  @OrEmpty public var varieties: [Variety]
  /// The species it evolves from, if any (`pichu` for Pikachu).
  public var evolvesFromSpecies: NamedResource?
  /// The generation it came in (`generation-ii` for Steelix).
  public var generation: NamedResource?

  public init(
    id: Int, name: String, genderRate: Int, isBaby: Bool = false, isLegendary: Bool = false,
    isMythical: Bool = false, genera: [Genus] = [], flavorTextEntries: [FlavorText] = [],
    evolutionChain: ResourceReference? = nil, varieties: [Variety] = [],
    evolvesFromSpecies: NamedResource? = nil, names: [Name] = [],
    generation: NamedResource? = nil
  ) {
    self.generation = generation
    self.names = names
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
    case id, name, names, genera, varieties, generation
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
    // Only what pokedex shows is kept (and so cached): a name and a genus per language and the
    // newest flavour text of each language. The API sends every version's text in every
    // language: 40 KB of a 47 KB species.
    _names = try c.decode(OrEmpty.self, forKey: .names)
    _genera = try c.decode(OrEmpty.self, forKey: .genera)
    flavorTextEntries = try Self.newestFlavorTexts(in: c)
    evolutionChain = try c.decodeIfPresent(ResourceReference.self, forKey: .evolutionChain)
    _varieties = try c.decode(OrEmpty.self, forKey: .varieties)
    evolvesFromSpecies = try c.decodeIfPresent(NamedResource.self, forKey: .evolvesFromSpecies)
    generation = try c.decodeIfPresent(NamedResource.self, forKey: .generation)
  }

  /// The newest flavour text of each language (the API lists them oldest first), in the order
  /// the languages first appear. Only those are decoded whole; the others (135 of Eevee's 147)
  /// are read for their language's name alone, so a damaged entry that is not kept no longer
  /// fails the whole species (one that is kept still does).
  private static func newestFlavorTexts(
    in c: KeyedDecodingContainer<CodingKeys>
  ) throws -> [FlavorText] {
    guard c.contains(.flavorTextEntries), try !c.decodeNil(forKey: .flavorTextEntries) else {
      return []
    }
    var newest: [String: Int] = [:]
    var order: [String] = []
    var entries = try c.nestedUnkeyedContainer(forKey: .flavorTextEntries)
    while !entries.isAtEnd {
      let index = entries.currentIndex
      let language = try entries.decode(LanguageOfEntry.self).language.name
      if newest.updateValue(index, forKey: language) == nil { order.append(language) }
    }
    let wanted = Set(newest.values)
    var kept: [String: FlavorText] = [:]
    entries = try c.nestedUnkeyedContainer(forKey: .flavorTextEntries)
    while !entries.isAtEnd {
      if wanted.contains(entries.currentIndex) {
        let entry = try entries.decode(FlavorText.self)
        kept[entry.language.name] = entry
      } else {
        _ = try entries.decode(Skipped.self)
      }
    }
    return order.compactMap { kept[$0] }
  }

  /// An entry read for its language's name only.
  private struct LanguageOfEntry: Decodable {
    struct Name: Decodable { var name: String }
    var language: Name
  }

  /// An entry passed over unread.
  private struct Skipped: Decodable {
    init(from decoder: any Decoder) throws {}
  }

  /// Tells its cache entries (every language kept) from those of earlier versions (English
  /// only), filed under the same URL.
  public static let representation = "languages+eras"

  /// The id of the species' evolution chain (not the species id), when it has one.
  public var evolutionChainID: Int? { evolutionChain?.id }

  /// The English genus, e.g. `"Evolution Pokémon"`.
  public var englishGenus: String? { genus(in: .english)?.text }

  /// The newest English flavour text, control characters neutralised.
  public var englishFlavorText: String? { flavorText(in: .english)?.text }

  /// The name in `language`, else in English; the flag says whether English stood in.
  public func name(in language: Language) -> (text: String, fallback: Bool)? {
    LocalName.pick(names, in: language)
  }

  /// The genus in `language` (`ねずみポケモン`), else in English.
  public func genus(in language: Language) -> (text: String, fallback: Bool)? {
    Translation.pick(genera, in: language) { $0.language.name }
      .map { (SafeText.paragraph($0.entry.genus), $0.fallback) }
      .flatMap { $0.text.isEmpty ? nil : $0 }
  }

  /// The newest flavour text in `language`, else in English, control characters neutralised.
  public func flavorText(in language: Language) -> (text: String, fallback: Bool)? {
    Translation.pick(flavorTextEntries, in: language, last: true) { $0.language.name }
      .map { (SafeText.paragraph($0.entry.flavorText), $0.fallback) }
      .flatMap { $0.text.isEmpty ? nil : $0 }
  }

  /// The gender split this species can have.
  public var genderRatio: GenderRatio { GenderRatio(rate: genderRate) }
}
