import Models

/// A text in one language, as the API's `names`, `effect_entries` and `flavor_text_entries`
/// carry them: only the English ones are kept.
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
/// keeping the English ones (what pages show).
public enum Localized {
  /// The language pages show.
  public static let language = "en"

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

  /// The entries under `key` in the English language, whatever their shape: the API's raw list
  /// (`[{"name": …, "language": {"name": "en"}}]`) or the list pokedex stored.
  public static func decode<K: CodingKey>(
    _ container: KeyedDecodingContainer<K>, _ key: K
  ) throws -> [LocalizedText] {
    if let stored = try? container.decodeIfPresent([LocalizedText].self, forKey: key) {
      return stored.filter { $0.language == language }
    }
    let raw = try container.decodeIfPresent([Entry].self, forKey: key) ?? []
    return raw.filter { $0.language.name == language }.compactMap { entry in
      guard
        let text = entry.name ?? entry.effect ?? entry.flavorText ?? entry.text
          ?? entry.description ?? entry.shortEffect
      else { return nil }
      return LocalizedText(
        text: text, shortText: entry.shortEffect, language: entry.language.name,
        versionGroup: entry.versionGroup?.name ?? entry.version?.name)
    }
  }

  /// The first entry's text, cleaned for one line; `nil` when there is none.
  public static func name(_ entries: [LocalizedText]) -> String? {
    entries.first.map { SafeText.line($0.text) }.flatMap { $0.isEmpty ? nil : $0 }
  }

  /// The newest entry's text (the API lists them oldest first), as one paragraph.
  public static func newest(_ entries: [LocalizedText]) -> String? {
    entries.last.map { SafeText.paragraph($0.text) }.flatMap { $0.isEmpty ? nil : $0 }
  }

  /// `generation-iii` → `Generation III`.
  public static func generation(_ slug: String) -> String {
    guard slug.hasPrefix("generation-") else { return DisplayName.words(slug) }
    return "Generation " + slug.dropFirst("generation-".count).uppercased()
  }
}
