/// `!!`, `!N`, `!-N` and `!TEXT` at the prompt, as in bash: a line starting with `!` names an
/// earlier line of the history, which runs instead (and is what the history keeps).
public enum HistoryExpansion {
  /// What a line became.
  public enum Result: Equatable, Sendable {
    /// Not a recall: run the line as it is.
    case unchanged
    /// The earlier line it names.
    case expanded(String)
    /// It names no line; one line says why.
    case failure(ParseFailure)
  }

  /// Expands `line` against `history` (oldest first, numbered from 1 as `history` shows it).
  /// `!!` is the last line, `!N` line N, `!-N` the line N back, `!TEXT` the last line starting
  /// with TEXT. Anything after the recall's first word is appended (`!! --images`).
  public static func expand(_ line: String, history: [String]) -> Result {
    let text = line.trimmingWhitespace()
    guard text.hasPrefix("!"), text.count > 1 else { return .unchanged }
    let word = String(text.prefix { !$0.isWhitespace })
    let rest = String(text.dropFirst(word.count))
    let designator = String(word.dropFirst())
    guard !designator.isEmpty else { return .unchanged }  // `! foo`, as bash leaves it
    let found: String?
    if designator == "!" {
      found = history.last
    } else if let number = Int(designator), designator.first != "+" {
      let index = number > 0 ? number - 1 : history.count + number
      found = history.indices.contains(index) ? history[index] : nil
    } else {
      found = history.last { $0.hasPrefix(designator) }
    }
    guard let found else {
      return .failure(
        ParseFailure("No history line \(Arguments.quoted(word)) (\"history\" lists them)."))
    }
    return .expanded(found + rest)
  }
}
