import APIClient
import CommandLanguage
import Models
import Presentation
import SyncFeature

/// `history [N]`: the commands typed, or their last N.
struct HistoryCommand: BuiltInCommand {
  var count: Int?

  static let spec = CommandSpec(
    name: "history", aliases: [], arguments: "[N]",
    group: .session, summary: "The commands typed",
    details: """
      Shows the commands typed so far, also those of earlier sessions, numbered; N shows \
      only the last N. At the prompt, !N runs line N again, !! the last line, !-N the \
      line N back and !TEXT the last line starting with TEXT. Ctrl-R searches the \
      history; Up and Down recall the lines starting with what is typed.
      """,
    examples: ["history", "history 10"])

  static func parse(_ arguments: Arguments, isEnabled: (Feature) -> Bool) -> ParseResult<Self> {
    guard let word = arguments.words.first else { return .command(Self(count: nil)) }
    guard arguments.words.count == 1 else {
      return .fail(
        "\"history\" takes one number: history [N] (not \(Arguments.quoted(arguments.rest))).")
    }
    switch Arguments.number(word) {
    case .number(let count) where count >= 1: return .command(Self(count: count))
    case .tooLarge: return .command(Self(count: Int.max))
    default:
      return .fail(
        "\"history\" takes a number of lines: history [N] (not \(Arguments.quoted(word))).")
    }
  }

  func run(on shell: isolated Shell, status: StatusLine?) async throws(CommandFailure)
    -> CommandOutcome
  {
    let entries = shell.dependencies.history()
    let shown = entries.suffix(min(count ?? entries.count, entries.count))
    return .output(.history(Array(shown), firstNumber: entries.count - shown.count + 1))
  }
}

/// `cache` (what it holds) or `cache clear` (empty it; downloaded images are kept).
struct CacheCommand: BuiltInCommand {
  var clear = false

  static let spec = CommandSpec(
    name: "cache", aliases: [], arguments: "[clear]",
    group: .session, summary: "Cache statistics, or clear",
    details: """
      Shows what the cache holds: entries, bytes, hits, misses and age. "cache clear" \
      empties it (downloaded images are kept).
      """,
    examples: ["cache", "cache clear"], completion: .destructive(["clear"]))

  static func parse(_ arguments: Arguments, isEnabled: (Feature) -> Bool) -> ParseResult<Self> {
    if arguments.words.isEmpty { return .command(Self()) }
    let value = arguments.words.joined(separator: " ").lowercased()
    if value == "clear" { return .command(Self(clear: true)) }
    return .fail(
      "\"cache\" takes only \"clear\" (not \(Arguments.quoted(value)))."
        + Arguments.didYouMean(value, among: ["clear"]))
  }

  func waiting(_ state: SessionState) -> String {
    clear ? "Clearing the cache" : "Reading the cache"
  }

  func run(on shell: isolated Shell, status: StatusLine?) async throws(CommandFailure)
    -> CommandOutcome
  {
    guard clear else { return .output(.cache(await shell.dependencies.cacheStatistics())) }
    // Loads in flight stop first, so none can put an answer back after the cache is emptied.
    await shell.work.cancelAll()
    await shell.dependencies.clearCache()
    return .output(.cacheCleared)
  }
}

/// `sync [RANGE] [--images] [--moves]`: species fetched ahead for offline use; every species
/// without a range.
struct SyncCommand: BuiltInCommand {
  var range: ClosedRange<Int>?
  var images = false
  var moves = false
  /// `--species-only`: the species, their abilities' and types' pages (and with `--moves` their
  /// learnsets), not the other pages about them, every kind's, nor find's index.
  var speciesOnly = false

  static let spec = CommandSpec(
    name: "sync", aliases: [], arguments: "[RANGE] [--images] [--species-only]",
    group: .session, summary: "Fetch ahead for offline use",
    details: """
      Fetches species ahead into the cache, with progress, so that every page works offline: \
      their details, evolutions, learnsets (and their moves), where they live, how they \
      breed and the pages of their abilities and types, with a game set its Pokédex texts and \
      Pokédexes; then every page of the kinds not about one species (every ability, move, \
      item, nature, egg group, Pokédex, berry and type, the chart, and in a language their \
      names in it), and find's index. RANGE is FIRST-LAST or one id (all species if left \
      out); --images also downloads their images; --species-only fetches only the species with \
      their abilities' and types' pages (quicker), and with it --moves their learnsets.
      """,
    examples: ["sync 1-151", "sync 133", "sync 1-151 --images", "sync 25 --species-only"],
    feature: .sync, completion: .syncOptions)

