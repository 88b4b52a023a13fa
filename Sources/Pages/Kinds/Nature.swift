import APIClient
import CommandLanguage
import Models

/// `GET nature/{id or name}`: the stat a nature raises and lowers and the flavours it likes.
public struct Nature: APIResource, Hashable {
  public static let path = "nature"
  public static let representation = "nature-page+languages"

  public var id: Int
  public var name: String
  @Localized public var names: [LocalizedText]
  public var increasedStat: NamedResource?
  public var decreasedStat: NamedResource?
  public var likesFlavor: NamedResource?
  public var hatesFlavor: NamedResource?

  public init(
    id: Int, name: String, names: [LocalizedText] = [], increasedStat: NamedResource? = nil,
    decreasedStat: NamedResource? = nil, likesFlavor: NamedResource? = nil,
    hatesFlavor: NamedResource? = nil
  ) {
    self.id = id
    self.name = name
    self.names = names
    self.increasedStat = increasedStat
    self.decreasedStat = decreasedStat
    self.likesFlavor = likesFlavor
    self.hatesFlavor = hatesFlavor
  }

  enum CodingKeys: String, CodingKey {
    case id, name, names
    case increasedStat = "increased_stat"
    case decreasedStat = "decreased_stat"
    case likesFlavor = "likes_flavor"
    case hatesFlavor = "hates_flavor"
  }

}

/// One nature's effect, as both nature pages show it.
public struct NatureSummary: Codable, Sendable, Hashable {
  public var name: String
  public var displayName: String
  public var id: Int
  /// The stat raised by 10 % (`speed`), `nil` for a neutral nature.
  public var raises: String?
  /// The stat lowered by 10 %, `nil` for a neutral nature.
  public var lowers: String?
  /// The berry flavour it likes (`sweet`), `nil` for a neutral nature.
  public var likes: String?
  /// The flavour it dislikes.
  public var dislikes: String?
  /// The names of the stats it raises and lowers in the page's language, by slug.
  public var statNames: [String: String]
  /// Whether its name is in English for want of one in the language (not in JSON).
  public var fellBack = false

  public init(_ nature: Nature, glossary: Glossary = .slugs) {
    var words = Localizer(glossary)
    name = SafeText.line(nature.name)
    displayName = words.name(nature.names, slug: nature.name)
    fellBack = words.fellBack
    id = nature.id
    // A neutral nature raises and lowers the same stat: nothing changes.
    let neutral = nature.increasedStat?.name == nature.decreasedStat?.name
    raises = neutral ? nil : nature.increasedStat.map { SafeText.line($0.name) }
    lowers = neutral ? nil : nature.decreasedStat.map { SafeText.line($0.name) }
    let bland = nature.likesFlavor?.name == nature.hatesFlavor?.name
    likes = bland ? nil : nature.likesFlavor.map { SafeText.line($0.name) }
    dislikes = bland ? nil : nature.hatesFlavor.map { SafeText.line($0.name) }
    statNames = [:]
    for slug in [raises, lowers].compactMap({ $0 }) { statNames[slug] = glossary.stat(slug) }
  }

  enum CodingKeys: String, CodingKey {
    case name, displayName, id, raises, lowers, likes, dislikes, statNames
  }

  func stat(_ slug: String?) -> Span {
    slug.map { Span(statNames[$0] ?? DisplayName.stat($0)) } ?? Span("—", .dim)
  }

  func flavor(_ slug: String?) -> Span {
    slug.map { Span(DisplayName.words($0)) } ?? Span("—", .dim)
  }
}

/// The `nature NAME` page.
public struct NaturePage: Page, Equatable {
  public var nature: NatureSummary
  /// Said once on the page when its name is in English for want of one in the language.
  public var fallbackNote: String?
  /// With a game before Generation III, when natures came: 3.
  public var cameLater: Int?
  /// The session's game, when one is played.
  public var gameName: String?

  public init(_ nature: Nature, glossary: Glossary = .slugs) {
    self.nature = NatureSummary(nature, glossary: glossary)
    fallbackNote = self.nature.fellBack ? glossary.fallbackNote : nil
  }

  public var address: PageAddress {
    PageAddress(kind: NatureFeature.command.name, key: nature.name)
  }
  public var title: String { nature.displayName }
  public var links: [String: [String]] { [:] }

