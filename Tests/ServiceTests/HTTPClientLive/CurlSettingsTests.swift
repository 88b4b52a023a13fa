import CShims
import Foundation
import Testing

@testable import HTTPClient

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

  private func options(_ trust: CertificateTrust, covers: Bool = false) -> [String] {
    trust.options(directoryCovers: covers).map { option, value in
      "\(option == CURLOPT_CAINFO ? "CAINFO" : option == CURLOPT_CAPATH ? "CAPATH" : "?")="
        + (value ?? "none")
    }
  }

  @Test func aNamedBundleIsAlwaysReadAndTheDefaultOneOnlyWhenNoDirectoryHoldsIt() {
    #expect(options(CertificateTrust(bundle: "/a.pem"), covers: true) == ["CAINFO=/a.pem"])
    #expect(
      options(CertificateTrust(bundle: "/a.pem", directory: "/certs"))
        == ["CAINFO=/a.pem", "CAPATH=/certs"])
    #expect(options(CertificateTrust(directory: "/certs")) == ["CAPATH=/certs"])
    #expect(
      options(CertificateTrust(directory: "/certs"), covers: true)
        == ["CAINFO=none", "CAPATH=/certs"])
    #expect(options(.system, covers: true) == ["CAINFO=none"])
    #expect(options(.system) == [])
  }

  @Test func aDirectoryCoversTheBundleWhenHashedWithAsManyCertificates() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("pokedex-certs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.path
    let bundle = path + "/bundle.crt"
    let certificate = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n"
    #expect(
      FileManager.default.createFile(
        atPath: bundle, contents: Data((certificate + certificate).utf8)))
    #expect(CertificateTrust.certificates(inBundle: bundle) == 2)
    #expect(!CertificateTrust.covers(directory: nil, bundle: bundle))
    #expect(!CertificateTrust.covers(directory: path + "/missing", bundle: bundle))
    // Files that are not named by a hash do not count.
    for name in ["GlobalSign_Root_R46.pem", "5ad8a5d6.x", "5ad8a5d.0", "5ad8a5d6.0x"] {
      #expect(FileManager.default.createFile(atPath: path + "/" + name, contents: Data()))
    }
    #expect(CertificateTrust.hashedCertificates(in: path) == 0)
    #expect(FileManager.default.createFile(atPath: path + "/5ad8a5d6.0", contents: Data()))
    // One certificate where the bundle has two: appended to by hand, not rehashed.
    #expect(!CertificateTrust.covers(directory: path, bundle: bundle))
    #expect(FileManager.default.createFile(atPath: path + "/0e153dec.1", contents: Data()))
    #expect(CertificateTrust.covers(directory: path, bundle: bundle))
    // No bundle at all: a hashed directory is enough.
    #expect(CertificateTrust.covers(directory: path, bundle: path + "/none.crt"))
  }
}
