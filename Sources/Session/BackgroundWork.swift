import Synchronization

/// The owner of every task the session runs in the background: the loads at launch, the warm-ups
/// a command starts (an `open` warms its evolution chain), the species-name index.
///
/// A job is registered before its task starts, so nothing can finish or fail unseen. The owner
/// can wait for all jobs with a deadline (a script does before it exits, so what `open` saw works
/// offline), or cancel them and wait until they have stopped (`quit`, `cache clear`). Waiting
/// never polls: the last job to finish wakes the waiters.
public final class BackgroundWork: Sendable {
  /// Who started a job; `cancelAll(startedBy:)` can pick them out.
  public enum Origin: Sendable, Equatable {
    /// The session itself (the loads at launch, the name index).
    case session
    /// A command (a warm-up it started).
    case command
  }

  private struct Job {
    var name: String
    var origin: Origin
    var task: Task<Void, Never>
  }

  private struct State {
    var jobs: [UInt64: Job] = [:]
    var nextID: UInt64 = 0
    var idleWaiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
    var abandonedWaiters: Set<UInt64> = []
  }

  private let state = Mutex(State())

  public init() {}

  /// Starts `operation` as a registered job named `name` (for logs and tests). The job is
  /// registered before the task can run, and removed when it ends, however it ends.
  public func start(
    _ name: String, origin: Origin,
    _ operation: @escaping @Sendable () async -> Void
  ) {
    state.withLock { state in
      state.nextID += 1
      let id = state.nextID
      // Created under the lock: the task's `finished` call waits for the registration.
      let task = Task { [weak self] in
        await operation()
        self?.finished(id)
      }
      state.jobs[id] = Job(name: name, origin: origin, task: task)
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

  /// Cancels the jobs (those of `origin`, or all) and waits until they have ended, so that none
  /// can still write anything afterwards.
  public func cancelAll(startedBy origin: Origin? = nil) async {
    let tasks = state.withLock { state in
      state.jobs.values.filter { origin == nil || $0.origin == origin }.map(\.task)
    }
    for task in tasks { task.cancel() }
    for task in tasks { await task.value }
  }

  private func finished(_ id: UInt64) {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.jobs[id] = nil
      guard state.jobs.isEmpty else { return [] }
      defer { state.idleWaiters = [:] }
      return Array(state.idleWaiters.values)
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Returns when no job is running, or when the calling task is cancelled.
  private func idle() async {
    let id = state.withLock { state in
      state.nextID += 1
      return state.nextID
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let resumeNow = state.withLock { state in
          if state.jobs.isEmpty || state.abandonedWaiters.remove(id) != nil { return true }
          state.idleWaiters[id] = continuation
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      let waiter = state.withLock { state in
        guard let waiter = state.idleWaiters.removeValue(forKey: id) else {
          state.abandonedWaiters.insert(id)
          return nil as CheckedContinuation<Void, Never>?
        }
        return waiter
      }
      waiter?.resume()
    }
  }
}
