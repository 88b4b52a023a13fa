import ArgumentParser
import Cache
import CommandLanguage
import Foundation
import Pages
import Session
import Terminal

/// pokedex(1) in roff (man(7)), made from the definitions `--help`, `help` and `help keys`
/// print: argument-parser's own description of the options, the command table, the line
/// editor's keys and the files of ``AppPaths``. Nothing in it is written twice, so it cannot
/// drift from them. `pokedex --generate-manual` prints it; scripts/install installs it.
enum ManualPage {
  /// One option or flag, as argument-parser describes it (`--experimental-dump-help`).
  struct Argument: Decodable, Equatable {
    struct Name: Decodable, Equatable {
      var kind: String
      var name: String
    }

    var kind: String
    var names: [Name]?
    var valueName: String?
    var abstract: String?
    var defaultValue: String?
    var allValues: [String]?
    var shouldDisplay: Bool

    /// `-c, --command <commands>`, `--offline`.
    var synopsis: String {
      let spelled = (names ?? []).map { $0.kind == "short" ? "-\($0.name)" : "--\($0.name)" }
      let value = kind == "flag" ? "" : " <\(valueName ?? "value")>"
      return spelled.joined(separator: ", ") + value
    }
  }

  private struct ToolInfo: Decodable {
    struct Command: Decodable {
      var abstract: String?
      var discussion: String?
      var arguments: [Argument]?
    }

    var command: Command
  }

  /// The options and flags `--help` shows, in its order, with the command's abstract and
  /// discussion, read from argument-parser's description of ``Options``.
  static func commandLine() -> (abstract: String, discussion: String, arguments: [Argument]) {
    let dump: String
    do {
      _ = try Options.parse(["--experimental-dump-help"])
      dump = ""
    } catch {
      dump = Options.fullMessage(for: error)
    }
    guard let info = try? JSONDecoder().decode(ToolInfo.self, from: Data(dump.utf8)) else {
      return ("", "", [])
    }
    return (
      info.command.abstract ?? "", info.command.discussion ?? "",
      (info.command.arguments ?? []).filter(\.shouldDisplay)
    )
  }

  /// The files pokedex reads and writes, with their default places.
  static func files() -> [(path: String, what: String)] {
    let paths = AppPaths(environment: ["HOME": "/HOME"])
    func shown(_ url: URL) -> String { url.path.replacingOccurrences(of: "/HOME", with: "~") }
    return [
      (shown(paths.historyFile), "the command history, libedit's format, 1000 lines"),
      (
        shown(paths.config.appending(path: FeatureFlags.configFileName)),
        "optional configuration: {\"features\": {\"evolution\": false}}; lang, game and shiny"
          + " keep their choices there"
      ),
      (
        shown(paths.cache.appending(path: SQLiteCacheStore.fileName)),
        "the response cache (SQLite), at most 256 MB"
      ),
      (
        shown(paths.spritesDirectory) + "/",
        "downloaded images, {id}.png; shiny/, female/ and shiny/female/ the other pictures"
      ),
      (shown(paths.data.appending(path: TeamFile.name)), "your team, which team changes"),
      (shown(paths.logFile), "the log, rotated at 5 MB"),
      (shown(paths.analyticsFile), "one line per species opened (feature analytics)"),
      ("~/.editrc", "libedit's key bindings; pokedex:bind lines apply to pokedex only"),
    ]
  }

  /// The environment variables pokedex reads.
  static let environment: [(name: String, what: String)] = [
    ("POKEDEX_API_URL", "the PokéAPI base URL, as --api-url"),
    ("POKEDEX_SPRITES_URL", "the base URL of images, as --sprites-url"),
    ("POKEDEX_LOG_LEVEL", "the log's level, as --log-level"),
    (
      LanguageSetting.environmentVariable,
      "the language of names and texts, as --lang (ja, fr, ko …)"
    ),
    ("CURL_CA_BUNDLE", "a file of CA certificates to trust instead of the system's"),
    ("SSL_CERT_FILE, SSL_CERT_DIR", "else a file, and a hashed directory, of CA certificates"),
    (FeatureFlags.environmentVariable, "features on or off: evolution=off,images=on"),
    ("NO_COLOR", "when not empty, no colour (no-color.org)"),
    ("PAGER", "the pager for long output (else less -RFX, else a built-in one)"),
    ("EDITRC", "the libedit configuration file to read instead of ~/.editrc"),
    ("XDG_STATE_HOME, XDG_CACHE_HOME, XDG_DATA_HOME, XDG_CONFIG_HOME", "where the files go"),
    ("TERM, COLORTERM, TMUX, KITTY_WINDOW_ID, TERM_PROGRAM", "which image protocol is used"),
  ]

