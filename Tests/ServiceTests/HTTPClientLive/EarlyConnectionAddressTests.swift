import Foundation
import TestSupport
import Testing

@testable import HTTPClient

#if canImport(Glibc)
  import Glibc
#endif

/// A host that is an address is connected to without a lookup, and its `sockaddr` must be laid
/// out byte for byte as libcurl's own resolution lays it out, or libcurl's first connection would
/// not take the early socket.
@Suite("An address as host needs no lookup")
struct EarlyConnectionAddressTests {
  /// What the system resolver makes of a numeric `host` and `port`.
  private func resolved(_ host: String, _ port: Int) -> [UInt8]? {
    var hints = addrinfo()
    hints.ai_flags = AI_NUMERICHOST | AI_NUMERICSERV
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var found: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else {
      return nil
    }
    defer { freeaddrinfo(found) }
    return [UInt8](
      UnsafeRawBufferPointer(start: first.pointee.ai_addr, count: Int(first.pointee.ai_addrlen)))
  }

  @Test(arguments: [("10.203.0.1", 8443), ("127.0.0.1", 80), ("::1", 443), ("2001:db8::7", 8080)])
  func anAddressIsLaidOutAsTheResolverLaysItOut(host: String, port: Int) throws {
    let expected = try #require(resolved(host, port))
    #expect(EarlyConnection.numericAddress(host: host, port: port) == expected)
  }

  @Test func anIPv6AddressInBracketsIsTheSameAddress() {
    #expect(
      EarlyConnection.numericAddress(host: "[::1]", port: 443)
        == EarlyConnection.numericAddress(host: "::1", port: 443))
    #expect(EarlyConnection.needsNoLookup(URL(string: "https://[::1]:8443/api/v2")!))
  }

  @Test func aNameNeedsALookup() {
    #expect(EarlyConnection.numericAddress(host: "pokeapi.co", port: 443) == nil)
    #expect(EarlyConnection.numericAddress(host: "localhost", port: 80) == nil)
    #expect(!EarlyConnection.needsNoLookup(URL(string: "https://pokeapi.co/api/v2")!))
    #expect(EarlyConnection.needsNoLookup(URL(string: "https://10.203.0.1:8443/api/v2")!))
  }
}

/// Which requests wait for the connection opened at launch, and in what order a wave starts.
@Suite("The first wave starts together, the most urgent first")
struct FirstWaveTests {
  @Test func aServerIsItsSchemeHostAndPortWithTheDefaultPortSpelledOut() {
    let origin = { EarlyConnection.origin(of: URL(string: $0)!) }
    #expect(origin("https://PokeAPI.co/api/v2/pokemon/1/") == "https://pokeapi.co:443")
    #expect(origin("https://pokeapi.co:443/x") == "https://pokeapi.co:443")
    #expect(origin("http://10.203.0.1:8443/api/v2") == "http://10.203.0.1:8443")
    #expect(origin("http://[::1]/") == "http://[::1]:80")
    #expect(origin("file:///tmp/x") == nil)
  }

  @Test(.timeLimit(.minutes(1)))
  func onlyRequestsToTheServerItOpensToWaitForTheConnection() throws {
    let (listener, port) = try listenOnLoopback()
    defer { close(listener) }
    let early = EarlyConnection()
    early.open(to: URL(string: "http://127.0.0.1:\(port)/api/v2")!, receiveBuffer: 1 << 16)
    #expect(early.isOpening(to: URL(string: "http://127.0.0.1:\(port)/api/v2/pokemon/1/")!))
    #expect(!early.isOpening(to: URL(string: "http://127.0.0.1:\(port + 1)/x")!))
    #expect(!early.isOpening(to: URL(string: "https://127.0.0.1:\(port)/x")!))
    early.discard()
    #expect(!early.isOpening(to: URL(string: "http://127.0.0.1:\(port)/api/v2/pokemon/1/")!))
  }

  @Test func theMoreUrgentStartFirstThenTheOneAskedForFirst() {
    let requests: [(priority: TaskPriority, id: UInt64)] = [
      (.low, 1), (.medium, 2), (.low, 3), (.high, 4), (.medium, 5),
    ]
    let order = requests.sorted(by: CurlTransfer.startsBefore).map(\.id)
    #expect(order == [4, 2, 5, 1, 3])
  }
}
