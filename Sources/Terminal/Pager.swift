import Foundation
import Models

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Shows output taller than the terminal one screen at a time: through `$PAGER`, else
/// `less -RFX` when it is installed, else a built-in `-- more --`. Only for an interactive
/// session on a terminal; the caller decides that.
public struct Pager: Sendable {
  /// The pager program and its arguments; `nil` for the built-in one.
  public let command: [String]?

  /// The pager `environment` asks for: `$PAGER` split at spaces (no shell), else `less -RFX`
  /// found on `$PATH`, else the built-in one. An empty `$PAGER` also means the built-in one, and
  /// so does a terminal the system has no description of (``hasDescription(environment:)``:
  /// kitty's `xterm-kitty` over ssh, `dumb`), where less stops at `WARNING: terminal is not fully
  /// functional` and takes the next key typed.
  public init(environment: [String: String]) {
    if !Self.hasDescription(environment: environment) {
      command = nil
    } else if let pager = environment["PAGER"] {
      let words = pager.split(whereSeparator: \.isWhitespace).map(String.init)
      command = words.isEmpty ? nil : words
    } else if Self.find("less", path: environment["PATH"]) != nil {
      command = ["less", "-RFX"]
    } else {
      command = nil
    }
  }

  /// Whether the terminal `$TERM` names has a terminfo description where ncurses looks for one
  /// (`$TERMINFO`, `~/.terminfo`, `$TERMINFO_DIRS`, then the system's directories), by its
  /// first letter or that letter's hex code; `dumb` and no `$TERM` have none worth the name.
  public static func hasDescription(environment: [String: String]) -> Bool {
    guard let term = environment["TERM"], !term.isEmpty, term != "dumb", !term.contains("/"),
      let first = term.unicodeScalars.first
    else { return false }
    let system = ["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo", "/usr/lib/terminfo"]
    var directories = [environment["TERMINFO"]].compactMap { $0 }
    if let home = environment["HOME"] { directories.append(home + "/.terminfo") }
    if let listed = environment["TERMINFO_DIRS"] {
      for entry in listed.split(separator: ":", omittingEmptySubsequences: false) {
        directories += entry.isEmpty ? system : [String(entry)]
      }
    }
    directories += system
    let letters = [String(first), String(first.value, radix: 16)]
    return directories.contains { directory in
      letters.contains { access("\(directory)/\($0)/\(term)", R_OK) == 0 }
    }
  }

  /// A pager running `command` (`nil`: the built-in one).
  public init(command: [String]?) {
    self.command = command
  }

