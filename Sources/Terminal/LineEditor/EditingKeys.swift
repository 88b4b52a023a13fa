/// The keys the line editor answers, as `help keys` and the manual list them: one row per key or
/// group of keys, in the order a new user needs them.
public enum EditingKeys {
  /// One row: the keys and what they do.
  public struct Row: Sendable, Equatable {
    /// `Tab`, `Up / Down`, `Ctrl-R`.
    public var keys: String
    /// What they do, one sentence without a final period.
    public var does: String
  }

  /// Every row.
  public static let all: [Row] = [
    Row(keys: "Tab", does: "complete the word; twice: list what fits"),
    Row(keys: "Right, Ctrl-F", does: "take the dimmed suggestion (else move right)"),
    Row(keys: "Alt-Right, Alt-F", does: "take one word of the suggestion"),
    Row(keys: "Up, Down", does: "older and newer lines starting with what is typed"),
    Row(keys: "Ctrl-P, Ctrl-N", does: "the same as Up and Down"),
    Row(keys: "Ctrl-R", does: "search the history as you type; again: an older match"),
    Row(keys: "Left, Ctrl-B", does: "move left"),
    Row(keys: "Ctrl-Left, Ctrl-Right", does: "move a word left or right"),
    Row(keys: "Home, Ctrl-A", does: "go to the start of the line"),
    Row(keys: "End, Ctrl-E", does: "go to the end of the line"),
    Row(keys: "Ctrl-W", does: "delete the word before the cursor"),
    Row(keys: "Ctrl-K", does: "delete to the end of the line"),
    Row(keys: "Ctrl-U", does: "delete the whole line"),
    Row(keys: "Ctrl-Y", does: "put back what was deleted last"),
    Row(keys: "Ctrl-L", does: "clear the screen"),
    Row(keys: "Ctrl-C", does: "drop the line, or stop the command that runs"),
    Row(keys: "Ctrl-D", does: "on an empty line: quit"),
    Row(keys: "Ctrl-Z", does: "suspend pokedex (fg brings it back, the line kept)"),
    Row(keys: "!!, !N, !TEXT", does: "run the last line, line N, the last line starting TEXT"),
    Row(keys: "Space, Enter, q", does: "in the pager: next screen, next line, stop"),
    Row(keys: "Enter, Space, Right", does: "in a demo, on an empty line: run its next step"),
    Row(keys: "Page Down", does: "the same; Esc there leaves the demo"),
  ]
}
