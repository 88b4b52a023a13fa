import Foundation
import Locking
import Models

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Something that draws a prompt and the line being typed, and can print text above them without
/// tearing either (LLDB's `Editline::PrintAsync`). The line editor is one.
public protocol PromptSurface: AnyObject, Sendable {
  /// Prints `text` (one or more lines, without a final newline) above the prompt and redraws the
  /// prompt with the half-typed line. When no prompt is shown, calls `otherwise` instead, and no
  /// prompt appears until it has returned.
  func printAbovePrompt(_ text: String, otherwise: () -> Void)
}

/// The one writer of the process's terminal: command output (stdout), errors and notices
/// (stderr), the status line of a command in flight, and text printed from the background while
/// a prompt is shown (through the line editor, the only other writer, which draws the prompt).
/// So none of these ever interleave.
///
/// - The status line is drawn on stderr only when stderr is a terminal; it is erased before any
///   other output.
/// - Text printed from the background (``printAsync(_:)``) goes above the prompt when a
///   ``PromptSurface`` is attached, so it never lands inside a half-typed line.
public final class Console: Sendable {
  /// The process's standard output and error.
  public static let standard = Console(
    output: STDOUT_FILENO, error: STDERR_FILENO,
    statusAllowed: isatty(STDERR_FILENO) == 1
      && !["", "dumb"].contains(
        ProcessInfo.processInfo.environment["TERM"] ?? "")
  )

  private struct State {
    var statusShown = false
    var surface: (any PromptSurface)?
  }

  private let output: Int32
  private let error: Int32
  /// Whether a status line may be drawn (stderr is a terminal that understands `ESC [ K`).
  public let statusAllowed: Bool
  private let state = Locked(State())

  /// A console writing to the file descriptors `output` and `error`.
  public init(output: Int32, error: Int32, statusAllowed: Bool) {
    self.output = output
    self.error = error
    self.statusAllowed = statusAllowed
  }

  /// Writes `text` and a newline to standard output.
  public func print(_ text: String) {
    state.withLock { state in
      clearStatus(&state)
      Self.write(text + "\n", to: output)
    }
  }

  /// Whether standard output is a terminal (paging and clearing make sense).
  public var isTerminal: Bool { isatty(output) == 1 }

  /// Clears the screen and its scrollback (`clear`), when standard output is a terminal.
  public func clearScreen() {
    guard isTerminal else { return }
    state.withLock { state in
      clearStatus(&state)
      Self.write("\u{1B}[H\u{1B}[2J\u{1B}[3J", to: output)
    }
  }

  /// Writes `text` and a newline to standard error; on a terminal, lines wider than it break
  /// between words (``fitted(_:columns:)``).
  public func printError(_ text: String) {
    let text = fittedToError(text)
    state.withLock { state in
      clearStatus(&state)
      Self.write(text + "\n", to: error)
    }
  }

  /// Prints `text` on standard error from the background: above the prompt while one is shown,
  /// else as ``printError(_:)`` does.
  public func printAsync(_ text: String) {
    guard let surface = state.withLock({ $0.surface }) else { return printError(text) }
    let fitted = fittedToError(text)
    surface.printAbovePrompt(fitted) { printError(text) }
  }

  private func fittedToError(_ text: String) -> String {
    guard isatty(error) == 1 else { return text }
    return Self.fitted(text, columns: TerminalInfo.size().columns)
  }

  /// `text` with each line wider than `columns` broken at spaces, never inside a word (a word
  /// wider than the line stays whole). Continuation lines are indented under the first word
  /// after a leading mark (`✗ `) or the line's own indent. Escape sequences take no columns.
  public static func fitted(_ text: String, columns: Int) -> String {
    guard columns > 10 else { return text }
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      fittedLine(String(line), columns: columns)
    }.joined(separator: "\n")
  }

  private static func fittedLine(_ line: String, columns: Int) -> String {
    guard DisplayWidth.of(line) > columns else { return line }
    let words = line.split(separator: " ", omittingEmptySubsequences: false)
    // The indent: leading spaces, or a one-character mark and its space.
    let leadingSpaces = words.prefix { $0.isEmpty }.count
    let markWidth = words.count > 1 && DisplayWidth.of(words[0]) == 1 ? 2 : 0
    let indent = String(repeating: " ", count: min(columns / 2, max(leadingSpaces, markWidth)))
    var lines: [String] = []
    var current = ""
    var width = 0
    for (index, word) in words.enumerated() {
      let wordWidth = DisplayWidth.of(word)
      if index == 0 || index < leadingSpaces || width + 1 + wordWidth <= columns {
        current += (index == 0 ? "" : " ") + word
        width += (index == 0 ? 0 : 1) + wordWidth
      } else {
        lines.append(current)
        current = indent + word
        width = DisplayWidth.of(indent) + wordWidth
      }
    }
    lines.append(current)
    return lines.joined(separator: "\n")
  }

  /// Draws `text` as the one status line (on standard error, in place), cut to `columns`.
  /// Does nothing when ``statusAllowed`` is false.
  public func showStatus(_ text: String, columns: Int) {
    guard statusAllowed else { return }
    let line = DisplayWidth.truncated(text, to: max(10, columns - 1))
    state.withLock { state in
      state.statusShown = true
      Self.write("\r\u{1B}[2K" + line, to: error)
    }
  }

  /// Erases the status line, if one is shown.
  public func clearStatus() {
    state.withLock { clearStatus(&$0) }
  }

  /// Routes ``printAsync(_:)`` through `surface` until ``detach(_:)``.
  public func attach(_ surface: any PromptSurface) {
    state.withLock { $0.surface = surface }
  }

  /// Stops routing through `surface`.
  public func detach(_ surface: any PromptSurface) {
    state.withLock { state in
      if state.surface === surface { state.surface = nil }
    }
  }

  private func clearStatus(_ state: inout State) {
    guard state.statusShown else { return }
    state.statusShown = false
    Self.write("\r\u{1B}[2K", to: error)
  }

  /// Writes all of `text`, retrying after interruptions; gives up silently on a closed pipe.
  static func write(_ text: String, to descriptor: Int32) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes {
        #if canImport(Glibc)
          Glibc.write(descriptor, $0.baseAddress, $0.count)
        #else
          Darwin.write(descriptor, $0.baseAddress, $0.count)
        #endif
      }
      if written < 0 {
        if errno == EINTR { continue }
        return
      }
      bytes = bytes.dropFirst(written)
    }
  }
}

/// Facts about the process's terminal.
public enum TerminalInfo {
  /// Whether standard input is a terminal.
  public static var stdinIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }
  /// Whether standard output is a terminal.
  public static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

  /// The size of one cell in pixels, when the terminal tells it (`TIOCGWINSZ`'s pixel size,
  /// which sixel terminals fill in); `nil` otherwise.
  public static func cellSize() -> (width: Int, height: Int)? {
    for descriptor in [STDOUT_FILENO, STDERR_FILENO] {
      var size = winsize()
      if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0,
        size.ws_xpixel > 0, size.ws_ypixel > 0
      {
        return (Int(size.ws_xpixel) / Int(size.ws_col), Int(size.ws_ypixel) / Int(size.ws_row))
      }
    }
    return nil
  }

  /// The window size of stdout (else stderr), or 80 × 24 when neither has one.
  public static func size() -> (columns: Int, rows: Int) {
    for descriptor in [STDOUT_FILENO, STDERR_FILENO] {
      var size = winsize()
      if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
        return (Int(size.ws_col), Int(size.ws_row))
      }
    }
    return (80, 24)
  }
}
