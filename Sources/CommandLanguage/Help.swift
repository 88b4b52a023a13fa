import Models
import Terminal

/// The `help` listing: the commands in their groups (``CommandGroup``), laid out for a width in
/// two columns where they fit (a 100-column terminal: the whole listing in 28 lines), else in
/// one, with the arguments. Plain text, without escape codes.
public struct CommandHelp: Sendable, Equatable {
  /// One command's row.
  public struct Row: Sendable, Equatable {
    /// The whole usage with aliases (`page N`, `evolution (evo) [--images]`).
    public var usage: String
    /// The name with aliases and the words typed as they are (`page`, `download image`).
    public var name: String
    public var summary: String
  }

  /// A group's heading and rows.
  public struct Section: Sendable, Equatable {
    public var title: String
    public var rows: [Row]
  }

  public var sections: [Section]

  /// The line under the listing.
  static let footer =
    "\"help COMMAND\" says more on one, \"help keys\" lists the keys, \"man pokedex\" is the manual."

  /// The listing for a terminal `width` columns wide.
  public func text(width: Int) -> String {
    let columns = twoColumns(width: width) ?? oneColumn(width: width)
    return (columns + [""] + TextTools.wrap(Self.footer, width: max(20, width))).joined(
      separator: "\n")
  }

  /// The sections one under the other, a blank line between them, each row with its whole usage
  /// (its name only when the usages do not fit `width`).
  private func oneColumn(width: Int) -> [String] {
    let rows = sections.flatMap(\.rows)
    let usageWidth = rows.map { DisplayWidth.of($0.usage) }.max() ?? 0
    let summaryWidth = rows.map { DisplayWidth.of($0.summary) }.max() ?? 0
    let whole = 2 + usageWidth + 2 + summaryWidth <= width
    let labelWidth = whole ? usageWidth : rows.map { DisplayWidth.of($0.name) }.max() ?? 0
    var lines: [String] = []
    for section in sections {
      if !lines.isEmpty { lines.append("") }
      lines.append(section.title)
      for row in section.rows {
        lines.append(Self.line(whole ? row.usage : row.name, row.summary, labelWidth: labelWidth))
      }
    }
    return lines
  }

  /// The sections in two columns side by side, split where the taller is shortest, each row
  /// with its name; `nil` when two columns do not fit `width`.
  private func twoColumns(width: Int) -> [String]? {
    let rows = sections.flatMap(\.rows)
    let labelWidth = rows.map { DisplayWidth.of($0.name) }.max() ?? 0
    let columnWidth = 2 + labelWidth + 2 + (rows.map { DisplayWidth.of($0.summary) }.max() ?? 0)
    guard sections.count > 1, 2 * columnWidth + 2 <= width else { return nil }
    func lines(_ part: ArraySlice<Section>) -> [String] {
      part.flatMap { section in
        [section.title]
          + section.rows.map { Self.line($0.name, $0.summary, labelWidth: labelWidth) }
      }
    }
    // A section is its title and its rows; the split leaves the taller column shortest.
    let heights = sections.map { 1 + $0.rows.count }
    func taller(splitAt index: Int) -> Int {
      max(heights[..<index].reduce(0, +), heights[index...].reduce(0, +))
    }
    let split = (1..<sections.count).min { taller(splitAt: $0) < taller(splitAt: $1) }!
    let (left, right) = (lines(sections[..<split]), lines(sections[split...]))
    return (0..<max(left.count, right.count)).map { index in
      let first = index < left.count ? left[index] : ""
      guard index < right.count else { return first }
      return DisplayWidth.padded(first, to: columnWidth + 2) + right[index]
    }
  }

  private static func line(_ label: String, _ summary: String, labelWidth: Int) -> String {
    "  " + DisplayWidth.padded(label, to: labelWidth) + "  " + summary
  }
}

extension CommandParser {
  /// The `help` listing of the enabled commands, by group, in the table's order within each.
  public func commandHelp(isEnabled: (Feature) -> Bool = { _ in true }) -> CommandHelp {
    let specs = table.all.filter { $0.isOn(isEnabled) }
    return CommandHelp(
      sections: CommandGroup.allCases.compactMap { group in
        let rows = specs.filter { $0.group == group }.map {
          CommandHelp.Row(usage: $0.helpUsage, name: $0.helpName, summary: $0.summary)
        }
        return rows.isEmpty ? nil : CommandHelp.Section(title: group.title, rows: rows)
      })
  }

  /// The `help` text for a terminal `width` columns wide (``CommandHelp``).
  public func helpText(isEnabled: (Feature) -> Bool = { _ in true }, width: Int = 80) -> String {
    commandHelp(isEnabled: isEnabled).text(width: width)
  }

  /// The topic of `help keys`, which is not a command.
  public static let keysTopic = "keys"
  /// The topic of `help present`: a show is started from the shell, not at the prompt.
  public static let presentTopic = "present"
  /// The topics `help` takes besides commands.
  public static let topics = [keysTopic, presentTopic]

  /// The `help present` text: how a rehearsed demo is prepared and played, and what it keeps
  /// apart from the presenter's own settings.
  public static func presentText() -> String {
    let paragraphs = [
      "Usage (from the shell): pokedex present FILE, and once before, online: pokedex present "
        + "--prepare FILE",
      "A demo file holds commands, one a line; the # lines right above a command are its "
        + "speaker notes. --prepare runs it once against the network and keeps every answer and "
        + "picture it uses (pinned in the cache); the show checks they are all still there "
        + "before its first step, and refuses in one line when something is missing and the "
        + "server cannot be reached.",
      "On an empty line, Enter, Space, Right or Page Down types the next step in and runs it; "
        + "the prompt shows step k/N and the next step's note above it. Type your own commands "
        + "at any point; Esc on an empty line leaves the demo.",
      "A show runs in a session of its own: it starts from your language, game and shiny "
        + "choice, and what its steps change (lang, game, shiny, pager, the team) lasts for the "
        + "show only, never written to config.json or team.json; its steps stay out of your "
        + "history (what you type yourself does not).",
    ]
    return paragraphs.map { TextTools.wrap($0, width: 78).joined(separator: "\n") }
      .joined(separator: "\n\n")
  }

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
    if command.lowercased() == Self.presentTopic { return Self.presentText() }
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
