import Foundation
import Testing

@testable import HTTPClientLive

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
