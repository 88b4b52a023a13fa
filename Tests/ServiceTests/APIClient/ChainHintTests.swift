import APIClient
import Foundation
import Testing

@Suite("A species' answer tells its chain before the species is decoded")
struct ChainHintTests {
  @Test func anAnswerFromTheNetworkTellsItsChainAndOneFromTheCacheDoesNot() async throws {
    let server = try await FixtureServer.start()
    defer { Task { await server.stop() } }
    await server.serve("pokemon-species/133", json: Fixtures.eevee())
    let client = Harness(server: server).client
    let told = Recorder<Int>()
    let species = try await client.species(.id(133)) { told.append($0) }
    #expect(species.evolutionChainID == 67)
    #expect(told.values == [67])
    // From the cache: nothing told, the species' own chain stands.
    _ = try await client.species(.id(133)) { told.append($0) }
    #expect(told.values == [67])
    #expect(await server.requests().count == 1)
  }

  @Test func theChainIsToldBeforeTheSpeciesIsDecoded() async throws {
    let server = try await FixtureServer.start()
    defer { Task { await server.stop() } }
    // An answer that names its chain but is no species: the decoding fails after the telling.
    await server.serve(
      "pokemon-species/133", json: #"{"evolution_chain": {"url": "{base}/evolution-chain/67/"}}"#)
    let client = Harness(server: server).client
    let told = Recorder<Int>()
    let error = await apiError { try await client.species(.id(133)) { told.append($0) } }
    #expect(error == .invalidData(resource: "species #133"))
    #expect(told.values == [67])
  }
}
