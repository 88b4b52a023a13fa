import APIClient
import Cache
import Foundation
import HTTPClient
import HTTPClientLive
import Locking
import Testing

/// A clock the test moves by hand.
final class TestClock: Sendable {
  private let current = Locked(Date(timeIntervalSince1970: 1_800_000_000))
  var now: Date { current.withLock { $0 } }
  func advance(by seconds: TimeInterval) { current.withLock { $0 += seconds } }
}

/// Collects values from `@Sendable` callbacks.
final class Recorder<Value: Sendable>: Sendable {
  private let storage = Locked<[Value]>([])
  var values: [Value] { storage.withLock { $0 } }
  func append(_ value: Value) { storage.withLock { $0.append(value) } }
}

/// A live client against `server`, with instant (recorded) retry waits.
struct Harness {
  let client: LivePokeAPIClient
  let cache: ResponseCache
  let clock: TestClock
  let notices: Recorder<String>
  let noticeKinds: Recorder<String>
  let sleeps: Recorder<Duration>

  init(
    server: FixtureServer, cache: ResponseCache = ResponseCache(store: nil),
    clock: TestClock = TestClock(), offline: Bool = false, maxConcurrentRequests: Int = 6
  ) {
    let sleeps = Recorder<Duration>()
    let notices = Recorder<String>()
    let noticeKinds = Recorder<String>()
    let http = RetryingHTTPClient(
      wrapping: BoundedHTTPClient(
        wrapping: CurlHTTPClient(
          userAgent: "pokedex/test", idleTimeout: .seconds(10), totalTimeout: .seconds(20)),
        limit: maxConcurrentRequests),
      sleep: { sleeps.append($0) })
    self.client = LivePokeAPIClient(
      baseURL: server.baseURL, http: http, cache: cache, offline: offline,
      now: { clock.now },
      onNotice: { text, kind in
        notices.append(text)
        noticeKinds.append(kind)
      })
    self.cache = cache
    self.clock = clock
    self.notices = notices
    self.noticeKinds = noticeKinds
    self.sleeps = sleeps
  }
}

/// Runs `body` and returns the ``APIError`` it threw, or `nil`.
func apiError<T>(_ body: () async throws -> T) async -> APIError? {
  do {
    _ = try await body()
    return nil
  } catch let error as APIError {
    return error
  } catch {
    Issue.record("not an APIError: \(error)")
    return nil
  }
}

/// A fresh empty directory under the temporary directory.
func temporaryDirectory() -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent(
    "pokedex-tests-\(UUID().uuidString)")
  try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}
