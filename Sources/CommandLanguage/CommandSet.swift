import Models

/// A program's commands with their arguments typed: each command's declaration (its
/// ``CommandSpec``) beside the parser that turns the words after its name into a value of
/// `Parsed` once. Reading a line, `help`, completion and the manual go through ``table``.
public struct CommandSet<Parsed: Sendable>: Sendable {
  /// One command: its declaration and its arguments' parser.
  public struct Command: Sendable {
    public let spec: CommandSpec
    /// Its name (`ability`).
    public var name: String { spec.name }
    let parse: @Sendable (Arguments, _ isEnabled: (Feature) -> Bool) -> ParseResult<Parsed>

    /// `spec`, whose words `parse` types (a value, or one line saying what is wrong).
    public init(
      _ spec: CommandSpec,
      parse: @escaping @Sendable (Arguments, _ isEnabled: (Feature) -> Bool) -> ParseResult<Parsed>
    ) {
      self.spec = spec
      self.parse = parse
    }

    /// The same command, its value made into another (a kind's page into a session command).
    public func map<Other>(
      _ transform: @escaping @Sendable (Parsed) -> Other
    ) -> CommandSet<Other>.Command {
      let parse = self.parse
      return .init(spec) { arguments, isEnabled in parse(arguments, isEnabled).map(transform) }
    }
  }

  /// Every command, in `help`'s order.
  public let commands: [Command]
  /// The commands' declarations, for reading lines, help, completion and the manual.
  public let parser: CommandParser
  private let byName: [String: Command]

  /// The set of `commands`, in `help`'s order.
  public init(_ commands: [Command]) {
    self.commands = commands
    parser = CommandParser(table: CommandTable(commands.map(\.spec)))
    byName = Dictionary(
      commands.map { ($0.spec.name, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// The declarations.
  public var table: CommandTable { parser.table }

  /// Parses one input line into a command with its arguments typed (or one line saying why
  /// not).
  public func parse(
    _ line: String, isEnabled: (Feature) -> Bool = { _ in true }
  ) -> ParseResult<Parsed> {
    switch parser.read(line, isEnabled: isEnabled) {
    case .empty: return .empty
    case .failure(let failure): return .failure(failure)
    case .disabled(let disabled): return .disabled(disabled)
    case .command(let spec, let arguments):
      guard let command = byName[spec.name] else {
        return .failure(table.unknownCommand(arguments.typed, isEnabled: isEnabled))
      }
      return command.parse(arguments, isEnabled)
    }
  }

  /// Whether a history line may be suggested as you type: each of its commands parses, and each
  /// species one opens by name (`species`, read from the parsed command) is an id or starts one
  /// of `names` (when they are known). So neither `quit now` nor `open charzard` is offered
  /// again, even from an earlier session's history.
  public func isWorthSuggesting(
    _ line: String, isEnabled: (Feature) -> Bool = { _ in true }, names: [NameEntry]?,
    species: (Parsed) -> String?
  ) -> Bool {
    CommandParser.splitScript(line).allSatisfy { command in
      switch parse(command, isEnabled: isEnabled) {
      case .failure, .disabled: return false
      case .empty: return true
      case .command(let parsed):
        guard let name = species(parsed), let names else { return true }
        return name.allSatisfy(\.isNumber) || names.contains { $0.name.hasPrefix(name) }
      }
    }
  }
}
