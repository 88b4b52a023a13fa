import APIClient
import CommandLanguage
import Models

/// `GET ability/{id or name}`: what an ability does and who has it (its texts in every language).
public struct Ability: APIResource, Hashable {
  /// A pokemon that has the ability, and whether as its hidden one.
  public struct Holder: Codable, Sendable, Hashable {
    public var isHidden: Bool
    public var pokemon: NamedResource

    public init(isHidden: Bool, pokemon: NamedResource) {
      self.isHidden = isHidden
      self.pokemon = pokemon
    }

    enum CodingKeys: String, CodingKey {
      case pokemon
      case isHidden = "is_hidden"
    }
  }

  public static let path = "ability"
  public static let representation = "ability-page+games"

  public var id: Int
  public var name: String
  @Localized public var names: [LocalizedText]
  @Localized public var effects: [LocalizedText]
  @Localized public var flavorTexts: [LocalizedText]
  public var generation: NamedResource?
  @OrEmpty public var pokemon: [Holder]

  public init(
    id: Int, name: String, names: [LocalizedText] = [], effects: [LocalizedText] = [],
    flavorTexts: [LocalizedText] = [], generation: NamedResource? = nil, pokemon: [Holder] = []
  ) {
    self.id = id
    self.name = name
    self.names = names
    self.effects = effects
    self.flavorTexts = flavorTexts
    self.generation = generation
    self.pokemon = pokemon
  }

  enum CodingKeys: String, CodingKey {
    case id, name, names, generation, pokemon
    case effects = "effect_entries"
    case flavorTexts = "flavor_text_entries"
  }

}

/// The `ability NAME` page: what the ability does, when it came, and the species that have it,
/// normal and hidden apart.
public struct AbilityPage: Page, Equatable {
  /// The slug (`lightning-rod`).
  public var name: String
  /// In the page's language (`Lightning Rod`, `ひらいしん`).
  public var displayName: String
  public var id: Int
  /// The short effect, else the newest flavour text.
  public var effect: String?
  /// The flavour text of the session's game when it has one, else the newest.
  public var flavorText: String?
  /// The language of the texts (`en` without one chosen).
  public var language: String
  /// Said once on the page when a text is in English for want of one in the language.
  public var fallbackNote: String?
  /// `Generation III`.
  public var generation: String?
  /// With a game, the generation it came in when that is after the game's (every ability in
  /// Red: 3).
  public var cameLater: Int?
  /// The session's game, when one is played.
  public var gameName: String?
  /// Under a game, how many holders were left out: species of later games, and forms.
  public var leftOut: Int?
  /// The pokemon that have it as a normal ability, by id (today's: the API lists them so;
  /// under a game, the species of its generation and before).
  public var holders: [PageSpecies]
  /// The pokemon that have it as their hidden ability, by id.
  public var hiddenHolders: [PageSpecies]

  /// The page of `ability`, in the glossary's language, its text `game`'s when it has one, else
  /// the newest game's by `order` (else the last listed).
  public init(
    _ ability: Ability, glossary: Glossary = .slugs, game: SessionGame? = nil,
    order: GameOrder? = nil
  ) {
    var words = Localizer(glossary)
    name = SafeText.line(ability.name)
    id = ability.id
    displayName = words.name(ability.names, slug: ability.name)
    flavorText = words.text(ability.flavorTexts, order: order, game: game)
    effect = words.effect(ability.effects) ?? flavorText
    generation = ability.generation.map { Localized.generation($0.name) }
    language = words.language.code
    fallbackNote = words.note
    let holders = ability.pokemon.compactMap { holder in
      PageSpecies(holder.pokemon, glossary: glossary).map { (holder.isHidden, $0) }
    }
    self.holders = Self.ordered(holders.filter { !$0.0 }.map(\.1))
    hiddenHolders = Self.ordered(holders.filter { $0.0 }.map(\.1))
  }

  /// Species first by id, then the other forms by id; each once.
  static func ordered(_ species: [PageSpecies]) -> [PageSpecies] {
    var seen: Set<Int> = []
    return species.filter { seen.insert($0.id).inserted }.sorted { $0.id < $1.id }
  }

  public var address: PageAddress { PageAddress(kind: AbilityFeature.command.name, key: name) }
  public var title: String { displayName }

  public var links: [String: [String]] {
    ["open": (holders + hiddenHolders).map(\.name)]
  }

  public var document: PageDocument {
    var fields = GameFacts.laterField(cameLater, gameName: gameName)
    if let effect { fields.append(.init("Effect", effect)) }
    if let flavorText, flavorText != effect { fields.append(.init("In game", flavorText)) }
    let today = gameName == nil ? "" : " today"
    return PageDocument(
      title: displayName,
      subtitle: (["Ability"] + (generation.map { [$0] } ?? [])).joined(separator: " · "),
      blocks: [
        .fields(
          effect == nil && (flavorText == nil || flavorText == effect)
            ? fields + [.init("Effect", [Span("no description", .dim)])] : fields),
        .names(
          heading: "Pokémon with \(displayName)\(today)", holders.map { Span($0.label) },
          none: "none"),
        .names(
          heading: "As a hidden ability\(today)", hiddenHolders.map { Span($0.label) },
          none: "none"),
      ] + GameFacts.leftOutHint(leftOut, gameName: gameName) + PageDocument.note(fallbackNote)
        + [.hint("open NAME · back")])
  }

  enum CodingKeys: String, CodingKey {
    case name, displayName, id, effect, flavorText, generation, holders, hiddenHolders, language
    case fallbackNote, cameLater, gameName, leftOut
  }
}

/// The ability pages over `client`.
public enum AbilityFeature {
  /// The `ability` command: its words, help, arguments and feature flag.
  public static let command = CommandSpec.page(
    "ability", group: .pokedex, summary: "An ability and who has it",
    details: """
      Shows an ability: what it does, the generation that introduced it, and the species \
      that have it, normal and hidden apart. NAME is its name in any case (static, \
      "Lightning Rod") or the start of exactly one; Tab offers the open species' first.
      """,
    examples: ["ability static", "ability lightning rod"], feature: .abilities)

  /// The kind with its command, for the list of kinds (``PageKinds``).
  public static let declaration = PageKindDeclaration(command) { services in
    kind(client: services.client)
  }

  /// `ability NAME`: the ability; its text the newest game's by the games' order (kept, else
  /// the order of its texts' games alone: one more round trip the first time).
  public static func kind(client: any PokeAPIClient) -> PageKind {
    .named(command, example: "static", resource: Ability.self, client: client) {
      ability, request, client async throws(APIError) in
      async let later = GameFacts.cameLater(
        ability.generation?.id, than: request.game, client: client)
      async let existing = GameFacts.speciesResult(of: request.game, client: client)
      var page = AbilityPage(
        ability, glossary: request.glossary, game: request.game,
        order: try await GameOrder.ranking(ability.flavorTexts.map(\.versionGroup), client))
      page.cameLater = await later
      // Under a game, the holders of its generation and before.
      let species = try await existing.get()
      let holders = GameFacts.keeping(page.holders, existing: species, id: \.id)
      let hidden = GameFacts.keeping(page.hiddenHolders, existing: species, id: \.id)
      page.holders = holders.kept
      page.hiddenHolders = hidden.kept
      page.leftOut = species == nil ? nil : holders.leftOut + hidden.leftOut
      page.gameName = GameFacts.name(of: request)
      return page
    }
  }
}
