import Foundation
import Pages
import Testing

@testable import pokedex

@Suite("The team kept between sessions")
struct TeamFileTests {
  func directory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appending(path: "pokedex-team-\(UUID())")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func whatIsSavedIsReadBackPrivately() throws {
    let data = try directory().appending(path: "nested")
    defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
    #expect(TeamFile.read(dataDirectory: data) == ([], nil))
    let members = [
      TeamMember(name: "charizard", species: 6),
      TeamMember(name: "raichu-alola", species: 26, form: 10_100),
    ]
    #expect(TeamFile.save(members, dataDirectory: data) == nil)
    #expect(TeamFile.read(dataDirectory: data) == (members, nil))
    let file = data.appending(path: TeamFile.name)
    let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions]
    #expect((mode as? NSNumber)?.intValue == 0o600)
    // No temporary file is left beside it.
    #expect(try FileManager.default.contentsOfDirectory(atPath: data.path) == [TeamFile.name])
    #expect(TeamFile.save([], dataDirectory: data) == nil)
    #expect(TeamFile.read(dataDirectory: data) == ([], nil))
  }

  @Test func aFileThatIsNotATeamIsSaidAndNotUsed() throws {
    let data = try directory()
    defer { try? FileManager.default.removeItem(at: data) }
    let file = data.appending(path: TeamFile.name)
    try Data("[1, 2".utf8).write(to: file)
    let (members, warning) = TeamFile.read(dataDirectory: data)
    #expect(members.isEmpty)
    #expect(warning == "\(file.path) is not a team; it is not used (team add replaces it).")
    #expect(try Data(contentsOf: file) == Data("[1, 2".utf8))
  }

  @Test func membersThatAreNotSpeciesAreLeftOutAndSaid() throws {
    let data = try directory()
    defer { try? FileManager.default.removeItem(at: data) }
    func entry(_ name: String, _ species: Any = 1, form: Any? = nil) -> [String: Any] {
      var fields: [String: Any] = ["name": name, "species": species]
      fields["form"] = form
      return fields
    }
    let listed: [Any] = [
      entry("pikachu", 25), entry("../../etc/passwd"), entry("pikachu", 25), entry("Eevee"),
      entry("\u{1B}[31mred"), "mew", entry("ditto", "132"), entry("onix", 0),
      entry("raichu-alola", 26, form: 7), entry("mew", 151), entry("abra", 63),
      entry("zubat", 41), entry("gastly", 92), entry("onix", 95), entry("raichu", 26),
      entry("raichu-alola", 26, form: 10_100),
    ]
    try JSONSerialization.data(withJSONObject: ["members": listed])
      .write(to: data.appending(path: TeamFile.name))
    let (members, warning) = TeamFile.read(dataDirectory: data)
    #expect(members.map(\.name) == ["pikachu", "mew", "abra", "zubat", "gastly", "onix"])
    #expect(members.map(\.species) == [25, 151, 63, 41, 92, 95])
    #expect(warning?.hasSuffix("10 of its members are not used.") == true)
  }

  @Test func aDirectoryThatCannotBeWrittenIsAWarning() throws {
    let data = try directory()
    defer { try? FileManager.default.removeItem(at: data) }
    let blocked = data.appending(path: "file")
    try Data().write(to: blocked)
    let warning = TeamFile.save([TeamMember(name: "pikachu", species: 25)], dataDirectory: blocked)
    #expect(warning?.contains("so the team was not kept there") == true)
  }
}

@Suite("Shiny pictures kept between sessions")
struct ShinySettingTests {
  @Test func theChoiceIsKeptBesideTheOthersAndABadOneIsSaid() throws {
    let config = FileManager.default.temporaryDirectory.appending(path: "pokedex-shiny-\(UUID())")
    defer { try? FileManager.default.removeItem(at: config) }
    #expect(ShinySetting.resolve(configDirectory: config) == (false, nil))
    #expect(ShinySetting.save(true, configDirectory: config) == nil)
    #expect(ShinySetting.resolve(configDirectory: config) == (true, nil))
    #expect(ShinySetting.save(false, configDirectory: config) == nil)
    #expect(ShinySetting.resolve(configDirectory: config) == (false, nil))
    let file = config.appending(path: "config.json")
    try Data(#"{"shiny": "yes", "language": "fr"}"#.utf8).write(to: file)
    let (on, warning) = ShinySetting.resolve(configDirectory: config)
    #expect(!on)
    #expect(warning == "\(file.path): \"shiny\" is not true or false; ignored.")
    #expect(ShinySetting.save(true, configDirectory: config) == nil)
    let saved = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    #expect(saved["language"] as? String == "fr" && saved["shiny"] as? Bool == true)
  }
}
