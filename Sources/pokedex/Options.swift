import ArgumentParser
import CShims
import CommandLanguage
import Foundation
import Models
import Pages
import Session

/// The `pokedex` command line (SPEC §1). Values not given fall back to the environment.
struct Options: ParsableCommand {
  static let version = "0.1.0"

  /// `pokedex 0.1.0 (commit 1a2b3c4, built 2026-11-25)`, or `(a development build)` when the
  /// build did not say (only scripts/build-release does).
  static func versionText(
    commit: String = String(cString: pokedex_build_commit()),
    date: String = String(cString: pokedex_build_date())
  ) -> String {
    let facts = [commit.isEmpty ? nil : "commit \(commit)", date.isEmpty ? nil : "built \(date)"]
      .compactMap { $0 }
    return
      "pokedex \(version) (\(facts.isEmpty ? "a development build" : facts.joined(separator: ", ")))"
  }

  static let configuration = CommandConfiguration(
    commandName: "pokedex",
    abstract: "A terminal Pokédex over PokéAPI: browse, filter, open, evolve, see images.",
    discussion: """
      Interactive when standard input is a terminal (type "help" at the prompt). With -c or \
      piped input, each line is a command; the exit status is 0 when every command succeeded, \
      1 when any failed, 2 for a wrong command line.
      """,
    version: versionText())

  /// How much colour to use.
  enum ColorChoice: String, ExpressibleByArgument, CaseIterable, Sendable {
    case auto, always, never
  }

  /// Which terminal image protocol to use.
  enum ImagesChoice: String, ExpressibleByArgument, CaseIterable, Sendable {
    case auto, kitty, iterm2, sixel, symbols, blocks, off
  }

  /// How command results are printed.
  enum OutputChoice: String, ExpressibleByArgument, CaseIterable, Sendable {
    case text, json
  }

  @Option(
    name: [.customShort("c"), .customLong("command")],
    help: ArgumentHelp(
      "Run these commands (separated by ';' or newlines) and exit.", valueName: "commands"))
  var commands: String?

  @Option(help: ArgumentHelp("PokéAPI base URL (env: POKEDEX_API_URL).", valueName: "url"))
  var apiURL: String?

  @Option(
    help: ArgumentHelp(
      "Base URL of species images, {url}/{id}.png (env: POKEDEX_SPRITES_URL).", valueName: "url"))
  var spritesURL: String?

  @Flag(help: "Never touch the network; answer from the cache.")
  var offline = false

  @Option(help: ArgumentHelp("Species per page (1–200).", valueName: "n"))
  var pageSize: Int = 20

  @Option(
    help: ArgumentHelp(
      "The longest one request may take, however slowly it arrives (1–600 s).",
      valueName: "seconds"))
  var timeout: Int = 60

  @Option(help: "Colour: auto, always or never (NO_COLOR is honoured).")
  var color: ColorChoice = .auto

  @Flag(help: "Never page long output (the pager command switches it too).")
  var noPager = false

  @Option(help: "Image display: auto, kitty, iterm2, sixel, symbols, blocks or off.")
  var images: ImagesChoice = .auto

  @Option(help: "Output: text for people, json (one object per command result) for scripts.")
  var output: OutputChoice = .text

  @Option(
    name: .customLong("lang"),
    help: ArgumentHelp(
      "Names and texts in this language: en, ja, ja-hrkt, ja-roma, ko, zh-hant, zh-hans, fr, "
        + "de, es, es-419, it, cs, pt-br, or off (env: POKEDEX_LANG; default: config.json's, "
        + "else capitalised slugs and English).", valueName: "code"))
  var language: String?

  @Option(
    name: .customLong("feature"),
    help: ArgumentHelp(
      "Turn a feature on or off, e.g. --feature evolution=off (repeatable).",
      valueName: "name=on|off"))
  var features: [String] = []

  @Option(
    help: ArgumentHelp(
      "Log level for the log file: trace, debug, info, notice, warning, error, critical "
        + "(env: POKEDEX_LOG_LEVEL; default info).", valueName: "level"))
  var logLevel: String?

  /// `pokedex doctor` and `pokedex present FILE`: the words the command line takes besides
  /// options.
  static let doctorVerb = "doctor"
  static let presentVerb = "present"

  @Argument(
    help: ArgumentHelp(
      "doctor: check this terminal, the network and the cache before a demo (exit 1 when "
        + "something would break it). present FILE: play a rehearsed demo, FILE's commands one "
        + "a line (# lines are speaker notes), each typed in by Enter, Space, → or Page Down "
        + "on an empty line; Esc leaves it. A show runs in a session of its own: what its "
        + "steps change (language, game, shiny, team) is not kept, and its steps stay out of "
        + "your history.", valueName: "doctor | present FILE"),
    completion: .list([doctorVerb, presentVerb]))
  var words: [String] = []

