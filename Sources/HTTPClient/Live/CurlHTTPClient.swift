import CShims
import Foundation
import Locking

/// ``HTTPClient`` over libcurl's multi interface, which is loaded on the first request.
///
/// - libcurl is opened with `dlopen` by the first request (`CCurlShim`), so a command answered
///   from the cache never maps it and its ~30 libraries (about 6 ms and 6 MB at every start).
/// - One thread, made by the first request, drives every transfer with `curl_multi_poll`; it
///   sleeps until a socket or a new request wakes it (an `eventfd`), and stops when the client
///   goes. Connections are kept alive and reused. Over HTTPS it asks for HTTP/2, and the requests
///   to one server share one connection (a request waits for the server's first connection to
///   know whether it can, rather than open another); over HTTP/1.1, up to six connections a host.
/// - Redirects are followed only on the host (and scheme and port) a request went to: pokedex
///   talks to the configured hosts and nowhere else. A redirect elsewhere reaches the caller as
///   its `3xx`.
/// - A request's ``HTTPRequest/maximumBodyBytes`` stops an answer as soon as it is seen to be too
///   long (its `Content-Length`, or the bytes received), not after reading it whole; a compressed
///   answer is held to it as it comes, and its inflating stops one byte past it.
/// - Requests that start together start in the order of their tasks' priorities, the most urgent
///   first: a connection sends its requests in the order they start, and a server that works
///   through them in order answers the first first. The first wave of a cold start waits for the
///   connection opened at launch and then starts whole, rather than in the order its requests
///   happened to come.
/// - Sends `User-Agent` and accepts compressed answers, which the task that asked inflates
///   (``ContentDecoding``), not libcurl's thread; bounds every request by an idle
///   time-out (no byte for that long) and a total one (however the bytes trickle in); stops at
///   once when the calling task is cancelled.
/// - Every connection is set to acknowledge at once (`TCP_QUICKACK`) while it waits for an
///   answer. A server that writes an answer's headers and body separately without `TCP_NODELAY`
///   (Python's `http.server`, for one) otherwise holds the body until the client's delayed
///   acknowledgement of the headers: 40 ms on every request of a reused connection.
public final class CurlHTTPClient: HTTPClient {
  private let settings: CurlSettings
  private let engine = Locked<CurlEngine?>(nil)
  private let early: EarlyConnection
  /// TLS was readied before the client was made (`Preparation`).
  private let tlsReady: Bool
  private let onUnavailable: @Sendable (String) -> Void

  /// The most redirects followed on one host.
  private static let maximumRedirects = 5

  /// A client naming itself `userAgent` (e.g. `"pokedex/1.2.0"`).
  /// - Parameters:
  ///   - idleTimeout: the longest silence while waiting for (more of) an answer, and the longest a
  ///     connection may take to open. libcurl counts it in whole seconds, at least one.
  ///   - totalTimeout: the longest a whole request may take, however the bytes trickle in.
  ///   - maxConnectionsPerHost: how many connections to one host at most.
  ///   - trust: the CA certificates that verify servers (see ``CertificateTrust``).
  ///   - onUnavailable: told once, with the reason, when libcurl cannot be loaded (every request
  ///     then fails as `connectionFailed`).
  ///   - prepared: what was readied before the client was made (its connection is the client's).
  public init(
    userAgent: String, idleTimeout: Duration = .seconds(15), totalTimeout: Duration = .seconds(60),
    maxConnectionsPerHost: Int = 6, trust: CertificateTrust = .system,
    onUnavailable: @escaping @Sendable (String) -> Void = { _ in },
    prepared: Preparation? = nil
  ) {
    early = prepared?.early ?? EarlyConnection()
    tlsReady = prepared != nil
    settings = CurlSettings(
      userAgent: userAgent, idleTimeout: idleTimeout, totalTimeout: totalTimeout,
      maxConnectionsPerHost: maxConnectionsPerHost, trust: trust)
    self.onUnavailable = onUnavailable
  }

