import Foundation

/// A language PokéAPI writes names and texts in, by the API's own code (`ja-hrkt`, `fr`).
///
/// The table is built in: `lang` lists it without asking the network, and a code is checked
/// before anything is fetched. What each language covers is the API's: a text it lacks in a
/// language is shown in English, and the screen says so.
public struct Language: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The API's code, lowercase (`ja-hrkt`, `zh-hant`, `pt-br`).
  public let code: String
  /// Its name in English (`Japanese (kana)`).
  public let englishName: String
  /// Its name in itself (`日本語`, `Français`).
  public let nativeName: String

  public init(code: String, englishName: String, nativeName: String) {
    self.code = code
    self.englishName = englishName
    self.nativeName = nativeName
  }

  /// English, the language pages fall back to.
  public static let english = Language(code: "en", englishName: "English", nativeName: "English")

  /// Every language the API has, in the order `lang` lists them.
  public static let all: [Language] = [
    english,
    Language(code: "ja", englishName: "Japanese", nativeName: "日本語"),
    Language(code: "ja-hrkt", englishName: "Japanese (kana)", nativeName: "にほんご"),
    Language(code: "ja-roma", englishName: "Japanese (rōmaji)", nativeName: "Nihongo"),
    Language(code: "ko", englishName: "Korean", nativeName: "한국어"),
    Language(code: "zh-hant", englishName: "Chinese (traditional)", nativeName: "繁體中文"),
    Language(code: "zh-hans", englishName: "Chinese (simplified)", nativeName: "简体中文"),
    Language(code: "fr", englishName: "French", nativeName: "Français"),
    Language(code: "de", englishName: "German", nativeName: "Deutsch"),
    Language(code: "es", englishName: "Spanish", nativeName: "Español"),
    Language(code: "es-419", englishName: "Spanish (Latin America)", nativeName: "Español (LatAm)"),
    Language(code: "it", englishName: "Italian", nativeName: "Italiano"),
    Language(code: "cs", englishName: "Czech", nativeName: "Čeština"),
    Language(code: "pt-br", englishName: "Portuguese (Brazil)", nativeName: "Português (Brasil)"),
  ]

  /// The language `text` names: its code in any case, with `_` for `-` (`ja-Hrkt`, `zh_hans`),
  /// `roomaji` for `ja-roma`, or its English name (`french`); `nil` for none.
  public static func named(_ text: String) -> Language? {
    let wanted = text.trimmingSpacesAndCase.replacingUnderscores
    if wanted == "roomaji" || wanted == "romaji" { return all.first { $0.code == "ja-roma" } }
    return all.first { $0.code == wanted }
      ?? all.first { $0.englishName.lowercased() == wanted }
  }

  /// `ja (Japanese, 日本語)`.
  public var description: String {
    nativeName == englishName
      ? "\(code) (\(englishName))" : "\(code) (\(englishName), \(nativeName))"
  }

  /// The languages whose texts stand in for this one's before English does, as readers of it
  /// read them: Japanese in kanji and in kana for each other, Spain's Spanish for Latin
  /// America's.
  public var nearLanguages: [String] {
    switch code {
    case "ja": ["ja-hrkt"]
    case "ja-hrkt": ["ja"]
    case "es-419": ["es"]
    default: []
    }
  }
}

extension Language {
  /// The name in this language of a table of names by lowercase language code, else in a
  /// language near it, else in English; `nil` when it has none of them.
  public func pick(from names: [String: String]) -> String? {
    names[code] ?? nearLanguages.lazy.compactMap { names[$0] }.first ?? names[Language.english.code]
  }
}

/// A name in one language, as the API's `names` lists carry them (`{"name": "ピカチュウ",
/// "language": {"name": "ja"}}`).
public struct LocalName: Codable, Sendable, Hashable {
  public var name: String
  public var language: NamedResource

  public init(name: String, language: NamedResource) {
    self.name = name
    self.language = language
  }

  /// The name in `language` of `names`, else the English one; the flag says whether English
  /// stood in. `nil` when neither is there.
  public static func pick(
    _ names: [LocalName], in language: Language
  ) -> (text: String, fallback: Bool)? {
    Translation.pick(
      names.filter { !SafeText.line($0.name).isEmpty }, in: language, code: { $0.language.name }
    ).map { (SafeText.line($0.entry.name), $0.fallback) }
  }
}

/// Choosing among the API's entries of one text in many languages.
public enum Translation {
  /// The entry in `language`, else in a language near it (``Language/nearLanguages``), else
  /// the English one, else `nil`; `last` takes the last of several (the API lists flavour texts
  /// oldest first), else the first. The flag says whether it fell back to English.
  public static func pick<Entry>(
    _ entries: [Entry], in language: Language, last: Bool = false,
    code: (Entry) -> String
  ) -> (entry: Entry, fallback: Bool)? {
    func find(_ wanted: String) -> Entry? {
      last
        ? entries.last { code($0).lowercased() == wanted }
        : entries.first { code($0).lowercased() == wanted }
    }
    for wanted in [language.code] + language.nearLanguages {
      if let found = find(wanted) { return (found, false) }
    }
    guard language != .english, let english = find(Language.english.code) else { return nil }
    return (english, true)
  }
}

extension String {
  fileprivate var trimmingSpacesAndCase: String {
    lowercased().trimmingCharacters(in: .whitespaces)
  }

  fileprivate var replacingUnderscores: String {
    String(map { $0 == "_" ? "-" : $0 })
  }
}
