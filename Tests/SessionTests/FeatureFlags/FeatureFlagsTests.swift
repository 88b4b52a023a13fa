import CommandLanguage
import Foundation
import Testing

/// A fresh directory holding `config.json` with `contents` (no file when `nil`).
private func configDirectory(with contents: String?) throws -> URL {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("FeatureFlagsTests-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  if let contents {
    try Data(contents.utf8).write(to: directory.appendingPathComponent("config.json"))
  }
  return directory
}

private func configPath(in directory: URL) -> String {
  directory.appendingPathComponent("config.json").path
}

@Suite("Feature flags")
struct FeatureFlagsTests {
  @Test func everyFeatureIsOnByDefault() throws {
    let directory = try configDirectory(with: nil)
    defer { try? FileManager.default.removeItem(at: directory) }
    let (flags, warnings) = FeatureFlags.load(
      configDirectory: directory, environment: [:], commandLine: [])
    #expect(warnings.isEmpty)
    #expect(
      flags.entries.map(\.name) == [
        "evolution", "images", "analytics", "search", "random", "sync", "abilities", "moves",
        "types", "items", "natures", "where", "compare",
      ])
    #expect(flags.entries.allSatisfy { $0.enabled && $0.source == .defaultValue })
    #expect(flags.isEnabled(.evolution))
    #expect(flags.isEnabled(.sync))
  }

  @Test func laterSourcesWin() throws {
    // evolution: file off < env on < CLI off; images: file off < env on;
    // search: file off only; random: CLI off only; sync: default.
    let directory = try configDirectory(
      with: #"{"features": {"evolution": false, "images": "off", "search": false}}"#)
    defer { try? FileManager.default.removeItem(at: directory) }
    let (flags, warnings) = FeatureFlags.load(
      configDirectory: directory,
      environment: ["POKEDEX_FEATURES": "evolution=on, images=ON"],
      commandLine: ["-c", "open eevee", "--feature", "evolution=off", "--feature=random=off"])
    #expect(warnings.isEmpty)
    let byName = Dictionary(uniqueKeysWithValues: flags.entries.map { ($0.name, $0) })
    let path = configPath(in: directory)

    #expect(byName["evolution"]?.enabled == false)
    #expect(byName["evolution"]?.source == .commandLine)
    #expect(byName["images"]?.enabled == true)
    #expect(byName["images"]?.source == .environment)
    #expect(byName["search"]?.enabled == false)
    #expect(byName["search"]?.source == .file(path: path))
    #expect(byName["random"]?.enabled == false)
    #expect(byName["random"]?.source == .commandLine)
    #expect(byName["sync"]?.enabled == true)
    #expect(byName["sync"]?.source == .defaultValue)
    #expect(byName["analytics"]?.source == .defaultValue)

    #expect(!flags.isEnabled(.evolution))
    #expect(!flags.isEnabled(.search))
    #expect(flags.isEnabled(.images))
  }

  @Test func environmentBeatsFileAndCommandLineBeatsEnvironment() throws {
    let directory = try configDirectory(with: #"{"features": {"sync": "off"}}"#)
    defer { try? FileManager.default.removeItem(at: directory) }
    let fileOnly = FeatureFlags.load(
      configDirectory: directory, environment: [:], commandLine: []
    ).0
    #expect(!fileOnly.isEnabled(.sync))

    let withEnvironment = FeatureFlags.load(
      configDirectory: directory, environment: ["POKEDEX_FEATURES": "sync=yes"], commandLine: []
    ).0
    #expect(withEnvironment.isEnabled(.sync))

    let withCommandLine = FeatureFlags.load(
      configDirectory: directory, environment: ["POKEDEX_FEATURES": "sync=yes"],
      featureOptions: ["sync=0"]
    ).0
    #expect(!withCommandLine.isEnabled(.sync))
    #expect(withCommandLine.entries.first { $0.feature == .sync }?.source == .commandLine)
  }

  @Test func theLastSettingInOneSourceWins() {
    let (flags, warnings) = FeatureFlags.load(
      configDirectory: nil, environment: [:],
      commandLine: [
        "--feature", "images=off", "--feature", "images=on", "--", "--feature",
        "images=off",
      ])
    #expect(warnings.isEmpty)
    #expect(flags.isEnabled(.images))
  }

  @Test func unknownNamesAndBadValuesAreWarnedAndSkipped() throws {
    let directory = try configDirectory(
      with: #"{"features": {"evolutoin": false, "images": 3, "sync": "maybe", "random": false}}"#)
    defer { try? FileManager.default.removeItem(at: directory) }
    let (flags, warnings) = FeatureFlags.load(
      configDirectory: directory,
      environment: ["POKEDEX_FEATURES": "teleport=on,search=sometimes,analytics"],
      commandLine: ["--feature", "evolution", "--feature", "serch=off", "--feature"])

    #expect(warnings.count == 9)
    #expect(
      warnings.contains {
        $0.contains("\"evolutoin\"") && $0.contains("did you mean \"evolution\"")
      })
    #expect(warnings.contains { $0.contains("images") && $0.contains("3 is not on or off") })
    #expect(warnings.contains { $0.contains("sync") && $0.contains("\"maybe\"") })
    #expect(warnings.contains { $0.contains("\"teleport\"") && $0.contains("POKEDEX_FEATURES") })
    #expect(warnings.contains { $0.contains("search") && $0.contains("\"sometimes\"") })
    #expect(warnings.contains { $0.contains("\"analytics\"") && $0.contains("NAME=on|off") })
    #expect(warnings.contains { $0.contains("\"evolution\"") && $0.contains("command line") })
    #expect(
      warnings.contains { $0.contains("\"serch\"") && $0.contains("did you mean \"search\"") })
    #expect(warnings.contains { $0 == "--feature needs NAME=on|off" })

    // The valid setting in the same file still applies; the bad ones leave defaults.
    #expect(!flags.isEnabled(.random))
    for feature in [Feature.evolution, .images, .sync, .search, .analytics] {
      #expect(flags.isEnabled(feature))
      #expect(flags.entries.first { $0.feature == feature }?.source == .defaultValue)
    }
  }

  @Test func warningsDoNotEchoControlCharacters() {
    let (_, warnings) = FeatureFlags.load(
      configDirectory: nil, environment: ["POKEDEX_FEATURES": "\u{1B}[31mred=on"], commandLine: [])
    #expect(warnings.count == 1)
    #expect(!warnings[0].contains("\u{1B}"))
    #expect(warnings[0].contains("?[31mred"))
  }

  @Test(
    "A malformed config file gives one warning and the defaults",
    arguments: ["{\"features\": {\"evolution\": false", "", "[1, 2]", #"{"features": ["sync"]}"#])
  func malformedFile(contents: String) throws {
    let directory = try configDirectory(with: contents)
    defer { try? FileManager.default.removeItem(at: directory) }
    let (flags, warnings) = FeatureFlags.load(
      configDirectory: directory, environment: ["POKEDEX_FEATURES": "images=off"], commandLine: [])
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("malformed config file \(configPath(in: directory))") == true)
    #expect(flags.isEnabled(.evolution))
    #expect(flags.entries.first { $0.feature == .evolution }?.source == .defaultValue)
    // Other sources still apply.
    #expect(!flags.isEnabled(.images))
  }

  @Test func otherConfigSettingsAndMissingFeaturesAreFine() throws {
    let directory = try configDirectory(with: #"{"page-size": 30, "color": "never"}"#)
    defer { try? FileManager.default.removeItem(at: directory) }
    let (flags, warnings) = FeatureFlags.load(
      configDirectory: directory, environment: [:], commandLine: [])
    #expect(warnings.isEmpty)
    #expect(flags.entries.allSatisfy { $0.enabled })
  }

  @Test func anUnreadableConfigFileIsWarnedAbout() throws {
    let directory = try configDirectory(with: nil)
    defer { try? FileManager.default.removeItem(at: directory) }
    // A directory where the file should be cannot be read, even by root.
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("config.json"), withIntermediateDirectories: false)
    let (flags, warnings) = FeatureFlags.load(
      configDirectory: directory, environment: [:], commandLine: [])
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains(configPath(in: directory)) == true)
    #expect(flags.entries.allSatisfy { $0.enabled })
  }

  @Test func sourcesDescribeThemselves() {
    #expect(FeatureFlags.Source.defaultValue.description == "default")
    #expect(FeatureFlags.Source.file(path: "/x/config.json").description == "/x/config.json")
    #expect(FeatureFlags.Source.environment.description == "environment (POKEDEX_FEATURES)")
    #expect(FeatureFlags.Source.commandLine.description == "command line")
  }
}

@Suite("A wrong --feature value")
struct FeatureOptionProblemTests {
  @Test func eachProblemIsOneLine() {
    #expect(FeatureFlags.problem(inSetting: "evolution=off") == nil)
    #expect(FeatureFlags.problem(inSetting: "EVOLUTION=On") == nil)
    #expect(
      FeatureFlags.problem(inSetting: "evolution=maybe")
        == "--feature evolution takes on or off (not \"maybe\")")
    #expect(
      FeatureFlags.problem(inSetting: "evolution")
        == "--feature takes NAME=on|off (not \"evolution\")")
    #expect(
      FeatureFlags.problem(inSetting: "evolutoin=off")?.hasPrefix(
        "Unknown feature \"evolutoin\" in --feature (did you mean \"evolution\"?)") == true)
  }
}
