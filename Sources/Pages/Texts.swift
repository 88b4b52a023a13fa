import Models

/// A text in one language, as the API's `names`, `effect_entries` and `flavor_text_entries`
/// carry them: the newest of each language is kept.
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

/// Reading the localised parts of a resource: `names`, `effect_entries`, `flavor_text_entries`,
/// keeping the newest entry of each language.
public enum Localized {
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

  /// The entries under `key`, the newest of each language (the API lists texts oldest first),
  /// whatever their shape: the API's raw list (`[{"name": …, "language": {"name": "en"}}]`) or
  /// the list pokedex stored.
  public static func decode<K: CodingKey>(
    _ container: KeyedDecodingContainer<K>, _ key: K
  ) throws -> [LocalizedText] {
    if let stored = try? container.decodeIfPresent([LocalizedText].self, forKey: key) {
      return newestOfEach(stored)
    }
    let raw = try container.decodeIfPresent([Entry].self, forKey: key) ?? []
    return newestOfEach(
      raw.compactMap { entry in
        guard
          let text = entry.name ?? entry.effect ?? entry.flavorText ?? entry.text
            ?? entry.description ?? entry.shortEffect
        else { return nil }
        return LocalizedText(
          text: text, shortText: entry.shortEffect, language: entry.language.name,
          versionGroup: entry.versionGroup?.name ?? entry.version?.name)
      })
  }

  /// The last entry of each language, in the order the languages first appear.
  private static func newestOfEach(_ entries: [LocalizedText]) -> [LocalizedText] {
    var newest: [String: LocalizedText] = [:]
    var order: [String] = []
    for entry in entries where newest.updateValue(entry, forKey: entry.language) == nil {
      order.append(entry.language)
    }
    return order.compactMap { newest[$0] }
  }

  /// `generation-iii` → `Generation III`.
  public static func generation(_ slug: String) -> String {
    guard slug.hasPrefix("generation-") else { return DisplayName.words(slug) }
    return "Generation " + slug.dropFirst("generation-".count).uppercased()
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

  /// The newest text of `entries` as one paragraph, `nil` when there is none.
  public mutating func text(_ entries: [LocalizedText]) -> String? {
    pick(entries, short: false, line: false)
  }

  /// The short form of an effect (`short_effect`), `nil` when there is none.
  public mutating func shortText(_ entries: [LocalizedText]) -> String? {
    pick(entries, short: true, line: false)
  }

  /// The line to show once on the screen when a text fell back to English.
  public var note: String? { fellBack ? glossary.fallbackNote : nil }

  private mutating func pick(_ entries: [LocalizedText], short: Bool, line: Bool) -> String? {
    let usable = entries.filter { entry in
      guard let text = short ? entry.shortText : entry.text else { return false }
      return !SafeText.line(text).isEmpty
    }
    guard let picked = Translation.pick(usable, in: language, code: { $0.language }),
      let text = short ? picked.entry.shortText : picked.entry.text
    else { return nil }
    if picked.fallback { fellBack = true }
    return line ? SafeText.line(text) : SafeText.paragraph(text)
  }
}