  /// The whole page.
  static func render(
    version: String = Options.version, commands: [CommandSpec] = SessionCommands.table.all,
    keys: [EditingKeys.Row] = EditingKeys.all
  ) -> String {
    let (abstract, discussion, all) = commandLine()
    let arguments = all.filter { $0.kind != "positional" }
    let words = all.filter { $0.kind == "positional" }
    var page = [
      ".TH POKEDEX 1 \"\" \"pokedex \(version)\" \"User Commands\"",
      ".SH NAME", "pokedex \\- \(roff(abstract))",
      ".SH SYNOPSIS", ".B pokedex",
      "[\\fIOPTIONS\\fR]" + words.map { " [\\fB\(roff($0.valueName ?? ""))\\fR]" }.joined(),
      ".SH DESCRIPTION", roff(discussion),
    ]
    for word in words {
      page += [".PP", roff("pokedex " + (word.abstract ?? ""))]
    }
    page += [
      ".PP",
      roff(
        "At the prompt, type \"help\" for the commands, \"help COMMAND\" for one of them, "
          + "\"help keys\" for the keys."),
      ".SH OPTIONS",
    ]
    for argument in arguments {
      page += [".TP", "\\fB\(roff(argument.synopsis))\\fR"]
      var text = argument.abstract ?? ""
      if let value = argument.defaultValue { text += " Default: \(value)." }
      page.append(roff(text))
    }
    page.append(".SH COMMANDS")
    for spec in commands {
      page += [".TP", "\\fB\(roff(spec.usage))\\fR"]
      page.append(roff(spec.details.isEmpty ? spec.summary : spec.details))
      if !spec.aliases.isEmpty {
        page += [".br", roff("Aliases: " + spec.aliases.joined(separator: ", ") + ".")]
      }
      if !spec.examples.isEmpty {
        page += [".br", roff("Examples: " + spec.examples.joined(separator: "; ") + ".")]
      }
      if let feature = spec.feature {
        page += [".br", roff("Feature flag: \(feature).")]
      }
    }
    page.append(".SH KEYS")
    for row in keys {
      page += [
        ".TP", "\\fB\(roff(row.keys))\\fR",
        roff(sentence(row.does)),
      ]
    }
    page.append(".SH ENVIRONMENT")
    for variable in environment {
      page += [
        ".TP", "\\fB\(roff(variable.name))\\fR",
        roff(sentence(variable.what)),
      ]
    }
    page.append(".SH FILES")
    for file in files() {
      page += [
        ".TP", "\\fI\(roff(file.path))\\fR",
        roff(sentence(file.what)),
      ]
    }
    page += [
      ".SH EXIT STATUS",
      roff("0 when every command succeeded, 1 when any failed, 2 for a wrong command line."),
      ".SH SEE ALSO", "\\fBless\\fR(1), \\fBeditrc\\fR(5)",
    ]
    return page.joined(separator: "\n") + "\n"
  }

  /// `does something` as `Does something.`
  static func sentence(_ text: String) -> String {
    text.prefix(1).uppercased() + text.dropFirst() + (text.hasSuffix(".") ? "" : ".")
  }

  /// `text` as roff: backslashes and hyphens escaped, other than ASCII as `\[u00E9]` (troff
  /// reads bytes), a line never starting with a control character (`.` or `'`).
  static func roff(_ text: String) -> String {
    var ascii = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": ascii += "\\e"
      case "-": ascii += "\\-"
      case _ where scalar.value > 0x7E:
        ascii += "\\[u" + String(format: "%04X", scalar.value) + "]"
      default: ascii.unicodeScalars.append(scalar)
      }
    }
    let escaped =
      ascii
      .split(separator: "\n", omittingEmptySubsequences: false)
      .map { line in
        line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : String(line)
      }
    return escaped.joined(separator: "\n")
  }
}