  @Flag(
    help: ArgumentHelp(
      "With present: run the demo once against the network, so that its answers and images are "
        + "cached for the show (exit 1 when a step fails)."))
  var prepare = false

  /// `doctor` or `present`, when one was given.
  var verb: String? { words.first }

  /// The demo file `present` plays.
  var demoFile: String? { verb == Self.presentVerb && words.count == 2 ? words[1] : nil }

  /// Prints pokedex(1) in roff and exits (scripts/install and scripts/package use it).
  @Flag(name: .customLong("generate-manual"), help: .hidden)
  var generateManual = false

  static let defaultAPIURL = "https://pokeapi.co/api/v2"
  static let defaultSpritesURL =
    "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon"

  mutating func validate() throws {
    switch verb {
    case nil:
      break
    case Self.doctorVerb where words.count == 1, Self.presentVerb where words.count == 2:
      break
    case Self.doctorVerb:
      throw ValidationError("\"doctor\" takes no arguments.")
    case Self.presentVerb:
      throw ValidationError("\"present\" takes one file: pokedex present [--prepare] FILE.")
    case let verb?:
      throw ValidationError(
        "Unknown command \"\(verb)\"; the only ones are \"doctor\" and \"present FILE\" (type "
          + "\"help\" at the prompt for the others).")
    }
    if prepare, verb != Self.presentVerb {
      throw ValidationError("--prepare goes with present: pokedex present --prepare FILE.")
    }
    guard (1...200).contains(pageSize) else {
      throw ValidationError("--page-size must be between 1 and 200 (got \(pageSize)).")
    }
    guard (1...600).contains(timeout) else {
      throw ValidationError("--timeout must be between 1 and 600 seconds (got \(timeout)).")
    }
    if let language, !LanguageSetting.isValid(language) {
      throw ValidationError(
        "--lang takes a language code PokéAPI has: "
          + Language.all.map(\.code).joined(separator: ", ")
          + ", or off (got \(Self.redacted(language))).")
    }
    for setting in features {
      if let problem = FeatureFlags.problem(
        inSetting: setting, known: SessionCommands.table.features)
      {
        throw ValidationError(problem + ".")
      }
    }
    for url in [apiURL, spritesURL].compactMap({ $0 }) {
      guard Self.httpURL(url) != nil else {
        throw ValidationError("Not an http(s) URL: \(Self.redacted(url))")
      }
    }
  }

  /// The API base URL from the option, then `POKEDEX_API_URL`, then the public API.
  func resolvedAPIURL(environment: [String: String]) throws -> URL {
    try Self.resolve(apiURL, environment["POKEDEX_API_URL"], Self.defaultAPIURL, "POKEDEX_API_URL")
  }

  /// The API base URL when no option names one: `POKEDEX_API_URL`, then the public API; nil when
  /// the variable is not an http(s) URL.
  static func apiURL(environment: [String: String]) -> URL? {
    try? resolve(nil, environment["POKEDEX_API_URL"], defaultAPIURL, "POKEDEX_API_URL")
  }

  /// The sprites base URL when no option names one; nil when `POKEDEX_SPRITES_URL` is not an
  /// http(s) URL (the launch then stops with a usage error).
  static func spritesURL(environment: [String: String]) -> URL? {
    try? resolve(nil, environment["POKEDEX_SPRITES_URL"], defaultSpritesURL, "POKEDEX_SPRITES_URL")
  }

  /// The sprites base URL from the option, then `POKEDEX_SPRITES_URL`, then the public host.
  func resolvedSpritesURL(environment: [String: String]) throws -> URL {
    try Self.resolve(
      spritesURL, environment["POKEDEX_SPRITES_URL"], Self.defaultSpritesURL,
      "POKEDEX_SPRITES_URL")
  }

  private static func resolve(
    _ option: String?, _ environment: String?, _ fallback: String, _ variable: String
  ) throws -> URL {
    if let option { return httpURL(option)! }
    if let environment, !environment.isEmpty {
      guard let url = httpURL(environment) else {
        throw ValidationError("\(variable) is not an http(s) URL: \(redacted(environment))")
      }
      return url
    }
    return URL(string: fallback)!
  }

  /// `text` with anything between `//` and `@` (a user name and password) left out.
  static func redacted(_ text: String) -> String {
    text.replacing(/\/\/[^\/@]*@/, with: "//")
  }

  private static func httpURL(_ text: String) -> URL? {
    var trimmed = text
    while trimmed.hasSuffix("/") { trimmed.removeLast() }
    guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", url.host != nil
    else { return nil }
    return url
  }
}
