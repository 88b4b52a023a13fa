/// What a line editor hands back after the user finished typing.
public enum LineEvent: Sendable, Equatable {
  /// A line was entered (without its newline).
  case line(String)
  /// Ctrl-C dropped the half-typed line.
  case interrupted
  /// Ctrl-D on an empty line, or the end of piped input.
  case endOfInput
}

/// Answers tab completion: the candidates for the word being typed.
public protocol CompletionProvider: Sendable {
  /// Candidates completing the last word of `line` (the text left of the cursor).
  func completions(for line: String) -> [String]
}

/// Reads lines with a prompt, history and completion.
public protocol LineEditor: Sendable {
  func readLine(prompt: String) async -> LineEvent
}
