import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The `pokedex` executable next to the test bundle (same build directory), or the one named by
/// `POKEDEX_BINARY`; `nil` when it has not been built.
enum PokedexBinary {
  static let url: URL? = {
    let fileManager = FileManager.default
    if let path = ProcessInfo.processInfo.environment["POKEDEX_BINARY"] {
      return fileManager.isExecutableFile(atPath: path) ? URL(fileURLWithPath: path) : nil
    }
    let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    let candidates = [
      testBinary.deletingLastPathComponent(),
      Bundle.main.bundleURL,
      Bundle.main.bundleURL.deletingLastPathComponent(),
    ].map { $0.appendingPathComponent("pokedex") }
    return candidates.first { fileManager.isExecutableFile(atPath: $0.path) }
  }()

  /// Whether tmux, which provides the pseudo-terminal, is installed.
  static let tmuxAvailable = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"]
    .contains { FileManager.default.isExecutableFile(atPath: $0) }
}

/// `pokedex` running in a pseudo-terminal provided by a private tmux server, with its own HOME and
/// XDG directories. After the program ends, the shell prints `EXIT=<status>` and `stty -a`.
final class TerminalSession {
  let directory: URL
  let binary: URL
  private let socket: URL

  /// A fresh temporary home; pass it to further sessions to share their files (history).
  init(binary: URL, directory: URL? = nil) throws {
    self.binary = binary
    if let directory {
      self.directory = directory
    } else {
      self.directory = URL(fileURLWithPath: "/tmp")
        .appendingPathComponent("pokedex-pty-\(UUID().uuidString.prefix(8))")
      try FileManager.default.createDirectory(
        at: self.directory.appendingPathComponent("home"), withIntermediateDirectories: true)
    }
    socket = self.directory.appendingPathComponent("tmux-\(UUID().uuidString.prefix(6))")
  }

  /// Where the history file is expected.
  var historyFile: URL {
    directory.appendingPathComponent("state/pokedex/history")
  }

  /// Starts `pokedex` in a terminal of `columns` × `rows` (100×60 by default: help fits unpaged), against the API at
  /// `port` on loopback (by default the discard port, where nothing answers). Without colour
  /// (`NO_COLOR`) unless `colour`; `extra` adds to the environment (`PAGER=`).
  func start(
    port: UInt16 = 9, columns: Int = 100, rows: Int = 60, colour: Bool = false,
    extra: [String] = [], arguments: [String] = []
  ) throws {
    var variables = environment(port: port).filter { colour ? $0 != "NO_COLOR=1" : true }
    if colour { variables.append("TERM=xterm-256color") }
    variables += extra
    // `-u NO_COLOR`: the test runner's own environment may carry it.
    let command =
      "env \(colour ? "-u NO_COLOR " : "")\(variables.map(quoted).joined(separator: " ")) "
      + "\(([binary.path] + arguments).map(quoted).joined(separator: " ")); "
      + "echo \"EXIT=$?\"; stty -a; exec sleep 600"
    try tmuxWaitingHere([
      "-f", "/dev/null", "new-session", "-d", "-x", String(columns), "-y", String(rows),
      // In its own directory: what the program or its pager writes (less's `s` saves a log
      // file) stays out of the checkout.
      "-c", directory.path, command,
    ])
  }

  /// Runs `pokedex -c script` with the same files and API, outside the terminal; returns what
  /// it printed.
  ///
  /// It waits on a thread of its own: the program may be talking to a stub served by this test
  /// process, whose few cooperative threads must not all be blocked waiting for it.
  @discardableResult
  func runScript(_ script: String, port: UInt16 = 9) async throws -> String {
    try await Spawn.onItsOwnThread(
      ["env"] + environment(port: port) + [binary.path, "-c", script], capture: true)
  }

  /// The program's environment: its own files, no colour, the API at `port` on loopback.
  private func environment(port: UInt16) -> [String] {
    let root = directory.path
    return [
      "HOME=\(root)/home", "XDG_STATE_HOME=\(root)/state", "XDG_CACHE_HOME=\(root)/cache",
      "XDG_DATA_HOME=\(root)/data", "XDG_CONFIG_HOME=\(root)/config", "NO_COLOR=1",
      "LANG=C.UTF-8", "POKEDEX_API_URL=http://127.0.0.1:\(port)/api/v2",
      "POKEDEX_SPRITES_URL=http://127.0.0.1:\(port)/sprites",
    ]
  }

  /// The process id of the `pokedex` running in the terminal (found by its own HOME).
  func programID() throws -> pid_t {
    let home = "HOME=\(directory.path)/home"
    for entry in try FileManager.default.contentsOfDirectory(atPath: "/proc") {
      guard let pid = pid_t(entry),
        let cmdline = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"),
        let environ = FileManager.default.contents(atPath: "/proc/\(entry)/environ"),
        String(decoding: cmdline, as: UTF8.self).hasPrefix(binary.path + "\0"),
        String(decoding: environ, as: UTF8.self).split(separator: "\0").contains(Substring(home))
      else { continue }
      return pid
    }
    throw CocoaError(.fileNoSuchFile)
  }

  /// Clears the terminal's screen behind the program's back (`send-keys -R`), as a shell's output
  /// does while the program is stopped.
  func wipeScreen() async throws {
    _ = try await tmux(["send-keys", "-R"])
  }

  /// Resizes the terminal, as a user dragging the window's corner (tmux rewraps the lines).
  func resize(columns: Int, rows: Int) async throws {
    _ = try await tmux(["resize-window", "-x", String(columns), "-y", String(rows)])
  }

  /// Types `text` literally.
  func type(_ text: String) async throws {
    _ = try await tmux(["send-keys", "-l", text])
  }

