import Foundation
import Models

/// The on/off state of every ``Feature``, merged from defaults, a configuration file, the
/// environment and the command line, with the source that decided each flag.
///
/// Sources, later ones winning: defaults (every feature on) < configuration file
/// (`config.json` in the configuration directory, normally `$XDG_CONFIG_HOME/pokedex/`)
/// < environment (`POKEDEX_FEATURES`) < command line (`--feature NAME=VALUE`, repeatable).
///
/// - Configuration file: a JSON object whose `features` member maps flag names to values,
///   e.g. `{"features": {"evolution": false, "images": "off"}}`. Other top-level members are
///   left for other settings. A missing file is not an error.
/// - Environment: `POKEDEX_FEATURES=evolution=off,images=on` (comma-separated `NAME=VALUE`).
/// - Command line: `--feature evolution=off` or `--feature=evolution=off`, repeatable; scanning
///   stops at `--`.
/// - Values: JSON `true`/`false`, or (any case) `on`/`off`, `true`/`false`, `yes`/`no`, `1`/`0`.
///   Names are matched without regard to case.
///
/// Problems never stop the program: an unknown flag name, a bad value or a `--feature` without
/// `NAME=VALUE` each give one warning line and are skipped; an unreadable or malformed
/// configuration file gives one warning and is ignored as a whole (the other sources still apply).
///
/// Why a hand-written reader rather than apple/swift-configuration 1.4.0: the library was checked
/// and measured. It adds about 15 s to a clean debug build on 2 cores (it brings swift-system and
/// swift-collections' DequeModule, and resolving it also clones swift-service-lifecycle,
/// swift-metrics, Yams and swift-async-algorithms), and it fits this job poorly: its providers
/// read one key per environment variable (`FEATURES_EVOLUTION`) and `--features-evolution` on the
/// command line rather than the list syntax pokedex documents, its booleans do not accept
/// `on`/`off`, and a provider cannot list its keys, so unknown flag names in the file could not be
/// warned about. Left with only JSON parsing to do, Foundation's `JSONDecoder` does that job and
/// the merging is a few dozen lines that the tests cover.
public struct FeatureFlags: Sendable, Equatable {
  /// Where a flag's value came from.
  public enum Source: Sendable, Equatable, CustomStringConvertible {
    /// Nobody set it: the built-in default (on).
    case defaultValue
    /// The configuration file at this path.
    case file(path: String)
    /// The `POKEDEX_FEATURES` environment variable.
    case environment
    /// A `--feature` option on the command line.
    case commandLine

    /// `default`, the file's path, `environment (POKEDEX_FEATURES)` or `command line`.
    public var description: String {
      switch self {
      case .defaultValue: "default"
      case .file(let path): path
      case .environment: "environment (\(FeatureFlags.environmentVariable))"
      case .commandLine: "command line"
      }
    }
  }

  /// One flag as the `flags` command shows it.
  public struct Entry: Sendable, Equatable {
    /// The flag's name, e.g. `evolution`.
    public var name: String { feature.rawValue }
    /// The feature this entry is about.
    public let feature: Feature
    /// Whether the feature is on.
    public let enabled: Bool
    /// The source whose value won.
    public let source: Source
  }

  /// The environment variable read for flags.
  public static let environmentVariable = "POKEDEX_FEATURES"
  /// The command-line option read for flags.
  public static let commandLineOption = "--feature"
  /// The configuration file's name inside the configuration directory.
  public static let configFileName = "config.json"

  private var states: [Feature: Entry]
  /// Every feature there is, in the order `flags` lists them.
  public let known: [Feature]

  /// Every feature of `known` on, from the defaults: the built-in ones and those the page kinds
  /// name (``CommandTable/features``).
  public init(known: [Feature] = Feature.builtIn) {
    self.known = known
    states = [:]
    for feature in known {
      states[feature] = Entry(feature: feature, enabled: true, source: .defaultValue)
    }
  }

  /// Every flag in order with its state and winning source.
  public var entries: [Entry] {
    known.compactMap { states[$0] }
  }

  /// Whether `feature` is on.
  public func isEnabled(_ feature: Feature) -> Bool {
    states[feature]?.enabled ?? true
  }

