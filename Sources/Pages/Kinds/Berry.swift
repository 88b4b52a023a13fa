import APIClient
import CommandLanguage
import Models

/// `GET berry/{id or name}`: how a berry grows and tastes, its Natural Gift and the item it is.
public struct Berry: APIResource, Hashable {
  public static let path = "berry"
  public static let representation = "berry-page"

  /// One of its five flavours and how strong it is.
  public struct Flavor: Codable, Sendable, Hashable {
    public var flavor: NamedResource
    public var potency: Int
  }

  public var id: Int
  public var name: String
  public var firmness: NamedResource?
  @OrEmpty public var flavors: [Flavor]
  /// Hours the tree takes to grow one stage (of four).
  public var growthTime: Int?
  /// The most berries one tree bears.
  public var maxHarvest: Int?
  /// Its size, in millimetres.
  public var size: Int?
  public var smoothness: Int?
  /// How fast it dries the soil as it grows.
  public var soilDryness: Int?
  public var naturalGiftPower: Int?
  public var naturalGiftType: NamedResource?
  /// The item it is (`cheri-berry`).
  public var item: NamedResource?

  enum CodingKeys: String, CodingKey {
    case id, name, firmness, flavors, size, smoothness, item
    case growthTime = "growth_time"
    case maxHarvest = "max_harvest"
    case soilDryness = "soil_dryness"
    case naturalGiftPower = "natural_gift_power"
    case naturalGiftType = "natural_gift_type"
  }

}

/// A berry's firmness (`berry-firmness/soft`) or flavour (`berry-flavor/spicy`), its names only.
public struct BerryWord<Kind: NamedKind>: APIResource, Hashable {
  public static var path: String { Kind.path }
  public static var representation: String { "berry-page" }

  public var id: Int
  public var name: String
  @Localized public var names: [LocalizedText]

  enum CodingKeys: String, CodingKey {
    case id, name, names
  }

}

/// Berry firmnesses, for ``BerryWord``.
public enum BerryFirmnessKind: NamedKind {
  public static let path = "berry-firmness"
}

/// Berry flavours, for ``BerryWord``.
public enum BerryFlavorKind: NamedKind {
  public static let path = "berry-flavor"
}

/// The item a berry is (`GET item/cheri-berry`): its names, what it does and its texts.
public struct BerryItem: APIResource, Hashable {
  public static let path = "item"
  public static let representation = "berry-page"

  public var id: Int
  public var name: String
  @Localized public var names: [LocalizedText]
  @Localized public var effects: [LocalizedText]
  @Localized public var flavorTexts: [LocalizedText]

  enum CodingKeys: String, CodingKey {
    case id, name, names
    case effects = "effect_entries"
    case flavorTexts = "flavor_text_entries"
  }

}

/// The `berry NAME` page.
public struct BerryPage: Page, Codable, Equatable {
  /// One flavour: its slug, its name in the page's language, its potency.
  public struct Flavor: Codable, Sendable, Hashable {
    public var flavor: String
    public var displayName: String
    public var potency: Int
  }

  public var id: Int
  public var name: String
  /// The item's name in the page's language (`Cheri Berry`, `クラボのみ`).
  public var displayName: String
  public var firmness: String?
  public var firmnessName: String?
  /// The five flavours, strongest first (the API's order among equals).
  public var flavors: [Flavor]
  /// Hours per growth stage.
  public var growthTime: Int?
  public var maxHarvest: Int?
  /// Millimetres.
  public var size: Int?
  public var smoothness: Int?
  public var soilDryness: Int?
  public var naturalGiftType: String?
  public var naturalGiftTypeName: String?
  public var naturalGiftPower: Int?
  /// The item's slug (`cheri-berry`).
  public var item: String?
  /// What the item does when held or used (the short effect), in the page's language else
  /// English.
  public var effect: String?
  /// The item's text in the session's game, else the newest.
  public var flavorText: String?
  /// Said once on the page when a text is in English for want of one in the language.
  public var fallbackNote: String?

