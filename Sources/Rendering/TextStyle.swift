import Images

/// ANSI styling that collapses to plain text when colour is off.
///
/// Every styled piece of text goes through one `TextStyle`, so `--color never`, `NO_COLOR` and
/// piped output can never leak an escape code.
public struct TextStyle: Sendable, Equatable {
  /// Whether escape codes are written at all.
  public var colorEnabled: Bool
  /// Whether colours may be 24-bit (`COLORTERM` says so); else the 256-colour palette, as the
  /// images use.
  public var trueColor: Bool

  public init(colorEnabled: Bool, trueColor: Bool = true) {
    self.colorEnabled = colorEnabled
    self.trueColor = trueColor
  }

  /// Decides colour like a good CLI: `never` and `always` win; `auto` means a terminal that is
  /// not `dumb` and no non-empty `NO_COLOR` (no-color.org).
  /// Colours are 24-bit when `COLORTERM` says the terminal takes them, else from the 256.
  public static func decide(
    choice: String, isTerminal: Bool, environment: [String: String]
  ) -> TextStyle {
    let trueColor = ImageProtocolDetection.supportsTrueColor(environment)
    switch choice {
    case "always": return TextStyle(colorEnabled: true, trueColor: trueColor)
    case "never": return TextStyle(colorEnabled: false, trueColor: trueColor)
    default:
      let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
      let dumb = environment["TERM"] == "dumb"
      return TextStyle(colorEnabled: isTerminal && !noColor && !dumb, trueColor: trueColor)
    }
  }

  /// Why ``decide(choice:isTerminal:environment:)`` turns colour on or off, in a few words for
  /// `doctor`: `--color never`, `NO_COLOR is set`, `TERM is xterm-256color` …
  public static func reason(
    choice: String, isTerminal: Bool, environment: [String: String]
  ) -> String {
    switch choice {
    case "always", "never": return "--color \(choice)"
    default:
      if !isTerminal { return "standard output is not a terminal" }
      if !(environment["NO_COLOR"] ?? "").isEmpty { return "NO_COLOR is set" }
      if environment["TERM"] == "dumb" { return "TERM is dumb" }
      return "TERM is \(environment["TERM"] ?? "unset")"
    }
  }

  func wrap(_ text: String, _ code: String) -> String {
    colorEnabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }

  public func bold(_ text: String) -> String { wrap(text, "1") }
  public func dim(_ text: String) -> String { wrap(text, "2") }
  public func red(_ text: String) -> String { wrap(text, "31") }
  public func green(_ text: String) -> String { wrap(text, "32") }
  public func yellow(_ text: String) -> String { wrap(text, "33") }
  public func cyan(_ text: String) -> String { wrap(text, "36") }
  /// A highlighted row: bold yellow.
  public func highlight(_ text: String) -> String { wrap(text, "1;33") }
}
