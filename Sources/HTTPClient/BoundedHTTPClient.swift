import Locking

/// At most `limit` requests on the network at once, for everything that sends through it: the
/// API client and the image downloads share one bound (the polite parallelism PokéAPI asks for),
/// and `sync` can keep exactly that many in flight. Requests past the bound wait their turn in
/// order; a cancelled one leaves the queue at once.
///
/// Bounded parallelism as a type, as SwiftPM's `TokenBucket`. Put it inside the retrying client,
/// so that a request waiting to retry does not hold a slot.
public struct BoundedHTTPClient: HTTPClient {
  private let base: any HTTPClient
  private let slots: Slots

  /// Sends through `base`, at most `limit` (at least 1) at once.
  public init(wrapping base: any HTTPClient, limit: Int) {
    self.base = base
    self.slots = Slots(limit: max(1, limit))
  }

  public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    guard await slots.acquire() else { throw .cancelled }
    defer { slots.release() }
    return try await base.send(request)
  }
}

/// The slots of a ``BoundedHTTPClient``: a counter and a queue behind a lock, so that
/// cancellation and release need no task of their own.
final class Slots: Sendable {
  /// Where one queued request stands.
  private enum Waiter {
    /// Queued, not suspended yet.
    case arriving
    /// Suspended until a slot is free.
    case waiting(CheckedContinuation<Bool, Never>)
    /// Given a slot before it suspended: it takes it at once.
    case granted
    /// Cancelled before it suspended: it gives up at once.
    case cancelled
  }

  private struct State {
    var free: Int
    var queue: [UInt64] = []
    var waiters: [UInt64: Waiter] = [:]
    var nextID: UInt64 = 0
  }

  private let state: Locked<State>

  init(limit: Int) {
    state = Locked(State(free: limit))
  }

  /// Takes a slot, waiting for one if needed; `false` when the task was cancelled first.
  func acquire() async -> Bool {
    if Task.isCancelled { return false }
    let id: UInt64? = state.withLock { state in
      if state.free > 0, state.queue.isEmpty {
        state.free -= 1
        return nil
      }
      state.nextID += 1
      state.queue.append(state.nextID)
      state.waiters[state.nextID] = .arriving
      return state.nextID
    }
    guard let id else { return true }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let outcome = state.withLock { state -> Bool? in
          switch state.waiters[id] {
          case .arriving:
            state.waiters[id] = .waiting(continuation)
            return nil
          case .granted:
            state.waiters[id] = nil
            return true
          case .waiting, .cancelled, nil:
            state.waiters[id] = nil
            return false
          }
        }
        if let outcome { continuation.resume(returning: outcome) }
      }
    } onCancel: {
      let (waiter, givesBack) = state.withLock {
        state -> (CheckedContinuation<Bool, Never>?, Bool) in
        guard let waiter = state.waiters[id] else { return (nil, false) }
        state.queue.removeAll { $0 == id }
        switch waiter {
        case .arriving:
          state.waiters[id] = .cancelled
          return (nil, false)
        case .waiting(let continuation):
          state.waiters[id] = nil
          return (continuation, false)
        case .granted:
          state.waiters[id] = .cancelled
          return (nil, true)
        case .cancelled:
          return (nil, false)
        }
      }
      waiter?.resume(returning: false)
      if givesBack { release() }
    }
  }

  /// Gives a slot back: to the first request waiting, else to the pool.
  func release() {
    let next = state.withLock { state -> CheckedContinuation<Bool, Never>? in
      while !state.queue.isEmpty {
        let id = state.queue.removeFirst()
        switch state.waiters[id] {
        case .waiting(let continuation):
          state.waiters[id] = nil
          return continuation
        case .arriving:
          // Granted before it finished queueing: it finds the slot when it registers.
          state.waiters[id] = .granted
          return nil
        case .granted, .cancelled, nil:
          continue
        }
      }
      state.free += 1
      return nil
    }
    next?.resume(returning: true)
  }
}
