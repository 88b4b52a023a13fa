import APIClient
import Cache
import Foundation
import Models
import Testing

@Suite("A cache from before languages")
struct LegacyCacheTests {
  /// A species stored as an earlier version filed it: under its bare URL, English only.
  func seeded(_ server: FixtureServer, _ cache: ResponseCache, stored: Date) async {
    let body = Fixtures.eevee().replacingOccurrences(
      of: "{base}", with: server.baseURL.absoluteString)
    await cache.save(
      CacheEntry(
        key: "\(server.baseURL.absoluteString)/pokemon-species/133/", status: 200,
        body: Data(body.utf8), etag: nil, storedAt: stored,
        expiresAt: stored.addingTimeInterval(86_400)),
      generation: await cache.generation)
  }

  @Test func servesWhatItStoredWhenTheNetworkCannotBeHad() async throws {
    let server = try await FixtureServer.start()
    defer { Task { await server.stop() } }
    let cache = ResponseCache(store: nil)
    let clock = TestClock()
    await seeded(server, cache, stored: clock.now)
    clock.advance(by: 2 * 86_400)
    let offline = Harness(server: server, cache: cache, clock: clock, offline: true)
    let species = try await offline.client.species(.id(133))
    #expect(species.name == "eevee" && species.englishGenus == "Evolution Pokémon")
    #expect(offline.notices.values == ["Offline: showing data cached 2 days ago."])
  }

  @Test func onlineTheAnswerWithEveryLanguageIsFetched() async throws {
    let server = try await FixtureServer.start()
    defer { Task { await server.stop() } }
    await server.serve("pokemon-species/133", json: Fixtures.eevee())
    let cache = ResponseCache(store: nil)
    let clock = TestClock()
    await seeded(server, cache, stored: clock.now)
    let online = Harness(server: server, cache: cache, clock: clock)
    _ = try await online.client.species(.id(133))
    #expect(await server.requests("pokemon-species/133").count == 1)
  }

  @Test func aPokemonStoredBeforeItsPastTypesWereKeptIsServedOffline() async throws {
    let server = try await FixtureServer.start()
    defer { Task { await server.stop() } }
    let cache = ResponseCache(store: nil)
    let clock = TestClock()
    await cache.save(
      CacheEntry(
        key: "\(server.baseURL.absoluteString)/pokemon/133/", status: 200,
        body: Data(Fixtures.eeveePokemon.utf8), etag: nil, storedAt: clock.now,
        expiresAt: clock.now.addingTimeInterval(86_400)),
      generation: await cache.generation)
    clock.advance(by: 2 * 86_400)
    let offline = Harness(server: server, cache: cache, clock: clock, offline: true)
    let pokemon = try await offline.client.pokemon(id: 133)
    #expect(pokemon.name == "eevee" && pokemon.pastTypes.isEmpty)
    // Online, the answer with its past types is asked for instead.
    await server.serve("pokemon/133", json: Fixtures.eeveePokemon)
    let online = Harness(server: server, cache: cache, clock: clock)
    _ = try await online.client.pokemon(id: 133)
    #expect(await server.requests("pokemon/133").count == 1)
  }
}
