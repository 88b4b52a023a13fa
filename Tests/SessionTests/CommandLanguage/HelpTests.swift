import CommandLanguage
import Pages
import Terminal
import Testing

@testable import Session

@Suite("help")
struct HelpTests {
  private let allOn: (Feature) -> Bool = { _ in true }

  @Test func listsEveryCommandWithItsUsageAndAliases() {
    let help = CommandParser.pokedex.helpText(isEnabled: allOn)
    for usage in [
      "list (ls)", "next", "prev (previous)", "page N", "first", "last",
      "filter [GENDER|type|gen|dex|all]", "open ID|NAME", "info", "evolution (evo)",
      "download image", "image", "back", "search TEXT", "random [N]", "history",
      "cache [clear]", "sync [RANGE] [--images] [--species-only]", "find [moves] TERMS…", "flags",
      "help [COMMAND]",
      "quit (exit)",
    ] {
      #expect(help.contains("\n  \(usage) "), "help lacks \(usage)")
    }
  }

  @Test func summariesStartInOneColumnAndFitEightyColumns() {
    let rows = CommandParser.pokedex.helpText(isEnabled: allOn).split(separator: "\n")
      .filter { $0.hasPrefix("  ") }
    #expect(rows.count == SessionCommands.table.all.count)
    let summaryColumns = Set(
      rows.map { row -> Int in
        let summary = SessionCommands.table.all.first { row.hasSuffix($0.summary) }!.summary
        return row.count - summary.count
      })
    #expect(summaryColumns.count == 1)
    #expect(rows.allSatisfy { $0.count <= 80 })
  }

  /// A 100-column terminal has two columns of groups: 28 lines with the footer, so that `help`
  /// fits 100×30 with its typed line and the next prompt.
  @Test func atAHundredColumnsTheGroupsStandInTwoColumns() {
    let help = CommandParser.pokedex.helpText(isEnabled: allOn, width: 100)
    let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count <= 28, "\(help)")
    #expect(lines.allSatisfy { $0.count <= 100 })
    #expect(lines[0].hasPrefix("The list") && lines[0].hasSuffix("The Pokédex"))
    for spec in SessionCommands.table.all {
      #expect(help.contains("  \(spec.helpName)  "), "help lacks \(spec.helpName)")
      #expect(help.contains(spec.summary))
    }
    #expect(help.contains("  download image  "))
    #expect(help.hasSuffix("\"man pokedex\" is the manual."))
    // Narrower, one column with the arguments, each group under its heading.
    let narrow = CommandParser.pokedex.helpText(isEnabled: allOn, width: 99)
    #expect(narrow.contains("\nThe open species\n  open ID|NAME "))
    #expect(narrow.split(separator: "\n").allSatisfy { $0.count <= 99 })
  }

  @Test func hidesCommandsWhoseFeatureIsOff() {
    let help = CommandParser.pokedex.helpText { $0 != .evolution && $0 != .images }
    #expect(!help.contains("evolution"))
    #expect(!help.contains("download image"))
    #expect(!help.contains("\n  image "))
    #expect(help.contains("\n  search TEXT "))
    #expect(help.contains("\n  open ID|NAME "))
  }

  @Test func helpKeysListsTheEditorsKeysAndHelpPointsToIt() throws {
    #expect(SessionCommands.all.parse("help keys") == .command(HelpCommand(topic: "keys")))
    #expect(SessionCommands.all.parse("help KEYS") == .command(HelpCommand(topic: "keys")))
    let keys = try #require(CommandParser.pokedex.helpText(for: "keys"))
    for row in ["  Tab ", "  Ctrl-R ", "  Up, Down ", "  Ctrl-Z ", "  Ctrl-C "] {
      #expect(keys.contains(row), "help keys lacks \(row)")
    }
    #expect(keys.split(separator: "\n").allSatisfy { $0.count <= 80 })
    #expect(CommandParser.pokedex.helpText(isEnabled: allOn).contains("\"help keys\""))
    #expect(
      CommandParser.pokedex.completions(for: "help k")
        == .items([CompletionItem("keys")]))
  }

  /// `help present`: how a show is prepared and played, and what it keeps apart from the
  /// presenter's settings (a show is started from the shell, so it is a topic, not a command).
  @Test func helpPresentSaysWhatAShowKeepsApart() throws {
    #expect(SessionCommands.all.parse("help present") == .command(HelpCommand(topic: "present")))
    let text = try #require(CommandParser.pokedex.helpText(for: "present"))
    #expect(text.hasPrefix("Usage (from the shell): pokedex present FILE"))
    for words in ["--prepare", "session of its own", "never written to config.json", "history"] {
      #expect(text.replacingOccurrences(of: "\n", with: " ").contains(words), "\(words)")
    }
    #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 })
    #expect(
      CommandParser.pokedex.completions(for: "help pres") == .items([CompletionItem("present")]))
  }

  @Test func isPlainText() {
    let help = CommandParser.pokedex.helpText(isEnabled: allOn)
    #expect(!help.unicodeScalars.contains { $0 == "\u{1B}" })
  }

  @Test func helpForACommandByNameOrAlias() throws {
    let byName = try #require(CommandParser.pokedex.helpText(for: "evolution", isEnabled: allOn))
    let byAlias = CommandParser.pokedex.helpText(for: "EVO", isEnabled: allOn)
    #expect(byName == byAlias)
    #expect(byName.hasPrefix("Usage: evolution [--images]\nAlias: evo\n"))
    #expect(byName.contains("Examples:\n  open eevee\n  evolution\n  evo"))
    #expect(byName.contains("Feature flag: evolution"))
  }

  @Test func helpForACommandExplainsItsArguments() throws {
    let open = try #require(CommandParser.pokedex.helpText(for: "open", isEnabled: allOn))
    #expect(open.hasPrefix("Usage: open ID|NAME\n"))
    #expect(open.contains("  open mr-mime"))
    #expect(open.split(separator: "\n").allSatisfy { $0.count <= 80 })
  }

  @Test func helpForAnUnknownOrDisabledCommandIsNil() {
    #expect(CommandParser.pokedex.helpText(for: "bogus", isEnabled: allOn) == nil)
    #expect(CommandParser.pokedex.helpText(for: "evo") { $0 != .evolution } == nil)
  }
}
