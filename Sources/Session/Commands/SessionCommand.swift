import CommandLanguage
import Models
import Pages
import Presentation

/// A command the session runs: a line parsed once into a value of its type, with what it does
/// (``run(on:status:)``) on the shell it runs in.
public protocol SessionCommand: Sendable, Hashable {
  /// What it waits for, in words, for the status line (`Fetching species #25`).
  func waiting(_ state: SessionState) -> String
  /// Runs it on `shell`, whose state it may change; `status` hears what it waits for.
  func run(on shell: isolated Shell, status: StatusLine?) async throws(CommandFailure)
    -> CommandOutcome
  /// The species it opens by name or id as typed (`open`'s), which a history line is judged by;
  /// `nil` for the others.
  var speciesOpened: String? { get }
}

extension SessionCommand {
  public func waiting(_ state: SessionState) -> String { "Working" }
  public var speciesOpened: String? { nil }
}

extension CommandSet where Parsed == any SessionCommand {
  /// Whether a history line may be suggested as you type: each of its commands parses, and the
  /// species `open` names is an id or starts one of `names`.
  public func isWorthSuggesting(
    _ line: String, isEnabled: (Feature) -> Bool = { _ in true }, names: [NameEntry]?
  ) -> Bool {
    isWorthSuggesting(line, isEnabled: isEnabled, names: names) { $0.speciesOpened }
  }
}

/// A built-in command, declared as swift-argument-parser declares one: its words, help and
/// completion (``spec``), its arguments read once into typed fields (``parse(_:isEnabled:)``)
/// and what it does. A new command is a type in `Commands/` and a line in ``SessionCommands``;
/// a page kind declares its command with its kind (``PageKinds``) and runs as a
/// ``ShowPageCommand``.
protocol BuiltInCommand: SessionCommand {
  /// Its declaration: name, aliases, group, help, examples, feature flag, completion.
  static var spec: CommandSpec { get }
  /// The words after its name, typed (or one line saying what is wrong with them).
  static func parse(_ arguments: Arguments, isEnabled: (Feature) -> Bool) -> ParseResult<Self>
}

extension BuiltInCommand {
  /// It, in the session's set of commands.
  static var command: CommandSet<any SessionCommand>.Command {
    .init(spec) { arguments, isEnabled in parse(arguments, isEnabled: isEnabled).map { $0 } }
  }
}

/// A command that takes no arguments.
protocol PlainCommand: BuiltInCommand {
  init()
}

extension PlainCommand {
  static func parse(
    _ arguments: Arguments, isEnabled: (Feature) -> Bool
  ) -> ParseResult<Self> {
    arguments.none(Self())
  }
}

/// Every command of the session, in the order `help` lists them: the list's, the species', the
/// page kinds' (one ``ShowPageCommand`` each), then the session's own.
public enum SessionCommands {
  /// The commands before the page kinds'.
  static let before: [CommandSet<any SessionCommand>.Command] = [
    ListCommand.command, NextCommand.command, PreviousCommand.command, ListPageCommand.command,
    FirstCommand.command, LastCommand.command, FilterCommand.command, OpenCommand.command,
    InfoCommand.command, EvolutionCommand.command, DownloadCommand.command,
    ImageCommand.command, BackCommand.command,
  ]

  /// The commands after the page kinds'.
  static let after: [CommandSet<any SessionCommand>.Command] = [
    SearchCommand.command, RandomCommand.command, FindCommand.command, HistoryCommand.command,
    CacheCommand.command,
    SyncCommand.command, ClearCommand.command, PagerCommand.command, ShinyCommand.command,
    LanguageCommand.command, GameCommand.command, FlagsCommand.command, DoctorCommand.command,
    HelpCommand.command, QuitCommand.command,
  ]

  /// pokedex's commands, with `pages`' (every page kind's, by default) in their place.
  public static func set(
    pages: [CommandSet<PageInput>.Command] = PageKinds.commands
  ) -> CommandSet<any SessionCommand> {
    CommandSet(before + pages.map { $0.map { ShowPageCommand($0) } } + after)
  }

  /// pokedex's commands.
  public static let all = set()

  /// pokedex's command table, for help, completion and the manual.
  public static var table: CommandTable { all.table }
}

/// Two parsed lines are the same command with the same arguments.
public func == (
  lhs: ParseResult<any SessionCommand>, rhs: ParseResult<any SessionCommand>
) -> Bool {
  switch (lhs, rhs) {
  case (.empty, .empty): true
  case (.command(let a), .command(let b)): AnyHashable(a) == AnyHashable(b)
  case (.disabled(let a), .disabled(let b)): a == b
  case (.failure(let a), .failure(let b)): a == b
  default: false
  }
}

/// Two parsed lines differ.
public func != (
  lhs: ParseResult<any SessionCommand>, rhs: ParseResult<any SessionCommand>
) -> Bool {
  !(lhs == rhs)
}
