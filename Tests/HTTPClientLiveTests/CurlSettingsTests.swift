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

  private func trust(_ trust: CertificateTrust, system: String? = nil) -> [String] {
    CurlSettings.trustOptions(trust, systemDirectory: system).map { option, value in
      "\(option == CURLOPT_CAINFO ? "CAINFO" : option == CURLOPT_CAPATH ? "CAPATH" : "?")="
        + (value ?? "none")
    }
  }

  @Test func aBundleIsReadWholeAndADirectoryReplacesTheDefaultBundle() {
    #expect(trust(.bundle("/a.pem")) == ["CAINFO=/a.pem"])
    #expect(trust(.directory("/certs")) == ["CAINFO=none", "CAPATH=/certs"])
    // The system's hashed directory, when there is one, instead of its bundle.
    #expect(trust(.system, system: "/etc/ssl/certs") == ["CAINFO=none", "CAPATH=/etc/ssl/certs"])
    #expect(trust(.system) == [])
  }

  @Test func onlyADirectoryWithCertificatesNamedByTheirHashIsTheSystemsDirectory() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("pokedex-certs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.path
    #expect(CertificateTrust.hashedDirectory(nil) == nil)
    #expect(CertificateTrust.hashedDirectory(path + "/missing") == nil)
    #expect(CertificateTrust.hashedDirectory(path) == nil)
    for name in ["ca-certificates.crt", "GlobalSign_Root_R46.pem", "5ad8a5d6.x", "5ad8a5d.0"] {
      #expect(FileManager.default.createFile(atPath: path + "/" + name, contents: Data()))
    }
    #expect(CertificateTrust.hashedDirectory(path) == nil)
    #expect(FileManager.default.createFile(atPath: path + "/5ad8a5d6.0", contents: Data()))
    #expect(CertificateTrust.hashedDirectory(path) == path)
  }
}
