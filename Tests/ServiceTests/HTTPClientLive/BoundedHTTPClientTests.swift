import Foundation
import HTTPClient
import Synchronization
import Testing

/// A transport that holds every request until the test lets it go, counting those in flight.
actor HeldTransport: HTTPClient {
  /// The protocol every answer comes over (`HTTP/2`), nil when unknown.
  private let version: String?
  /// Requests to these paths answer at once.
  private let immediate: Set<String>
  private(set) var inFlight = 0
  private(set) var maxInFlight = 0
  private(set) var order: [String] = []
  private var held: [CheckedContinuation<Void, Never>] = []

  init(version: String? = nil, immediate: Set<String> = []) {
    self.version = version
    self.immediate = immediate
  }

  func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    let name = request.url.lastPathComponent
    if immediate.contains(name) { return HTTPResponse(status: 200, version: version) }
    inFlight += 1
    maxInFlight = max(maxInFlight, inFlight)
    order.append(name)
    await withCheckedContinuation { held.append($0) }
    inFlight -= 1
    return HTTPResponse(status: 200, version: version)
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

  /// Sends `count` requests at once and lets them go once `expected` are held (or the queue has
  /// settled short of it); the most that were in flight together.
  private func wave(
    of count: Int, through client: BoundedHTTPClient, transport: HeldTransport, expected: Int
  ) async throws -> Int {
    let requests = Task {
      try await withThrowingTaskGroup(of: Int.self) { group in
        for index in 0..<count {
          group.addTask { try await client.send(request("name\(index)")).status }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
    }
    // Yields, not time: the senders run until they are held or queued.
    var turns = 0
    while await transport.heldCount < expected, turns < 10_000 {
      await Task.yield()
      turns += 1
    }
    let together = await transport.heldCount
    while true {
      let (started, held) = (await transport.order.count, await transport.heldCount)
      if started == count, held == 0 { break }
      if await !transport.releaseOne() { await Task.yield() }
    }
    #expect(try await requests.value == Array(repeating: 200, count: count))
    return together
  }

  @Test func overHTTP2AWaveOfMoreThanSixGoesOutTogether() async throws {
    let transport = HeldTransport(version: "HTTP/2", immediate: ["first"])
    let client = BoundedHTTPClient(wrapping: transport, limit: 6)
    #expect(client.limit == 6)
    _ = try await client.send(request("first"))
    #expect(client.limit == BoundedHTTPClient.defaultMultiplexedLimit)
    #expect(try await wave(of: 9, through: client, transport: transport, expected: 9) == 9)
    #expect(await transport.maxInFlight == 9)
  }

  @Test func overHTTP2TheBoundStaysForPoliteness() async throws {
    let transport = HeldTransport(version: "HTTP/2", immediate: ["first"])
    let client = BoundedHTTPClient(wrapping: transport, limit: 2, multiplexedLimit: 5)
    _ = try await client.send(request("first"))
    #expect(try await wave(of: 8, through: client, transport: transport, expected: 5) == 5)
    #expect(await transport.maxInFlight == 5)
  }

  @Test func overHTTP11SixAtATimeAsBefore() async throws {
    let transport = HeldTransport(version: "HTTP/1.1", immediate: ["first"])
    let client = BoundedHTTPClient(wrapping: transport, limit: 6)
    _ = try await client.send(request("first"))
    #expect(client.limit == 6)
    #expect(try await wave(of: 9, through: client, transport: transport, expected: 6) == 6)
    #expect(await transport.maxInFlight == 6)
  }

  /// A command's request (a higher priority) goes before the background loads queued before
  /// it: at a launch, `open 60` waited behind the 26 types the list's rows load.
  @Test func aHigherPriorityRequestIsServedBeforeLowerOnesQueuedFirst() async throws {
    let transport = HeldTransport()
    let client = BoundedHTTPClient(wrapping: transport, limit: 1)
    let first = Task(priority: .utility) { try await client.send(request("first")) }
    await waitUntil { await transport.heldCount == 1 }
    let background = (0..<3).map { index in
      Task(priority: .utility) { try await client.send(request("background\(index)")) }
    }
    try await Task.sleep(for: .milliseconds(20))
    let command = Task(priority: .high) { try await client.send(request("command")) }
    try await Task.sleep(for: .milliseconds(20))
    for _ in 0..<5 {
      await waitUntil { await transport.heldCount == 1 }
      await transport.releaseOne()
    }
    _ = try await first.value
    _ = try await command.value
    for task in background { _ = try await task.value }
    let order = await transport.order
    #expect(order.prefix(2) == ["first", "command"])
    #expect(Set(order.dropFirst(2)) == ["background0", "background1", "background2"])
  }

  /// Background requests stalled in every slot hold none a command needs; the background itself
  /// stays within the bound, and does not take slots while commands fill it.
  @Test func aCommandNeverWaitsForSlotsTheBackgroundHolds() async throws {
    let transport = HeldTransport()
    let client = BoundedHTTPClient(wrapping: transport, limit: 2)
    let background = (0..<3).map { index in
      Task {
        try await BoundedHTTPClient.$isBackground.withValue(true) {
          try await client.send(request("background\(index)"))
        }
      }
    }
    await waitUntil { await transport.heldCount == 2 }
    let commands = (0..<2).map { index in
      Task { try await client.send(request("command\(index)")) }
    }
    await waitUntil { await transport.heldCount == 4 }
    try await Task.sleep(for: .milliseconds(20))
    #expect(await transport.heldCount == 4, "the third background request went past the bound")
    #expect(await Set(transport.order.suffix(2)) == ["command0", "command1"])
    for _ in 0..<5 {
      await waitUntil { await transport.heldCount > 0 }
      await transport.releaseOne()
    }
    for task in commands + background { _ = try await task.value }
    #expect(await transport.maxInFlight == 4)
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
