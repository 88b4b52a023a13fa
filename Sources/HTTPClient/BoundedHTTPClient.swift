import Locking

/// At most `limit` requests on the network at once, for everything that sends through it: the
/// API client and the image downloads share one bound (the polite parallelism PokéAPI asks for),
/// and `sync` can keep exactly that many in flight. Requests past the bound wait their turn in
/// order; a cancelled one leaves the queue at once.
///
/// The bound is for HTTP/1.1, where each request in flight holds a connection of its own, and six
/// connections to a host is what browsers keep to. Once an answer has come over HTTP/2 (or 3),
/// whose one connection carries every request as a stream, the bound widens to
/// `multiplexedLimit`, so that a wave of requests (the nine names an evolution tree shows, a
/// learnset's moves) goes out together instead of six at a time. That bound stays for politeness:
/// 100 streams is what RFC 9113 recommends a server allow at least, and libcurl's own default.
/// Requests on an HTTP/1.1 host past six still wait, in libcurl, for one of its six connections.
///
/// Bounded parallelism as a type, as SwiftPM's `TokenBucket`. Put it inside the retrying client,
/// so that a request waiting to retry does not hold a slot.
public struct BoundedHTTPClient: HTTPClient {
  /// The bound over a multiplexed connection unless told otherwise.
  public static let defaultMultiplexedLimit = 100

  private let base: any HTTPClient
  private let slots: Slots
  private let multiplexedLimit: Int

  /// Sends through `base`, at most `limit` (at least 1) at once, and `multiplexedLimit` (at least
  /// `limit`) once an answer has come over a multiplexed protocol.
  public init(
    wrapping base: any HTTPClient, limit: Int, multiplexedLimit: Int = Self.defaultMultiplexedLimit
  ) {
    self.base = base
    self.slots = Slots(limit: max(1, limit))
    self.multiplexedLimit = max(1, limit, multiplexedLimit)
  }

  public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    guard await slots.acquire() else { throw .cancelled }
    defer { slots.release() }
    let response = try await base.send(request)
    if Self.isMultiplexed(response.version) { slots.widen(to: multiplexedLimit) }
    return response
  }

  /// How many requests may be in flight now.
  public var limit: Int { slots.limit }

  /// Whether an answer's protocol (`HTTP/2`, `HTTP/1.1`) carries many requests on a connection.
  static func isMultiplexed(_ version: String?) -> Bool {
    guard let version else { return false }
    return version.hasPrefix("HTTP/2") || version.hasPrefix("HTTP/3")
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
    var limit: Int
    var free: Int
    /// The requests waiting, each with its task's priority, in the order they came.
    var queue: [(id: UInt64, priority: UInt8)] = []
    var waiters: [UInt64: Waiter] = [:]
    var nextID: UInt64 = 0
  }

  private let state: Locked<State>

  init(limit: Int) {
    state = Locked(State(limit: limit, free: limit))
  }

  /// How many slots there are.
  var limit: Int { state.withLock { $0.limit } }

  /// Raises the number of slots to `limit` (never lowers it), handing the new ones to the requests
  /// waiting first.
  func widen(to limit: Int) {
    let added = state.withLock { state -> Int in
      guard limit > state.limit else { return 0 }
      defer { state.limit = limit }
      return limit - state.limit
    }
    for _ in 0..<added { release() }
  }

  /// Takes a slot, waiting for one if needed; `false` when the task was cancelled first. A
  /// request of a higher-priority task (a command) is handed a slot before those of lower ones
  /// (the loads a session starts in the background) that came first.
  func acquire() async -> Bool {
    if Task.isCancelled { return false }
    let priority = Task.currentPriority.rawValue
    let id: UInt64? = state.withLock { state in
      if state.free > 0, state.queue.isEmpty {
        state.free -= 1
        return nil
      }
      state.nextID += 1
      state.queue.append((state.nextID, priority))
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
        state.queue.removeAll { $0.id == id }
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

  /// Gives a slot back: to the first request waiting of the highest priority, else to the pool.
  func release() {
    let next = state.withLock { state -> CheckedContinuation<Bool, Never>? in
      while !state.queue.isEmpty {
        let highest = state.queue.map(\.priority).max() ?? 0
        let index = state.queue.firstIndex { $0.priority == highest } ?? 0
        let id = state.queue.remove(at: index).id
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
