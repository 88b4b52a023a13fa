import Foundation
import HTTPClient
import TestSupport
import Testing

@testable import pokedex

#if canImport(Glibc)
  import Glibc
#endif

@Suite("A cold launch opens the API's connection before it parses the command line")
struct EarlyNetworkTests {
  /// A home with no cache yet, the API on a loopback listener.
  private func launch(cached: Bool = false) throws -> (
    home: URL, listener: Int32, env: [String: String]
  ) {
    let home = FileManager.default.temporaryDirectory.appending(path: "pokedex-early-\(UUID())")
    if cached {
      let cache = home.appending(path: ".cache/pokedex")
      try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
      _ = FileManager.default.createFile(
        atPath: cache.appending(path: "responses.sqlite").path, contents: nil)
    }
    let (listener, port) = try listenOnLoopback()
    return (
      home, listener, ["HOME": home.path, "POKEDEX_API_URL": "http://127.0.0.1:\(port)/api/v2"]
    )
  }

  @Test(arguments: [[], ["-c", "open 1"], ["--no-pager"], ["--command", "open 1; evolution"]])
  func aPlainLaunchWithANewCacheConnectsAtOnce(arguments: [String]) throws {
    let (home, listener, env) = try launch()
    defer {
      close(listener)
      try? FileManager.default.removeItem(at: home)
    }
    #expect(App.prepareNetwork(arguments: arguments, environment: env) != nil)
    #expect(connectionWaits(on: listener, within: 5))
  }

  @Test(arguments: [
    ["--offline"], ["-c", "open 1", "--offline"], ["-c", "--offline"], ["--api-url", "http://x"],
    ["--version"], ["--help"], ["-c"],
  ])
  func aLaunchThatMayNameAnotherAPIOrForbidTheNetworkWaitsForParsing(arguments: [String]) throws {
    let (home, listener, env) = try launch()
    defer {
      close(listener)
      try? FileManager.default.removeItem(at: home)
    }
    #expect(App.prepareNetwork(arguments: arguments, environment: env) == nil)
    #expect(!connectionWaits(on: listener, within: 0))
  }

  @Test func aCacheAlreadyThereOrAProxyMeansNoEarlyConnection() throws {
    let (home, listener, env) = try launch(cached: true)
    defer {
      close(listener)
      try? FileManager.default.removeItem(at: home)
    }
    #expect(App.prepareNetwork(arguments: [], environment: env) == nil)
    var proxied = env
    proxied["HOME"] = home.appending(path: "elsewhere").path
    proxied["https_proxy"] = "http://127.0.0.1:9"
    #expect(App.prepareNetwork(arguments: [], environment: proxied) == nil)
    // A launch that will stop at a bad URL in the environment does not connect either.
    var badSprites = env
    badSprites["HOME"] = home.appending(path: "elsewhere").path
    badSprites["POKEDEX_SPRITES_URL"] = "ftp://sprites"
    #expect(App.prepareNetwork(arguments: [], environment: badSprites) == nil)
    #expect(!connectionWaits(on: listener, within: 1))
  }

  /// The launch reads its few variables one by one: each that changes its decision is one of
  /// them.
  @Test func everyVariableTheDecisionReadsIsReadAtLaunch() throws {
    let (home, listener, env) = try launch()
    defer {
      close(listener)
      try? FileManager.default.removeItem(at: home)
    }
    // Another home, whose cache is there already.
    let other = home.appending(path: "other")
    let cache = other.appending(path: ".cache/pokedex")
    try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(
      atPath: cache.appending(path: "responses.sqlite").path, contents: nil)
    let changes =
      [
        ["HOME": other.path], ["XDG_CACHE_HOME": other.appending(path: ".cache").path],
        ["POKEDEX_API_URL": "ftp://x"], ["POKEDEX_SPRITES_URL": "ftp://x"],
      ] + CurlHTTPClient.proxyVariables.map { [$0: "http://127.0.0.1:9"] }
    for change in changes {
      let full = env.merging(change) { $1 }.merging(["TERM": "xterm", "LANG": "C.UTF-8"]) { $1 }
      let launch = full.filter { App.launchVariables.contains($0.key) }
      #expect(launch.count < full.count)
      let decided = App.prepareNetwork(arguments: ["-c", "open 1"], environment: launch)
      #expect(decided == nil, "\(change)")
    }
  }
}
