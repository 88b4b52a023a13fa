import Foundation
import Synchronization

/// The process's terminal: is it one, how big is it, and writing to it.
enum Terminal {
  static var stdinIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }
  static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

  /// The window size of stdout, or 80 × 24 when it has none.
  static func size() -> (columns: Int, rows: Int) {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0
    else { return (80, 24) }
    return (Int(size.ws_col), Int(size.ws_row))
  }

  private static let outputLock = Mutex(())
  /// Whether a progress line is on screen (stderr) and must be cleared before other output.
  private static let progressShown = Mutex(false)

  /// Shows `text` as the one progress line: redrawn in place on a terminal, a plain line of
  /// its own otherwise.
  static func progress(_ text: String) {
    guard isatty(STDERR_FILENO) == 1 else {
      printError(text)
      return
    }
    progressShown.withLock { $0 = true }
    write("\r\u{1B}[2K" + text, to: STDERR_FILENO)
  }

  /// Removes the progress line, if one is shown.
  static func clearProgress() {
    let shown = progressShown.withLock { shown in
      defer { shown = false }
      return shown
    }
    if shown { write("\r\u{1B}[2K", to: STDERR_FILENO) }
  }

  /// Writes `text` and a newline to stdout.
  static func print(_ text: String) {
    clearProgress()
    write(text + "\n", to: STDOUT_FILENO)
  }

  /// Writes `text` and a newline to stderr (warnings, notices, progress).
  static func printError(_ text: String) {
    clearProgress()
    write(text + "\n", to: STDERR_FILENO)
  }

  private static func write(_ text: String, to descriptor: Int32) {
    outputLock.withLock { _ in
      var bytes = Array(text.utf8)[...]
      while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        if written < 0 {
          if errno == EINTR { continue }
          return
        }
        bytes = bytes.dropFirst(written)
      }
    }
  }
}

/// One-line notices from the services (stale data served, cache warnings), held until the
/// current command's output is printed so that they never tear it.
final class NoticeBoard: Sendable {
  private let pending = Mutex<[String]>([])

  func post(_ notice: String) {
    pending.withLock { $0.append(notice) }
  }

  func drain() -> [String] {
    pending.withLock { notices in
      defer { notices.removeAll() }
      return notices
    }
  }
}

/// Reads piped standard input line by line on its own thread, so that no Swift concurrency
/// thread ever blocks in `read`.
final class PipedLineReader: Sendable {
  let lines: AsyncStream<String>

  init() {
    let (stream, continuation) = AsyncStream.makeStream(of: String.self)
    lines = stream
    let thread = Thread {
      while let line = Swift.readLine(strippingNewline: true) {
        continuation.yield(line)
      }
      continuation.finish()
    }
    thread.name = "pokedex.stdin"
    thread.start()
  }
}

extension Array where Element: Sendable {
  /// The elements as an async sequence, so scripts and piped input share one loop.
  var async: AsyncStream<Element> {
    AsyncStream { continuation in
      for element in self { continuation.yield(element) }
      continuation.finish()
    }
  }
}
