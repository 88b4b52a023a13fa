import Foundation
import HTTPClient
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Accepts one connection on `listener`, waiting at most `seconds`; the socket, or nil.
private func acceptOne(_ listener: Int32, within seconds: Int32 = 5) -> Int32? {
  guard connectionWaits(on: listener, within: seconds) else { return nil }
  let client = accept(listener, nil, nil)
  return client >= 0 ? client : nil
}

/// Whether the peer of `client` hangs up within `seconds` (reads return 0).
private func peerHangsUp(_ client: Int32, within seconds: Int32) -> Bool {
  var ready = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
  guard poll(&ready, 1, seconds * 1000) == 1 else { return false }
  var byte: UInt8 = 0
  return read(client, &byte, 1) == 0
}

/// A listening socket on IPv6's loopback (`::1`) and its port, or nil where there is none.
private func listenOnIPv6Loopback() -> (socket: Int32, port: UInt16)? {
  let listener = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
  guard listener >= 0 else { return nil }
  var address = sockaddr_in6()
  address.sin6_family = sa_family_t(AF_INET6)
  address.sin6_addr = in6addr_loopback
  var length = socklen_t(MemoryLayout<sockaddr_in6>.size)
  let bound = withUnsafeMutablePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
      bind(listener, pointer, length) == 0 && listen(listener, 4) == 0
        && getsockname(listener, pointer, &length) == 0
    }
  }
  guard bound else {
    close(listener)
    return nil
  }
  return (listener, UInt16(bigEndian: address.sin6_port))
}

/// Whether this machine has IPv6's loopback.
private let ipv6Loopback: Bool = {
  guard let (listener, _) = listenOnIPv6Loopback() else { return false }
  close(listener)
  return true
}()

@Suite("The connection opened at launch carries the first request")
struct EarlyConnectionTests {
  /// Prepares a client for `url` (served by `listener`), answers the one connection it opens
  /// before any request with `body`, and checks that its first request came on that connection:
  /// only that one is answered, so a request on a connection of its own would time out.
  private func firstRequestTakesTheEarlyConnection(
    to url: URL, on listener: Int32, answering body: String
  ) async throws {
    let client = CurlHTTPClient(
      userAgent: "pokedex/test", idleTimeout: .seconds(2), totalTimeout: .seconds(5))
    client.prepare(connectingTo: url)
    // The connection is there before any request is made.
    let early = try #require(acceptOne(listener))
    let thread = Thread {
      defer { close(early) }
      var request = [UInt8](repeating: 0, count: 4096)
      guard read(early, &request, request.count) > 0 else { return }
      send(
        "HTTP/1.1 200 OK\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)",
        to: early)
    }
    thread.start()
    let response = try await client.send(HTTPRequest(url: url))
    #expect(response.status == 200)
    #expect(response.body == Data(body.utf8))
    #expect(!connectionWaits(on: listener, within: 0))
  }

  @Test(.timeLimit(.minutes(1)))
  func theFirstRequestGoesOnTheConnectionOpenedBeforeLibcurlLoaded() async throws {
    let (listener, port) = try listenOnLoopback()
    defer { close(listener) }
    try await firstRequestTakesTheEarlyConnection(
      to: URL(string: "http://127.0.0.1:\(port)/api/v2/pokemon/1/")!, on: listener,
      answering: "early")
  }

  /// An address as host (`[::1]`) is connected to without a lookup; libcurl's first connection
  /// takes that socket only if its address is laid out as libcurl lays out its own.
  @Test(.timeLimit(.minutes(1)), .enabled(if: ipv6Loopback, "no IPv6 loopback here"))
  func anIPv6AddressAsHostCarriesTheFirstRequest() async throws {
    let (listener, port) = try #require(listenOnIPv6Loopback())
    defer { close(listener) }
    try await firstRequestTakesTheEarlyConnection(
      to: URL(string: "http://[::1]:\(port)/api/v2/pokemon/1/")!, on: listener,
      answering: "v6")
  }

  @Test(.timeLimit(.minutes(1)))
  func aConnectionOpenedToAnotherServerIsClosedUnused() async throws {
    let (elsewhere, elsewherePort) = try listenOnLoopback()
    defer { close(elsewhere) }
    let (listener, port) = try listenOnLoopback()
    defer { close(listener) }
    answerOneRequest(on: listener) { client in
      send("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok", to: client)
    }
    let client = CurlHTTPClient(
      userAgent: "pokedex/test", idleTimeout: .seconds(2), totalTimeout: .seconds(5))
    client.prepare(connectingTo: URL(string: "http://127.0.0.1:\(elsewherePort)/")!)
    let early = try #require(acceptOne(elsewhere))
    defer { close(early) }
    let response = try await client.send(
      HTTPRequest(url: URL(string: "http://127.0.0.1:\(port)/x")!))
    #expect(response.body == Data("ok".utf8))
    // The first connection went elsewhere: the early one is closed, not kept open.
    #expect(peerHangsUp(early, within: 5))
  }

  @Test func aProxyInTheEnvironmentIsSeenInEitherCase() {
    #expect(CurlHTTPClient.usesProxy(environment: ["HTTPS_PROXY": "http://proxy:3128"]))
    #expect(CurlHTTPClient.usesProxy(environment: ["all_proxy": "socks5://proxy"]))
    #expect(!CurlHTTPClient.usesProxy(environment: ["https_proxy": "", "NO_PROXY": "*"]))
    #expect(!CurlHTTPClient.usesProxy(environment: ["HOME": "/root"]))
  }
}
