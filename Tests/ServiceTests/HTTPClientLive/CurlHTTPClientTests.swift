import Foundation
import HTTPClient
import Locking
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite("CurlHTTPClient against a loopback server")
struct CurlHTTPClientTests {
  @Test func sendsUserAgentAndHeadersAndReturnsTheAnswer() async throws {
    let seen = Locked<[String: String]>([:])
    let server = try await LoopbackServer.start { request in
      seen.withLock { $0 = headerDictionary(request) }
      return reply(
        200, headers: ["ETag": "W/\"7\"", "Content-Type": "application/json"],
        body: Data(#"{"ok": true}"#.utf8))
    }
    defer { Task { await server.stop() } }
    let client = CurlHTTPClient(userAgent: CurlHTTPClient.userAgent(version: "1.2.3"))
    let response = try await client.send(
      HTTPRequest(url: server.url("/api/v2/pokemon/1/"), headers: ["If-None-Match": "W/\"6\""]))
    #expect(response.status == 200)
    #expect(response.body == Data(#"{"ok": true}"#.utf8))
    #expect(response.header("etag") == "W/\"7\"")
    #expect(seen.withLock { $0["user-agent"] } == "pokedex/1.2.3")
    #expect(seen.withLock { $0["if-none-match"] } == "W/\"6\"")
  }

  @Test func aClientPreparedAheadAnswersItsFirstRequest() async throws {
    let server = try await LoopbackServer.start { _ in reply(200, body: Data("ok".utf8)) }
    defer { Task { await server.stop() } }
    let client = CurlHTTPClient(userAgent: "pokedex/test")
    client.prepare()
    let response = try await client.send(HTTPRequest(url: server.url("/x")))
    #expect(response.body == Data("ok".utf8))
  }

  @Test(arguments: [304, 404, 429, 500])
  func nonSuccessStatusesAreAnswersNotErrors(status: Int) async throws {
    let server = try await LoopbackServer.start { _ in
      reply(status, headers: ["Retry-After": "1"])
    }
    defer { Task { await server.stop() } }
    let client = CurlHTTPClient(userAgent: "pokedex/test")
    let response = try await client.send(HTTPRequest(url: server.url("/x")))
    #expect(response.status == status)
  }

  @Test func refusedConnectionIsConnectionFailed() async throws {
    let server = try await LoopbackServer.start { _ in reply(200) }
    let url = server.url("/x")
    await server.stop()
    let client = CurlHTTPClient(userAgent: "pokedex/test")
    await #expect(throws: HTTPError.connectionFailed) {
      try await client.send(HTTPRequest(url: url))
    }
  }

  @Test func silentServerTimesOut() async throws {
    let server = try await LoopbackServer.start { _ in
      try await Task.sleep(for: .seconds(6))
      return reply(200)
    }
    defer { Task { await server.stop() } }
    let client = CurlHTTPClient(
      userAgent: "pokedex/test", idleTimeout: .milliseconds(500), totalTimeout: .seconds(3))
    await #expect(throws: HTTPError.timedOut) {
      try await client.send(HTTPRequest(url: server.url("/slow")))
    }
  }

  @Test func cancellingTheTaskCancelsTheRequest() async throws {
    let arrived = Locked(false)
    let server = try await LoopbackServer.start { _ in
      arrived.withLock { $0 = true }
      try await Task.sleep(for: .seconds(6))
      return reply(200)
    }
    defer { Task { await server.stop() } }
    let client = CurlHTTPClient(userAgent: "pokedex/test")
    let url = server.url("/slow")
    let task = Task { () async throws(HTTPError) -> HTTPResponse in
      try await client.send(HTTPRequest(url: url))
    }
    while !arrived.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(10)) }
    task.cancel()
    let result = await task.result
    #expect(throws: HTTPError.cancelled) { try result.get() }
  }

  @Test func redirectsShareTheRequestsDeadline() async throws {
    let hops = Locked(0)
    let server = try await LoopbackServer.start { request in
      hops.withLock { $0 += 1 }
      try await Task.sleep(for: .milliseconds(400))
      let hop = Int(request.path.split(separator: "/").last ?? "") ?? 0
      return reply(302, headers: ["Location": "/hop/\(hop + 1)"])
    }
    defer { Task { await server.stop() } }
    let client = CurlHTTPClient(
      userAgent: "pokedex/test", idleTimeout: .seconds(5), totalTimeout: .seconds(1))
    // Each hop within a fresh second would end at the sixth 302 (too many redirects), after
    // 2.4 s. Counted in hops rather than timed, so that a loaded machine cannot fail it.
    await #expect(throws: HTTPError.timedOut) {
      try await client.send(HTTPRequest(url: server.url("/hop/0")))
    }
    #expect(hops.withLock { $0 } <= 4)
  }

  @Test func aFoldedHeaderLineContinuesTheHeaderBeforeIt() async throws {
    let server = try OneAnswerServer(
      answer: "HTTP/1.1 200 OK\r\nX-Note: one\r\n two\r\nContent-Length: 2\r\n\r\nok")
    let client = CurlHTTPClient(userAgent: "pokedex/test")
    let response = try await client.send(
      HTTPRequest(url: URL(string: "http://127.0.0.1:\(server.port)/x")!))
    #expect(response.header("x-note") == "one two")
    #expect(response.headers.count == 2)
    #expect(response.body == Data("ok".utf8))
  }

  @Test func headerLinesAreReadWithTheirSpacesAroundThemLeftOut() async throws {
    let server = try OneAnswerServer(
      answer: "HTTP/1.1 200 OK\r\nX-Spaced: \t padded  value \t \r\nETAG:W/\"1\"\r\n"
        + "X-Twice: first\r\nx-twice: second\r\nX-Empty:\r\nX-Name: Pok\u{E9}mon\r\n"
        + "Content-Length: 2\r\n\r\nok")
    let client = CurlHTTPClient(userAgent: "pokedex/test")
    let response = try await client.send(
      HTTPRequest(url: URL(string: "http://127.0.0.1:\(server.port)/x")!))
    #expect(response.version == "HTTP/1.1")
    #expect(response.header("x-spaced") == "padded  value")
    #expect(response.header("etag") == "W/\"1\"")
    #expect(response.header("x-twice") == "first")
    #expect(response.header("x-empty") == "")
    #expect(response.header("x-name") == "Pok\u{E9}mon")
    #expect(response.body == Data("ok".utf8))
  }
}

/// A raw TCP server on loopback that answers one request with `answer`, byte for byte.
final class OneAnswerServer: Sendable {
  let port: UInt16
  private let listener: Int32

  /// Sends `answer`, then `body` as bytes.
  init(answer: String, body: Data = Data()) throws {
    let (listener, port) = try listenOnLoopback()
    self.listener = listener
    self.port = port
    answerOneRequest(on: listener) { client in
      send(answer, to: client)
      _ = body.withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }
  }

  deinit { close(listener) }
}
