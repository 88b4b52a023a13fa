import APIClient
import Foundation
import Models
import Testing

@Suite("Decoding each resource through the live client")
struct DecodingTests {
  @Test func speciesPageTakesIDsFromURLs() async throws {
    let server = try await FixtureServer.start()
    defer { Task { await server.stop() } }
    await server.serve("pokemon-species?offset=0&limit=3", json: Fixtures.speciesPage)
    let page = try await Harness(server: server).client.speciesPage(offset: 0, limit: 3)
    #expect(page.count == 1025)
    #expect(page.summaries.map(\.id) == [1, 2, 3])
    #expect(page.summaries.map(\.displayName) == ["Bulbasaur", "Ivysaur", "Venusaur"])
    #expect(page.next == "\(server.baseURL.absoluteString)/pokemon-species?offset=3&limit=3")
  }

  @Test func speciesKeepsWhatPokedexShowsAndIgnoresTheRest() async throws {
    let server = try await FixtureServer.start()
    defer { Task { await server.stop() } }
    await server.serve("pokemon-species/133", json: Fixtures.eevee())
    let species = try await Harness(server: server).client.species(.id(133))
    #expect(species.name == "eevee")
    #expect(species.evolutionChainID == 67)
    #expect(species.englishGenus == "Evolution Pokémon")
    #expect(species.englishFlavorText == "Its genetic code is irregular. It may mutate.")
    #expect(species.genderRatio == .ratio(femaleEighths: 1))
    #expect(species.varieties.count == 2)
  }

  @Test func pokemonDecodesTypesStatsAndAbilitiesWithoutMoves() async throws {
    let server = try await FixtureServer.start()
    defer { Task { await server.stop() } }
    await server.serve("pokemon/133", json: Fixtures.eeveePokemon)
    let pokemon = try await Harness(server: server).client.pokemon(id: 133)
    #expect(pokemon.heightCentimetres == 30)
    #expect(pokemon.weightKilograms == 6.5)
    #expect(pokemon.types.map(\.type.name) == ["normal"])
    #expect(pokemon.stats.map(\.baseStat) == [55, 55])
    #expect(pokemon.abilities.map(\.isHidden) == [false, true])
  }

  @Test func evolutionChainWithEightBranches() async throws {
    let server = try await FixtureServer.start()
    defer { Task { await server.stop() } }
    await server.serve("evolution-chain/67", json: Fixtures.eeveeChain)
    let chain = try await Harness(server: server).client.evolutionChain(id: 67)
    #expect(chain.chain.species.name == "eevee")
    #expect(chain.chain.evolvesTo.count == 8)
    #expect(chain.chain.evolvesTo.compactMap(\.species.id) == Fixtures.eeveelutions.map(\.1))
    #expect(chain.chain.evolvesTo[0].evolutionDetails.first?.item?.name == "vaporeon-stone")
  }

  @Test func evolutionChainWithTwoStageBranches() async throws {
    let server = try await FixtureServer.start()
    defer { Task { await server.stop() } }
    await server.serve("evolution-chain/135", json: Fixtures.wurmpleChain)
    let chain = try await Harness(server: server).client.evolutionChain(id: 135)
    let branches = chain.chain.evolvesTo
    #expect(branches.map(\.species.name) == ["silcoon", "cascoon"])
    #expect(branches.map { $0.evolvesTo.map(\.species.name) } == [["beautifly"], ["dustox"]])
    #expect(branches[0].evolvesTo[0].evolutionDetails.first?.minLevel == 10)
  }

  @Test func genderListGivesSpeciesInIDOrder() async throws {
    let server = try await FixtureServer.start()
    defer { Task { await server.stop() } }
    await server.serve("gender/1", json: Fixtures.femaleList)
    let list = try await Harness(server: server).client.genderList(id: 1)
    #expect(list.species(admittedBy: .all).map(\.id) == [1, 113, 133])
    #expect(list.pokemonSpeciesDetails.map(\.rate) == [1, 1, 8])
  }

