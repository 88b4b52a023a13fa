import CCurlShim
import Foundation
import Testing

@testable import HTTPClientLive

/// What libcurl is asked for: HTTP/2 with one shared connection over HTTPS, six connections over
/// plain HTTP/1.1.
@Suite("How libcurl is set")
struct CurlSettingsTests {
  private let settings = CurlSettings(
    userAgent: "pokedex/test", idleTimeout: .seconds(15), totalTimeout: .seconds(60),
    maxConnectionsPerHost: 6)

  private func easy(_ url: String) -> [UInt32: Int] {
    Dictionary(
      CurlSettings.protocolOptions(for: URL(string: url)!).map { ($0.0.rawValue, $0.1) },
      uniquingKeysWith: { $1 })
  }

  @Test func overHTTPSItAsksForHTTP2AndWaitsToShareTheFirstConnection() {
    let options = easy("https://pokeapi.co/api/v2/pokemon/133")
    #expect(options[CURLOPT_HTTP_VERSION.rawValue] == Int(CURL_HTTP_VERSION_2TLS))
    #expect(options[CURLOPT_PIPEWAIT.rawValue] == 1)
  }

  @Test func overPlainHTTPItOpensItsOwnConnectionAtOnce() {
    let options = easy("http://127.0.0.1:8000/api/v2/pokemon/133")
    #expect(options[CURLOPT_HTTP_VERSION.rawValue] == Int(CURL_HTTP_VERSION_1_1))
    #expect(options[CURLOPT_PIPEWAIT.rawValue] == 0)
  }

  @Test func aConnectionMultiplexesAHundredStreamsAndAHostGetsSixConnections() {
    let options = Dictionary(
      settings.multiOptions.map { ($0.0.rawValue, $0.1) }, uniquingKeysWith: { $1 })
    #expect(options[CURLMOPT_PIPELINING.rawValue] == Int(CURLPIPE_MULTIPLEX))
    #expect(options[CURLMOPT_MAX_CONCURRENT_STREAMS.rawValue] == 100)
    #expect(options[CURLMOPT_MAX_HOST_CONNECTIONS.rawValue] == 6)
    #expect(options[CURLMOPT_MAXCONNECTS.rawValue] == 12)
  }
}
