import Locking

/// One-line notices from the services (stale data served, cache warnings).
///
/// While a command runs they are collected, and shown after its output, each kind once per
/// command (a command that reads three stale answers says so once; the next command that does
/// says so again). While no command runs they are shown at once through `show`, which puts them
/// above the prompt, each kind once until the next command.
public final class NoticeBoard: Sendable {
  private struct State {
    var collecting = false
    var pending: [(kind: String, text: String)] = []
    var shownWhileIdle: Set<String> = []
  }

  private let state = Locked(State())
  private let show: @Sendable (String) -> Void

  /// A board that shows notices arriving between commands with `show`.
  public init(show: @escaping @Sendable (String) -> Void) {
    self.show = show
  }

  /// Posts a notice; `kind` (the text when `nil`) is what makes two notices the same.
  public func post(_ text: String, kind: String? = nil) {
    let showNow = state.withLock { state in
      guard state.collecting else { return state.shownWhileIdle.insert(kind ?? text).inserted }
      state.pending.append((kind ?? text, text))
      return false
    }
    if showNow { show(text) }
  }

  /// From now on, collects notices for the command that starts.
  public func beginCommand() {
    state.withLock { $0 = State(collecting: true) }
  }

  /// Stops collecting and returns the command's notices, each kind once, in order. A kind it
  /// returns is not shown again until the next command (the jobs a command started, such as an
  /// evolution chain warming up, may meet the same stale data just after it).
  public func endCommand() -> [String] {
    state.withLock { state in
      var seen = Set<String>()
      let shown = state.pending.filter { seen.insert($0.kind).inserted }
      state = State(shownWhileIdle: seen)
      return shown.map(\.text)
    }
  }
}
