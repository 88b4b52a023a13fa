import APIClient
import Models

/// `GET machine/{id}`: the TM, TR or HM item that teaches a move in a version group.
public struct Machine: APIResource, Hashable {
  public static let path = "machine"
  public static let representation = "machine"

  public var id: Int
  public var item: NamedResource
  public var versionGroup: NamedResource

  public init(id: Int, item: NamedResource, versionGroup: NamedResource) {
    self.id = id
    self.item = item
    self.versionGroup = versionGroup
  }

  /// Machines have no slug of their own: their id.
  public var name: String { String(id) }

  enum CodingKeys: String, CodingKey {
    case id, item
    case versionGroup = "version_group"
  }

  /// `tm126` → `TM126`, `hm05` → `HM05`.
  public var label: String { SafeText.line(item.name).uppercased() }
}

/// The machine that teaches a move in one game, as a move lists it.
public struct MachineUse: Codable, Sendable, Hashable {
  public var machine: ResourceReference
  public var versionGroup: NamedResource

  public init(machine: ResourceReference, versionGroup: NamedResource) {
    self.machine = machine
    self.versionGroup = versionGroup
  }

  enum CodingKeys: String, CodingKey {
    case machine
    case versionGroup = "version_group"
  }
}

/// `GET version-group/{id or name}`: a game (a version group, such as `scarlet-violet`) and where
/// it stands among the others.
public struct VersionGroup: APIResource, Hashable {
  public static let path = "version-group"
  public static let representation = "version-group+pokedexes+generation+regions"

  public var id: Int
  public var name: String
  /// Its place among the games, in the order they came out (ids are not: `red-green-japan`
  /// came after `scarlet-violet`).
  public var order: Int
  /// Its versions (`scarlet`, `violet`).
  @OrEmpty public var versions: [NamedResource]
  /// Its regional Pokédexes (`paldea`, `kitakami`): a main-series game has one the API marks so.
  @OrEmpty public var pokedexes: [NamedResource]
  /// Its generation (`generation-i`), whose type chart and types it plays with.
  public var generation: NamedResource?
  /// Its regions (`kanto`), whose places its encounters are in.
  @OrEmpty public var regions: [NamedResource]

  public init(
    id: Int, name: String, order: Int, versions: [NamedResource] = [],
    pokedexes: [NamedResource] = [], generation: NamedResource? = nil,
    regions: [NamedResource] = []
  ) {
    self.regions = regions
    self.id = id
    self.name = name
    self.order = order
    self.versions = versions
    self.pokedexes = pokedexes
    self.generation = generation
  }

  enum CodingKeys: String, CodingKey {
    case id, name, order, versions, pokedexes, generation, regions
  }

}

/// `GET pokedex/{id or name}`, only whether it is a main-series Pokédex (`kanto`, not
/// `champions`): what tells the core games and their expansions from the spin-offs.
public struct PokedexSeries: APIResource, Hashable {
  public static let path = "pokedex"
  public static let representation = "pokedex-series"

  public var id: Int
  public var name: String
  public var isMainSeries: Bool

  public init(id: Int, name: String, isMainSeries: Bool) {
    self.id = id
    self.name = name
    self.isMainSeries = isMainSeries
  }

  enum CodingKeys: String, CodingKey {
    case id, name
    case isMainSeries = "is_main_series"
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    id = try c.decode(Int.self, forKey: .id)
    name = try c.decode(String.self, forKey: .name)
    isMainSeries = try c.decodeIfPresent(Bool.self, forKey: .isMainSeries) ?? false
  }
}

/// `GET pokemon-species/{id}`, its flavour texts alone, every version's in every language
/// (cached apart from the species itself, which keeps the newest of each language): the
/// Pokédex text of the session's game.
public struct SpeciesFlavorTexts: APIResource, Hashable {
  public static let path = "pokemon-species"
  public static let representation = "flavor-texts+versions"

  public var id: Int
  public var name: String
  @OrEmpty public var entries: [Species.FlavorText]

  public init(id: Int, name: String, entries: [Species.FlavorText]) {
    self.id = id
    self.name = name
    self.entries = entries
  }

  enum CodingKeys: String, CodingKey {
    case id, name
    case entries = "flavor_text_entries"
  }

  /// The text of `versions` (the first of them that has one) in `language`, else in English,
  /// control characters neutralised; `nil` when none of them has one.
  public func text(in versions: [String], language: Language) -> String? {
    for version in versions {
      let ofVersion = entries.filter { $0.version?.name == version }
      if let picked = Translation.pick(ofVersion, in: language, code: { $0.language.name }) {
        let text = SafeText.paragraph(picked.entry.flavorText)
        if !text.isEmpty { return text }
      }
    }
    return nil
  }

  /// The Pokédex text of species `id` in the session's `game` (its version, else the first of
  /// its versions that has one) in the glossary's language, else English; `nil` when the game
  /// has none, or it cannot be loaded.
  public static func text(
    ofSpecies id: Int, in game: SessionGame, glossary: Glossary, client: any PokeAPIClient
  ) async -> String? {
    async let order = GameOrder.loaded(client)
    guard let texts = try? await client.resource(SpeciesFlavorTexts.self, String(id)),
      let versions = try? await order.get()
    else { return nil }
    return texts.text(
      in: game.versions(in: versions), language: glossary.language ?? .english)
  }
}