  static func parse(_ arguments: Arguments, isEnabled: (Feature) -> Bool) -> ParseResult<Self> {
    var command = Self()
    var rangeWord: String?
    let options = ["--images", "--species-only", "--moves"]
    for word in arguments.words {
      if word.hasPrefix("--") {
        switch word.lowercased() {
        case "--images": command.images = true
        case "--moves": command.moves = true
        case "--species-only": command.speciesOnly = true
        default:
          return .fail(
            "\"sync\" knows the options --images and --species-only (not \(Arguments.quoted(word)))."
              + Arguments.didYouMean(word.lowercased(), among: options))
        }
        continue
      }
      if let earlier = rangeWord {
        return .fail(
          "\"sync\" takes one range (not \(Arguments.quoted(earlier)) and \(Arguments.quoted(word)))."
        )
      }
      switch Self.range(word) {
      case .success(let parsed):
        command.range = parsed
        rangeWord = word
      case .failure(let failure):
        return .failure(failure)
      }
    }
    if command.images && !isEnabled(.images) {
      return .disabled(DisabledFeature(feature: .images, command: spec.name))
    }
    if command.moves && !isEnabled(.moves) {
      return .disabled(DisabledFeature(feature: .moves, command: spec.name))
    }
    return .command(command)
  }

  /// `1-151` or `25` (→ `25...25`).
  private static func range(_ word: String) -> Result<ClosedRange<Int>, ParseFailure> {
    let parts = word.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
    let notARange = ParseFailure(
      "\"sync\" takes a range like 1-151 or one id (not \(Arguments.quoted(word))).")
    guard parts.count == 1 || parts.count == 2 else { return .failure(notARange) }
    var bounds: [Int] = []
    for part in parts {
      switch Arguments.number(part) {
      case .number(let number): bounds.append(number)
      case .tooLarge:
        return .failure(ParseFailure("That id is too large: \(Arguments.quoted(part))."))
      case .notANumber: return .failure(notARange)
      }
    }
    guard bounds.allSatisfy({ $0 >= 1 }) else {
      return .failure(ParseFailure("Species ids start at 1 (not \(Arguments.quoted(word)))."))
    }
    let lower = bounds[0]
    let upper = bounds.last!
    guard lower <= upper else {
      return .failure(
        ParseFailure(
          "That range runs backwards: \(Arguments.quoted(word)). Try \"\(upper)-\(lower)\"."))
    }
    return .success(lower...upper)
  }

  func waiting(_ state: SessionState) -> String { "Fetching the species index" }

  func run(on shell: isolated Shell, status: StatusLine?) async throws(CommandFailure)
    -> CommandOutcome
  {
    if images { _ = try shell.requireImages() }
    let dependencies = shell.dependencies
    let index: [SpeciesSummary]
    do {
      index = try await dependencies.speciesIndex()
    } catch {
      throw .api(error)
    }
    let ids: [Int]
    do {
      ids = try SyncFeature.ids(in: range, index: index)
    } catch {
      throw .sync(error)
    }
    let progress = dependencies.syncProgress
    let context = await shell.context()
    // --species-only: what sync fetched before every page was kept offline (the species, their
    // abilities' and types' pages; the learnsets with --moves).
    let summary = await dependencies.sync.run(
      ids: ids, withImages: images, withMoves: moves || !speciesOnly,
      withPagesAboutThem: !speciesOnly, in: context
    ) { step in
      status?.report(step)
      progress(step)
    }
    if summary.cancelled { throw .syncCancelled(summary) }
    // Every page of the kinds not about one species (items, natures, berries …), then find's
    // index, brought up to date with what was fetched (and what it lacks besides).
    var synced = summary
    if speciesOnly { return .output(.synced(synced)) }
    synced.kinds = await dependencies.sync.syncEveryKind(in: context) {
      status?.waitFor($0)
    }
    if Task.isCancelled { throw .syncCancelled(synced) }
    if let find = dependencies.find {
      synced.findIndex = await find.update(species: ids) { status?.waitFor($0) }
      if Task.isCancelled { throw .syncCancelled(synced) }
    }
    return .output(.synced(synced))
  }
}

/// `clear`: the screen cleared.
struct ClearCommand: PlainCommand {
  static let spec = CommandSpec(
    name: "clear", aliases: [], arguments: "",
    group: .session, summary: "Clear the screen",
    details: "Clears the terminal screen (Ctrl-L does the same while typing).",
    examples: ["clear"])

