import FeatureFlags
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
    guard let object = readObject(file), let value = object[configMember] else { return (nil, nil) }
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
    let file = configDirectory.appending(path: FeatureFlags.configFileName)
    var object: [String: Any] = [:]
    if FileManager.default.fileExists(atPath: file.path) {
      guard let existing = readObject(file) else {
        return "\(file.path) is not a JSON object, so the language was not kept there "
          + "(it applies to this session)."
      }
      object = existing
    }
    if let language { object[configMember] = language.code } else { object[configMember] = nil }
    do {
      try FileManager.default.createDirectory(
        at: configDirectory, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
      let data = try JSONSerialization.data(
        withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
      // Written beside it, private from the start, then put in its place in one step.
      let temporary = file.path + ".\(getpid()).tmp"
      guard
        FileManager.default.createFile(
          atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600])
      else { throw CocoaError(.fileWriteUnknown) }
      guard rename(temporary, file.path) == 0 else {
        try? FileManager.default.removeItem(atPath: temporary)
        throw CocoaError(.fileWriteUnknown)
      }
      return nil
    } catch {
      return "could not write \(file.path), so the language was not kept there "
        + "(it applies to this session)."
    }
  }

  /// The file's JSON object, `nil` when it is missing, unreadable or not an object.
  private static func readObject(_ file: URL) -> [String: Any]? {
    guard let data = try? Data(contentsOf: file),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return nil }
    return object
  }

  private static func quoted(_ text: String) -> String {
    "\"" + String(text.prefix(40).map { $0.isASCII && $0.asciiValue! < 32 ? "?" : $0 }) + "\""
  }
}
