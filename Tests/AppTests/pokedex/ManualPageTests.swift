import CommandLanguage
import Foundation
import Pages
import Session
import Terminal
import Testing

@testable import pokedex

/// pokedex(1) says what `--help`, `help` and `help keys` say: it is made from the same
/// definitions, and this checks that nothing of theirs is missing from it.
@Suite("The manual page")
struct ManualPageTests {
  let page = ManualPage.render()

  /// The page as words: roff's escapes turned back into characters.
  var text: String {
    var text = page.replacingOccurrences(of: "\\-", with: "-")
      .replacingOccurrences(of: "\\e", with: "\\").replacingOccurrences(of: "\\&", with: "")
    while let range = text.range(of: #"\\\[u[0-9A-F]{4,6}\]"#, options: .regularExpression) {
      let hex = text[range].dropFirst(3).dropLast()
      let scalar = Unicode.Scalar(UInt32(hex, radix: 16)!)!
      text.replaceSubrange(range, with: String(Character(scalar)))
    }
    return text
  }

  @Test func everyOptionOfHelpIsThereWithItsText() throws {
    let help = Options.helpMessage(columns: 1000)
    let arguments = ManualPage.commandLine().arguments.filter { $0.kind != "positional" }
    #expect(arguments.count >= 12)
    for argument in arguments {
      for name in argument.names ?? [] {
        let spelled = name.kind == "short" ? "-\(name.name)" : "--\(name.name)"
        #expect(help.contains(spelled), "\(spelled) is not in --help")
        #expect(text.contains(spelled), "\(spelled) is not in the manual")
      }
      let abstract = try #require(argument.abstract)
      #expect(text.contains(abstract), "the manual words \(argument.synopsis) otherwise")
    }
    #expect(!text.contains("--generate-manual"), "a hidden option stays hidden")
  }

  @Test func everyCommandOfHelpIsThereWithItsUsageAndDetails() {
    let help = CommandParser(table: SessionCommands.table).helpText()
    for spec in SessionCommands.table.all {
      #expect(help.contains(spec.name))
      #expect(text.contains(".TP\n\\fB\(spec.usage)\\fR"), "no entry for \(spec.usage)")
      #expect(text.contains(spec.details.isEmpty ? spec.summary : spec.details))
      for alias in spec.aliases { #expect(text.contains(alias)) }
    }
  }

  @Test func everyKeyOfHelpKeysIsThere() {
    let keys = CommandParser.keysText()
    for row in EditingKeys.all {
      #expect(keys.contains(row.keys))
      #expect(text.contains(".TP\n\\fB\(row.keys)\\fR"), "no entry for \(row.keys)")
    }
  }

  @Test func theFilesAreTheOnesAppPathsUses() {
    let paths = AppPaths(environment: ["HOME": "/HOME"])
    for file in [paths.historyFile, paths.logFile, paths.analyticsFile, paths.spritesDirectory] {
      let shown = file.path.replacingOccurrences(of: "/HOME", with: "~")
      #expect(text.contains(shown), "\(shown) is not in FILES")
    }
    #expect(text.contains("~/.cache/pokedex/responses.sqlite"))
    #expect(text.contains("~/.config/pokedex/config.json"))
  }

  @Test func itIsWellFormedRoff() {
    #expect(page.hasPrefix(".TH POKEDEX 1 "))
    for section in [
      "NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS", "KEYS", "ENVIRONMENT", "FILES",
      "EXIT STATUS", "SEE ALSO",
    ] {
      #expect(page.contains("\n.SH \(section)\n"))
    }
    let lines = page.split(separator: "\n")
    #expect(lines.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) }, "troff reads bytes")
    let textLines = lines.filter { !$0.hasPrefix(".") }
    #expect(textLines.allSatisfy { !$0.hasPrefix("'") })
  }

  @Test func theVersionSaysTheCommitAndTheDayWhenTheBuildSaysThem() {
    #expect(
      Options.versionText(commit: "1a2b3c4", date: "2026-11-25")
        == "pokedex \(Options.version) (commit 1a2b3c4, built 2026-11-25)")
    #expect(
      Options.versionText(commit: "", date: "")
        == "pokedex \(Options.version) (a development build)")
  }
}

@Suite("pokedex doctor and present on the command line")
struct DoctorVerbTests {
  @Test func doctorAndPresentFileAreTheWordsTakenAndAnyOtherIsRefused() throws {
    #expect(try Options.parse(["doctor"]).verb == "doctor")
    #expect(try Options.parse(["--output", "json", "doctor"]).verb == "doctor")
    #expect(throws: (any Error).self) { try Options.parse(["bogus"]) }
    #expect(throws: (any Error).self) { try Options.parse(["doctor", "now"]) }
    #expect(
      ManualPage.render().contains("[\\fIOPTIONS\\fR] [\\fBdoctor | present FILE\\fR]"))
  }

  /// Global options before or after the word.
  @Test func presentTakesOneFileAndPrepareGoesWithIt() throws {
    #expect(try Options.parse(["present", "demo.pdx"]).demoFile == "demo.pdx")
    let prepared = try Options.parse(["--offline", "present", "--prepare", "demo.pdx"])
    #expect(prepared.demoFile == "demo.pdx" && prepared.prepare && prepared.offline)
    #expect(try Options.parse(["present", "demo.pdx", "--offline"]).offline)
    #expect(throws: (any Error).self) { try Options.parse(["present"]) }
    #expect(throws: (any Error).self) { try Options.parse(["present", "a", "b"]) }
    #expect(throws: (any Error).self) { try Options.parse(["--prepare"]) }
  }
}
