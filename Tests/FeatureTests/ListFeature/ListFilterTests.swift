import APIClient
import ListFeature
import Models
import TestSupport
import Testing

/// Eight species; water: Squirtle, Psyduck, Vaporeon and Kyogre, with forms of two of them
/// (ids above 10000) that must not count twice; generation 1: the first six; females: all but
/// Magnemite (genderless) and Kyogre.
private func client() throws -> FixtureClient {
  func reference(_ path: String, _ name: String, _ id: Int) -> String {
    #"{"name":"\#(name)","url":"https://x.test/api/v2/\#(path)/\#(id)/"}"#
  }
  let species = [
    (7, "squirtle"), (54, "psyduck"), (81, "magnemite"), (25, "pikachu"), (134, "vaporeon"),
    (133, "eevee"), (382, "kyogre"), (252, "treecko"),
  ]
  let water = [
    (7, "squirtle"), (10_001, "squirtle-gmax"), (54, "psyduck"), (134, "vaporeon"),
    (382, "kyogre"), (10_077, "kyogre-primal"),
  ]
  let female = species.filter { ![81, 382].contains($0.0) }
  return try FixtureClient([
    "pokemon-species": species.map { #"{"id":\#($0.0),"name":"\#($0.1)","gender_rate":4}"# },
    "type": [
      #"{"id":11,"name":"water","damage_relations":{},"pokemon":[\#(water.map { #"{"slot":1,"pokemon":\#(reference("pokemon", $0.1, $0.0))}"# }.joined(separator: ","))]}"#
    ],
    "generation": [
      #"{"id":1,"name":"generation-i","pokemon_species":[\#(species.filter { $0.0 <= 151 }.map { reference("pokemon-species", $0.1, $0.0) }.joined(separator: ","))]}"#
    ],
    // A Pokédex of its own order: Eevee first, a species it lists twice, one it does not have.
    "pokedex": [
      #"{"id":2,"name":"test-dex","names":[],"is_main_series":true,"pokemon_entries":[\#([(1, 133, "eevee"), (2, 134, "vaporeon"), (3, 7, "squirtle"), (4, 25, "pikachu"), (5, 382, "kyogre"), (6, 7, "squirtle"), (7, 999, "missing")].map { #"{"entry_number":\#($0.0),"pokemon_species":\#(reference("pokemon-species", $0.2, $0.1))}"# }.joined(separator: ","))]}"#
    ],
    "gender": [
      #"{"id":1,"name":"female","pokemon_species_details":[\#(female.map { #"{"rate":4,"pokemon_species":\#(reference("pokemon-species", $0.1, $0.0))}"# }.joined(separator: ","))]}"#
    ],
  ])
}

@Suite("Filters that combine")
struct ListFilterTests {
  func ids(_ filter: ListFilter) async throws -> [Int] {
    try await ListFeature(client: try client(), pageSize: 20).page(1, filter: filter).rows.map(\.id)
  }

  @Test func aTypeCountsEachSpeciesOnceItsFormsNotAgain() async throws {
    #expect(try await ids(ListFilter(type: "water")) == [7, 54, 134, 382])
  }

  @Test func aGenerationCrossedWithATypeAndAGender() async throws {
    #expect(try await ids(ListFilter(generation: 1)) == [7, 25, 54, 81, 133, 134])
    #expect(try await ids(ListFilter(type: "water", generation: 1)) == [7, 54, 134])
    #expect(try await ids(ListFilter(gender: .female, type: "water")) == [7, 54, 134])
    #expect(
      try await ids(ListFilter(gender: .female, type: "water", generation: 1)) == [7, 54, 134])
  }

  @Test func aPokedexInItsOrderNumberedAsInIt() async throws {
    let feature = ListFeature(client: try client(), pageSize: 20)
    let page = try await feature.page(1, filter: ListFilter(pokedex: "test-dex"))
    #expect(page.rows.map(\.id) == [133, 134, 7, 25, 382, 999])
    #expect(page.rows.map(\.regionalNumber) == [1, 2, 3, 4, 5, 7])
    #expect(page.totalCount == 6)
    let water = try await feature.page(1, filter: ListFilter(type: "water", pokedex: "test-dex"))
    #expect(water.rows.map(\.id) == [134, 7, 382])
    #expect(water.rows.map(\.regionalNumber) == [2, 3, 5])
    let female = try await feature.page(
      1, filter: ListFilter(gender: .female, type: "water", generation: 1, pokedex: "test-dex"))
    #expect(female.rows.map(\.id) == [134, 7])
    #expect(
      try await feature.pageHolding(speciesID: 25, filter: ListFilter(pokedex: "test-dex")) == 1)
    // Without it, no row has a regional number.
    let types = try await feature.page(1, filter: ListFilter(type: "water"))
    #expect(types.rows.allSatisfy { $0.regionalNumber == nil })
  }

  @Test func anUnknownPokedexIsNotFound() async throws {
    await #expect(throws: ListError.api(.notFound(resource: #"pokedex "nowhere""#))) {
      _ = try await ListFeature(client: try client()).page(
        1, filter: ListFilter(pokedex: "nowhere"))
    }
  }

  @Test func eachListIsOneRequestAskedForTogether() async throws {
    let client = try client()
    _ = try await ListFeature(client: client).page(
      1, filter: ListFilter(gender: .female, type: "water", generation: 1))
    #expect(
      Set(await client.requests) == [
        "derived species/water · gen 1 · female", "gender/1", "type/water", "generation/1",
      ])
  }

  @Test func searchAndRandomLookOnlyAmongThem() async throws {
    let feature = ListFeature(client: try client())
    let found = try await feature.search("e", filter: ListFilter(type: "water"))
    #expect(found.rows.map(\.id) == [7, 134, 382])
    #expect(found.title == "Search \"e\" · water")
    let picked = try await feature.random(count: 50, filter: ListFilter(generation: 1))
    #expect(picked.rows.map(\.id) == [7, 25, 54, 81, 133, 134])
  }

  @Test func theDescriptionNamesEveryFilterAndReadsBack() throws {
    let filter = ListFilter(gender: .female, type: "water", generation: 1, pokedex: "kanto")
    #expect(filter.description == "dex kanto · water · gen 1 · female")
    #expect(ListFilter(description: filter.description) == filter)
    #expect(ListFilter.none.description == "all")
    #expect(
      FilterChange.type(nil).applied(to: filter)
        == ListFilter(gender: .female, generation: 1, pokedex: "kanto"))
    #expect(
      FilterChange.pokedex(nil).applied(to: filter)
        == ListFilter(gender: .female, type: "water", generation: 1))
    #expect(FilterChange.clearAll.applied(to: filter) == .none)
  }
}