  /// Sets `feature` from `source`, replacing any earlier value.
  public mutating func set(_ feature: Feature, enabled: Bool, source: Source) {
    states[feature] = Entry(feature: feature, enabled: enabled, source: source)
  }

  /// Loads the flags from the three sources (later ones win) and returns them with one warning
  /// line (no `warning:` prefix) per problem found.
  ///
  /// - Parameters:
  ///   - configDirectory: the directory holding `config.json`; `nil` skips the file.
  ///   - environment: the process environment; only `POKEDEX_FEATURES` is read.
  ///   - commandLine: command-line arguments; only `--feature NAME=VALUE` and
  ///     `--feature=NAME=VALUE` are read, every other argument is ignored.
  public static func load(
    configDirectory: URL?, environment: [String: String], commandLine: [String],
    known: [Feature] = Feature.builtIn
  ) -> (FeatureFlags, warnings: [String]) {
    var flags = FeatureFlags(known: known)
    var warnings: [String] = []

    if let configDirectory {
      let file = configDirectory.appendingPathComponent(configFileName)
      for (name, value) in readConfigFile(file, warnings: &warnings) {
        flags.apply(
          name: name, value: value, source: .file(path: file.path),
          place: "in \(file.path)", warnings: &warnings)
      }
    }

    if let list = environment[environmentVariable] {
      for item in list.split(separator: ",") {
        let item = item.trimmingCharacters(in: .whitespaces)
        guard !item.isEmpty else { continue }
        flags.apply(
          setting: item, source: .environment, place: "in \(environmentVariable)",
          warnings: &warnings)
      }
    }

    for setting in featureOptionValues(in: commandLine, warnings: &warnings) {
      flags.apply(
        setting: setting, source: .commandLine, place: "on the command line",
        warnings: &warnings)
    }
    return (flags, warnings)
  }

  /// Loads the flags like ``load(configDirectory:environment:commandLine:)`` when the command line
  /// was already parsed (e.g. by ArgumentParser): `featureOptions` are the values given to
  /// `--feature`, in order, such as `["evolution=off", "images=on"]`.
  public static func load(
    configDirectory: URL?, environment: [String: String], featureOptions: [String],
    known: [Feature] = Feature.builtIn
  ) -> (FeatureFlags, warnings: [String]) {
    load(
      configDirectory: configDirectory, environment: environment,
      commandLine: featureOptions.flatMap { [commandLineOption, $0] }, known: known)
  }

  /// The values of every `--feature VALUE` and `--feature=VALUE` before a `--`.
  private static func featureOptionValues(
    in arguments: [String], warnings: inout [String]
  ) -> [String] {
    var values: [String] = []
    var index = arguments.startIndex
    while index < arguments.endIndex {
      let argument = arguments[index]
      index += 1
      if argument == "--" { break }
      if argument == commandLineOption {
        guard index < arguments.endIndex else {
          warnings.append("\(commandLineOption) needs NAME=on|off")
          break
        }
        values.append(arguments[index])
        index += 1
      } else if argument.hasPrefix(commandLineOption + "=") {
        values.append(String(argument.dropFirst(commandLineOption.count + 1)))
      }
    }
    return values
  }

  /// Applies one `NAME=VALUE` text from the environment or the command line.
  /// What is wrong with one `--feature NAME=on|off` value, in one line; `nil` when it is right.
  /// The command line refuses such a value (exit status 2) where the file and the environment
  /// only warn.
  public static func problem(
    inSetting setting: String, known: [Feature] = Feature.builtIn
  ) -> String? {
    guard let equals = setting.firstIndex(of: "=") else {
      return "--feature takes NAME=on|off (not \"\(setting.printable)\")"
    }
    let name = setting[..<equals].trimmingCharacters(in: .whitespaces)
    let value = setting[setting.index(after: equals)...].trimmingCharacters(in: .whitespaces)
    guard let feature = known.first(where: { $0.rawValue == name.lowercased() }) else {
      var line = "Unknown feature \"\(name.printable)\" in --feature"
      if let suggestion = nearestFeature(to: name, among: known) {
        line += " (did you mean \"\(suggestion.rawValue)\"?)"
      }
      return line + "; known features: " + known.map(\.rawValue).joined(separator: ", ")
    }
    guard ConfigValue.text(value).switchValue != nil else {
      return "--feature \(feature.rawValue) takes on or off (not \"\(value.printable)\")"
    }
    return nil
  }

