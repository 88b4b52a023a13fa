import Foundation
import HTTPClient
import Locking

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// ``HTTPClient`` over `URLSession` (libcurl on Linux).
///
/// Redirects are followed only on the host a request went to. Bodies arrive through a data
/// delegate, so a request's ``HTTPRequest/maximumBodyBytes`` stops an answer as soon as it is
/// seen to be too long (by its `Content-Length`, or by the bytes received), not after reading it
/// whole.
///
/// Sends `User-Agent`, bounds every request by an idle and a total time-out, and stops at once
/// when the calling task is cancelled. URLSession's own cache is off: caching is
/// the job of the `Cache` module, and a `304` reaches the caller as a `304`. The session is
/// created by the first request: a command answered from the cache never pays for it (about a
/// fifth of a warm command's start-up).
public final class URLSessionHTTPClient: HTTPClient {
  private struct Settings {
    var totalTimeout: Duration
    var maxConnectionsPerHost: Int
  }

  private let settings: Settings
  private let created = Locked<URLSession?>(nil)
  private let transfers = Transfers()
  private let userAgent: String
  private let idleTimeout: Duration

  /// A client naming itself `userAgent` (e.g. `"pokedex/1.2.0"`).
  /// - Parameters:
  ///   - idleTimeout: the longest silence while waiting for (more of) an answer.
  ///   - totalTimeout: the longest a whole request may take, however the bytes trickle in.
  ///   - maxConnectionsPerHost: how many connections to one host at most.
  public init(
    userAgent: String, idleTimeout: Duration = .seconds(15), totalTimeout: Duration = .seconds(60),
    maxConnectionsPerHost: Int = 6
  ) {
    settings = Settings(totalTimeout: totalTimeout, maxConnectionsPerHost: maxConnectionsPerHost)
    self.userAgent = userAgent
    self.idleTimeout = idleTimeout
  }

  deinit {
    created.withLock { $0?.finishTasksAndInvalidate() }
  }

  /// The session, made on first use.
  private var session: URLSession {
    created.withLock { created in
      if let session = created { return session }
      let configuration = URLSessionConfiguration.ephemeral
      configuration.urlCache = nil
      configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
      configuration.timeoutIntervalForRequest = Self.seconds(idleTimeout)
      configuration.timeoutIntervalForResource = Self.seconds(settings.totalTimeout)
      configuration.httpMaximumConnectionsPerHost = settings.maxConnectionsPerHost
      configuration.httpCookieStorage = nil
      configuration.httpShouldSetCookies = false
      let session = URLSession(
        configuration: configuration, delegate: transfers, delegateQueue: nil)
      created = session
      return session
    }
  }

  /// The `User-Agent` for a pokedex version: `pokedex/<version>`.
  public static func userAgent(version: String) -> String { "pokedex/\(version)" }

  /// Sends a GET; any HTTP status is an answer, only transport failures throw.
  public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    if Task.isCancelled { throw .cancelled }
    var urlRequest = URLRequest(url: request.url)
    urlRequest.httpMethod = "GET"
    urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
    urlRequest.timeoutInterval = Self.seconds(idleTimeout)
    urlRequest.setValue(userAgent, forHTTPHeaderField: "User-Agent")
    for (name, value) in request.headers {
      urlRequest.setValue(value, forHTTPHeaderField: name)
    }
    let data: Data
    let response: URLResponse
    do {
      let prepared = urlRequest
      let session = session
      let transfers = transfers
      let limit = request.maximumBodyBytes
      (data, response) = try await Self.within(settings.totalTimeout) {
        try await Self.load(prepared, limit: limit, with: session, transfers: transfers)
      }
    } catch {
      throw Task.isCancelled ? .cancelled : Self.map(error)
    }
    guard let http = response as? HTTPURLResponse else { throw .badResponse }
    var headers: [String: String] = [:]
    for (name, value) in http.allHeaderFields {
      if let name = name as? String, let value = value as? String { headers[name] = value }
    }
    return HTTPResponse(status: http.statusCode, headers: headers, body: data)
  }

  /// Runs one data task and waits for it; Task cancellation cancels the data task.
  ///
  /// Not `session.data(for:)`: in swift-corelibs-foundation its cancellation handler cancels
  /// the URLSession task synchronously while the Swift task's status lock is held, and when
  /// the request is finishing at that moment URLSession's queue waits for that same lock: a
  /// deadlock that even Ctrl-C cannot break (swift-corelibs-foundation#5412). Here the
  /// cancellation handler only schedules the cancel on another queue, so it never blocks. The
  /// body comes through `transfers`, the session's delegate, which enforces `limit`.
  private static func load(
    _ request: URLRequest, limit: Int?, with session: URLSession, transfers: Transfers
  ) async throws -> (Data, URLResponse) {
    let box = DataTaskBox()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let task = session.dataTask(with: request)
        transfers.begin(task, limit: limit, continuation: continuation)
        box.start(task)
      }
    } onCancel: {
      box.cancel()
    }
  }

  /// The whole request's deadline passed.
  private struct DeadlineExceeded: Error {}

  /// Runs `operation`, cancelling it when `limit` passes first: a hard total deadline, which a
  /// server trickling one byte at a time cannot stretch (URLSession's own resource time-out is
  /// not enforced by swift-corelibs-foundation, and its idle time-out restarts with every byte).
  private static func within<T: Sendable>(
    _ limit: Duration, _ operation: @escaping @Sendable () async throws -> T
  ) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
      group.addTask { try await operation() }
      group.addTask {
        try await Task.sleep(for: limit)
        throw DeadlineExceeded()
      }
      defer { group.cancelAll() }
      guard let first = try await group.next() else { throw DeadlineExceeded() }
      return first
    }
  }

  /// Maps URLSession's errors (whose descriptions may read "(null)") to ``HTTPError``.
  ///
  /// Seen with libcurl: a connection closed before any answer gives `badServerResponse`
  /// (-1011); an answer cut off mid-body gives `unknown` (-1).
  static func map(_ error: any Error) -> HTTPError {
    if error is CancellationError { return .cancelled }
    if error is DeadlineExceeded { return .timedOut }
    if let tooLarge = error as? BodyTooLarge { return .tooLarge(limit: tooLarge.limit) }
    guard let urlError = error as? URLError else { return .connectionFailed }
    switch urlError.code {
    case .cancelled: return .cancelled
    case .timedOut: return .timedOut
    case .unknown, .cannotParseResponse, .cannotDecodeRawData, .cannotDecodeContentData:
      return .badResponse
    default: return .connectionFailed
    }
  }

  private static func seconds(_ duration: Duration) -> TimeInterval {
    let (seconds, attoseconds) = duration.components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }
}

