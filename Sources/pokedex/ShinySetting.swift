import CommandLanguage
import Foundation

/// Whether a session starts with the shiny pictures: the `shiny` member of `config.json`, which
/// `shiny on|off` writes (`"shiny": true`).
enum ShinySetting {
  /// The member of `config.json` read and written.
  static let configMember = "shiny"

  /// Whether to start shiny, with a warning for a member that is not `true` or `false` (which
  /// is ignored).
  static func resolve(configDirectory: URL) -> (Bool, warning: String?) {
    let file = configDirectory.appending(path: FeatureFlags.configFileName)
    guard let object = ConfigFile.readObject(file), let value = object[configMember],
      !(value is NSNull)
    else { return (false, nil) }
    guard let on = value as? Bool else {
      return (false, "\(file.path): \"\(configMember)\" is not true or false; ignored.")
    }
    return (on, nil)
  }

  /// Keeps the choice in `config.json`; a warning when it could not.
  static func save(_ on: Bool, configDirectory: URL) -> String? {
    ConfigFile.write(configMember, on, in: configDirectory, what: "the shiny choice")
  }
}
