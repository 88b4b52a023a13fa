import APIClient
import DetailFeature
import DetailModels
import Foundation
import Locking
import Models
import TestSupport
import Testing

func eeveeClient() throws -> FixtureClient {
  FixtureClient(
    index: indexFixture,
    species: [try decode(Species.self, eeveeSpeciesJSON)],
    pokemon: [try decode(Pokemon.self, eeveePokemonJSON)],
    chains: [try decode(EvolutionChain.self, eeveeChainJSON)])
}

/// A plain species and its default pokemon sharing `id`.
func plainPair(
  _ id: Int, _ name: String, height: Int = 10, weight: Int = 100
) -> (Species, Pokemon) {
  (
    Species(id: id, name: name, genderRate: 4),
    Pokemon(id: id, name: name, height: height, weight: weight)
  )
}

@Suite("Species details")
struct DetailTests {
  @Test func eeveeDetails() async throws {
    let detail = try await DetailFeature(client: try eeveeClient()).details(of: .id(133))
    #expect(detail.id == 133 && detail.name == "eevee" && detail.displayName == "Eevee")
    #expect(detail.genus == "Evolution Pokémon")
    #expect(detail.types == ["Normal"])
    #expect(detail.heightCentimetres == 30)
    #expect(detail.weightKilograms == 6.5)
    #expect(detail.genderRatio == "87.5% ♂ · 12.5% ♀")
    #expect(
      detail.abilities == [
        .init(name: "Run Away", isHidden: false, slot: 1),
        .init(name: "Adaptability", isHidden: false, slot: 2),
        .init(name: "Anticipation", isHidden: true, slot: 3),
      ])
    #expect(detail.stats.map(\.name) == ["HP", "Attack", "Defense", "Sp. Atk", "Sp. Def", "Speed"])
    #expect(detail.stats.map(\.value) == [55, 55, 50, 45, 65, 55])
    #expect(detail.baseStatTotal == 325)
    #expect(
      detail.flavorText
        == "Its genetic code is irregular. It may mutate if it is exposed to [31mradiation.")
    #expect(!detail.isBaby && !detail.isLegendary && !detail.isMythical)
    #expect(detail.evolutionChainID == 67)
  }

  @Test func typesFollowSlotOrder() async throws {
    let client = FixtureClient(
      species: [Species(id: 1, name: "bulbasaur", genderRate: 1)],
      pokemon: [try decode(Pokemon.self, bulbasaurPokemonJSON)])
    let detail = try await DetailFeature(client: client).details(of: .id(1))
    #expect(detail.types == ["Grass", "Poison"])
    #expect(detail.heightCentimetres == 70 && detail.weightKilograms == 6.9)
  }

  @Test(
    "Decimetres become centimetres and hectograms kilograms",
    arguments: [(7, 69, 70, 6.9), (1, 1, 10, 0.1), (145, 9999, 1450, 999.9), (0, 0, 0, 0.0)])
  func unitConversions(decimetres: Int, hectograms: Int, centimetres: Int, kilograms: Double)
    async throws
  {
    let (species, pokemon) = plainPair(7, "x", height: decimetres, weight: hectograms)
    let detail = try await DetailFeature(
      client: FixtureClient(species: [species], pokemon: [pokemon])
    ).details(of: .id(7))
    #expect(detail.heightCentimetres == centimetres)
    #expect(detail.weightKilograms == kilograms)
  }

  @Test(
    "Names are capitalised word by word",
    arguments: [("mr-mime", "Mr-Mime"), ("nidoran-f", "Nidoran-F"), ("porygon-z", "Porygon-Z")])
  func capitalisation(slug: String, expected: String) async throws {
    let (species, pokemon) = plainPair(122, slug)
    let detail = try await DetailFeature(
      client: FixtureClient(species: [species], pokemon: [pokemon])
    ).details(of: .id(122))
    #expect(detail.displayName == expected)
  }

  @Test(
    "Gender ratio in words",
    arguments: [(-1, "Genderless"), (0, "100% ♂"), (8, "100% ♀"), (4, "50% ♂ · 50% ♀")])
  func genderRatio(rate: Int, words: String) async throws {
    let client = FixtureClient(
      species: [Species(id: 5, name: "x", genderRate: rate)],
      pokemon: [Pokemon(id: 5, name: "x", height: 1, weight: 1)])
    #expect(try await DetailFeature(client: client).details(of: .id(5)).genderRatio == words)
  }

  @Test func babyLegendaryAndMythicalFlags() async throws {
    let client = FixtureClient(
      species: [
        Species(id: 172, name: "pichu", genderRate: 4, isBaby: true),
        Species(id: 150, name: "mewtwo", genderRate: -1, isLegendary: true),
        Species(id: 151, name: "mew", genderRate: -1, isMythical: true),
      ],
      pokemon: [172, 150, 151].map { Pokemon(id: $0, name: "p", height: 1, weight: 1) })
    let feature = DetailFeature(client: client)
    #expect(try await feature.details(of: .id(172)).isBaby)
    #expect(try await feature.details(of: .id(150)).isLegendary)
    #expect(try await feature.details(of: .id(151)).isMythical)
  }

  @Test func speciesAndPokemonAreFetchedInParallel() async throws {
    let client = try eeveeClient()
    await client.makeSpeciesAndPokemonWaitForEachOther()
    _ = try await DetailFeature(client: client).details(of: .id(133))
    // The species and the pokemon in flight together (the requests after them, the types and
    // the abilities' names, may overlap too, as a busy machine schedules the actor's turns).
    #expect(await client.maximumInFlight >= 2)
    #expect(await client.count("pokemon-species/133") == 1)
    #expect(await client.count("pokemon/133") == 1)
  }

  /// The evolution chain, and the names after it, wait for the species only: when both requests
  /// start together, the species' must leave first, so the pokemon is asked for at a lower
  /// priority.
  @Test(arguments: [TaskPriority.high, .medium, .low])
  func thePokemonIsAskedForAtALowerPriorityThanTheSpecies(priority: TaskPriority) async throws {
    let client = try eeveeClient()
    let detail = try await Task(priority: priority) {
      try await DetailFeature(client: client).details(of: .id(133))
    }.value
    #expect(detail.id == 133)
    let priorities = await client.priorities
    let species = try #require(priorities["pokemon-species/133"])
    let pokemon = try #require(priorities["pokemon/133"])
    #expect(pokemon < species)
    #expect(pokemon == DetailFeature.priority(below: species))
  }

  @Test func eachPriorityHasTheNextOneBelowIt() {
    #expect(DetailFeature.priority(below: .high) == .medium)
    #expect(DetailFeature.priority(below: .medium) == .low)
    #expect(DetailFeature.priority(below: .low) == .background)
    #expect(DetailFeature.priority(below: .background) == .background)
  }

  /// What `open NAME` does: resolve, then the details of what it resolved to.
  func open(_ input: String, _ client: FixtureClient) async throws -> SpeciesDetailViewModel {
    let feature = DetailFeature(client: client)
    return try await feature.details(of: try await feature.resolve(input))
  }

  @Test func openingANameUsesTheIndexOnceSoBothStillRunTogether() async throws {
    let client = try eeveeClient()
    await client.makeSpeciesAndPokemonWaitForEachOther()
    let detail = try await open("Eevee", client)
    #expect(detail.id == 133)
    #expect(await client.maximumInFlight >= 2)
    #expect(await client.count("pokemon-species?limit") == 1)
  }

  @Test func openingANameWithoutAnIndexAsksForTheIndexOnce() async throws {
    let client = try eeveeClient()
    await client.fail("pokemon-species?limit", with: .offline)
    let detail = try await open("eevee", client)
    #expect(detail.displayName == "Eevee")
    #expect(await client.count("pokemon-species?limit") == 1)
    #expect(await client.count("pokemon-species/eevee") == 1)
    #expect(await client.count("pokemon/133") == 1)
  }

  @Test func withoutAnIndexANameIsFetchedByName() async throws {
    let client = try eeveeClient()
    await client.fail("pokemon-species?limit", with: .offline)
    let detail = try await DetailFeature(client: client).details(of: .name("eevee"))
    #expect(detail.id == 133)
    #expect(await client.count("pokemon-species/eevee") == 1)
    #expect(await client.count("pokemon/133") == 1)
  }

  @Test func theChainIsRequestedWhileThePokemonIsStillLoading() async throws {
    let client = try eeveeClient()
    await client.holdPokemonUntilAChainIsRequested()
    let feature = DetailFeature(client: client, warmUp: { _, work in Task { await work() } })
    _ = try await feature.details(of: .id(133))
    #expect(await client.count("a chain while a pokemon was in flight") == 1)
    #expect(try await feature.evolution(of: .id(133)).root.children.count == 8)
  }

  /// Eevee's details over a client whose species' answer tells `chain` early: the client, and
  /// the warm-ups the feature started, by name.
  private func detailsTelling(chain: Int) async throws -> (FixtureClient, [String]) {
    let client = try eeveeClient()
    await client.tellChain(chain)
    // The species waits for the chain it told, and notes whether it came first.
    await client.beforeAnswering { client, path async throws(APIError) in
      guard path.hasPrefix("pokemon-species/") else { return }
      await client.waitFor("evolution-chain/\(chain)")
      if await client.count("evolution-chain/\(chain)") > 0 {
        await client.record("the chain told came before the species")
      }
    }
    let warmed = Locked<[String]>([])
    let feature = DetailFeature(
      client: client,
      warmUp: { name, work in
        warmed.withLock { $0.append(name) }
        Task { await work() }
      })
    _ = try await feature.details(of: .id(133))
    return (client, warmed.withLock { $0 })
  }

  @Test func theChainAnAnswerNamesIsRequestedBeforeTheSpeciesComesAndWarmedOnce() async throws {
    let (client, warmed) = try await detailsTelling(chain: 67)
    #expect(await client.count("the chain told came before the species") == 1)
    #expect(warmed == ["evolution chain #67"])
  }

  @Test func aChainToldThatTheSpeciesDoesNotNameIsNotTheOnlyOneWarmed() async throws {
    let (_, warmed) = try await detailsTelling(chain: 99)
    #expect(warmed == ["evolution chain #99", "evolution chain #67"])
  }

  @Test func aFailingChainDoesNotFailTheDetails() async throws {
    let client = try eeveeClient()
    await client.fail("evolution-chain/", with: .server(status: 503))
    await client.holdPokemonUntilAChainIsRequested()
    let feature = DetailFeature(client: client, warmUp: { _, work in Task { await work() } })
    let detail = try await feature.details(of: .id(133))
    #expect(detail.displayName == "Eevee")
    await #expect(throws: DetailError.api(.server(status: 503))) {
      try await feature.evolution(of: .id(133))
    }
  }

  @Test func theDefaultVarietyNamesThePokemon() async throws {
    let species = Species(
      id: 900, name: "odd-mon", genderRate: 4,
      varieties: [
        .init(
          isDefault: false,
          pokemon: NamedResource(name: "odd-mon-alt", url: "https://pokeapi.co/api/v2/pokemon/900/")
        ),
        .init(
          isDefault: true,
          pokemon: NamedResource(name: "odd-mon", url: "https://pokeapi.co/api/v2/pokemon/10500/")),
      ])
    let client = FixtureClient(
      species: [species],
      pokemon: [
        Pokemon(id: 900, name: "odd-mon-alt", height: 1, weight: 1),
        Pokemon(id: 10500, name: "odd-mon", height: 2, weight: 1),
      ])
    let detail = try await DetailFeature(client: client).details(of: .id(900))
    #expect(detail.heightCentimetres == 20)
    #expect(await client.count("pokemon/10500") == 1)
  }

  @Test func apiErrorsPassThrough() async throws {
    let client = FixtureClient()
    await #expect(throws: DetailError.api(.notFound(resource: "species #404"))) {
      try await DetailFeature(client: client).details(of: .id(404))
    }
  }

  @Test func detailKeysAreStable() async throws {
    let detail = try await DetailFeature(client: try eeveeClient()).details(of: .id(133))
    let data = try JSONEncoder().encode(detail)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(
      Set(object.keys) == [
        "id", "name", "displayName", "genus", "types", "heightCentimetres", "weightKilograms",
        "genderRatio", "abilities", "stats", "baseStatTotal", "flavorText", "isBaby",
        "isLegendary", "isMythical", "evolutionChainID", "forms", "typeSlugs",
      ])
    #expect(try JSONDecoder().decode(SpeciesDetailViewModel.self, from: data) == detail)
    // Eevee's species lists Eevee and Eevee-Gmax.
    #expect(detail.forms.map(\.name) == ["eevee", "eevee-gmax"] && detail.form == nil)
  }
}
