import Foundation
import HTTPClient
import Locking
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// On a thread of its own: accepts one connection on `listener`, reads the request, hands the
/// connection to `respond`, and closes it.
func answerOneRequest(on listener: Int32, _ respond: @escaping @Sendable (Int32) -> Void) {
  let thread = Thread {
    let client = accept(listener, nil, nil)
    guard client >= 0 else { return }
    defer { close(client) }
    var request = [UInt8](repeating: 0, count: 4096)
    _ = read(client, &request, request.count)
    respond(client)
  }
  thread.start()
}

/// Sends `text` on a connection (a peer that hung up is not a signal).
func send(_ text: String, to client: Int32) {
  _ = text.withCString { send(client, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
}

/// A raw TCP server on loopback that answers one request with headers promising 1,000 bytes,
/// then sends one byte every `interval`, forever (until the client hangs up): the fault a
/// per-read idle time-out never catches.
final class TrickleServer: Sendable {
  let port: UInt16
  private let listener: Int32

  init(interval: Duration) throws {
    let (listener, port) = try listenOnLoopback()
    self.listener = listener
    self.port = port
    let microseconds =
      UInt32(interval.components.attoseconds / 1_000_000_000_000)
      + UInt32(interval.components.seconds) * 1_000_000
    answerOneRequest(on: listener) { client in
      send(
        "HTTP/1.1 200 OK\r\nContent-Length: 1000\r\nContent-Type: text/plain\r\n\r\n", to: client)
      var byte: UInt8 = 0x61
      while send(client, &byte, 1, Int32(MSG_NOSIGNAL)) == 1 { usleep(microseconds) }
    }
  }

  deinit { close(listener) }
}

@Suite("A trickling server cannot stretch a request")
struct TrickleTests {
  @Test(.timeLimit(.minutes(1)))
  func theTotalDeadlineHoldsWhileBytesKeepComing() async throws {
    let server = try TrickleServer(interval: .milliseconds(100))
    let client = CurlHTTPClient(
      userAgent: "pokedex/test", idleTimeout: .seconds(5), totalTimeout: .seconds(1))
    let start = ContinuousClock.now
    await #expect(throws: HTTPError.timedOut) {
      try await client.send(
        HTTPRequest(url: URL(string: "http://127.0.0.1:\(server.port)/pokemon/16/")!))
    }
    // One byte every 100 ms keeps the 5 s idle time-out from ever firing; the 1 s total holds.
    #expect(ContinuousClock.now - start < .seconds(4))
  }
}

@Suite("Redirects stay on the host")
struct RedirectTests {
  @Test func aRedirectToAnotherHostIsNotFollowedButOneOnTheSameHostIs() async throws {
    let elsewhere = try await LoopbackServer.start { _ in reply(200, body: Data("stolen".utf8)) }
    let visits = Locked(0)
    let server = try await LoopbackServer.start { request in
      switch request.path {
      case "/away": return reply(302, headers: ["Location": "http://localhost:\(elsewhere.port)/x"])
      case "/moved": return reply(302, headers: ["Location": "/here"])
      default:
        visits.withLock { $0 += 1 }
        return reply(200, body: Data("here".utf8))
      }
    }
    defer {
      Task {
        await server.stop()
        await elsewhere.stop()
      }
    }
    let client = CurlHTTPClient(userAgent: "pokedex/test")
    let away = try await client.send(HTTPRequest(url: server.url("/away")))
    #expect(away.status == 302)
    #expect(away.body != Data("stolen".utf8))
    let moved = try await client.send(HTTPRequest(url: server.url("/moved")))
    #expect(moved.status == 200)
    #expect(moved.body == Data("here".utf8))
    #expect(visits.withLock { $0 } == 1)
  }
}
