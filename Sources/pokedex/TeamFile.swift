import Foundation
import Models
import Pages

/// The team, kept between sessions in `team.json` in the data directory
/// (`{"members": ["charizard", "raichu-alola"]}`): written whole at each change, private to the
/// user, beside it first and then put in its place in one step.
enum TeamFile {
  /// The file's name in the data directory.
  static let name = "team.json"

  /// The members kept, with a warning for a file that is not a team (then none are read; the
  /// next change of the team replaces it).
  static func read(dataDirectory: URL) -> (members: [String], warning: String?) {
    let file = dataDirectory.appending(path: name)
    guard let data = FileManager.default.contents(atPath: file.path) else { return ([], nil) }
    guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let listed = object["members"] as? [String]
    else { return ([], "\(file.path) is not a team; it is not used (team add replaces it).") }
    var members: [String] = []
    for slug in listed.map(SafeText.line) where Self.isSlug(slug) && !members.contains(slug) {
      members.append(slug)
    }
    let kept = Array(members.prefix(TeamRoster.maximumMembers))
    let dropped = listed.count - kept.count
    return (
      kept,
      dropped == 0
        ? nil : "\(file.path): \(dropped) of its members \(dropped == 1 ? "is" : "are") not used."
    )
  }

  /// Keeps `members`; a warning when it could not.
  static func save(_ members: [String], dataDirectory: URL) -> String? {
    let file = dataDirectory.appending(path: name)
    do {
      try ConfigFile.replace(
        file,
        with: try JSONSerialization.data(
          withJSONObject: ["members": members], options: [.prettyPrinted, .sortedKeys]))
      return nil
    } catch {
      return "could not write \(file.path), so the team was not kept there "
        + "(it applies to this session)."
    }
  }

  /// A species' or form's slug as the API writes them: lowercase letters, digits and dashes.
  private static func isSlug(_ text: String) -> Bool {
    !text.isEmpty && text.count <= 100
      && text.unicodeScalars.allSatisfy { scalar in
        ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-"
      }
  }
}
