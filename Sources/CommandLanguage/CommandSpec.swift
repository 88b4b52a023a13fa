import FeatureFlags

/// One row of the command table: everything the parser, `help` and completion know about a command.
public struct CommandSpec: Sendable {
  /// The canonical name, e.g. `evolution`.
  public let name: String
  /// Other names that run the same command, e.g. `["evo"]`.
  public let aliases: [String]
  /// The argument syntax after the name, e.g. `N`, `[all|male|female|genderless]`; empty if none.
  public let arguments: String
  /// One short line for the `help` table.
  public let summary: String
  /// A few sentences for `help COMMAND`.
  public let details: String
  /// Example lines for `help COMMAND`.
  public let examples: [String]
  /// The feature flag that turns this command off, if any (e.g. `evolution`).
  public let feature: Feature?

  /// Turns the words after the command name into a command (or a one-line failure).
  let parseArguments: @Sendable (Arguments, _ isEnabled: (Feature) -> Bool) -> ParseResult
  /// What tab completion offers after the command name.
  let completion: ArgumentCompletion

  /// `name arguments`, e.g. `page N`.
  public var usage: String {
    arguments.isEmpty ? name : "\(name) \(arguments)"
  }

  /// The name with its aliases and arguments as `help` shows it, e.g. `evolution (evo)`.
  public var helpUsage: String {
    let names = aliases.isEmpty ? name : "\(name) (\(aliases.joined(separator: ", ")))"
    return arguments.isEmpty ? names : "\(names) \(arguments)"
  }

  /// Whether `word` (already lowercased) is this command's name or one of its aliases.
  func isNamed(_ word: String) -> Bool {
    word == name || aliases.contains(word)
  }

  /// Whether the flags leave this command on.
  func isOn(_ isEnabled: (Feature) -> Bool) -> Bool {
    feature.map(isEnabled) ?? true
  }
}

/// The words of a line after the command name.
struct Arguments {
  /// The command word as typed, lowercased (`ls`, not `list`), for messages.
  var typed: String
  /// The arguments split at whitespace.
  var words: [String]
  /// Everything after the command word, trimmed, inner spacing kept.
  var rest: String
}

/// What tab completion offers for a command's arguments.
enum ArgumentCompletion: Sendable, Equatable {
  /// Nothing to offer.
  case none
  /// One of these words as the first argument.
  case choices([String])
  /// Species names as the first argument.
  case speciesNames
  /// Command names as the first argument.
  case commandNames
  /// `image` as the first argument, when the caller says downloading is on offer.
  case downloadImage
  /// `--images` anywhere, when the `images` feature is on and it is not there yet.
  case syncOptions
}
