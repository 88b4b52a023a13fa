import Foundation
import HTTPClient
import Synchronization
import Testing

/// A transport that holds every request until the test lets it go, counting those in flight.
actor HeldTransport: HTTPClient {
  private(set) var inFlight = 0
  private(set) var maxInFlight = 0
  private(set) var order: [String] = []
  private var held: [CheckedContinuation<Void, Never>] = []

  func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    inFlight += 1
    maxInFlight = max(maxInFlight, inFlight)
    order.append(request.url.lastPathComponent)
    await withCheckedContinuation { held.append($0) }
    inFlight -= 1
    return HTTPResponse(status: 200)
  }

  /// Lets the oldest held request answer; false when none is held.
  @discardableResult
  func releaseOne() -> Bool {
    guard !held.isEmpty else { return false }
    held.removeFirst().resume()
    return true
  }

  var heldCount: Int { held.count }
}

@Suite("BoundedHTTPClient", .timeLimit(.minutes(1)))
struct BoundedHTTPClientTests {
  private func request(_ name: String) -> HTTPRequest {
    HTTPRequest(url: URL(string: "https://x.test/\(name)")!)
  }

  private func waitUntil(_ condition: @escaping () async -> Bool) async {
    while await !condition() { await Task.yield() }
  }

  @Test func neverMoreThanTheLimitInFlight() async throws {
    let transport = HeldTransport()
    let client = BoundedHTTPClient(wrapping: transport, limit: 2)
    let requests = Task {
      try await withThrowingTaskGroup(of: Int.self) { group in
        for index in 0..<6 {
          group.addTask { try await client.send(request("r\(index)")).status }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
    }
    await waitUntil { await transport.heldCount == 2 }
    for _ in 0..<6 {
      await waitUntil { await transport.heldCount > 0 }
      await transport.releaseOne()
    }
    let statuses = try await requests.value
    #expect(statuses == Array(repeating: 200, count: 6))
    #expect(await transport.maxInFlight == 2)
    #expect(await Set(transport.order) == Set((0..<6).map { "r\($0)" }))
  }

  @Test func aCancelledWaiterLeavesTheQueueAndTakesNoSlot() async throws {
    let transport = HeldTransport()
    let client = BoundedHTTPClient(wrapping: transport, limit: 1)
    let first = Task { try await client.send(request("first")) }
    await waitUntil { await transport.heldCount == 1 }
    let waiting = Task { () async throws(HTTPError) -> HTTPResponse in
      try await client.send(request("cancelled"))
    }
    try await Task.sleep(for: .milliseconds(20))
    waiting.cancel()
    await #expect(throws: HTTPError.cancelled) { try await waiting.value }
    let third = Task { try await client.send(request("third")) }
    await transport.releaseOne()
    _ = try await first.value
    await waitUntil { await transport.heldCount == 1 }
    await transport.releaseOne()
    _ = try await third.value
    #expect(await transport.order == ["first", "third"])
  }
}

@Suite("Credentials in a URL")
struct RedactionTests {
  @Test func userInfoIsLeftOutOfTheTextButNothingElse() {
    let url = URL(string: "http://ash:pikachu-123@pokeapi.test:8080/api/v2/pokemon/25/?a=1")!
    #expect(url.redactingUserInfo == "http://pokeapi.test:8080/api/v2/pokemon/25/?a=1")
    let plain = URL(string: "https://pokeapi.co/api/v2/pokemon/25/")!
    #expect(plain.redactingUserInfo == plain.absoluteString)
  }
}
