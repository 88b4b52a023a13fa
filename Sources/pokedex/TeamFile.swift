import Foundation
import Models
import Pages

/// The team, kept between sessions in `team.json` in the data directory (`{"members": [{"name":
/// "charizard", "species": 6}, {"name": "raichu-alola", "species": 26, "form": 10100}]}`): written
/// whole at each change, private to the user, beside it first and then put in its place in one
/// step.
enum TeamFile {
  /// The file's name in the data directory.
  static let name = "team.json"

  /// The members kept, with a warning for a file that is not a team (then none are read; the
  /// next change of the team replaces it).
  static func read(dataDirectory: URL) -> (members: [TeamMember], warning: String?) {
    let file = dataDirectory.appending(path: name)
    guard let data = FileManager.default.contents(atPath: file.path) else { return ([], nil) }
    guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let listed = object["members"] as? [Any]
    else { return ([], "\(file.path) is not a team; it is not used (team add replaces it).") }
    var members: [TeamMember] = []
    for entry in listed {
      guard let member = Self.member(entry), !members.contains(where: { $0.name == member.name })
      else { continue }
      members.append(member)
    }
    let kept = Array(members.prefix(TeamRoster.maximumMembers))
    let dropped = listed.count - kept.count
    return (
      kept,
      dropped == 0
        ? nil : "\(file.path): \(dropped) of its members \(dropped == 1 ? "is" : "are") not used."
    )
  }

  /// The member an entry of the file stands for: a slug as the API writes them, a species id
  /// and, for a form, its `pokemon` id; `nil` for anything else.
  private static func member(_ entry: Any) -> TeamMember? {
    guard let fields = entry as? [String: Any], let name = fields["name"] as? String,
      Self.isSlug(name), let species = fields["species"] as? Int, (1..<10_000).contains(species)
    else { return nil }
    let form = fields["form"] as? Int
    if let form, !(10_000..<1_000_000).contains(form) { return nil }
    return TeamMember(name: name, species: species, form: form)
  }

  /// Keeps `members`; a warning when it could not.
  static func save(_ members: [TeamMember], dataDirectory: URL) -> String? {
    let file = dataDirectory.appending(path: name)
    do {
      try ConfigFile.replace(
        file,
        with: try JSONSerialization.data(
          withJSONObject: [
            "members": members.map { member -> [String: Any] in
              var fields: [String: Any] = ["name": member.name, "species": member.species]
              fields["form"] = member.form
              return fields
            }
          ], options: [.prettyPrinted, .sortedKeys]))
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
