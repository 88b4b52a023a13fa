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

/// Reads lines with a prompt, history and completion: what the session loop needs from an
/// editor. The live one is libedit (`LineEditorLibEdit`); tests can feed lines.
public protocol LineEditor: AnyObject, Sendable {
  /// Shows `prompt` and reads one line. Cancelling the calling task ends the read with
  /// ``LineEvent/interrupted``.
  func readLine(prompt: String) async -> LineEvent
  /// Adds a line worth keeping to the history (and saves it).
  func addHistory(_ line: String)
  /// The history, oldest first.
  func historyEntries() -> [String]
  /// Prints `text` above the prompt and redraws the prompt and the half-typed line, so that text
  /// from the background never lands inside what the user is typing. When no prompt is shown,
  /// calls `otherwise` instead, and no prompt appears until it has returned.
  func printAbovePrompt(_ text: String, otherwise: () -> Void)
}