  deinit {
    engine.withLock { $0?.stop() }
  }

  /// The `User-Agent` for a pokedex version: `pokedex/<version>`.
  public static func userAgent(version: String) -> String { "pokedex/\(version)" }

  /// Sends a GET; any HTTP status is an answer, only transport failures throw.
  public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    if Task.isCancelled { throw .cancelled }
    let engine = try startedEngine()
    let deadline = ContinuousClock.now + settings.totalTimeout
    var url = request.url
    var redirects = 0
    while true {
      let response = try await engine.transfer(
        url: url, headers: request.headers, limit: request.maximumBodyBytes,
        timeout: deadline - ContinuousClock.now
      ).get()
      guard redirects < Self.maximumRedirects,
        let next = Self.redirect(from: url, answeredWith: response)
      else {
        guard ContentDecoding.isAvailable else { return response }
        return try ContentDecoding.decoded(response, limit: request.maximumBodyBytes).get()
      }
      url = next
      redirects += 1
    }
  }

  /// Loads libcurl and starts its thread now, on a thread of its own, so that a request made
  /// soon after does not wait for them (a request made meanwhile waits for this one to finish).
  /// - Parameter origin: a server the first request will go to: the TCP connection to it is
  ///   opened first, before libcurl loads, and libcurl's first connection takes it over (see
  ///   `EarlyConnection`); over HTTPS, TLS is readied while the handshake is under way. Pass nil
  ///   when requests go through a proxy (``usesProxy(environment:)``).
  public func prepare(connectingTo origin: URL? = nil) {
    // The engine discards the early connection itself when libcurl cannot be started.
    Self.ready(early, to: origin, warmingTLS: !tlsReady && origin?.isHTTPS == true) {
      (try? self.startedEngine()) != nil
    }
  }

  /// On a thread of its own: the connection to `origin` first, then `load` (libcurl), then, when
  /// it loaded and `warmingTLS`, TLS's first context. An origin whose host is an address is
  /// connected to before the thread starts: nothing is looked up, and a new thread may take
  /// milliseconds to run on a busy machine (0.1–3.7 ms measured here), while every request of
  /// the first wave waits for that handshake.
  private static func ready(
    _ early: EarlyConnection, to origin: URL?, warmingTLS: Bool,
    load: @escaping @Sendable () -> Bool
  ) {
    if let origin, EarlyConnection.needsNoLookup(origin) {
      early.open(to: origin, receiveBuffer: CurlLoop.receiveBufferBytes)
    }
    DetachedThread.start {
      if let origin { early.open(to: origin, receiveBuffer: CurlLoop.receiveBufferBytes) }
      if load(), warmingTLS { pdx_warm_tls() }
    }
  }

  /// libcurl loaded, TLS readied and a connection opened before the client is made: at launch,
  /// before the command line is parsed (argument-parser takes 3–4 ms), for the client made after
  /// to adopt (`init(…prepared:)`).
  public final class Preparation: Sendable {
    let early = EarlyConnection()

    private init() {}

    /// Starts, on a thread of its own: the connection to `origin` (see `EarlyConnection`), then
    /// libcurl's loading, then (over HTTPS) TLS's first context.
    public static func start(connectingTo origin: URL) -> Preparation {
      let preparation = Preparation()
      // A failure to load is the client's to report, at its first request.
      CurlHTTPClient.ready(preparation.early, to: origin, warmingTLS: origin.isHTTPS) {
        pdx_curl_load() == nil
      }
      return preparation
    }
  }

  /// Whether libcurl would send requests through a proxy, as the environment asks
  /// (`https_proxy`, `http_proxy`, `all_proxy`, in either case).
  public static func usesProxy(environment: [String: String]) -> Bool {
    proxyVariables.contains { !(environment[$0] ?? "").isEmpty }
  }

  /// The variables that name a proxy for libcurl, in either case.
  public static let proxyVariables = ["https_proxy", "http_proxy", "all_proxy"].flatMap {
    [$0, $0.uppercased()]
  }

  /// The engine, started by the first request; `connectionFailed` when libcurl cannot be loaded
  /// (said once through `onUnavailable`).
  private func startedEngine() throws(HTTPError) -> CurlEngine {
    let (started, failure) = engine.withLock { engine -> (CurlEngine?, String?) in
      if let engine { return (engine, nil) }
      if let failure = pdx_curl_load() {
        // A placeholder that refuses every request, so the reason is said once.
        engine = CurlEngine.refusing()
        early.discard()
        return (nil, String(cString: failure))
      }
      if let started = CurlEngine(settings: settings, early: early) {
        engine = started
      } else {
        engine = CurlEngine.refusing()
        early.discard()
      }
      return (engine, nil)
    }
    if let failure { onUnavailable(failure) }
    guard let started else { throw .connectionFailed }
    return started
  }

  /// Where a `3xx` answer points, when that is on the host (scheme and port) of `url`.
  static func redirect(from url: URL, answeredWith response: HTTPResponse) -> URL? {
    guard [301, 302, 303, 307, 308].contains(response.status),
      let location = response.header("location"),
      let target = URL(string: location, relativeTo: url)?.absoluteURL
    else { return nil }
    return url.hasSameOrigin(as: target) ? target : nil
  }
}

