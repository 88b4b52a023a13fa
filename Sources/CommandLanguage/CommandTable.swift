import Models

/// The declarations of a program's commands, in the order `help` lists them: what reading a
/// line, `help`, tab completion and the manual know of each (``CommandSet`` types their
/// arguments).
public struct CommandTable: Sendable {
  /// Every command, in `help`'s order.
  public let all: [CommandSpec]

  /// A table of `all`.
  public init(_ all: [CommandSpec]) {
    self.all = all
  }

  /// Every feature there is: the built-in ones, then those only page kinds name, in table order.
  public var features: [Feature] {
    var features = Feature.builtIn
    for feature in all.compactMap(\.feature) where !features.contains(feature) {
      features.append(feature)
    }
    return features
  }

  /// The command named `word` or aliased so, in any case; `nil` if there is none.
  public func command(named word: String) -> CommandSpec? {
    let lowered = word.lowercased()
    return all.first { $0.isNamed(lowered) }
  }
}

extension CommandTable {
  /// `Unknown command "opne". Did you mean "open"?` or `Unknown command "bogus". Try "help".`
  public func unknownCommand(_ word: String, isEnabled: (Feature) -> Bool) -> ParseFailure {
    let candidates = all.filter { $0.isOn(isEnabled) }.flatMap { [$0.name] + $0.aliases }
    let hint = didYouMean(word.lowercased(), among: candidates)
    return ParseFailure(
      "Unknown command \(Arguments.quoted(word))." + (hint.isEmpty ? " Try \"help\"." : hint))
  }
}