  private mutating func apply(
    setting: String, source: Source, place: String, warnings: inout [String]
  ) {
    guard let equals = setting.firstIndex(of: "=") else {
      warnings.append(
        "ignoring feature setting \"\(setting.printable)\" \(place): expected NAME=on|off")
      return
    }
    let name = setting[..<equals].trimmingCharacters(in: .whitespaces)
    let value = setting[setting.index(after: equals)...].trimmingCharacters(in: .whitespaces)
    apply(name: name, value: .text(value), source: source, place: place, warnings: &warnings)
  }

  /// Applies one named value, warning about an unknown name or a value that is no switch.
  private mutating func apply(
    name: String, value: ConfigValue, source: Source, place: String, warnings: inout [String]
  ) {
    guard let feature = known.first(where: { $0.rawValue == name.lowercased() }) else {
      var line = "unknown feature \"\(name.printable)\" \(place)"
      if let suggestion = Self.nearestFeature(to: name, among: known) {
        line += " (did you mean \"\(suggestion.rawValue)\"?)"
      }
      line += "; known features: " + known.map(\.rawValue).joined(separator: ", ")
      warnings.append(line)
      return
    }
    guard let enabled = value.switchValue else {
      warnings.append(
        "ignoring feature \(feature.rawValue) \(place): \(value) is not on or off")
      return
    }
    set(feature, enabled: enabled, source: source)
  }

  /// The `features` member of the configuration file, sorted by name so that warnings come in a
  /// stable order; empty when the file is missing or unusable.
  private static func readConfigFile(
    _ file: URL, warnings: inout [String]
  ) -> [(String, ConfigValue)] {
    let data: Data
    do {
      data = try Data(contentsOf: file)
    } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
      return []
    } catch {
      if !FileManager.default.fileExists(atPath: file.path) { return [] }
      warnings.append("cannot read config file \(file.path); using default feature flags")
      return []
    }
    do {
      let decoded = try JSONDecoder().decode(ConfigFile.self, from: data)
      return (decoded.features ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    } catch {
      let reason: String
      switch error {
      case DecodingError.typeMismatch(_, let context) where !context.codingPath.isEmpty:
        reason = "\"features\" must be an object of NAME: on|off"
      default:
        reason = "not a valid JSON object"
      }
      warnings.append(
        "ignoring malformed config file \(file.path) (\(reason)); using default feature flags")
      return []
    }
  }

  /// The known feature closest to a misspelt name, if it is close enough to be a likely typo.
  static func nearestFeature(to name: String, among known: [Feature]) -> Feature? {
    let name = name.lowercased()
    let scored = known.map { ($0, TextTools.editDistance(name, $0.rawValue)) }
    guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 2, best.1 < name.count
    else { return nil }
    return best.0
  }
}

/// The part of `config.json` this module reads; other members are ignored.
private struct ConfigFile: Decodable {
  let features: [String: ConfigValue]?
}

/// A flag value as written in a source, before it is checked.
private enum ConfigValue: Decodable, CustomStringConvertible {
  case boolean(Bool)
  case text(String)
  case other(String)

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let value = try? container.decode(Bool.self) {
      self = .boolean(value)
    } else if let value = try? container.decode(String.self) {
      self = .text(value)
    } else if let value = try? container.decode(Double.self) {
      self = .other(Int(exactly: value).map(String.init) ?? String(value))
    } else if container.decodeNil() {
      self = .other("null")
    } else {
      self = .other("a list or an object")
    }
  }

  /// The on/off state this value names, if it names one.
  var switchValue: Bool? {
    switch self {
    case .boolean(let value): value
    case .text(let text):
      switch text.lowercased() {
      case "on", "true", "yes", "1": true
      case "off", "false", "no", "0": false
      default: nil
      }
    case .other: nil
    }
  }

  var description: String {
    switch self {
    case .boolean(let value): "\(value)"
    case .text(let text): "\"\(text.printable)\""
    case .other(let text): text
    }
  }
}

extension String {
  /// The text with control characters (escape sequences included) shown as `?`, so that a
  /// warning echoing user input cannot drive the terminal.
  fileprivate var printable: String {
    String(
      String.UnicodeScalarView(
        unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : $0 }))
  }
}
