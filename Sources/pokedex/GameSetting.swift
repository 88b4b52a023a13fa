import CommandLanguage
import Foundation
import Models
import Pages

/// The game a session starts playing: the `game` member of `config.json`, which `game` writes
/// (`{"group": "red-blue", "version": "red", "name": "Red"}`); none means each page shows the
/// newest game it has data for.
enum GameSetting {
  /// The member of `config.json` read and written.
  static let configMember = "game"

  /// The game to start with and its name, with a warning for a member that is not one (which is
  /// ignored).
  static func resolve(configDirectory: URL) -> (SessionGame?, name: String?, warning: String?) {
    let file = configDirectory.appending(path: FeatureFlags.configFileName)
    guard let object = ConfigFile.readObject(file), let value = object[configMember],
      !(value is NSNull)
    else { return (nil, nil, nil) }
    guard let member = value as? [String: Any], let group = member["group"] as? String,
      !SafeText.line(group).isEmpty, group.count <= 100
    else {
      return (nil, nil, "\(file.path): \"\(configMember)\" is not a game; ignored.")
    }
    let version = (member["version"] as? String).map(SafeText.line).flatMap {
      $0.isEmpty || $0.count > 100 ? nil : $0
    }
    let name = (member["name"] as? String).map(SafeText.line).flatMap {
      $0.isEmpty ? nil : String($0.prefix(100))
    }
    return (
      SessionGame(group: SafeText.line(group), version: version),
      name ?? DisplayName.words(version ?? group), nil
    )
  }

  /// Keeps `game` and its `name` in `config.json` (`nil` removes it); a warning when it could not.
  static func save(_ game: SessionGame?, name: String?, configDirectory: URL) -> String? {
    let value: [String: String]? = game.map { game in
      var member = ["group": game.group]
      member["version"] = game.version
      member["name"] = name
      return member
    }
    return ConfigFile.write(configMember, value, in: configDirectory, what: "the game")
  }
}