  /// Presses keys by tmux name: "Enter", "Tab", "Up", "C-c", "C-d".
  func press(_ keys: String...) async throws {
    _ = try await tmux(["send-keys"] + keys)
  }

  /// The visible screen with its colours as escape sequences (`capture-pane -e`).
  func screenWithColours() async throws -> [String] {
    try await tmux(["capture-pane", "-p", "-e"], capture: true).components(separatedBy: "\n")
  }

  /// The visible screen, one string per line (trailing spaces removed).
  func screen() async throws -> [String] {
    try await tmux(["capture-pane", "-p", "-J"], capture: true).components(separatedBy: "\n").map {
      String($0.reversed().drop(while: \.isWhitespace).reversed())
    }
  }

  /// Presses Tab until the screen shows what `condition` looks for, up to ten times, a second
  /// apart (names may still be loading at the first Tab, as a user would find); whether it did.
  func pressTab(
    until description: String, _ condition: ([String]) -> Bool
  ) async throws -> Bool {
    for _ in 0..<10 {
      try await press("Tab")
      if try await waitUntil(
        description, timeout: .seconds(1), recordsTimeout: false, condition)
      {
        return true
      }
    }
    return false
  }

  /// On the unreachable port 9, waits for the launch's one line saying the API cannot be
  /// reached: it comes from the background at a moment of its own (later under
  /// ThreadSanitizer), and a test's own output must not be scrolled off by it.
  func waitForFirstContact(port: UInt16) async throws {
    guard port == 9 else { return }
    try await waitUntil("the first contact's line") { lines in
      lines.contains { $0.contains("cannot be reached") } && lines.showsEmptyPrompt
    }
  }

  /// Polls the screen until `condition` holds; records an issue showing the screen after
  /// `timeout`.
  @discardableResult
  func waitUntil(
    _ description: String, timeout: Duration = .seconds(45), recordsTimeout: Bool = true,
    withColours: Bool = false, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: ([String]) -> Bool
  ) async throws -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    func screen() async throws -> [String] {
      withColours ? try await screenWithColours() : try await self.screen()
    }
    var lines = try await screen()
    while !condition(lines) {
      if clock.now > deadline {
        guard recordsTimeout else { return false }
        Issue.record(
          "Timed out waiting for \(description). Screen:\n\(lines.joined(separator: "\n"))",
          sourceLocation: sourceLocation)
        return false
      }
      try await Task.sleep(for: .milliseconds(100))
      lines = try await screen()
    }
    return true
  }

  /// Ends the tmux server (and so the program) and, unless `keepFiles`, removes the home.
  func close(keepFiles: Bool = false) {
    _ = try? tmuxWaitingHere(["kill-server"])
    if !keepFiles { try? FileManager.default.removeItem(at: directory) }
  }

  /// Runs a tmux client command and returns what it printed when `capture` is set.
  @discardableResult
  ///
  /// It waits on a thread of its own: the tests run beside each other on a few cooperative
  /// threads, and the loopback servers other tests talk to answer on those threads too.
  private func tmux(_ arguments: [String], capture: Bool = false) async throws -> String {
    try await Spawn.onItsOwnThread(["tmux", "-S", socket.path] + arguments, capture: capture)
  }

  /// A tmux command waited for here, where the caller cannot wait (starting, closing in a `defer`).
  @discardableResult
  private func tmuxWaitingHere(_ arguments: [String]) throws -> String {
    try Spawn.run(["tmux", "-S", socket.path] + arguments, capture: false)
  }

  private func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}

extension [String] {
  /// The last line with text on it.
  var lastText: String {
    last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
  }

  /// Whether the last line with text is an empty prompt.
  var showsEmptyPrompt: Bool {
    lastText.hasSuffix(">")
  }
}

/// Runs a program with `posix_spawn` and waits for it with `waitpid`.
///
/// Foundation's `Process` is not used: on Linux its exit detection missed the exit of the
/// `tmux new-session` client (which forks the server) and waited forever. The child also gets
/// default signal handling back (the test process ignores SIGINT).
enum Spawn {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// ``run(_:capture:)`` on a thread of its own, so that no cooperative thread is held while
  /// the program runs.
  static func onItsOwnThread(_ arguments: [String], capture: Bool) async throws -> String {
    try await withCheckedThrowingContinuation { continuation in
      Thread { continuation.resume(with: Result { try run(arguments, capture: capture) }) }.start()
    }
  }

  static func run(_ arguments: [String], capture: Bool) throws -> String {
    var fds: [Int32] = [-1, -1]
    if capture, pipe(&fds) != 0 { throw Failure(description: "pipe failed") }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    if capture {
      posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
      posix_spawn_file_actions_addclose(&actions, fds[0])
      posix_spawn_file_actions_addclose(&actions, fds[1])
    } else {
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    }

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    let environment = ProcessInfo.processInfo.environment.filter { $0.key != "TMUX" }
      .map { "\($0.key)=\($0.value)" }
    var argv = arguments.map { strdup($0) } + [nil]
    var envp = environment.map { strdup($0) } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid: pid_t = 0
    let status = posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, &envp)
    if capture { close(fds[1]) }
    guard status == 0 else {
      if capture { close(fds[0]) }
      throw Failure(description: "cannot start \(arguments[0]): error \(status)")
    }

    var output: [UInt8] = []
    if capture {
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = read(fds[0], &buffer, buffer.count)
        if count > 0 {
          output += buffer[0..<count]
        } else if count < 0, errno == EINTR {
          continue
        } else {
          break
        }
      }
      close(fds[0])
    }
    var exitStatus: Int32 = 0
    while waitpid(pid, &exitStatus, 0) < 0, errno == EINTR {}
    return String(decoding: output, as: UTF8.self)
  }
}
