import APIClient
import Cache
import Foundation
import HTTPClient
import Testing

/// An HTTP client whose answers wait until the test opens the gate.
actor GatedHTTPClient: HTTPClient {
  private let body: Data
  private var started: [CheckedContinuation<Void, Never>] = []
  private var waiting: [CheckedContinuation<Void, Never>] = []
  private var requests = 0
  private var isOpen = false

  init(body: String) { self.body = Data(body.utf8) }

  func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    requests += 1
    for continuation in started { continuation.resume() }
    started = []
    if !isOpen { await withCheckedContinuation { waiting.append($0) } }
    return HTTPResponse(status: 200, headers: ["Cache-Control": "max-age=60"], body: body)
  }

  /// Returns once a request has arrived.
  func waitForRequest() async {
    if requests > 0 { return }
    await withCheckedContinuation { started.append($0) }
  }

  /// Lets every waiting and later request answer.
  func open() {
    isOpen = true
    for continuation in waiting { continuation.resume() }
    waiting = []
  }
}

@Suite("cache clear against loads in flight")
struct CacheClearRaceTests {
  private func client(_ http: GatedHTTPClient, _ cache: ResponseCache) -> LivePokeAPIClient {
    LivePokeAPIClient(
      baseURL: URL(string: "https://pokeapi.test/api/v2")!, http: http, cache: cache,
      onNotice: { _, _ in })
  }

  @Test func aLoadThatFinishesAfterTheClearDoesNotRefillTheCache() async throws {
    let http = GatedHTTPClient(body: Fixtures.eeveePokemon)
    let cache = ResponseCache(store: nil)
    let client = client(http, cache)
    let load = Task { try await client.pokemon(id: 133) }
    await http.waitForRequest()
    await cache.clear()
    await http.open()
    // The caller still gets its answer; the emptied cache stays empty.
    #expect(try await load.value.name == "eevee")
    await client.settle()
    #expect(await cache.statistics().entries == 0)
  }

  @Test func aLoadThatStartsAfterTheClearIsCached() async throws {
    let http = GatedHTTPClient(body: Fixtures.eeveePokemon)
    let cache = ResponseCache(store: nil)
    await cache.clear()
    await http.open()
    let client = client(http, cache)
    _ = try await client.pokemon(id: 133)
    await client.settle()
    #expect(await cache.statistics().entries == 1)
  }
}

/// An HTTP client that notes the base priority of the task each request is sent from.
actor PriorityNotingHTTPClient: HTTPClient {
  private let body: Data
  private(set) var priorities: [TaskPriority?] = []

  init(body: String) { self.body = Data(body.utf8) }

  func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    priorities.append(Task.basePriority)
    return HTTPResponse(status: 200, headers: ["Cache-Control": "max-age=60"], body: body)
  }
}

@Suite("A request leaves at the priority it was asked at")
struct RequestPriorityTests {
  /// The transport orders requests that start together by the base priority of the task that
  /// sends them: a load's own task must keep the asking task's, even while a caller of higher
  /// priority awaits it (which raises only its current priority).
  @Test(arguments: [TaskPriority.low, .background])
  func aLoadKeepsTheBasePriorityOfTheTaskThatAsked(priority: TaskPriority) async throws {
    let http = PriorityNotingHTTPClient(body: Fixtures.eeveePokemon)
    let client = LivePokeAPIClient(
      baseURL: URL(string: "https://pokeapi.test/api/v2")!, http: http,
      cache: ResponseCache(store: nil), onNotice: { _, _ in })
    await withTaskGroup(of: Void.self) { group in
      group.addTask(priority: priority) { _ = try? await client.pokemon(id: 133) }
    }
    #expect(await http.priorities == [priority])
  }
}
