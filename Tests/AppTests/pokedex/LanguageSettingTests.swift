import Foundation
import Models
import Testing

@testable import pokedex

@Suite("The language a session starts in")
struct LanguageSettingTests {
  func directory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appending(path: "pokedex-lang-\(UUID())")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func theOptionWinsThenTheEnvironmentThenTheFile() throws {
    let config = try directory()
    defer { try? FileManager.default.removeItem(at: config) }
    #expect(LanguageSetting.save(Language.named("fr"), configDirectory: config) == nil)
    let resolve = { (option: String?, environment: [String: String]) in
      LanguageSetting.resolve(option: option, environment: environment, configDirectory: config)
        .0?.code
    }
    #expect(resolve(nil, [:]) == "fr")
    #expect(resolve(nil, ["POKEDEX_LANG": "ja-Hrkt"]) == "ja-hrkt")
    #expect(resolve("ko", ["POKEDEX_LANG": "ja"]) == "ko")
    // "off" at launch chooses none, whatever the file says.
    #expect(resolve("off", [:]) == nil && resolve(nil, ["POKEDEX_LANG": "OFF"]) == nil)
  }

  @Test func savingKeepsTheFilesOtherMembersAndKeepsItPrivate() throws {
    let config = try directory()
    defer { try? FileManager.default.removeItem(at: config) }
    let file = config.appending(path: "config.json")
    try Data(#"{"features": {"evolution": false}}"#.utf8).write(to: file)
    #expect(LanguageSetting.save(Language.named("de"), configDirectory: config) == nil)
    let saved = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    #expect(saved["language"] as? String == "de")
    #expect((saved["features"] as? [String: Bool])?["evolution"] == false)
    let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions]
    #expect((mode as? NSNumber)?.intValue == 0o600)
    // "lang off" removes it.
    #expect(LanguageSetting.save(nil, configDirectory: config) == nil)
    let cleared = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    #expect(cleared["language"] == nil && cleared["features"] != nil)
  }

  @Test func aFileThatIsNotAnObjectIsLeftAloneWithOneWarning() throws {
    let config = try directory()
    defer { try? FileManager.default.removeItem(at: config) }
    let file = config.appending(path: "config.json")
    try Data("{not json".utf8).write(to: file)
    let warning = try #require(LanguageSetting.save(Language.named("ja"), configDirectory: config))
    #expect(warning.contains("not a JSON object"))
    #expect(try String(contentsOf: file, encoding: .utf8) == "{not json")
  }

  @Test func aBadValueIsIgnoredWithOneWarning() throws {
    let config = try directory()
    defer { try? FileManager.default.removeItem(at: config) }
    let (fromEnvironment, warning) = LanguageSetting.resolve(
      option: nil, environment: ["POKEDEX_LANG": "klingon"], configDirectory: config)
    #expect(fromEnvironment == nil && warning?.contains("POKEDEX_LANG") == true)
    try Data(#"{"language": 7}"#.utf8).write(to: config.appending(path: "config.json"))
    let (fromFile, fileWarning) = LanguageSetting.resolve(
      option: nil, environment: [:], configDirectory: config)
    #expect(fromFile == nil && fileWarning?.contains("\"language\"") == true)
  }
}