  /// Whether a pager can show `text`: its only escapes set colours (`ESC [ … m`, which
  /// `less -R` and the built-in pager pass through). A picture placed in pixels (kitty, iTerm2,
  /// sixels) or drawn by moving the cursor would be cut or shown as text.
  public static func canShow(_ text: String) -> Bool {
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      guard scalar == "\u{1B}" else { continue }
      guard scalars.next() == "[" else { return false }
      while let next = scalars.next() {
        if next == "m" { break }
        guard ("0"..."9").contains(next) || next == ";" else { return false }
      }
    }
    return true
  }

  /// `text` cut before its first line a pager cannot show (see ``canShow(_:)``): what a pager
  /// can show, and the rest (a picture placed in pixels under text), to be printed after it.
  public static func split(_ text: String) -> (pageable: String, rest: String) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let cut = lines.firstIndex(where: { !canShow(String($0)) }) else { return (text, "") }
    return (
      lines[..<cut].joined(separator: "\n"), lines[cut...].joined(separator: "\n")
    )
  }

  /// Whether `text`, wrapped at `columns`, needs more rows than the terminal's `rows` less one
  /// (the prompt's).
  public static func isTaller(_ text: String, columns: Int, rows: Int) -> Bool {
    var count = 0
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      count += DisplayWidth.rows(line, columns: columns)
      if count >= rows { return true }
    }
    return false
  }

  /// Shows `text` and returns when the user has left the pager. Runs on a thread of its own,
  /// which it waits for: the pager blocks reading keys and writing the text.
  public func show(_ text: String, rows: Int, columns: Int) async {
    let command = command
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let thread = Thread {
        if let command, Self.run(command, text: text) {
          continuation.resume()
          return
        }
        BuiltInPager(rows: rows, columns: columns).show(text)
        continuation.resume()
      }
      thread.name = "pokedex.pager"
      thread.start()
    }
  }

  /// Runs `command` with `text` on its standard input; `false` when it could not be started.
  private static func run(_ command: [String], text: String) -> Bool {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { return false }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, fds[0], STDIN_FILENO)
    posix_spawn_file_actions_addclose(&actions, fds[0])
    posix_spawn_file_actions_addclose(&actions, fds[1])

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // The pager gets the signals' defaults back (pokedex ignores or observes some of them) and
    // none blocked (the thread spawning it, made from a task, may block them all): so less
    // redraws on a resize, Ctrl-C stops its search, Ctrl-Z suspends it.
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGPIPE, SIGQUIT, SIGHUP, SIGTERM, SIGWINCH, SIGTSTP, SIGTTIN, SIGTTOU] {
      sigaddset(&defaults, signal)
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

    var argv = command.map { strdup($0) } + [nil]
    // less without -R would show colours as escapes: LESS=FRX unless the user set LESS (as git).
    var environment = ProcessInfo.processInfo.environment
    if environment["LESS"] == nil { environment["LESS"] = "FRX" }
    var envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid: pid_t = 0
    let status = posix_spawnp(&pid, command[0], &actions, &attributes, &argv, &envp)
    close(fds[0])
    guard status == 0 else {
      close(fds[1])
      return false
    }
    Console.write(text + "\n", to: fds[1])  // stops at a closed pipe (the user quit early)
    close(fds[1])
    var exitStatus: Int32 = 0
    while waitpid(pid, &exitStatus, 0) < 0, errno == EINTR {}
    return true
  }

  /// Where `program` is on `path` (`$PATH`), if anywhere.
  static func find(_ program: String, path: String?) -> String? {
    let directories = (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
    return directories.map { "\($0)/\(program)" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

}

/// `-- more --`: a screen at a time, from the keyboard in non-canonical mode. Space shows the
/// next screen, Enter the next line, `q` (or Esc, Ctrl-C) quits.
struct BuiltInPager {
  let rows: Int

  let columns: Int

  func show(_ text: String) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let screen = max(1, rows - 1)
    var shown = screenEnd(screen, of: lines, from: 0)
    Console.write(lines[..<shown].joined(separator: "\n") + "\n", to: STDOUT_FILENO)
    let mode = KeyboardMode()
    defer { mode.restore() }
    while shown < lines.count {
      let prompt = "\u{1B}[7m-- more -- (\(shown * 100 / lines.count)%, Space, Enter, q)\u{1B}[0m"
      Console.write(prompt, to: STDOUT_FILENO)
      let key = mode.readKey()
      Console.write("\r\u{1B}[K", to: STDOUT_FILENO)
      let next: Int
      switch key {
      case UInt8(ascii: " "), UInt8(ascii: "f"): next = screenEnd(screen, of: lines, from: shown)
      case UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: "j"): next = shown + 1
      default:
        // q, Esc, Ctrl-C, end of input; the rest of a key's sequence (an arrow) is not left
        // for the prompt.
        mode.drainPendingInput()
        return
      }
      Console.write(lines[shown..<next].joined(separator: "\n") + "\n", to: STDOUT_FILENO)
      shown = next
    }
  }

  /// The index after the lines from `start` that fill at most `rows` rows, wrapped at
  /// `columns` (at least one line).
  private func screenEnd(_ rows: Int, of lines: [String], from start: Int) -> Int {
    var used = 0
    var end = start
    while end < lines.count {
      let height = max(1, (DisplayWidth.of(lines[end]) + columns - 1) / max(1, columns))
      if used + height > rows, end > start { break }
      used += height
      end += 1
    }
    return end
  }
}

/// Standard input switched to one key at a time without echo, until `restore()`.
private struct KeyboardMode {
  private let saved: termios?

  init() {
    var mode = termios()
    guard tcgetattr(STDIN_FILENO, &mode) == 0 else {
      saved = nil
      return
    }
    saved = mode
    var raw = mode
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    _ = tcsetattr(STDIN_FILENO, TCSANOW, &raw)
  }

  /// One byte from the keyboard; `q` at the end of input.
  func readKey() -> UInt8 {
    var byte: UInt8 = 0
    while true {
      let count = read(STDIN_FILENO, &byte, 1)
      if count == 1 { return byte }
      if count < 0, errno == EINTR { continue }
      return UInt8(ascii: "q")
    }
  }

  /// Drops what is waiting to be read (the rest of an escape sequence).
  func drainPendingInput() {
    var byte: UInt8 = 0
    var ready = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    while poll(&ready, 1, 20) > 0, read(STDIN_FILENO, &byte, 1) == 1 {}
  }

  func restore() {
    guard var saved else { return }
    _ = tcsetattr(STDIN_FILENO, TCSANOW, &saved)
  }
}