  func run(on shell: isolated Shell, status: StatusLine?) async throws(CommandFailure)
    -> CommandOutcome
  {
    .output(.clear)
  }
}

/// `flags`: the feature flags, whether each is on and why.
struct FlagsCommand: PlainCommand {
  static let spec = CommandSpec(
    name: "flags", aliases: [], arguments: "",
    group: .session, summary: "The feature flags",
    details: """
      Lists the feature flags, whether each is on, and where that came from \
      (configuration file, environment or command line).
      """,
    examples: ["flags"])

  func run(on shell: isolated Shell, status: StatusLine?) async throws(CommandFailure)
    -> CommandOutcome
  {
    .output(.flags(shell.flags.entries))
  }
}

/// `doctor`: what a demo needs, checked.
struct DoctorCommand: PlainCommand {
  static let spec = CommandSpec(
    name: "doctor", aliases: [], arguments: "",
    group: .session, summary: "Check what a demo needs",
    details: """
      Checks what a demo needs and says what to do about each problem: the terminal (its \
      size, colour, and which image protocol would be used, and why), the API and the image \
      server (reachable, how fast, over which protocol), the cache (species and images kept \
      for offline use, the oldest answer), the history and configuration files. \
      "pokedex doctor" does the same from the shell, exiting 1 when something would break \
      a demo.
      """,
    examples: ["doctor"])

  func waiting(_ state: SessionState) -> String {
    "Checking the terminal, the network and the cache"
  }

  func run(on shell: isolated Shell, status: StatusLine?) async throws(CommandFailure)
    -> CommandOutcome
  {
    guard let doctor = shell.dependencies.doctor else {
      return .output(.doctor(DoctorReport(checks: [])))
    }
    return .output(.doctor(await doctor.run()))
  }
}

/// `help` (the commands) or `help COMMAND` (one command, or a topic: `keys`, `present`).
struct HelpCommand: BuiltInCommand {
  /// The command's canonical name (aliases resolved) or the topic; `nil` for the listing.
  var topic: String?

  static let spec = CommandSpec(
    name: "help", aliases: [], arguments: "[COMMAND]",
    group: .session, summary: "This help, or one command's",
    details:
      "Lists the commands, or tells more about one of them; help keys lists the keys of the line editor.",
    examples: ["help", "help open", "help keys"], completion: .commandNames)

  static func parse(_ arguments: Arguments, isEnabled: (Feature) -> Bool) -> ParseResult<Self> {
    guard let word = arguments.words.first else { return .command(Self()) }
    if CommandParser.topics.contains(word.lowercased()), arguments.words.count == 1 {
      return .command(Self(topic: word.lowercased()))
    }
    guard let spec = arguments.table.command(named: word) else {
      return .failure(arguments.table.unknownCommand(word.lowercased(), isEnabled: isEnabled))
    }
    if let feature = spec.feature, !isEnabled(feature) {
      return .disabled(DisabledFeature(feature: feature, command: spec.name))
    }
    // `help download image`, `help cache clear`: a whole valid command line is fine too.
    if arguments.words.count > 1,
      case .failure = SessionCommands.all.parse(arguments.rest, isEnabled: isEnabled)
    {
      return .fail("\"help\" takes one command name: help [COMMAND].")
    }
    return .command(Self(topic: spec.name))
  }

  func run(on shell: isolated Shell, status: StatusLine?) async throws(CommandFailure)
    -> CommandOutcome
  {
    let flags = shell.flags
    let parser = shell.dependencies.commands.parser
    guard let topic else {
      return .output(.commands(parser.commandHelp(isEnabled: { flags.isEnabled($0) })))
    }
    guard let text = parser.helpText(for: topic, isEnabled: { flags.isEnabled($0) }) else {
      throw .noHelp(topic)
    }
    return .output(.help(text))
  }
}

/// `quit` (`exit`): the session ends.
struct QuitCommand: PlainCommand {
  static let spec = CommandSpec(
    name: "quit", aliases: ["exit"], arguments: "",
    group: .session, summary: "Leave (Ctrl-D too)",
    details: "Leaves pokedex. Ctrl-D on an empty line does the same.",
    examples: ["quit", "exit"])

  func run(on shell: isolated Shell, status: StatusLine?) async throws(CommandFailure)
    -> CommandOutcome
  {
    .quit
  }
}
