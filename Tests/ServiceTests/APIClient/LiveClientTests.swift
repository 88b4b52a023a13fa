import APIClient
import Cache
import Foundation
import HTTPClient
import Locking
import Models
import Testing

@Suite("Live client: coalescing, caching, retries, failures")
struct LiveClientTests {
  @Test func tenConcurrentIdenticalCallsMakeOneRequest() async throws {
    let server = try await FixtureServer.start()
    defer { Task { await server.stop() } }
    await server.serve("pokemon-species/133", json: Fixtures.eevee())
    await server.setDelay(.milliseconds(300))
    let client = Harness(server: server).client
    let names = try await withThrowingTaskGroup(of: String.self) { group in
      for _ in 0..<10 { group.addTask { try await client.species(.id(133)).name } }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(names == Array(repeating: "eevee", count: 10))
    #expect(await server.requests().count == 1)
  }

  /// A server answering `pokemon/133`, and a client caching nothing in memory (only the disk
  /// answers a second lookup) over a disk that holds every write until the test lets it through.
  private func eeveeBehindAHeldStore() async throws -> (FixtureServer, HeldStore, Harness) {
    let server = try await FixtureServer.start()
    await server.serve("pokemon/133", json: Fixtures.eeveePokemon)
    let store = HeldStore()
    let harness = Harness(server: server, cache: ResponseCache(memoryLimitBytes: 0, store: store))
    return (server, store, harness)
  }

  @Test(.timeLimit(.minutes(1)))
  func theCallerHasItsAnswerBeforeItIsStoredAndSettleWaitsForTheStore() async throws {
    let (server, store, harness) = try await eeveeBehindAHeldStore()
    defer { Task { await server.stop() } }
    // The disk holds every write: the answer still reaches the caller.
    #expect(try await harness.client.pokemon(id: 133).name == "eevee")
    #expect(store.keys.isEmpty)
    // A caller while it is being stored has it at once too, neither waiting for the disk nor
    // asking the network again, and the cache counts it as a hit.
    #expect(try await harness.client.pokemon(id: 133).name == "eevee")
    #expect(await server.requests().count == 1)
    #expect(await harness.cache.statistics().hits == 1)
    #expect(store.keys.isEmpty)
    let settled = Task { await harness.client.settle() }
    store.letWritesThrough()
    await settled.value
    #expect(store.keys == ["\(server.baseURL.absoluteString)/pokemon/133/#eras+past"])
  }

  @Test(.timeLimit(.minutes(1)))
  func anAnswerBeingStoredIsNotHandedOnceTheCacheWasCleared() async throws {
    let (server, store, harness) = try await eeveeBehindAHeldStore()
    defer { Task { await server.stop() } }
    _ = try await harness.client.pokemon(id: 133)
    await store.waitForHeldWrite()
    // Cleared while the answer waits for the disk: it is not handed on as a cache hit (the
    // clear drops it); the caller waits for the store, then reads the cache like any other.
    await harness.cache.clear()
    let again = await stillWaiting { try await harness.client.pokemon(id: 133) }
    store.letWritesThrough()
    #expect(try await again.value.name == "eevee")
    await harness.client.settle()
  }

  @Test(.timeLimit(.minutes(1)))
  func aCancelledCallerGetsNoAnswerBeingStored() async throws {
    let (server, store, harness) = try await eeveeBehindAHeldStore()
    defer { Task { await server.stop() } }
    _ = try await harness.client.pokemon(id: 133)
    let gate = Gate()
    let cancelled = Task {
      await gate.pass()
      return try await harness.client.pokemon(id: 133)
    }
    cancelled.cancel()
    gate.open()
    #expect(await apiError { try await cancelled.value } == .cancelled)
    store.letWritesThrough()
    await harness.client.settle()
  }

  @Test(.timeLimit(.minutes(1)))
  func aCallerAfterTheAnswerWentStaleWaitsForTheStoreAndCanBeCancelled() async throws {
    let (server, store, harness) = try await eeveeBehindAHeldStore()
    defer { Task { await server.stop() } }
    _ = try await harness.client.pokemon(id: 133)
    // Stale by now (a day later): not handed over, but waited for and then read like any cached
    // answer.
    harness.clock.advance(by: 86_400 * 2)
    let waiting = await stillWaiting { try await harness.client.pokemon(id: 133) }
    waiting.cancel()
    // Cancelled while the disk still holds the write: it goes at once.
    let error = await apiError { try await waiting.value }
    #expect(error == .cancelled)
    store.letWritesThrough()
    await harness.client.settle()
    #expect(await server.requests().count == 1)
  }

  /// `call` started in a task of its own, and expected still to be waiting after 2,000 yields.
  private func stillWaiting(
    _ call: @escaping @Sendable () async throws -> Pokemon,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async -> Task<Pokemon, any Error> {
    let done = Locked(false)
    let task = Task {
      defer { done.withLock { $0 = true } }
      return try await call()
    }
    for _ in 0..<2_000 { await Task.yield() }
    #expect(done.withLock { $0 } == false, sourceLocation: sourceLocation)
    return task
  }

  /// A client over `store` whose requests for a species wait until the test releases them.
  private func speciesHeld(
    over store: HeldStore
  ) -> (LivePokeAPIClient, HeldPathHTTPClient) {
    let http = HeldPathHTTPClient(
      answers: ["pokemon/133": Fixtures.eeveePokemon, "pokemon-species/133": Fixtures.eevee()],
      held: "pokemon-species/")
    let client = LivePokeAPIClient(
      baseURL: URL(string: "https://pokeapi.test/api/v2")!, http: http,
      cache: ResponseCache(store: store), onNotice: { _, _ in })
    return (client, http)
  }

  @Test(.timeLimit(.minutes(1)))
  func whatIsStoredWhileTheNextWaveIsAwaitedIsCheckpointedThen() async throws {
    let store = HeldStore()
    let (client, http) = speciesHeld(over: store)
    _ = try await client.pokemon(id: 133)
    // A request made after that answer came (the next wave) is out when the answer is stored:
    // the disk is idle for a round trip, and the store is checkpointed then.
    let species = Task { try await client.species(.id(133)) }
    await http.waitForHeldRequest()
    store.letWritesThrough()
    await client.settle()
    #expect(
      store.events == ["save https://pokeapi.test/api/v2/pokemon/133/#eras+past", "checkpoint"])
    // The last answers: nothing is awaited any more, and closing the store moves them.
    await http.release()
    _ = try await species.value
    await client.settle()
    let later = store.events.dropFirst(2)
    #expect(!later.isEmpty)
    #expect(later.allSatisfy { $0.hasPrefix("save https://pokeapi.test/api/v2/pokemon-species/") })
  }

  /// A wave of two over a store that lets writes through: the species, held, and the pokemon,
  /// answered and stored.
  private func aWaveWithThePokemonStored() async throws -> (
    HeldStore, LivePokeAPIClient, HeldPathHTTPClient, Task<Species, any Error>
  ) {
    let store = HeldStore()
    store.letWritesThrough()
    let (client, http) = speciesHeld(over: store)
    let species = Task { try await client.species(.id(133)) }
    await http.waitForHeldRequest()
    _ = try await client.pokemon(id: 133)
    await client.settle()
    return (store, client, http, species)
  }

  @Test(.timeLimit(.minutes(1)))
  func aWaveIsCheckpointedWhenItsLastAnswerCameAfterTheNextWaveLeft() async throws {
    let (store, client, http, species) = try await aWaveWithThePokemonStored()
    #expect(!store.events.contains("checkpoint"))
    // The next wave, led to by the pokemon, leaves; then the species' answer comes.
    let next = Task { try? await client.species(.id(134)) }
    await http.waitForHeldRequest(2)
    await http.release(only: "pokemon-species/133/")
    _ = try await species.value
    await client.settle()
    // Every answer of the wave is stored, and the next wave is out: the disk is idle now.
    #expect(store.events.last == "checkpoint")
    #expect(store.events.filter { $0 == "checkpoint" }.count == 1)
    await http.release()
    _ = await next.value
    await client.settle()
  }

  @Test(.timeLimit(.minutes(1)))
  func anAnswerStoredWhileItsOwnWaveIsOutIsNotCheckpointed() async throws {
    // Both requests leave together; the species' answer is due any moment.
    let (store, client, http, species) = try await aWaveWithThePokemonStored()
    #expect(store.events == ["save https://pokeapi.test/api/v2/pokemon/133/#eras+past"])
    await http.release()
    _ = try await species.value
    await client.settle()
    #expect(!store.events.contains("checkpoint"))
  }

  @Test(.timeLimit(.minutes(1)))
  func noCheckpointWhileALoadReadsTheDisk() async throws {
    let store = HeldStore(holdingReadsOf: "pokemon-species/")
    let (client, http) = speciesHeld(over: store)
    await http.release()
    _ = try await client.pokemon(id: 133)
    // The next request reads the disk first: a checkpoint now would hold that read up.
    let species = Task { try await client.species(.id(133)) }
    await store.waitForHeldRead()
    store.letWritesThrough()
    await client.settle()
    #expect(store.events == ["save https://pokeapi.test/api/v2/pokemon/133/#eras+past"])
    store.letReadsThrough()
    _ = try await species.value
    await client.settle()
    #expect(!store.events.contains("checkpoint"))
  }

  @Test func independentCallsOverlapUpToTheBound() async throws {
    let server = try await FixtureServer.start()
    defer { Task { await server.stop() } }
    for id in 1...10 {
      await server.serve(
        "pokemon/\(id)",
        json:
          #"{"id": \#(id), "name": "p\#(id)", "height": 1, "weight": 1, "types": [], "stats": [], "abilities": []}"#
      )
    }
    await server.setDelay(.milliseconds(300))
    let client = Harness(server: server, maxConcurrentRequests: 3).client
    let ids = try await withThrowingTaskGroup(of: Int.self) { group in
      for id in 1...10 { group.addTask { try await client.pokemon(id: id).id } }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(ids.sorted() == Array(1...10))
    let maxInFlight = await server.maxInFlight()
    #expect(maxInFlight > 1, "independent requests ran one after another")
    #expect(maxInFlight <= 3, "more requests in flight than the bound")
  }

  @Test func freshEntryAnswersWithoutARequest() async throws {
    let server = try await FixtureServer.start()
    defer { Task { await server.stop() } }
    await server.serve("pokemon/133", json: Fixtures.eeveePokemon)
    let harness = Harness(server: server)
    _ = try await harness.client.pokemon(id: 133)
    harness.clock.advance(by: 3_600)
    let again = try await harness.client.pokemon(id: 133)
    #expect(again.name == "eevee")
    #expect(await server.requests().count == 1)
    #expect(await harness.cache.statistics().hits == 1)
  }

  @Test(.timeLimit(.minutes(1)))
  func speciesByNameAnswersByIDWhileItIsStored() async throws {
    let server = try await FixtureServer.start()
    defer { Task { await server.stop() } }
    await server.serve("pokemon-species/eevee", json: Fixtures.eevee())
    let store = HeldStore()
    let harness = Harness(server: server, cache: ResponseCache(memoryLimitBytes: 0, store: store))
    _ = try await harness.client.species(.name("Eevee"))
    // The disk holds every write: the answer by name is not stored yet, under either key.
    #expect(try await harness.client.species(.id(133)).name == "eevee")
    #expect(await server.requests().count == 1)
    #expect(store.keys.isEmpty)
    let settled = Task { await harness.client.settle() }
    store.letWritesThrough()
    await settled.value
    #expect(store.keys.count == 2)
  }

  @Test func speciesByNameAlsoAnswersByID() async throws {
    let server = try await FixtureServer.start()
    defer { Task { await server.stop() } }
    await server.serve("pokemon-species/eevee", json: Fixtures.eevee())
    let harness = Harness(server: server)
    _ = try await harness.client.species(.name("Eevee"))
    let byID = try await harness.client.species(.id(133))
    #expect(byID.name == "eevee")
    #expect(await server.requests().count == 1)
  }

  @Test func staleEntryIsRevalidatedWithOneConditionalRequest() async throws {
    let server = try await FixtureServer.start()
    defer { Task { await server.stop() } }
    await server.serve("gender/1", json: Fixtures.femaleList, etag: "W/\"abc\"", maxAge: 60)
    let harness = Harness(server: server)
    _ = try await harness.client.genderList(id: 1)
    harness.clock.advance(by: 120)
    let list = try await harness.client.genderList(id: 1)
    #expect(list.species(admittedBy: .all).count == 3)
    let requests = await server.requests()
    #expect(requests.count == 2)
    #expect(requests.last?.headers["if-none-match"] == "W/\"abc\"")
    #expect(await server.notModifiedCount() == 1)
    // The 304 made it fresh again for max-age.
    harness.clock.advance(by: 30)
    _ = try await harness.client.genderList(id: 1)
    #expect(await server.requests().count == 2)
    #expect(harness.notices.values.isEmpty)
  }

  @Test func networkDownServesStaleDataWithItsAge() async throws {
    let server = try await FixtureServer.start()
    await server.serve("pokemon/133", json: Fixtures.eeveePokemon, maxAge: 3_600)
    let first = Harness(server: server)
    _ = try await first.client.pokemon(id: 133)
    // Stored, as a session's answers are before it ends.
    await first.client.settle()
    await server.stop()
    first.clock.advance(by: 3 * 3_600 + 100)
    // A new client over the same cache. The server's port is held, refusing connections: a
    // port set free can be taken by another test's (slow) server, and the refusal become a
    // time-out.
    let down = try await RefusingPort(port: server.port)
    defer { withExtendedLifetime(down) {} }
    let harness = Harness(server: server, cache: first.cache, clock: first.clock)
    let pokemon = try await harness.client.pokemon(id: 133)
    #expect(pokemon.name == "eevee")
    #expect(harness.notices.values == ["Offline: showing data cached 3 hours ago."])
    // Nothing cached for another resource: a clear sentence.
    let error = await apiError { try await harness.client.pokemon(id: 1) }
    #expect(error == .offline)
  }

  @Test func offlineModeNeverTouchesTheNetwork() async throws {
    let server = try await FixtureServer.start()
    defer { Task { await server.stop() } }
    await server.serve("pokemon/133", json: Fixtures.eeveePokemon, maxAge: 60)
    await server.serve("pokemon/1", json: Fixtures.eeveePokemon)
    let cache = ResponseCache(store: nil)
    let clock = TestClock()
    let online = Harness(server: server, cache: cache, clock: clock).client
    _ = try await online.pokemon(id: 133)
    await online.settle()
    clock.advance(by: 2 * 86_400)
    let offline = Harness(server: server, cache: cache, clock: clock, offline: true)
    #expect(try await offline.client.pokemon(id: 133).name == "eevee")
    #expect(offline.notices.values == ["Offline: showing data cached 2 days ago."])
    let error = await apiError { try await offline.client.pokemon(id: 1) }
    #expect(error == .notCached(resource: "pokemon #1"))
    #expect(await server.requests().count == 1)
  }

  @Test func everyStaleAnswerHasANoticeOfTheSameKind() async throws {
    let server = try await FixtureServer.start()
    defer { Task { await server.stop() } }
    await server.serve("pokemon/133", json: Fixtures.eeveePokemon, maxAge: 60)
    await server.serve("pokemon-species/133", json: Fixtures.eevee(), maxAge: 60)
    await server.serve("evolution-chain/67", json: Fixtures.eeveeChain, maxAge: 60)
    let cache = ResponseCache(store: nil)
    let clock = TestClock()
    let online = Harness(server: server, cache: cache, clock: clock).client
    _ = try await (online.pokemon(id: 133), online.species(.id(133)), online.evolutionChain(id: 67))
    // Stored, as a session's answers are before it ends.
    await online.settle()
    clock.advance(by: 600)
    let offline = Harness(server: server, cache: cache, clock: clock, offline: true)
    async let pokemon = offline.client.pokemon(id: 133)
    async let species = offline.client.species(.id(133))
    async let chain = offline.client.evolutionChain(id: 67)
    _ = try await (pokemon, species, chain)
    // The session says it once per command (NoticeBoard); the client reports each answer.
    #expect(
      offline.notices.values
        == Array(repeating: "Offline: showing data cached 10 minutes ago.", count: 3))
    #expect(Set(offline.noticeKinds.values) == ["Offline"])
  }

  @Test func notFoundIsCachedForTenMinutes() async throws {
    let server = try await FixtureServer.start()
    defer { Task { await server.stop() } }
    let harness = Harness(server: server)
    let first = await apiError { try await harness.client.species(.name("missingno")) }
    let second = await apiError { try await harness.client.species(.name("missingno")) }
    #expect(first == .notFound(resource: "species \"missingno\""))
    #expect(second == first)
    #expect(await server.requests().count == 1, "404 is not retried and is cached")
    harness.clock.advance(by: 11 * 60)
    _ = await apiError { try await harness.client.species(.name("missingno")) }
    #expect(await server.requests().count == 2)
  }

  @Test func aNotFoundAnswerKeepsTheGoodCachedCopy() async throws {
    let server = try await FixtureServer.start()
    defer { Task { await server.stop() } }
    await server.serve("pokemon/133", json: Fixtures.eeveePokemon, maxAge: 60)
    let cache = ResponseCache(store: nil)
    let clock = TestClock()
    let harness = Harness(server: server, cache: cache, clock: clock)
    _ = try await harness.client.pokemon(id: 133)
    clock.advance(by: 120)
    await server.enqueue("pokemon/133", .init(status: 404))
    let error = await apiError { try await harness.client.pokemon(id: 133) }
    #expect(error == .notFound(resource: "pokemon #133"), "this call still hears the 404")
    let offline = Harness(server: server, cache: cache, clock: clock, offline: true)
    #expect(try await offline.client.pokemon(id: 133).weight == 65, "the offline copy survives")
    #expect(offline.notices.values == ["Offline: showing data cached 2 minutes ago."])
  }

  @Test func aStaleNotFoundServedOfflineHasNoStaleDataNotice() async throws {
    let server = try await FixtureServer.start()
    let cache = ResponseCache(store: nil)
    let clock = TestClock()
    let online = Harness(server: server, cache: cache, clock: clock)
    _ = await apiError { try await online.client.species(.name("missingno")) }
    await online.client.settle()
    clock.advance(by: 3_600)
    let offline = Harness(server: server, cache: cache, clock: clock, offline: true)
    let error = await apiError { try await offline.client.species(.name("missingno")) }
    #expect(error == .notFound(resource: "species \"missingno\""))
    #expect(offline.notices.values.isEmpty)
    // The same when the network is down rather than switched off.
    await server.stop()
    let down = await apiError { try await online.client.species(.name("missingno")) }
    #expect(down == .notFound(resource: "species \"missingno\""))
    #expect(online.notices.values.isEmpty)
  }

  @Test func serverErrorThenSuccessAfterARetry() async throws {
    let server = try await FixtureServer.start()
    defer { Task { await server.stop() } }
    await server.serve("pokemon/133", json: Fixtures.eeveePokemon)
    await server.enqueue("pokemon/133", .init(status: 500, body: Data("oops".utf8)))
    let harness = Harness(server: server)
    #expect(try await harness.client.pokemon(id: 133).name == "eevee")
    #expect(await server.requests().count == 2)
    #expect(harness.sleeps.values.count == 1)
  }

  @Test func persistentServerErrorsGiveUpAfterThreeAttempts() async throws {
    let server = try await FixtureServer.start()
    defer { Task { await server.stop() } }
    for _ in 0..<5 { await server.enqueue("pokemon/133", .init(status: 503)) }
    let harness = Harness(server: server)
    let error = await apiError { try await harness.client.pokemon(id: 133) }
    #expect(error == .server(status: 503))
    #expect(await server.requests().count == 3)
  }

  @Test func rateLimitHonoursRetryAfter() async throws {
    let server = try await FixtureServer.start()
    defer { Task { await server.stop() } }
    await server.serve("gender/1", json: Fixtures.femaleList)
    await server.enqueue("gender/1", .init(status: 429, headers: ["Retry-After": "2"]))
    let harness = Harness(server: server)
    #expect(try await harness.client.genderList(id: 1).id == 1)
    #expect(harness.sleeps.values == [.seconds(2)])
  }

  @Test func rateLimitedThroughoutIsOneSentence() async throws {
    let server = try await FixtureServer.start()
    defer { Task { await server.stop() } }
    for _ in 0..<3 {
      await server.enqueue("gender/2", .init(status: 429, headers: ["Retry-After": "600"]))
    }
    let harness = Harness(server: server)
    let error = await apiError { try await harness.client.genderList(id: 2) }
    #expect(error == .rateLimited)
    #expect(harness.sleeps.values == [.seconds(5), .seconds(5)], "Retry-After is capped")
  }

  @Test(arguments: [
    ("garbage", Data("<html>Bad gateway</html>".utf8)),
    ("truncated", Data(#"{"abilities": [], "height": 3, "id": 133, "na"#.utf8)),
  ])
  func badBodyIsInvalidDataAndKeepsThePreviousEntry(kind: String, body: Data) async throws {
    let server = try await FixtureServer.start()
    defer { Task { await server.stop() } }
    await server.serve("pokemon/133", json: Fixtures.eeveePokemon, maxAge: 0)
    let cache = ResponseCache(store: nil)
    let clock = TestClock()
    let harness = Harness(server: server, cache: cache, clock: clock)
    _ = try await harness.client.pokemon(id: 133)
    clock.advance(by: 5)
    await server.enqueue("pokemon/133", .init(status: 200, body: body))
    let error = await apiError { try await harness.client.pokemon(id: 133) }
    #expect(error == .invalidData(resource: "pokemon #133"), "\(kind)")
    let offline = Harness(server: server, cache: cache, clock: clock, offline: true)
    #expect(try await offline.client.pokemon(id: 133).weight == 65, "\(kind)")
  }

  @Test func cancellingTheCallerCancelsTheRequest() async throws {
    let server = try await FixtureServer.start()
    defer { Task { await server.stop() } }
    await server.serve("pokemon/133", json: Fixtures.eeveePokemon)
    await server.setDelay(.seconds(8))
    let client = Harness(server: server).client
    let task = Task { () async throws(APIError) -> Pokemon in try await client.pokemon(id: 133) }
    while await server.requests().isEmpty { try await Task.sleep(for: .milliseconds(20)) }
    task.cancel()
    let result = await task.result
    #expect(throws: APIError.cancelled) { try result.get() }
  }

  @Test func diskCacheSurvivesARestart() async throws {
    let server = try await FixtureServer.start()
    defer { Task { await server.stop() } }
    await server.serve("evolution-chain/67", json: Fixtures.eeveeChain)
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    do {
      let store = try SQLiteCacheStore.open(directory: directory)
      let harness = Harness(server: server, cache: ResponseCache(store: store))
      _ = try await harness.client.evolutionChain(id: 67)
      // As a process does before it ends.
      await harness.client.settle()
    }
    let store = try SQLiteCacheStore.open(directory: directory)
    let restarted = Harness(server: server, cache: ResponseCache(store: store))
    #expect(try await restarted.client.evolutionChain(id: 67).chain.evolvesTo.count == 8)
    #expect(await server.requests().count == 1)
  }
}

/// Where callers wait until the test opens it; it counts who came.
final class Gate: Sendable {
  private let state = Locked<
    (
      open: Bool, arrived: Int, waiting: [CheckedContinuation<Void, Never>],
      watching: [CheckedContinuation<Void, Never>]
    )
  >((false, 0, [], []))

  /// Waits until the gate is open (returns at once when it is).
  func pass() async {
    await withCheckedContinuation { continuation in
      let (open, watching) = state.withLock { state in
        state.arrived += 1
        if !state.open { state.waiting.append(continuation) }
        defer { state.watching = [] }
        return (state.open, state.watching)
      }
      watching.forEach { $0.resume() }
      if open { continuation.resume() }
    }
  }

  /// Returns once someone has come to the gate.
  func waitForArrival() async {
    await withCheckedContinuation { continuation in
      let arrived = state.withLock { state in
        if state.arrived == 0 { state.watching.append(continuation) }
        return state.arrived > 0
      }
      if arrived { continuation.resume() }
    }
  }

  /// Lets everyone waiting, and everyone after, through.
  func open() {
    let waiting = state.withLock { state in
      state.open = true
      defer { state.waiting = [] }
      return state.waiting
    }
    waiting.forEach { $0.resume() }
  }
}

/// A disk store whose writes wait until the test lets them through, and whose reads of the keys
/// containing `holdingReadsOf` wait too.
final class HeldStore: CacheStore {
  private let writes = Gate()
  private let reads = Gate()
  private let heldReads: String?
  private let saved = Locked<[String]>([])
  private let stored = Locked<[String: CacheEntry]>([:])
  private let happened = Locked<[String]>([])

  init(holdingReadsOf heldReads: String? = nil) { self.heldReads = heldReads }

  var keys: [String] { saved.withLock { $0 } }
  /// What the store was asked to do, in order: `save KEY` and `checkpoint`.
  var events: [String] { happened.withLock { $0 } }

  func letWritesThrough() { writes.open() }
  func letReadsThrough() { reads.open() }
  /// Returns once a held read has arrived.
  func waitForHeldRead() async { await reads.waitForArrival() }
  /// Returns once a held write has arrived.
  func waitForHeldWrite() async { await writes.waitForArrival() }

  func entry(forKey key: String) async throws -> CacheEntry? {
    if let heldReads, key.contains(heldReads) { await reads.pass() }
    return stored.withLock { $0[key] }
  }
  func save(_ entry: CacheEntry) async throws {
    await writes.pass()
    saved.withLock { $0.append(entry.key) }
    stored.withLock { $0[entry.key] = entry }
    happened.withLock { $0.append("save \(entry.key)") }
  }
  func removeAll() async throws {}
  func checkpoint() async throws { happened.withLock { $0.append("checkpoint") } }
  func summary() async throws -> CacheStoreSummary {
    CacheStoreSummary(entries: keys.count, bytes: 0, oldestEntry: nil)
  }
  func close() async {}
}

/// Answers from `answers` (by the end of the URL's path), holding those whose URL contains
/// `held` until the test releases them.
actor HeldPathHTTPClient: HTTPClient {
  private let answers: [String: String]
  private let held: String
  private var released = false
  private var waiting: [(url: String, continuation: CheckedContinuation<Void, Never>)] = []
  private var arrivals: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  private var heldRequests = 0

  init(answers: [String: String], held: String) {
    self.answers = answers
    self.held = held
  }

  func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    let url = request.url.absoluteString
    if url.contains(held), !released {
      heldRequests += 1
      let (arrived, later) = (
        arrivals.filter { $0.count <= heldRequests }, arrivals.filter { $0.count > heldRequests }
      )
      arrivals = later
      arrived.forEach { $0.continuation.resume() }
      await withCheckedContinuation { waiting.append((url, $0)) }
    }
    guard let body = answers.first(where: { url.hasSuffix("/\($0.key)/") })?.value else {
      return HTTPResponse(status: 404, headers: [:], body: Data())
    }
    return HTTPResponse(
      status: 200, headers: ["Cache-Control": "max-age=60"], body: Data(body.utf8))
  }

  /// Returns once `count` held requests have arrived.
  func waitForHeldRequest(_ count: Int = 1) async {
    if heldRequests >= count { return }
    await withCheckedContinuation { arrivals.append((count, $0)) }
  }

  /// Answers the held requests, and every later one at once.
  func release() {
    released = true
    waiting.forEach { $0.continuation.resume() }
    waiting = []
  }

  /// Answers the held requests whose URL contains `part`; the others stay held.
  func release(only part: String) {
    let going = waiting.filter { $0.url.contains(part) }
    waiting.removeAll { $0.url.contains(part) }
    going.forEach { $0.continuation.resume() }
  }
}
