import Models

/// A text in one language, as the API's `names`, `effect_entries` and `flavor_text_entries`
/// carry them: the last of each language and game is kept.
public struct LocalizedText: Codable, Sendable, Hashable {
  public var text: String
  public var shortText: String?
  public var language: String
  /// The game the text is from (flavour texts), if any.
  public var versionGroup: String?

  public init(text: String, shortText: String? = nil, language: String, versionGroup: String? = nil)
  {
    self.text = text
    self.shortText = shortText
    self.language = language
    self.versionGroup = versionGroup
  }
}

/// The localised parts of a resource, `names`, `effect_entries`, `flavor_text_entries`, as a
/// property declares them (`@Localized public var names: [LocalizedText]`): the last entry of
/// each language in each game is kept (a flavour text per game and language; a name or an effect
/// per language), so that a page can take the newest game's or a chosen game's. A list the
/// answer leaves out is empty.
@propertyWrapper
public struct Localized: Codable, Sendable, Hashable {
  public var wrappedValue: [LocalizedText]

  public init(wrappedValue: [LocalizedText] = []) {
    self.wrappedValue = wrappedValue
  }

  /// The entries whatever their shape: the API's raw list (`[{"name": …, "language": {"name":
  /// "en"}}]`) or the list pokedex stored.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      wrappedValue = []
    } else if let stored = try? container.decode([LocalizedText].self) {
      wrappedValue = Self.lastOfEach(stored)
    } else {
      wrappedValue = Self.lastOfEach(
        try container.decode([Entry].self).compactMap { entry in
          guard
            let text = entry.name ?? entry.effect ?? entry.flavorText ?? entry.text
              ?? entry.description ?? entry.shortEffect
          else { return nil }
          return LocalizedText(
            text: text, shortText: entry.shortEffect, language: entry.language.name,
            versionGroup: entry.versionGroup?.name ?? entry.version?.name)
        })
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(wrappedValue)
  }

  private struct Entry: Decodable {
    struct Reference: Decodable { var name: String }
    var name: String?
    var effect: String?
    var shortEffect: String?
    var flavorText: String?
    var text: String?
    var description: String?
    var language: Reference
    var versionGroup: Reference?
    var version: Reference?

    enum CodingKeys: String, CodingKey {
      case name, effect, text, description, language, version
      case shortEffect = "short_effect"
      case flavorText = "flavor_text"
      case versionGroup = "version_group"
    }
  }

  /// The last entry of each language and game, in the order they first appear.
  private static func lastOfEach(_ entries: [LocalizedText]) -> [LocalizedText] {
    struct Key: Hashable {
      var language: String
      var versionGroup: String?
    }
    var last: [Key: LocalizedText] = [:]
    var order: [Key] = []
    for entry in entries {
      let key = Key(language: entry.language, versionGroup: entry.versionGroup)
      if last.updateValue(entry, forKey: key) == nil { order.append(key) }
    }
    return order.compactMap { last[$0] }
  }

  /// `generation-iii` → `Generation III`.
  public static func generation(_ slug: String) -> String {
    guard slug.hasPrefix("generation-") else { return DisplayName.words(slug) }
    return "Generation " + slug.dropFirst("generation-".count).uppercased()
  }
}

extension KeyedDecodingContainer {
  /// Texts the answer leaves out are none (the synthesised decoding asks for them so).
  public func decode(_ type: Localized.Type, forKey key: Key) throws -> Localized {
    try decodeIfPresent(type, forKey: key) ?? Localized()
  }
}

/// Picks the texts of one screen in the glossary's language (English without one), noting
/// whether any fell back to English, so that the screen can say so once.
public struct Localizer: Sendable {
  /// The names of what the screen mentions, and the language.
  public let glossary: Glossary
  /// Whether an English text stood in for one in the language.
  public private(set) var fellBack = false

  public init(_ glossary: Glossary) {
    self.glossary = glossary
  }

  /// The language texts are picked in: the glossary's, else English.
  public var language: Language { glossary.language ?? .english }

  /// A resource's name from its own `names`, else `slug` in words.
  public mutating func name(_ entries: [LocalizedText], slug: String) -> String {
    guard let text = pick(entries, short: false, line: true) else {
      fellBack = fellBack || (glossary.language.map { $0 != .english } ?? false)
      return DisplayName.words(slug)
    }
    return text
  }

  /// The text of `entries` as one paragraph, `nil` when there is none: of the texts in the
  /// language (else English), `game`'s when it has one, else the newest game's by `order`, else
  /// the last listed.
  public mutating func text(
    _ entries: [LocalizedText], order: GameOrder? = nil, game: SessionGame? = nil
  ) -> String? {
    pick(entries, short: false, line: false, order: order, game: game)
  }

  /// The short form of an effect (`short_effect`), `nil` when there is none.
  public mutating func shortText(_ entries: [LocalizedText]) -> String? {
    pick(entries, short: true, line: false)
  }

  /// What an effect does: its short form where there is one, else its whole text; `nil` when
  /// there is neither.
  public mutating func effect(_ entries: [LocalizedText]) -> String? {
    shortText(entries) ?? text(entries)
  }

  /// The line to show once on the screen when a text fell back to English.
  public var note: String? { fellBack ? glossary.fallbackNote : nil }

  private mutating func pick(
    _ entries: [LocalizedText], short: Bool, line: Bool, order: GameOrder? = nil,
    game: SessionGame? = nil
  ) -> String? {
    let usable = entries.filter { entry in
      guard let text = short ? entry.shortText : entry.text else { return false }
      return !SafeText.line(text).isEmpty
    }
    guard let found = Translation.pick(usable, in: language, last: true, code: { $0.language })
    else { return nil }
    let sameLanguage = usable.filter { $0.language == found.entry.language }
    let newest =
      game.flatMap { game in sameLanguage.last { $0.versionGroup == game.group } }
      ?? order.flatMap { order in
        sameLanguage.enumerated().max { a, b in
          let (ra, rb) = (
            order.rank(of: a.element.versionGroup), order.rank(of: b.element.versionGroup)
          )
          return ra != rb ? ra < rb : a.offset < b.offset
        }?.element
      } ?? found.entry
    guard let text = short ? newest.shortText : newest.text else { return nil }
    if found.fallback { fellBack = true }
    return line ? SafeText.line(text) : SafeText.paragraph(text)
  }
}