  /// The page of `berry` with the names and texts of its firmness, flavours and item.
  public init(
    _ berry: Berry, firmness: BerryWord<BerryFirmnessKind>?,
    flavors: [BerryWord<BerryFlavorKind>], item: BerryItem?, glossary: Glossary,
    game: SessionGame? = nil
  ) {
    var words = Localizer(glossary)
    id = berry.id
    name = SafeText.line(berry.name)
    displayName =
      item.map { words.name($0.names, slug: $0.name) }
      ?? DisplayName.words(berry.item?.name ?? berry.name)
    self.firmness = berry.firmness.map { SafeText.line($0.name) }
    firmnessName = berry.firmness.map { reference in
      firmness.map { words.name($0.names, slug: $0.name) } ?? DisplayName.words(reference.name)
    }
    let named = Dictionary(flavors.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    self.flavors = berry.flavors.enumerated().sorted {
      ($0.element.potency, -$0.offset) > ($1.element.potency, -$1.offset)
    }.map { _, entry in
      let slug = entry.flavor.name
      return Flavor(
        flavor: SafeText.line(slug),
        displayName: named[slug].map { words.name($0.names, slug: slug) }
          ?? DisplayName.words(slug),
        potency: entry.potency)
    }
    growthTime = berry.growthTime
    maxHarvest = berry.maxHarvest
    size = berry.size
    smoothness = berry.smoothness
    soilDryness = berry.soilDryness
    naturalGiftType = berry.naturalGiftType.map { SafeText.line($0.name) }
    naturalGiftTypeName = berry.naturalGiftType.map { glossary.type($0.name) }
    naturalGiftPower = berry.naturalGiftPower
    self.item = (item?.name ?? berry.item?.name).map(SafeText.line)
    effect = item.flatMap { words.effect($0.effects) }
    flavorText = item.flatMap { words.text($0.flavorTexts, game: game) }
    fallbackNote = words.note
  }

  public var address: PageAddress { PageAddress(kind: BerryFeature.command.name, key: name) }
  public var title: String { displayName }
  public var links: [String: [String]] {
    ["item": item.map { [$0] } ?? [], "type": naturalGiftType.map { [$0] } ?? []]
  }

  public var document: PageDocument {
    var fields: [PageDocument.Field] = []
    if !flavors.isEmpty {
      let spans = flavors.enumerated().flatMap { index, flavor in
        (index > 0 ? [Span(" · ", .dim)] : [])
          + [Span("\(flavor.displayName) \(flavor.potency)", flavor.potency > 0 ? .strong : .dim)]
      }
      fields.append(.init("Flavours", spans))
    }
    if let firmnessName { fields.append(.init("Firmness", firmnessName)) }
    if let size { fields.append(.init("Size", Self.centimetres(size))) }
    if let smoothness { fields.append(.init("Smoothness", String(smoothness))) }
    if let growthTime {
      let harvest = maxHarvest.map { " · up to \($0) a tree" } ?? ""
      fields.append(.init("Growth", "\(growthTime) h a stage, four stages\(harvest)"))
    }
    if let soilDryness { fields.append(.init("Soil dryness", String(soilDryness))) }
    if naturalGiftType != nil || naturalGiftPower != nil {
      var gift = naturalGiftType.map {
        [Span(naturalGiftTypeName ?? DisplayName.words($0), .type($0)), Span(" · ")]
      }
      gift = (gift ?? []) + (naturalGiftPower.map { [Span("power \($0)")] } ?? [])
      fields.append(.init("Natural Gift", gift ?? []))
    }
    if let effect { fields.append(.init("Effect", effect)) }
    if let flavorText, flavorText != effect { fields.append(.init("In game", flavorText)) }
    var hints = item.map { ["item \($0)"] } ?? []
    if let naturalGiftType { hints.append("type \(naturalGiftType)") }
    return PageDocument(
      title: displayName, subtitle: "Berry #\(id)" + (firmnessName.map { " · \($0)" } ?? ""),
      blocks: (fields.isEmpty
        ? [.paragraph(heading: "No details", text: "PokéAPI lists nothing more about this berry.")]
        : [.fields(fields)]) + PageDocument.note(fallbackNote)
        + [.hint((hints + ["back"]).joined(separator: " · "))])
  }

  /// `20` → `2 cm`, `35` → `3.5 cm`.
  static func centimetres(_ millimetres: Int) -> String {
    let whole = millimetres / 10
    let tenths = millimetres % 10
    return tenths == 0 ? "\(whole) cm" : "\(whole).\(tenths) cm"
  }

  enum CodingKeys: String, CodingKey {
    case id, name, displayName, firmness, firmnessName, flavors, growthTime, maxHarvest, size
    case smoothness, soilDryness, naturalGiftType, naturalGiftTypeName, naturalGiftPower, item
    case effect, flavorText
  }
}

/// The berry pages over a client.
public enum BerryFeature {
  /// The `berry` command: its words, help, arguments and feature flag.
  public static let command = CommandSpec.page(
    "berry", group: .pokedex, summary: "A berry's flavours, growth",
    details: """
      Shows a berry: its five flavours and their potency, its firmness, size and smoothness, \
      how long its tree takes to grow and how many it bears, how fast it dries the soil, the \
      type and power Natural Gift has with it, and the item it is, with what it does. NAME is \
      the berry's name (cheri, oran) or the start of exactly one.
      """,
    examples: ["berry cheri", "berry oran"], feature: "berries")

