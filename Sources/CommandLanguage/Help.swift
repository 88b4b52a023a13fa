import Models
import Terminal

extension CommandParser {
  /// The `help` text: one aligned row per enabled command (usage with aliases, then a summary),
  /// plain text without escape codes.
  public func helpText(isEnabled: (Feature) -> Bool = { _ in true }) -> String {
    let specs = table.all.filter { $0.isOn(isEnabled) }
    let width = specs.map(\.helpUsage.count).max() ?? 0
    var lines = ["Commands:"]
    for spec in specs {
      let padding = String(repeating: " ", count: width - spec.helpUsage.count)
      lines.append("  \(spec.helpUsage)\(padding)  \(spec.summary)")
    }
    lines.append("")
    lines.append("Type \"help COMMAND\" for more on one command, e.g. \"help open\".")
    lines.append(
      "Type \"help keys\" for the keys of the line editor; \"man pokedex\" is the manual.")
    return lines.joined(separator: "\n")
  }

  /// The topic of `help keys`, which is not a command.
  public static let keysTopic = "keys"

  /// The `help keys` text: one aligned row per key of the line editor.
  public static func keysText() -> String {
    let width = EditingKeys.all.map(\.keys.count).max() ?? 0
    var lines = ["Keys:"]
    for row in EditingKeys.all {
      let padding = String(repeating: " ", count: width - row.keys.count)
      lines.append("  \(row.keys)\(padding)  \(row.does)")
    }
    return lines.joined(separator: "\n")
  }

  /// The `help COMMAND` text for a command name or alias, in any case; `nil` when there is no
  /// such command or its feature is off (`parse("help …")` already answers those with a line).
  public func helpText(
    for command: String, isEnabled: (Feature) -> Bool = { _ in true }
  ) -> String? {
    if command.lowercased() == Self.keysTopic { return Self.keysText() }
    guard let spec = table.command(named: command), spec.isOn(isEnabled) else {
      return nil
    }
    var lines = ["Usage: \(spec.usage)"]
    if !spec.aliases.isEmpty {
      let label = spec.aliases.count == 1 ? "Alias" : "Aliases"
      lines.append("\(label): \(spec.aliases.joined(separator: ", "))")
    }
    lines.append("")
    lines.append(contentsOf: TextTools.wrap(spec.details, width: 78))
    if !spec.examples.isEmpty {
      lines.append("")
      lines.append("Examples:")
      lines.append(contentsOf: spec.examples.map { "  \($0)" })
    }
    if let feature = spec.feature {
      lines.append("")
      lines.append("Feature flag: \(feature) (see \"flags\").")
    }
    return lines.joined(separator: "\n")
  }
}
