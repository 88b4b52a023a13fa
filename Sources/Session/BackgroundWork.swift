import HTTPClient
import Locking

/// The owner of every task the session runs in the background: the loads at launch, the warm-ups
/// a command starts (an `open` warms its evolution chain), the species names.
///
/// A job is registered before its task starts, so nothing can finish or fail unseen. The owner
/// can wait for the jobs with a deadline (a script does before it exits, so what `open` saw works
/// offline), or cancel them and wait, again with a deadline, until they have stopped (`quit`,
/// `cache clear`). Waiting never polls: the last job to finish wakes the waiters.
public final class BackgroundWork: Sendable {
  /// Where one caller of ``waitUntilIdle(within:)`` stands.
  private enum Waiter {
    /// Not registered yet.
    case arriving
    /// Registered, to be resumed when the last job ends.
    case waiting(CheckedContinuation<Void, Never>)
    /// Cancelled before it registered: it must not wait.
    case cancelled
  }

  private struct State {
    var jobs: [UInt64: (name: String, task: Task<Void, Never>)] = [:]
    var waiters: [UInt64: Waiter] = [:]
    var nextID: UInt64 = 0

    mutating func newID() -> UInt64 {
      nextID += 1
      return nextID
    }
  }

  private let state = Locked(State())

  public init() {}

  /// Starts `operation` as a registered job named `name` (for logs and tests). The job is
  /// registered before the task can run, and removed when it ends, however it ends. It runs at
  /// a utility priority, as background work for the HTTP client (``BoundedHTTPClient``): its
  /// requests wait behind a command's, and a command's never wait behind them.
  public func start(_ name: String, _ operation: @escaping @Sendable () async -> Void) {
    state.withLock { state in
      let id = state.newID()
      // Created under the lock: the task's `finished` call waits for the registration.
      let task = Task(priority: .utility) { [weak self] in
        await BoundedHTTPClient.$isBackground.withValue(true) { await operation() }
        self?.finished(id)
      }
      state.jobs[id] = (name, task)
    }
  }

  /// The names of the jobs still running, in no particular order.
  public var running: [String] {
    state.withLock { $0.jobs.values.map(\.name) }
  }

  /// Waits until no job is running, or until `limit` has passed. Returns whether all finished.
  /// Returns at once when nothing runs.
  @discardableResult
  public func waitUntilIdle(within limit: Duration) async -> Bool {
    if state.withLock({ $0.jobs.isEmpty }) { return true }
    return await withTaskGroup(of: Bool.self) { group in
      group.addTask { [self] in
        await idle()
        return !Task.isCancelled
      }
      group.addTask {
        try? await Task.sleep(for: limit)
        return false
      }
      let first = await group.next() ?? false
      group.cancelAll()
      return first
    }
  }

  /// Cancels every job and waits until they have ended, or until `limit` has passed (a job that
  /// ignores cancellation cannot hold up `quit`). Returns whether all ended.
  @discardableResult
  public func cancelAll(within limit: Duration = .seconds(2)) async -> Bool {
    for task in state.withLock({ $0.jobs.values.map(\.task) }) { task.cancel() }
    return await waitUntilIdle(within: limit)
  }

  private func finished(_ id: UInt64) {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.jobs[id] = nil
      guard state.jobs.isEmpty else { return [] }
      var resumed: [CheckedContinuation<Void, Never>] = []
      for (id, waiter) in state.waiters {
        if case .waiting(let continuation) = waiter {
          resumed.append(continuation)
          state.waiters[id] = nil
        }
      }
      return resumed
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Returns when no job is running, or when the calling task is cancelled.
  private func idle() async {
    let id = state.withLock { state in
      let id = state.newID()
      state.waiters[id] = .arriving
      return id
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let resumeNow = state.withLock { state in
          guard case .arriving = state.waiters[id], !state.jobs.isEmpty else {
            state.waiters[id] = nil
            return true
          }
          state.waiters[id] = .waiting(continuation)
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
        switch state.waiters[id] {
        case .arriving:
          state.waiters[id] = .cancelled
          return nil
        case .waiting(let continuation):
          state.waiters[id] = nil
          return continuation
        case .cancelled, nil:
          return nil
        }
      }
      waiter?.resume()
    }
  }
}
