import Foundation

/// Retries another client's failures that are likely to pass: connection failures and cut-off
/// answers, `5xx` and `429`; never another `4xx`. (A `403`, which PokéAPI's CDN has answered at
/// random, is not retried here; the API client treats it as a transient failure instead and
/// serves cached data.) Waits grow exponentially with jitter; a `Retry-After`
/// header (seconds or an HTTP date) is honoured, capped by `maxDelay`. Other `4xx` answers and
/// time-outs are never retried (a time-out already cost the user the whole wait), and
/// cancellation stops at once.
public struct RetryingHTTPClient: HTTPClient {
  /// Waits for a duration; throws when the task is cancelled.
  public typealias Sleep = @Sendable (Duration) async throws -> Void

  private let base: any HTTPClient
  private let maxAttempts: Int
  private let initialDelay: Duration
  private let maxDelay: Duration
  private let sleep: Sleep
  private let random: @Sendable () -> Double

  /// Wraps `base`.
  /// - Parameters:
  ///   - maxAttempts: attempts in all, the first included (at least 1).
  ///   - initialDelay: the wait before the second attempt, doubled for each further one.
  ///   - maxDelay: the longest wait, also the cap on `Retry-After`.
  ///   - sleep: how to wait (tests inject one that records and returns at once).
  ///   - random: a number in `0...1` for the jitter.
  public init(
    wrapping base: any HTTPClient, maxAttempts: Int = 3,
    initialDelay: Duration = .milliseconds(300),
    maxDelay: Duration = .seconds(5),
    sleep: @escaping Sleep = { try await Task.sleep(for: $0) },
    random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }
  ) {
    self.base = base
    self.maxAttempts = max(1, maxAttempts)
    self.initialDelay = initialDelay
    self.maxDelay = maxDelay
    self.sleep = sleep
    self.random = random
  }

  /// Sends `request`, retrying transient failures; returns the last answer or throws the last
  /// transport error.
  public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    var attempt = 1
    while true {
      if Task.isCancelled { throw .cancelled }
      let delay: Duration
      do {
        let response = try await base.send(request)
        guard attempt < maxAttempts, Self.isTransient(status: response.status) else {
          return response
        }
        delay = retryAfter(response) ?? backoff(afterAttempt: attempt)
      } catch {
        guard attempt < maxAttempts, Self.isTransient(error) else { throw error }
        delay = backoff(afterAttempt: attempt)
      }
      do {
        try await sleep(delay)
      } catch {
        throw .cancelled
      }
      attempt += 1
    }
  }

  /// Whether an answer with this status is worth asking again.
  public static func isTransient(status: Int) -> Bool {
    status == 429 || (500...599).contains(status)
  }

  /// Whether a transport failure is worth trying again.
  public static func isTransient(_ error: HTTPError) -> Bool {
    switch error {
    case .connectionFailed, .badResponse: true
    case .timedOut, .cancelled, .tooLarge: false
    }
  }

  /// `initialDelay × 2^(attempt−1)`, with "equal jitter" (between half and all of it), capped.
  private func backoff(afterAttempt attempt: Int) -> Duration {
    let full = initialDelay * (1 << min(attempt - 1, 20))
    let jittered = full * (0.5 + 0.5 * min(max(random(), 0), 1))
    return min(jittered, maxDelay)
  }

  /// The server's `Retry-After`, capped by `maxDelay`.
  private func retryAfter(_ response: HTTPResponse) -> Duration? {
    guard let value = response.header("Retry-After") else { return nil }
    guard let seconds = Self.retryAfterSeconds(value, now: Date()) else { return nil }
    // Capped before converting: `Retry-After: 1e20` (or `inf`) must not overflow Int64.
    let capSeconds = Double(maxDelay.components.seconds) + 1
    return min(.milliseconds(Int64((min(seconds, capSeconds) * 1000).rounded())), maxDelay)
  }

  /// Seconds to wait from a `Retry-After` value: delta-seconds or an HTTP date.
  static func retryAfterSeconds(_ value: String, now: Date) -> Double? {
    let trimmed = value.trimmingCharacters(in: .whitespaces)
    if let seconds = Double(trimmed) { return seconds >= 0 && seconds.isFinite ? seconds : nil }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    guard let date = formatter.date(from: trimmed) else { return nil }
    return max(0, date.timeIntervalSince(now))
  }
}
