/// What a line editor hands back after the user finished typing.
public enum LineEvent: Sendable, Equatable {
  /// A line was entered (without its newline).
  case line(String)
  /// Ctrl-C dropped the half-typed line.
  case interrupted
  /// Ctrl-D on an empty line, or the end of piped input.
  case endOfInput
}

/// One thing Tab offers for the word left of the cursor.
public struct CompletionItem: Sendable, Equatable {
  /// The word that replaces the one being typed.
  public var word: String
  /// Shown beside the word when candidates are listed (`#25  Electric`); empty for none.
  public var note: String
  /// Whether Tab may put it in the line; a destructive argument is only listed.
  public var insertable: Bool

  public init(_ word: String, note: String = "", insertable: Bool = true) {
    self.word = word
    self.note = note
    self.insertable = insertable
  }
}

/// What Tab found.
public enum CompletionResult: Sendable, Equatable {
  /// These items (none: nothing fits, the bell rings).
  case items([CompletionItem])
  /// Nothing yet, and why, in one line shown under the prompt (`names are loading`).
  case message(String)
}

/// Answers tab completion and the hints shown as you type.
public protocol CompletionProvider: Sendable {
  /// What may replace the last word of `line` (the text left of the cursor). `isTab` is false
  /// when the editor only looks for a suggestion to show as you type: nothing may start
  /// loading then.
  func completions(for line: String, isTab: Bool) -> CompletionResult
  /// What the command typed so far takes (`page ` → `N (1–52)`), shown dimmed after the
  /// cursor; `nil` for nothing.
  func hint(for line: String) -> String?
  /// Whether a history line may be suggested as you type: `false` for a line that would fail
  /// (it does not parse, or names a species that does not exist). Called often: keep it cheap.
  func isWorthSuggesting(_ line: String) -> Bool
}

extension CompletionProvider {
  /// Every line is, unless the provider knows better.
  public func isWorthSuggesting(_ line: String) -> Bool { true }
}

/// A rehearsed demo the presenter plays from the prompt (`present FILE`): on an empty line,
/// Enter, Space, → or Page Down types the next step's command in at a human pace and runs it;
/// Esc leaves the demo for the ordinary prompt. The editor calls it on its own thread.
public protocol DemoSteps: AnyObject, Sendable {
  /// Whether the demo is on (not left, steps remain).
  var isPlaying: Bool { get }
  /// The next step's command, the demo moving on to it; `nil` when none is left.
  func advance() -> String?
  /// The presenter left the demo.
  func leave()
}

/// Reads lines with a prompt, history and completion: what the session loop needs from an
/// editor. The live one is libedit (`LineEditorLibEdit`); tests can feed lines.
public protocol LineEditor: AnyObject, Sendable {
  /// Shows `prompt` and reads one line. Cancelling the calling task ends the read with
  /// ``LineEvent/interrupted``.
  func readLine(prompt: String) async -> LineEvent
  /// Adds a line worth keeping to the history (and saves it).
  func addHistory(_ line: String)
  /// Keeps `line`, which failed on its own text (a typo, a usage error), from being suggested as
  /// you type; it stays in the history for Up and Ctrl-R, to be corrected.
  func markMistyped(_ line: String)
  /// The history, oldest first.
  func historyEntries() -> [String]
  /// Prints `text` above the prompt and redraws the prompt and the half-typed line, so that text
  /// from the background never lands inside what the user is typing. When no prompt is shown,
  /// calls `otherwise` instead, and no prompt appears until it has returned.
  func printAbovePrompt(_ text: String, otherwise: () -> Void)
  /// Replaces the prompt of the line being edited and redraws it (the page count arrived); the
  /// next `readLine` shows its own prompt.
  func updatePrompt(_ prompt: String)
  /// Plays `demo` from the prompt (its keys, see ``DemoSteps``); `nil` stops.
  func present(_ demo: (any DemoSteps)?)
}

extension LineEditor {
  /// An editor without demo keys plays none.
  public func present(_ demo: (any DemoSteps)?) {}
}
