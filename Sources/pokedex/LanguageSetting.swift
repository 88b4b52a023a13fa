import CommandLanguage
import Foundation
import Models

/// The language a session starts in: `--lang`, else `POKEDEX_LANG`, else the `language` member
/// of `config.json` (which `lang` writes); none means capitalised slugs and English.
enum LanguageSetting {
  /// The environment variable read.
  static let environmentVariable = "POKEDEX_LANG"
  /// The member of `config.json` read and written.
  static let configMember = "language"

  /// Words that choose no language (capitalised slugs and English), as `lang off` does.
  static let none: Set<String> = ["off", "none", "slugs"]

  /// What `--lang` takes: a language, or `off`.
  static func isValid(_ text: String) -> Bool {
    Language.named(text) != nil || none.contains(text.lowercased())
  }

  /// The language to start in (`off` in the option or the variable chooses none, whatever the
  /// file says), with a warning for a value that names none (which is ignored).
  static func resolve(
    option: String?, environment: [String: String], configDirectory: URL
  ) -> (Language?, warning: String?) {
    if let option { return (Language.named(option), nil) }
    if let value = environment[environmentVariable], !value.isEmpty {
      if none.contains(value.lowercased()) { return (nil, nil) }
      guard let language = Language.named(value) else {
        return (
          nil,
          "\(environmentVariable) names no language PokéAPI has (\(quoted(value))); "
            + "\"lang\" at the prompt lists them."
        )
      }
      return (language, nil)
    }
    let file = configDirectory.appending(path: FeatureFlags.configFileName)
    guard let object = ConfigFile.readObject(file), let value = object[configMember] else {
      return (nil, nil)
    }
    guard let text = value as? String, let language = Language.named(text) else {
      if value is NSNull { return (nil, nil) }
      return (nil, "\(file.path): \"\(configMember)\" names no language PokéAPI has; ignored.")
    }
    return (language, nil)
  }

  /// Keeps `language` in `config.json` (its other members as they were; `nil` removes it), the
  /// file private to the user. Returns a warning when it could not: a file that is not a JSON
  /// object is left as it is.
  static func save(_ language: Language?, configDirectory: URL) -> String? {
    ConfigFile.write(
      configMember, language?.code, in: configDirectory, what: "the language")
  }

  private static func quoted(_ text: String) -> String {
    "\"" + String(text.prefix(40).map { $0.isASCII && $0.asciiValue! < 32 ? "?" : $0 }) + "\""
  }
}
