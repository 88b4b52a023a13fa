import APIClient
import Cache
import Foundation
import Glibc
import HTTPClient
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

/// A loopback port that refuses every connection: a socket bound to it that never listens, held
/// until this is released, so that no other test's server can take the port meanwhile (a
/// stopped server's port can be, and a slow server there made "network down" a time-out).
final class RefusingPort: Sendable {
  let port: UInt16
  private let socket: Int32

  /// Holds `port` (a stopped server's: tried for up to 6 s while it is released, which under
  /// ThreadSanitizer on a loaded machine took more than 2), or any free port when it is 0.
  init(port wanted: UInt16 = 0) async throws {
    for _ in 0..<120 {
      if let held = Self.bind(wanted) {
        socket = held.socket
        port = held.port
        return
      }
      try await Task.sleep(for: .milliseconds(50))
    }
    throw URLError(.cannotConnectToHost)
  }

  private static func bind(_ wanted: UInt16) -> (socket: Int32, port: UInt16)? {
    let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return nil }
    var reuse: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = wanted.bigEndian
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
        Glibc.bind(fd, generic, length) == 0 && getsockname(fd, generic, &length) == 0
      }
    }
    guard bound else {
      close(fd)
      return nil
    }
    return (fd, UInt16(bigEndian: address.sin_port))
  }

  deinit { close(socket) }
}