  public var document: PageDocument {
    let neutral = nature.raises == nil
    return PageDocument(
      title: nature.displayName, subtitle: "Nature" + (neutral ? " · neutral" : ""),
      blocks: [
        .fields(
          GameFacts.laterField(cameLater, gameName: gameName) + [
            .init("Raises", [nature.stat(nature.raises)] + (neutral ? [] : [Span(" +10%", .dim)])),
            .init("Lowers", [nature.stat(nature.lowers)] + (neutral ? [] : [Span(" −10%", .dim)])),
            .init("Likes", [nature.flavor(nature.likes)]),
            .init("Dislikes", [nature.flavor(nature.dislikes)]),
          ])
      ] + PageDocument.note(fallbackNote) + [.hint("natures · back")])
  }

  private enum GameKeys: String, CodingKey {
    case cameLater, gameName
  }

  public func encode(to encoder: any Encoder) throws {
    try nature.encode(to: encoder)
    var c = encoder.container(keyedBy: GameKeys.self)
    try c.encodeIfPresent(cameLater, forKey: .cameLater)
    try c.encodeIfPresent(gameName, forKey: .gameName)
  }
}

/// The `natures` page: all of them in one table.
public struct NaturesPage: Page, Codable, Equatable {
  /// Every nature, by id.
  public var natures: [NatureSummary]
  /// Said once on the page when a name is in English for want of one in the language.
  public var fallbackNote: String?

  public init(_ natures: [Nature], glossary: Glossary = .slugs) {
    self.natures = natures.map { NatureSummary($0, glossary: glossary) }.sorted { $0.id < $1.id }
    fallbackNote = self.natures.contains(where: \.fellBack) ? glossary.fallbackNote : nil
  }

  public var address: PageAddress { PageAddress(kind: NatureFeature.tableCommand.name, key: nil) }
  public var title: String { "Natures" }
  public var links: [String: [String]] { ["nature": natures.map(\.name)] }

  public var document: PageDocument {
    let columns = ["Nature", "Raises", "Lowers", "Likes", "Dislikes"].map {
      PageDocument.Table.Column($0)
    }
    let rows = natures.map { nature in
      [
        Span(nature.displayName, .strong), nature.stat(nature.raises), nature.stat(nature.lowers),
        nature.flavor(nature.likes), nature.flavor(nature.dislikes),
      ]
    }
    return PageDocument(
      title: "Natures",
      subtitle: "\(natures.count) natures · each raises one stat by 10% and lowers another",
      blocks: [.table(.init(columns: columns, rows: rows))] + PageDocument.note(fallbackNote)
        + [.hint("nature NAME · back")])
  }

  enum CodingKeys: String, CodingKey {
    case natures, fallbackNote
  }
}

/// The nature pages over `client`.
public enum NatureFeature {
  /// The `nature` command: its words, help, arguments and feature flag.
  public static let command = CommandSpec.page(
    "nature", group: .pokedex, summary: "The stats a nature changes",
    details: """
      Shows a nature: the stat it raises and the one it lowers, the flavour it likes and \
      the one it dislikes.
      """,
    examples: ["nature timid", "nature adamant"], feature: .natures)

  /// The kind with its command, for the list of kinds (``PageKinds``).
  public static let declaration = PageKindDeclaration(command) { services in
    kind(client: services.client)
  }

  /// The `natures` command: its words, help, arguments and feature flag.
  public static let tableCommand = CommandSpec.page(
    "natures", arguments: .none, group: .pokedex, summary: "The 25 natures",
    details:
      "Lists every nature with the stat it raises and lowers and the flavours it likes and dislikes.",
    examples: ["natures"], feature: .natures)

  /// The kind with its command, for the list of kinds (``PageKinds``).
  public static let tableDeclaration = PageKindDeclaration(tableCommand) { services in
    table(client: services.client)
  }

  /// `nature NAME`.
  public static func kind(client: any PokeAPIClient) -> PageKind {
    .named(command, example: "timid", resource: Nature.self, client: client) {
      nature, request, client in
      var page = NaturePage(nature, glossary: request.glossary)
      page.cameLater = await GameFacts.cameLater(
        GameFacts.naturesGeneration, than: request.game, client: client)
      page.gameName = GameFacts.name(of: request)
      return page
    }
  }

  /// `natures`: every nature, fetched together, then kept whole (one read next time).
  public static func table(client: any PokeAPIClient) -> PageKind {
    .whole(tableCommand, keptAs: "natures", client: client) {
      glossary async throws(APIError) in
      let index = try await client.names(of: Nature.path)
      let natures = try await APIRequests.together(index) { reference async throws(APIError) in
        try await client.resource(Nature.self, reference.name)
      }
      return NaturesPage(natures, glossary: glossary)
    }
  }
}
