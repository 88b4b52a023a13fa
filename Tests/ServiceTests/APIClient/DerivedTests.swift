import APIClient
import Cache
import Foundation
import Locking
import Testing

/// A page resource, decoded into its own representation.
private struct Thing: APIResource, Equatable {
  static let path = "thing"
  static let representation = "thing-page"
  var id: Int
  var name: String
}

@Suite("Resources for pages, and values derived from many answers")
struct DerivedTests {
  @Test func aResourceIsCachedApartFromOtherDecodingsByIDAndSlug() async throws {
    let server = try await FixtureServer.start()
    defer { Task { await server.stop() } }
    await server.serve("thing/static", json: #"{"id": 9, "name": "static", "extra": [1, 2]}"#)
    let harness = Harness(server: server)
    #expect(try await harness.client.resource(Thing.self, "static") == Thing(id: 9, name: "static"))
    #expect(try await harness.client.resource(Thing.self, "9") == Thing(id: 9, name: "static"))
    #expect(await server.requests().count == 1)
    await harness.client.settle()
    let keys = await harness.cache.entry(
      forKey: server.baseURL.absoluteString + "/thing/9/#thing-page")
    #expect(keys != nil)
  }

  @Test func aDerivedValueIsComputedOnceThenRead() async throws {
    let server = try await FixtureServer.start()
    defer { Task { await server.stop() } }
    let harness = Harness(server: server)
    let runs = Locked(0)
    for _ in 0..<3 {
      let value = try await harness.client.derived("sum") { () async throws(APIError) in
        runs.withLock { $0 += 1 }
        return Derived([1, 2, 3])
      }
      #expect(value == [1, 2, 3])
    }
    #expect(runs.withLock { $0 } == 1)
    // A day later it is made again.
    harness.clock.advance(by: 86_401)
    _ = try await harness.client.derived("sum") { () async throws(APIError) in
      runs.withLock { $0 += 1 }
      return Derived([1, 2, 3])
    }
    #expect(runs.withLock { $0 } == 2)
  }

  @Test func aValueNotWorthKeepingIsMadeEachTime() async throws {
    let server = try await FixtureServer.start()
    defer { Task { await server.stop() } }
    let harness = Harness(server: server)
    let runs = Locked(0)
    for _ in 0..<2 {
      _ = try await harness.client.derived("partial") { () async throws(APIError) in
        runs.withLock { $0 += 1 }
        return Derived("some", keep: false)
      }
    }
    #expect(runs.withLock { $0 } == 2)
  }

  @Test func aFailureIsPassedOnAndNothingKept() async throws {
    let server = try await FixtureServer.start()
    defer { Task { await server.stop() } }
    let harness = Harness(server: server)
    await #expect(throws: APIError.offline) {
      _ = try await harness.client.derived("broken") { () async throws(APIError) -> Derived<Int> in
        throw .offline
      }
    }
    #expect(
      try await harness.client.derived("broken") { () async throws(APIError) in Derived(7) } == 7)
  }
}
