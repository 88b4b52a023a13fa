import CommandLanguage
import Foundation

/// `config.json`, the settings the session keeps (the language, the game) beside the feature
/// flags: one member written at a time, the others kept as they were, the file private to the
/// user and replaced in one step.
enum ConfigFile {
  /// Sets `member` to `value` (`nil` removes it). Returns a warning when it could not, saying
  /// that `what` applies to this session only: a file that is not a JSON object is left as it is.
  static func write(_ member: String, _ value: Any?, in configDirectory: URL, what: String)
    -> String?
  {
    let file = configDirectory.appending(path: FeatureFlags.configFileName)
    var object: [String: Any] = [:]
    if FileManager.default.fileExists(atPath: file.path) {
      guard let existing = readObject(file) else {
        return "\(file.path) is not a JSON object, so \(what) was not kept there "
          + "(it applies to this session)."
      }
      object = existing
    }
    object[member] = value
    do {
      try replace(
        file,
        with: try JSONSerialization.data(
          withJSONObject: object, options: [.prettyPrinted, .sortedKeys]))
      return nil
    } catch {
      return "could not write \(file.path), so \(what) was not kept there "
        + "(it applies to this session)."
    }
  }

  /// Writes `data` to `file` (creating its directory, private), beside it first and private from
  /// the start, then put in its place in one step: a reader sees the old file or the new one.
  static func replace(_ file: URL, with data: Data) throws {
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    let temporary = file.path + ".\(getpid()).tmp"
    guard
      FileManager.default.createFile(
        atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600])
    else { throw CocoaError(.fileWriteUnknown) }
    guard rename(temporary, file.path) == 0 else {
      try? FileManager.default.removeItem(atPath: temporary)
      throw CocoaError(.fileWriteUnknown)
    }
  }

  /// The file's JSON object, `nil` when it is missing, unreadable or not an object.
  static func readObject(_ file: URL) -> [String: Any]? {
    guard let data = try? Data(contentsOf: file),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return nil }
    return object
  }
}
