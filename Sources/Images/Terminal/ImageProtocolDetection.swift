/// How images reach the terminal.
public enum ImageOutputMode: Sendable, Hashable {
  /// kitty graphics protocol (kitty, ghostty): the PNG itself is sent.
  case kitty
  /// iTerm2 inline images (iTerm2, WezTerm, mintty): the PNG itself is sent.
  case iterm2
  /// Sixel graphics (foot, mlterm, WezTerm, xterm with sixels, Windows Terminal …).
  case sixel
  /// Symbol mosaics: sextants (2×3 pixels a cell), quadrants and half blocks.
  case symbols(trueColor: Bool)
  /// Unicode half blocks, in 24-bit colour or the 256-colour palette.
  case blocks(trueColor: Bool)
  /// No escapes at all: only the file's path is printed.
  case pathOnly
}

/// The `--images` option: `auto` detects, the others force a mode.
public enum ImageModeOverride: String, Sendable, CaseIterable {
  case auto, kitty, iterm2, sixel, symbols, blocks, off
}

/// Chooses how to show images from the environment, whether stdout is a terminal, and the
/// `--images` option. Pure: the caller passes `ProcessInfo.processInfo.environment` and
/// `isatty(STDOUT_FILENO) != 0`.
public enum ImageProtocolDetection {
  /// Terminal programs that speak the iTerm2 inline image protocol (`TERM_PROGRAM`, `LC_TERMINAL`).
  static let iTerm2Programs: Set<String> = ["iterm.app", "iterm2", "wezterm", "mintty"]

  /// The output mode for `environment`, `isTTY` and `override`.
  ///
  /// An explicit mode is obeyed even when stdout is not a terminal (the user asked for it,
  /// e.g. to pipe into `less -R`); `off` always prints the path.
  /// With `auto`: no escapes when stdout is not a terminal, `TERM=dumb` or `NO_COLOR` is set
  /// and not empty; kitty when `TERM` contains `kitty`, `KITTY_WINDOW_ID` is set or
  /// `TERM_PROGRAM=ghostty`; iTerm2 when `TERM_PROGRAM` or `LC_TERMINAL` is iTerm.app (iTerm2), WezTerm
  /// or mintty; sixels when `sixels` says the terminal draws them (chafa's terminal database
  /// knows; asked only then, since asking loads libchafa); half blocks otherwise. Inside tmux
  /// (`TMUX` set) the graphics protocols are not used, since tmux drops their escapes. Symbols
  /// and half blocks use 24-bit colour when `COLORTERM` is `truecolor` or `24bit`, else the
  /// 256-colour palette.
  public static func mode(
    environment: [String: String], isTTY: Bool, override: ImageModeOverride = .auto,
    sixels: @autoclosure () -> Bool = false
  ) -> ImageOutputMode {
    let trueColor = supportsTrueColor(environment)
    switch override {
    case .off: return .pathOnly
    case .kitty: return .kitty
    case .iterm2: return .iterm2
    case .sixel: return .sixel
    case .symbols: return .symbols(trueColor: trueColor)
    case .blocks: return .blocks(trueColor: trueColor)
    case .auto: break
    }
    let term = (environment["TERM"] ?? "").lowercased()
    if !isTTY || term == "dumb" || !(environment["NO_COLOR"] ?? "").isEmpty {
      return .pathOnly
    }
    let insideTmux = !(environment["TMUX"] ?? "").isEmpty
    if !insideTmux {
      let program = (environment["TERM_PROGRAM"] ?? "").lowercased()
      let lcTerminal = (environment["LC_TERMINAL"] ?? "").lowercased()
      if term.contains("kitty") || !(environment["KITTY_WINDOW_ID"] ?? "").isEmpty
        || program == "ghostty"
      {
        return .kitty
      }
      if iTerm2Programs.contains(program) || iTerm2Programs.contains(lcTerminal) {
        return .iterm2
      }
      if sixels() { return .sixel }
    }
    return .blocks(trueColor: trueColor)
  }

  /// Why ``mode(environment:isTTY:override:sixels:)`` chose `mode`, in a few words for
  /// `doctor`: `KITTY_WINDOW_ID is set`, `inside tmux, which drops graphics escapes` …
  public static func reason(
    for mode: ImageOutputMode, environment: [String: String], isTTY: Bool,
    override: ImageModeOverride = .auto
  ) -> String {
    if override != .auto { return "--images \(override.rawValue)" }
    let term = environment["TERM"] ?? ""
    let colours = supportsTrueColor(environment) ? "COLORTERM says 24-bit colour" : "256 colours"
    switch mode {
    case .pathOnly:
      if !isTTY { return "standard output is not a terminal" }
      if term.lowercased() == "dumb" { return "TERM is dumb" }
      return "NO_COLOR is set"
    case .kitty:
      if !(environment["KITTY_WINDOW_ID"] ?? "").isEmpty { return "KITTY_WINDOW_ID is set" }
      if term.lowercased().contains("kitty") { return "TERM is \(term)" }
      return "TERM_PROGRAM is \(environment["TERM_PROGRAM"] ?? "")"
    case .iterm2:
      let program = environment["TERM_PROGRAM"] ?? environment["LC_TERMINAL"] ?? ""
      return "the terminal is \(program)"
    case .sixel:
      return "chafa's database says \(term) draws sixels"
    case .symbols, .blocks:
      if !(environment["TMUX"] ?? "").isEmpty {
        return "inside tmux, which drops graphics escapes; \(colours)"
      }
      return "no graphics protocol is known for TERM=\(term); \(colours)"
    }
  }

  /// `mode` in words: `the kitty protocol`, `half blocks in 24-bit colour`, `paths only`.
  public static func describe(_ mode: ImageOutputMode) -> String {
    func colour(_ trueColor: Bool) -> String { trueColor ? "24-bit colour" : "256 colours" }
    return switch mode {
    case .kitty: "the kitty protocol"
    case .iterm2: "iTerm2 inline images"
    case .sixel: "sixels"
    case .symbols(let trueColor): "symbols in \(colour(trueColor))"
    case .blocks(let trueColor): "half blocks in \(colour(trueColor))"
    case .pathOnly: "paths only"
    }
  }

  /// Whether `COLORTERM` announces 24-bit colour.
  public static func supportsTrueColor(_ environment: [String: String]) -> Bool {
    let value = (environment["COLORTERM"] ?? "").lowercased()
    return value == "truecolor" || value == "24bit"
  }
}
