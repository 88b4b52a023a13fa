import Foundation
import HTTPClient
import Testing

@testable import pokedex

@Suite("Files follow the XDG base directories")
struct AppPathsTests {
  @Test func defaultsLiveUnderHome() {
    let paths = AppPaths(environment: ["HOME": "/home/ash"])
    #expect(paths.historyFile.path == "/home/ash/.local/state/pokedex/history")
    #expect(paths.cache.path == "/home/ash/.cache/pokedex")
    #expect(paths.spritesDirectory.path == "/home/ash/.local/share/pokedex/sprites")
    #expect(paths.config.path == "/home/ash/.config/pokedex")
  }

  @Test func xdgVariablesWinAndRelativeOnesAreIgnored() {
    let paths = AppPaths(environment: [
      "HOME": "/home/ash", "XDG_STATE_HOME": "/tmp/state", "XDG_CACHE_HOME": "relative/cache",
    ])
    #expect(paths.analyticsFile.path == "/tmp/state/pokedex/analytics.jsonl")
    #expect(paths.cache.path == "/home/ash/.cache/pokedex")
  }

  /// The launch finds the cache as text, before its first packet: the same place.
  @Test(arguments: [
    (["HOME": "/home/ash"], "/home/ash/.cache/pokedex"),
    (["HOME": "/home/ash/"], "/home/ash/.cache/pokedex"),
    (["HOME": "/home/ash", "XDG_CACHE_HOME": "/c"], "/c/pokedex"),
    (["HOME": "/home/ash", "XDG_CACHE_HOME": "/c/"], "/c/pokedex"),
    (["HOME": "/h", "XDG_CACHE_HOME": "rel"], "/h/.cache/pokedex"),
    (["HOME": "/h", "XDG_CACHE_HOME": ""], "/h/.cache/pokedex"),
  ])
  func theCachesPathAsTextIsTheCachesURL(environment: [String: String], path: String) {
    #expect(AppPaths.cachePath(environment: environment) == path)
    #expect(AppPaths(environment: environment).cache.path == path)
  }
}

@Suite("The CA certificates")
struct CertificateTrustTests {
  @Test func asCurlTakesThemCurlsBundleAloneElseOpenSSLsFileAndDirectory() {
    #expect(App.trust(environment: [:]) == .system)
    #expect(
      App.trust(environment: ["CURL_CA_BUNDLE": "/a.pem", "SSL_CERT_FILE": "/b.pem"])
        == CertificateTrust(bundle: "/a.pem"))
    #expect(
      App.trust(environment: ["CURL_CA_BUNDLE": "/a.pem", "SSL_CERT_DIR": "/certs"])
        == CertificateTrust(bundle: "/a.pem"))
    #expect(
      App.trust(environment: ["CURL_CA_BUNDLE": "", "SSL_CERT_FILE": "/b.pem"])
        == CertificateTrust(bundle: "/b.pem"))
    #expect(
      App.trust(environment: ["SSL_CERT_DIR": "/certs", "SSL_CERT_FILE": "/b.pem"])
        == CertificateTrust(bundle: "/b.pem", directory: "/certs"))
    #expect(
      App.trust(environment: ["SSL_CERT_DIR": "/certs"]) == CertificateTrust(directory: "/certs"))
    #expect(App.trust(environment: ["SSL_CERT_DIR": "", "CURL_CA_BUNDLE": ""]) == .system)
  }
}
