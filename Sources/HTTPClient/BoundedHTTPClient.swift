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
/// A command never waits behind the background. The requests of work the session started by
/// itself (the loads at launch, the warm-ups: tasks run under ``BoundedHTTPClient/$isBackground``)
/// share `limit` slots with everything else, and a command's requests have `limit` of their
/// own: background requests stalled on a silent network hold no slot a command needs, so once
/// the network answers again the command is answered, not queued behind them. The most in
/// flight is then twice the bound, and only while the background has requests out: the
/// transport allows that many connections to a host (`2 × limit`).
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
    guard let slot = await slots.acquire() else { throw .cancelled }
    defer { slots.release(slot) }
    let response = try await base.send(request)
    slots.answered()
    if Self.isMultiplexed(response.version) { slots.widen(to: multiplexedLimit) }
    return response
  }

  /// How many answers have come through so far: a request that fails while others are answered
  /// says nothing of whether the server can be reached.
  public var answers: Int { slots.answers }

  /// Whether the current task does work the session started by itself, not a command's: set by
  /// the owner of the background work for its tasks (and inherited by the tasks they start).
  @TaskLocal public static var isBackground = false

  /// How many requests may be in flight now.
  public var limit: Int { slots.limit }

  /// Whether an answer's protocol (`HTTP/2`, `HTTP/1.1`) carries many requests on a connection.
  static func isMultiplexed(_ version: String?) -> Bool {
    guard let version else { return false }
    return version.hasPrefix("HTTP/2") || version.hasPrefix("HTTP/3")
  }
}

/// The slots of a ``BoundedHTTPClient``: counters and a queue behind a lock, so that
/// cancellation and release need no task of their own.
final class Slots: Sendable {
  /// Who a request is for (``BoundedHTTPClient/isBackground`` when it asks).
  enum Kind: Sendable {
    /// A command the user typed: up to `limit` at once of its own, whatever the background
    /// holds.
    case command
    /// Work the session started by itself: only while fewer than `limit` requests of any kind
    /// are in flight.
    case background
  }

  /// A slot taken, given back with ``Slots/release(_:)``.
  struct Slot: Sendable {
    let kind: Kind
  }

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

  private struct Queued {
    var id: UInt64
    var priority: UInt8
    var kind: Kind
  }

  private struct State {
    var limit: Int
    /// Requests in flight, of both kinds.
    var inFlight = 0
    /// Requests of commands in flight.
    var commands = 0
    /// The requests waiting, each with its task's priority, in the order they came.
    var queue: [Queued] = []
    var waiters: [UInt64: Waiter] = [:]
    var nextID: UInt64 = 0
    /// Answers that came through.
    var answers = 0

    /// Whether a request of `kind` may go now.
    func hasRoom(for kind: Kind) -> Bool {
      switch kind {
      case .command: commands < limit
      case .background: inFlight < limit
      }
    }

    mutating func take(_ kind: Kind) {
      inFlight += 1
      if kind == .command { commands += 1 }
    }

    mutating func give(_ kind: Kind) {
      inFlight -= 1
      if kind == .command { commands -= 1 }
    }

    /// Hands free slots to the requests waiting: the highest priority first, in the order they
    /// came; a background request waits while the background has no room, a command behind it
    /// need not. What the waiters suspended on is to be resumed once the lock is let go.
    mutating func grant() -> [CheckedContinuation<Bool, Never>] {
      var resumed: [CheckedContinuation<Bool, Never>] = []
      let order = queue.indices.sorted {
        queue[$0].priority != queue[$1].priority
          ? queue[$0].priority > queue[$1].priority : $0 < $1
      }
      var granted: Set<UInt64> = []
      for entry in order.map({ queue[$0] }) where hasRoom(for: entry.kind) {
        switch waiters[entry.id] {
        case .waiting(let continuation):
          waiters[entry.id] = nil
          resumed.append(continuation)
        case .arriving:
          // Granted before it finished queueing: it finds the slot when it registers.
          waiters[entry.id] = .granted
        case .granted, .cancelled, nil:
          granted.insert(entry.id)
          continue
        }
        take(entry.kind)
        granted.insert(entry.id)
      }
      queue.removeAll { granted.contains($0.id) }
      return resumed
    }
  }

  private let state: Locked<State>

  init(limit: Int) {
    state = Locked(State(limit: limit))
  }

  /// How many slots there are, for each kind.
  var limit: Int { state.withLock { $0.limit } }

  /// How many answers came through.
  var answers: Int { state.withLock { $0.answers } }

  /// Counts an answer.
  func answered() {
    state.withLock { $0.answers += 1 }
  }

  /// Raises the number of slots to `limit` (never lowers it), handing the new ones to the requests
  /// waiting first.
  func widen(to limit: Int) {
    let resumed = state.withLock { state -> [CheckedContinuation<Bool, Never>] in
      guard limit > state.limit else { return [] }
      state.limit = limit
      return state.grant()
    }
    for continuation in resumed { continuation.resume(returning: true) }
  }

  /// Takes a slot, waiting for one if needed; nil when the task was cancelled first. A request
  /// of a higher-priority task (a command) is handed a slot before those of lower ones (the
  /// loads a session starts in the background) that came first, and never waits for slots the
  /// background holds.
  func acquire() async -> Slot? {
    if Task.isCancelled { return nil }
    let priority = Task.currentPriority
    let kind: Kind = BoundedHTTPClient.isBackground ? .background : .command
    let id: UInt64? = state.withLock { state in
      if state.hasRoom(for: kind), !state.queue.contains(where: { $0.kind == kind }) {
        state.take(kind)
        return nil
      }
      state.nextID += 1
      state.queue.append(Queued(id: state.nextID, priority: priority.rawValue, kind: kind))
      state.waiters[state.nextID] = .arriving
      return state.nextID
    }
    guard let id else { return Slot(kind: kind) }
    let took = await withTaskCancellationHandler {
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
      if givesBack { release(Slot(kind: kind)) }
    }
    return took ? Slot(kind: kind) : nil
  }

  /// Gives a slot back, to the requests waiting first (``State/grant()``) or to the pool.
  func release(_ slot: Slot) {
    let resumed = state.withLock { state -> [CheckedContinuation<Bool, Never>] in
      state.give(slot.kind)
      return state.grant()
    }
    for continuation in resumed { continuation.resume(returning: true) }
  }
}
