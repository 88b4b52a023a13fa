import Models

/// What parsing one input line gave: a command of type `Parsed`, with its arguments typed.
public enum ParseResult<Parsed: Sendable>: Sendable {
  /// A blank line, only whitespace, or a `# comment`: nothing to do.
  case empty
  /// A command to run.
  case command(Parsed)
  /// The command exists but its feature flag is off.
  case disabled(DisabledFeature)
  /// The line is not a valid command; `message` says why in one line.
  case failure(ParseFailure)

  /// A failure with this one-line message.
  public static func fail(_ message: String) -> Self { .failure(ParseFailure(message)) }

  /// The command made into another value (a command type into the session's commands).
  public func map<Other>(_ transform: (Parsed) -> Other) -> ParseResult<Other> {
    switch self {
    case .empty: .empty
    case .command(let parsed): .command(transform(parsed))
    case .disabled(let disabled): .disabled(disabled)
    case .failure(let failure): .failure(failure)
    }
  }
}

extension ParseResult: Equatable where Parsed: Equatable {}

/// What reading a line found before its arguments are typed: the command's declaration and the
/// words after its name (``CommandParser/read(_:isEnabled:)``).
public enum LineReading: Sendable {
  /// A blank line, only whitespace, or a `# comment`.
  case empty
  /// A known command, enabled, and the words after its name.
  case command(CommandSpec, Arguments)
  /// The command exists but its feature flag is off.
  case disabled(DisabledFeature)
  /// Not a command; one line says why.
  case failure(ParseFailure)
}

/// Why a line is not a valid command: one line for the user.
public struct ParseFailure: Error, Equatable, Sendable, CustomStringConvertible {
  /// One line, ready to print, e.g. `Unknown command "opne". Did you mean "open"?`.
  public let message: String

  /// A failure with this one-line message.
  public init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}

/// A command whose feature flag is turned off.
public struct DisabledFeature: Equatable, Sendable, CustomStringConvertible {
  /// The flag's name, e.g. `evolution`.
  public let feature: Feature
  /// The canonical name of the command that was typed, e.g. `evolution` for `evo`.
  public let command: String

  /// A disabled-feature answer for `command`, switched off by `feature`.
  public init(feature: Feature, command: String) {
    self.feature = feature
    self.command = command
  }

  /// One line for the user: `The evolution feature is turned off ("flags" shows why).`
  public var message: String {
    "The \(feature.rawValue) feature is turned off (\"flags\" shows why)."
  }

  /// The message.
  public var description: String { message }
}