/// What every transfer is given.
struct CurlSettings: Sendable {
  var userAgent: String
  var idleTimeout: Duration
  var totalTimeout: Duration
  var maxConnectionsPerHost: Int
  /// The most requests at once on one multiplexed (HTTP/2) connection.
  var maxStreamsPerConnection: Int = BoundedHTTPClient.defaultMultiplexedLimit
  /// The CA certificates that verify servers.
  var trust: CertificateTrust = .system

  /// The multi handle's options: at most `maxConnectionsPerHost` connections to a host (HTTP/1.1
  /// takes one per request in flight), many requests on one HTTP/2 connection, and enough idle
  /// connections kept for reuse.
  var multiOptions: [(CURLMoption, Int)] {
    [
      (CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX)),
      (CURLMOPT_MAX_HOST_CONNECTIONS, maxConnectionsPerHost),
      (CURLMOPT_MAX_CONCURRENT_STREAMS, maxStreamsPerConnection),
      (CURLMOPT_MAXCONNECTS, 2 * maxConnectionsPerHost),
    ]
  }

  /// How a request to `url` is made. Over HTTPS, HTTP/2 is asked for (ALPN), and a request waits
  /// for a connection still being opened to the same server to learn whether it can multiplex
  /// (`CURLOPT_PIPEWAIT`), instead of opening a TCP and TLS connection of its own: a wave of
  /// requests at a cold start then shares one connection. Plain HTTP is HTTP/1.1, where waiting
  /// would only delay the second request by a round trip: it opens its own connection at once.
  static func protocolOptions(for url: URL) -> [(CURLoption, Int)] {
    if url.isHTTPS {
      [(CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS)), (CURLOPT_PIPEWAIT, 1)]
    } else {
      [(CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_1_1)), (CURLOPT_PIPEWAIT, 0)]
    }
  }
}

/// The thread that drives libcurl, and the inbox through which requests and cancellations reach
/// it. Everything libcurl touches lives on that thread (``CurlLoop``); the callers only fill the
/// inbox and wake the thread.
final class CurlEngine: Sendable {
  private let inbox = Locked(CurlInbox())
  private let wake: Int32

  /// An engine without a thread, which refuses every request (libcurl could not be started).
  static func refusing() -> CurlEngine { CurlEngine() }

  private init() {
    wake = -1
    inbox.withLock {
      $0.stopping = true
      $0.closed = true
    }
  }

  /// Starts the thread; nil when the descriptor that wakes it cannot be made.
  init?(settings: CurlSettings, early: EarlyConnection) {
    wake = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
    guard wake >= 0 else { return nil }
    let inbox = inbox
    let wake = wake
    let thread = Thread {
      let loop = CurlLoop(settings: settings, inbox: inbox, wake: wake, early: early)
      loop.run()
    }
    thread.name = "pokedex.http"
    thread.start()
  }