/// The data task of one request, shared between the task that starts it and a cancellation
/// handler that may run first, on another thread. Cancelling is dispatched, never done inline.
private final class DataTaskBox: Sendable {
  private struct State {
    var task: URLSessionDataTask?
    var cancelled = false
  }

  private let state = Locked(State())

  /// Resumes `task`, or cancels it at once when cancellation came first.
  func start(_ task: URLSessionDataTask) {
    let cancelled = state.withLock { state in
      state.task = task
      return state.cancelled
    }
    task.resume()
    if cancelled { Self.cancelLater(task) }
  }

  /// Cancels the task (now or as soon as it exists) without blocking the caller.
  func cancel() {
    let task = state.withLock { state in
      state.cancelled = true
      return state.task
    }
    if let task { Self.cancelLater(task) }
  }

  private static func cancelLater(_ task: URLSessionDataTask) {
    DispatchQueue.global().async { task.cancel() }
  }
}

/// A body went past its request's limit; the transfer was stopped.
private struct BodyTooLarge: Error {
  var limit: Int
}

/// The session's delegate: gathers each task's body (stopping it past its limit) and hands the
/// answer to the task's continuation when it completes; and follows a redirect only to the host
/// (and scheme and port) the request was sent to, since pokedex talks to the configured hosts
/// and nowhere else. A redirect elsewhere is not followed, so the caller sees the `3xx` itself.
private final class Transfers: NSObject, URLSessionDataDelegate, Sendable {
  private struct Transfer {
    var body = Data()
    var limit: Int?
    var tooLarge = false
    var continuation: CheckedContinuation<(Data, URLResponse), any Error>
  }

  /// In-flight transfers by task identifier.
  private let transfers = Locked<[Int: Transfer]>([:])

  /// Files `task` before it is resumed: its body is gathered, up to `limit` bytes.
  func begin(
    _ task: URLSessionDataTask, limit: Int?,
    continuation: CheckedContinuation<(Data, URLResponse), any Error>
  ) {
    transfers.withLock {
      $0[task.taskIdentifier] = Transfer(limit: limit, continuation: continuation)
    }
  }

  /// Marks the transfer too large (dropping what it gathered); whether it was.
  private func exceeds(_ task: URLSessionTask, adding data: Data?, expected: Int64) -> Bool {
    transfers.withLock { transfers in
      guard var transfer = transfers[task.taskIdentifier], let limit = transfer.limit else {
        if let data { transfers[task.taskIdentifier]?.body.append(data) }
        return false
      }
      if transfer.tooLarge { return true }
      if let data { transfer.body.append(data) }
      transfer.tooLarge = transfer.body.count > limit || expected > Int64(limit)
      if transfer.tooLarge { transfer.body = Data() }
      transfers[task.taskIdentifier] = transfer
      return transfer.tooLarge
    }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    // A `Content-Length` over the limit stops the transfer before any of the body is read.
    // (swift-corelibs-foundation ignores the disposition: the task is cancelled instead.)
    let tooLarge = exceeds(dataTask, adding: nil, expected: response.expectedContentLength)
    if tooLarge { dataTask.cancel() }
    completionHandler(tooLarge ? .cancel : .allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    if exceeds(dataTask, adding: data, expected: -1) { dataTask.cancel() }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) })
    else { return }
    if transfer.tooLarge, let limit = transfer.limit {
      transfer.continuation.resume(throwing: BodyTooLarge(limit: limit))
    } else if let error {
      transfer.continuation.resume(throwing: error)
    } else if let response = task.response {
      transfer.continuation.resume(returning: (transfer.body, response))
    } else {
      transfer.continuation.resume(throwing: URLError(.badServerResponse))
    }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    let from = task.originalRequest?.url
    let to = request.url
    let same =
      from?.scheme?.lowercased() == to?.scheme?.lowercased()
      && from?.host?.lowercased() == to?.host?.lowercased() && from?.port == to?.port
    completionHandler(same ? request : nil)
  }
}
