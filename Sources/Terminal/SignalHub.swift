import Dispatch
import Locking

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's single observer of SIGINT, SIGWINCH, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP and
/// SIGCONT.
///
/// Each signal gets one `DispatchSource` (installed on first use, the signal's default action
/// switched off), and the hub routes it:
/// - SIGINT goes to the innermost registered interrupt handler only (a line being read, or a
///   command in flight); with none registered it is dropped, so it never kills the program.
/// - SIGWINCH goes to every resize handler.
/// - SIGTERM and SIGHUP run every cleanup handler (restoring the terminal), then the signal's
///   default action runs, so the process still ends the way its parent expects.
/// - SIGTSTP (Ctrl-Z) runs every suspend handler (restoring the terminal), then stops the process
///   as the default action would; SIGCONT (`fg`) runs every resume handler (redrawing the line).
/// - SIGQUIT (Ctrl-\\) is treated like SIGINT once ``treatQuitAsInterrupt()`` was called: in a
///   REPL it would otherwise reach the Swift runtime's crash reporter.
public final class SignalHub: Sendable {
  /// The one hub of the process: signal dispositions are process-wide.
  public static let shared = SignalHub()

  private struct State {
    var nextID = 0
    var interruptHandlers: [(id: Int, handler: @Sendable () -> Void)] = []
    var resizeHandlers: [Int: @Sendable () -> Void] = [:]
    var cleanupHandlers: [Int: @Sendable () -> Void] = [:]
    var suspendHandlers: [Int: (suspend: @Sendable () -> Void, resume: @Sendable () -> Void)] =
      [:]
    var sources: [Int32: any DispatchSourceSignal] = [:]
  }

  private let state = Locked(State())
  private let queue = DispatchQueue(label: "pokedex.signals")

  private init() {}

  /// Ignores SIGPIPE: a pager that quits before reading everything leaves a write failing with
  /// `EPIPE` instead of ending the session.
  public func ignoreBrokenPipes() {
    signal(SIGPIPE, SIG_IGN)
  }

  /// Starts observing SIGINT (so its default action no longer applies).
  public func observeInterrupts() {
    observe(SIGINT) { [self] in interruptInnermost() }
  }

  /// Registers `handler` as the innermost receiver of SIGINT until `remove(_:)`.
  public func pushInterruptHandler(_ handler: @escaping @Sendable () -> Void) -> Int {
    observeInterrupts()
    return state.withLock { state in
      state.nextID += 1
      state.interruptHandlers.append((state.nextID, handler))
      return state.nextID
    }
  }

  /// Calls `handler` on every SIGWINCH until `remove(_:)`.
  public func addResizeHandler(_ handler: @escaping @Sendable () -> Void) -> Int {
    observe(SIGWINCH) { [self] in
      let handlers = state.withLock { Array($0.resizeHandlers.values) }
      for handler in handlers { handler() }
    }
    return state.withLock { state in
      state.nextID += 1
      state.resizeHandlers[state.nextID] = handler
      return state.nextID
    }
  }

  /// Calls `handler` before the process ends on SIGTERM or SIGHUP, until `remove(_:)`.
  public func addCleanupHandler(_ handler: @escaping @Sendable () -> Void) -> Int {
    for signal in [SIGTERM, SIGHUP] {
      observe(signal) { [self] in
        let handlers = state.withLock { Array($0.cleanupHandlers.values) }
        for handler in handlers { handler() }
        Self.terminate(by: signal)
      }
    }
    return state.withLock { state in
      state.nextID += 1
      state.cleanupHandlers[state.nextID] = handler
      return state.nextID
    }
  }

  /// Calls `suspend` before the process stops on SIGTSTP (Ctrl-Z), and `resume` after it
  /// continues (SIGCONT: `fg`, `bg`, `kill -CONT`), until `remove(_:)`.
  public func addSuspendHandler(
    suspend: @escaping @Sendable () -> Void, resume: @escaping @Sendable () -> Void
  ) -> Int {
    observe(SIGTSTP) { [self] in
      let handlers = state.withLock { Array($0.suspendHandlers.values) }
      for handler in handlers { handler.suspend() }
      Self.stop()
      // Continued (or never stopped: a process group without a shell's job control ignores
      // the stop): resume whether or not SIGCONT is seen.
      for handler in handlers { handler.resume() }
    }
    observe(SIGCONT) { [self] in
      let handlers = state.withLock { Array($0.suspendHandlers.values) }
      for handler in handlers { handler.resume() }
    }
    return state.withLock { state in
      state.nextID += 1
      state.suspendHandlers[state.nextID] = (suspend, resume)
      return state.nextID
    }
  }

  /// From now on, SIGQUIT (Ctrl-\\) does what Ctrl-C does: drops the line being typed, or
  /// cancels the command in flight.
  public func treatQuitAsInterrupt() {
    observe(SIGQUIT) { [self] in interruptInnermost() }
  }

  /// Calls the innermost interrupt handler, if any.
  private func interruptInnermost() {
    let handler = state.withLock { $0.interruptHandlers.last?.handler }
    handler?()
  }

  /// Unregisters a handler added by any of the `add…`/`push…` methods.
  public func remove(_ id: Int) {
    state.withLock { state in
      state.interruptHandlers.removeAll { $0.id == id }
      state.resizeHandlers[id] = nil
      state.cleanupHandlers[id] = nil
      state.suspendHandlers[id] = nil
    }
  }

  private func observe(_ signalNumber: Int32, handler: @escaping @Sendable () -> Void) {
    state.withLock { state in
      guard state.sources[signalNumber] == nil else { return }
      // The dispatch source sees the signal even though its disposition is "ignore".
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
      source.setEventHandler(handler: handler)
      source.resume()
      state.sources[signalNumber] = source
    }
  }

  /// Stops the process as SIGTSTP's default action does (the shell reports it stopped); returns
  /// once it continues, SIGTSTP observed again.
  private static func stop() {
    signal(SIGTSTP, SIG_DFL)
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGTSTP)
    var previous = sigset_t()
    pthread_sigmask(SIG_UNBLOCK, &set, &previous)
    raise(SIGTSTP)
    pthread_sigmask(SIG_SETMASK, &previous, nil)
    signal(SIGTSTP, SIG_IGN)
  }

  /// Ends the process with the default action of `signalNumber`.
  private static func terminate(by signalNumber: Int32) -> Never {
    signal(signalNumber, SIG_DFL)
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, signalNumber)
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
    raise(signalNumber)
    // Only reached if the signal could not be delivered: exit as a shell reports a signal death.
    _exit(128 + signalNumber)
  }
}