  /// Asks the thread to cancel what it holds and end.
  func stop() {
    inbox.withLock { $0.stopping = true }
    signal()
  }

  /// Runs one request to its answer or failure; cancelling the calling task cancels it.
  func transfer(url: URL, headers: [String: String], limit: Int?, timeout: Duration) async
    -> Result<HTTPResponse, HTTPError>
  {
    guard timeout > .zero else { return .failure(.timedOut) }
    let id = inbox.withLock { inbox in
      inbox.lastID += 1
      return inbox.lastID
    }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let submission = CurlSubmission(
          id: id, url: url, headers: headers, limit: limit, timeout: timeout,
          priority: Task.basePriority ?? Task.currentPriority, continuation: continuation)
        // Under the inbox's lock, so that a cancellation is either seen here or finds the
        // submission (in the inbox, or on the thread once it has taken it).
        let refusal = inbox.withLock { inbox -> HTTPError? in
          if Task.isCancelled { return .cancelled }
          if inbox.stopping { return .connectionFailed }
          inbox.submissions.append(submission)
          return nil
        }
        if let refusal {
          continuation.resume(returning: .failure(refusal))
        } else {
          signal()
        }
      }
    } onCancel: {
      let waiting = inbox.withLock { inbox -> CurlSubmission? in
        if let index = inbox.submissions.firstIndex(where: { $0.id == id }) {
          return inbox.submissions.remove(at: index)
        }
        inbox.cancellations.append(id)
        return nil
      }
      if let waiting {
        waiting.continuation.resume(returning: .failure(.cancelled))
      } else {
        signal()
      }
    }
  }

  /// Wakes the thread, unless it has ended (and closed the descriptor).
  private func signal() {
    inbox.withLock { inbox in
      if !inbox.closed { eventfd_write(wake, 1) }
    }
  }
}

/// A request on its way to the thread.
struct CurlSubmission: Sendable {
  var id: UInt64
  var url: URL
  var headers: [String: String]
  var limit: Int?
  /// What is left of the request's total time (redirects included).
  var timeout: Duration
  /// The priority the asking task was made with (its base priority, not what waiting callers
  /// may have raised it to): of the requests that start together, the more urgent start first
  /// (``CurlTransfer/startsBefore(_:_:)``).
  var priority: TaskPriority
  var continuation: CheckedContinuation<Result<HTTPResponse, HTTPError>, Never>
}

/// What the callers leave for the thread.
struct CurlInbox: Sendable {
  var lastID: UInt64 = 0
  var submissions: [CurlSubmission] = []
  /// Requests cancelled after the thread took them (or after they finished: then ignored).
  var cancellations: [UInt64] = []
  /// The thread is ending (or could not start libcurl): requests are refused.
  var stopping = false
  /// The thread has ended; nothing may wake it.
  var closed = false
}

extension URL {
  /// Whether the scheme is `https`, in any case.
  var isHTTPS: Bool { scheme?.lowercased() == "https" }
}

/// A POSIX thread of its own for a job, detached. Started in a quarter of the time Foundation's
/// `Thread` takes (0.06 against 0.25 ms to the job's first line, fresh processes), which the
/// launch's connection waits for.
enum DetachedThread {
  private final class Job: Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  }

  /// Runs `body` on a new thread (on Foundation's when one cannot be created).
  static func start(_ body: @escaping @Sendable () -> Void) {
    let job = Unmanaged.passRetained(Job(body))
    var thread = pthread_t()
    let created = pthread_create(
      &thread, nil,
      { context in
        guard let context else { return nil }
        Unmanaged<Job>.fromOpaque(context).takeRetainedValue().body()
        return nil
      }, job.toOpaque())
    guard created == 0 else {
      job.release()
      return Thread.detachNewThread(body)
    }
    pthread_detach(thread)
  }
}
