import Locking

/// Turns Ctrl-C (SIGINT) into cancellation of the command in flight.
///
/// There is one per process (`shared`), because a signal's disposition is process-wide; the
/// line editor routes Ctrl-C through the same observer. Whoever registered last gets the
/// signal: while a line is being read, Ctrl-C drops that line; while `run` executes a command,
/// Ctrl-C cancels the command. With neither, Ctrl-C is ignored: it never kills the program.
public final class InterruptController: Sendable {
  /// The process's controller. Touching it switches off SIGINT's default action.
  public static let shared = InterruptController(hub: .shared)

  /// The signal hub the controller registers with.
  public let hub: SignalHub

  init(hub: SignalHub) {
    self.hub = hub
    hub.observeInterrupts()
  }

  /// Runs `operation` in a child task and cancels that task when Ctrl-C arrives.
  ///
  /// Waits until the operation has finished (cancellation is cooperative), then returns its
  /// result, or `nil` when Ctrl-C cancelled it. Cancelling the calling task cancels the operation
  /// too (and also returns `nil`).
  public func run<T: Sendable>(_ operation: @escaping @Sendable () async -> T) async -> T? {
    let (value, interrupted) = await runReporting(operation)
    return interrupted ? nil : value
  }

  /// Runs `operation` as ``run(_:)`` does, but returns what it returned even after Ctrl-C (a
  /// cancelled operation may say how far it came), with whether Ctrl-C (or the caller's
  /// cancellation) stopped it.
  public func runReporting<T: Sendable>(
    _ operation: @escaping @Sendable () async -> T
  ) async -> (value: T, interrupted: Bool) {
    let interruption = Interruption()
    // Registered before the task starts, so Ctrl-C can never slip between the two.
    let id = hub.pushInterruptHandler { interruption.interrupt() }
    defer { hub.remove(id) }
    let task = Task { await operation() }
    interruption.setCancel { task.cancel() }
    let value = await withTaskCancellationHandler {
      await task.value
    } onCancel: {
      task.cancel()
    }
    return (value, interruption.happened || task.isCancelled)
  }

  /// Calls `handler` on Ctrl-C while `body` runs (the innermost registration wins).
  public func whileObservingInterrupts<Result>(
    _ handler: @escaping @Sendable () -> Void, _ body: () throws -> Result
  ) rethrows -> Result {
    let id = hub.pushInterruptHandler(handler)
    defer { hub.remove(id) }
    return try body()
  }
}

/// Remembers a Ctrl-C and cancels the command's task, even if the signal came before the task
/// was known.
final class Interruption: Sendable {
  private struct State {
    var happened = false
    var cancel: (@Sendable () -> Void)?
  }

  private let state = Locked(State())

  /// Whether Ctrl-C arrived.
  var happened: Bool { state.withLock { $0.happened } }

  /// Records Ctrl-C and cancels the task if known.
  func interrupt() {
    let cancel = state.withLock { state in
      state.happened = true
      return state.cancel
    }
    cancel?()
  }

  /// Sets how to cancel the task; cancels at once if Ctrl-C already arrived.
  func setCancel(_ cancel: @escaping @Sendable () -> Void) {
    let happened = state.withLock { state in
      state.cancel = cancel
      return state.happened
    }
    if happened { cancel() }
  }
}