  /// The kind with its command, for the list of kinds (``PageKinds``).
  public static let declaration = PageKindDeclaration(command) { services in
    kind(client: services.client)
  }

  /// `berry NAME`: the berry, then its firmness, flavours and item together (their names and
  /// texts in the request's language).
  public static func kind(client: any PokeAPIClient) -> PageKind {
    .named(
      command, example: "cheri", resource: Berry.self, client: client,
      localNames: localNames(client: client)
    ) { berry, request, client async throws(APIError) in
      async let firmness = optional { () async throws(APIError) -> BerryWord<BerryFirmnessKind>? in
        guard let slug = berry.firmness?.name else { return nil }
        return try await client.resource(BerryWord<BerryFirmnessKind>.self, slug)
      }
      async let item = optional { () async throws(APIError) -> BerryItem? in
        guard let slug = berry.item?.name else { return nil }
        return try await client.resource(BerryItem.self, slug)
      }
      let flavors = try await APIRequests.together(berry.flavors.map(\.flavor.name)) {
        slug async throws(APIError) in
        try await client.resource(BerryWord<BerryFlavorKind>.self, slug)
      }
      return BerryPage(
        berry, firmness: try await firmness.get(), flavors: flavors, item: try await item.get(),
        glossary: request.glossary, game: request.game)
    }
  }

  /// Every berry's name in a language and in English, by slug: its item's, since a berry has
  /// no names of its own (`クラボのみ` is `cheri`). Each berry and its item are read or fetched
  /// together (the page's own answers), and the table is kept for good once every one came.
  static func localNames(client: any PokeAPIClient) -> PageKind.LocalNames {
    { language, progress async throws(APIError) in
      try await client.derived("names/berry/\(language.code)") {
        () async throws(APIError) -> Derived<[String: NamesByLanguage]> in
        let berries = try await client.names(of: Berry.path).map(\.name)
        let items = try await APIRequests.together(berries, progress: progress) {
          slug async throws(APIError) -> (String, BerryItem?) in
          let berry = try await client.resource(Berry.self, slug)
          guard let item = berry.item?.name else { return (slug, nil) }
          do throws(APIError) {
            return (slug, try await client.resource(BerryItem.self, item))
          } catch .notFound {
            return (slug, nil)  // named by its slug alone, as its page is
          }
        }
        var table: [String: NamesByLanguage] = [:]
        for case (let slug, let item?) in items {
          var all: NamesByLanguage = [:]
          for name in item.names where all[name.language.lowercased()] == nil {
            all[name.language.lowercased()] = name.text
          }
          var picked: NamesByLanguage = [:]
          picked[language.code] = language.pick(from: all)
          picked[Language.english.code] = all[Language.english.code]
          table[slug] = picked
        }
        return Derived(table, forGood: true)
      }
    }
  }

  /// `load`'s answer, `nil` when the API has no such resource (a berry still shows without
  /// it), as a result: what `async let` can carry with its error's type.
  private static func optional<T: Sendable>(
    _ load: @Sendable () async throws(APIError) -> T?
  ) async -> Result<T?, APIError> {
    do throws(APIError) {
      return .success(try await load())
    } catch .notFound {
      return .success(nil)
    } catch {
      return .failure(error)
    }
  }
}