  @Test func speciesIndexDoesNotFollowNextToAnotherHost() async throws {
    let first = try await FixtureServer.start()
    let second = try await FixtureServer.start()
    defer { Task { await first.stop() } }
    defer { Task { await second.stop() } }
    let secondPage = "\(second.baseURL.absoluteString)/pokemon-species?offset=2&limit=2"
    await first.serve(
      "pokemon-species?offset=0&limit=100000",
      json: """
        {"count": 3, "next": "\(secondPage)", "previous": null,
         "results": [\(Fixtures.speciesRef("bulbasaur", 1)), \(Fixtures.speciesRef("ivysaur", 2))]}
        """)
    await second.serve(
      "pokemon-species?offset=2&limit=2",
      json: """
        {"count": 3, "next": null, "previous": null,
         "results": [{"name": "calyrex", "url": "{base}/pokemon-species/10001/"}]}
        """)
    let error = await apiError { try await Harness(server: first).client.speciesIndex() }
    #expect(error == .invalidData(resource: "the species index"))
    #expect(await second.requests().count == 0, "a request left the API's host")
  }

  @Test func speciesIndexFollowsNextOnTheSameHost() async throws {
    let server = try await FixtureServer.start()
    defer { Task { await server.stop() } }
    await server.serve(
      "pokemon-species?offset=0&limit=100000",
      json: """
        {"count": 3, "next": "{base}/pokemon-species?offset=2&limit=2", "previous": null,
         "results": [\(Fixtures.speciesRef("bulbasaur", 1)), \(Fixtures.speciesRef("ivysaur", 2))]}
        """)
    await server.serve(
      "pokemon-species?offset=2&limit=2",
      json: """
        {"count": 3, "next": null, "previous": null,
         "results": [{"name": "calyrex", "url": "{base}/pokemon-species/10001/"}]}
        """)
    let index = try await Harness(server: server).client.speciesIndex()
    #expect(index.map(\.id) == [1, 2, 10001])
  }

  @Test func wrongShapeIsInvalidData() async throws {
    let server = try await FixtureServer.start()
    defer { Task { await server.stop() } }
    await server.serve("pokemon/1", json: #"{"id": "one", "name": 7}"#)
    let harness = Harness(server: server)
    let error = await apiError { try await harness.client.pokemon(id: 1) }
    #expect(error == .invalidData(resource: "pokemon #1"))
  }
}

@Suite("An answer for another resource is refused")
struct WrongAnswerTests {
  @Test func anotherSpeciesBodyIsInvalidDataAndNeverCached() async throws {
    let server = try await FixtureServer.start()
    defer { Task { await server.stop() } }
    // The server answers #15 with #133's body (and #133 correctly).
    await server.serve("pokemon-species/15", json: Fixtures.eevee())
    await server.serve("pokemon-species/133", json: Fixtures.eevee())
    let harness = Harness(server: server)
    let error = await apiError { try await harness.client.species(.id(15)) }
    #expect(error == .invalidData(resource: "species #15"))
    // Asking again asks the server again: nothing was cached for #15 …
    _ = await apiError { try await harness.client.species(.id(15)) }
    #expect(await server.requests("pokemon-species/15").count == 2)
    // … and #133 (which the wrong body names) was not overwritten or aliased from it.
    #expect(await harness.cache.statistics().entries == 0)
    #expect(try await harness.client.species(.id(133)).name == "eevee")
  }

  @Test func otherResourcesAreCheckedByTheirIDToo() async throws {
    let server = try await FixtureServer.start()
    defer { Task { await server.stop() } }
    await server.serve("pokemon/25", json: Fixtures.eeveePokemon)
    await server.serve("evolution-chain/10", json: Fixtures.eeveeChain)
    await server.serve("gender/3", json: Fixtures.femaleList)
    let client = Harness(server: server).client
    #expect(
      await apiError { try await client.pokemon(id: 25) } == .invalidData(resource: "pokemon #25"))
    #expect(
      await apiError { try await client.evolutionChain(id: 10) }
        == .invalidData(resource: "evolution chain #10"))
    #expect(
      await apiError { try await client.genderList(id: 3) }
        == .invalidData(resource: "gender list #3"))
  }
}

@Suite("Bodies are bounded")
struct BodyBoundTests {
  @Test func aHugeBodyIsInvalidDataAndNotDecoded() async throws {
    let server = try await FixtureServer.start()
    defer { Task { await server.stop() } }
    let padding = String(repeating: " ", count: 9 << 20)
    await server.serve(
      "pokemon/7",
      json: #"{"id": 7, "name": "squirtle", "height": 5, "weight": 90, "types": [], "stats": [], "#
        + #""abilities": []\#(padding)}"#)
    let error = await apiError { try await Harness(server: server).client.pokemon(id: 7) }
    #expect(error == .invalidData(resource: "pokemon #7"))
  }
}
