import APIClient
import Foundation
import ListFeature
import Models
import TestSupport
import Testing

// MARK: - Fixtures in the API's shape

/// `/gender/1` (female): every species that can be female, unsorted as the API may send it, with
/// one inconsistent entry (a male-only species) the filter must reject by its rate.
let femaleJSON = """
  {"id": 1, "name": "female", "pokemon_species_details": [
    {"rate": 8, "pokemon_species": {"name": "nidoran-f", "url": "https://pokeapi.co/api/v2/pokemon-species/29/"}},
    {"rate": 1, "pokemon_species": {"name": "bulbasaur", "url": "https://pokeapi.co/api/v2/pokemon-species/1/"}},
    {"rate": 8, "pokemon_species": {"name": "chansey", "url": "https://pokeapi.co/api/v2/pokemon-species/113/"}},
    {"rate": 0, "pokemon_species": {"name": "tauros", "url": "https://pokeapi.co/api/v2/pokemon-species/128/"}},
    {"rate": 6, "pokemon_species": {"name": "clefairy", "url": "https://pokeapi.co/api/v2/pokemon-species/35/"}}
  ]}
  """

/// `/gender/2` (male), with bulbasaur listed twice.
let maleJSON = """
  {"id": 2, "name": "male", "pokemon_species_details": [
    {"rate": 0, "pokemon_species": {"name": "tauros", "url": "https://pokeapi.co/api/v2/pokemon-species/128/"}},
    {"rate": 1, "pokemon_species": {"name": "bulbasaur", "url": "https://pokeapi.co/api/v2/pokemon-species/1/"}},
    {"rate": 0, "pokemon_species": {"name": "nidoran-m", "url": "https://pokeapi.co/api/v2/pokemon-species/32/"}},
    {"rate": 6, "pokemon_species": {"name": "clefairy", "url": "https://pokeapi.co/api/v2/pokemon-species/35/"}},
    {"rate": 1, "pokemon_species": {"name": "bulbasaur", "url": "https://pokeapi.co/api/v2/pokemon-species/1/"}}
  ]}
  """

/// `/gender/3` (genderless).
let genderlessJSON = """
  {"id": 3, "name": "genderless", "pokemon_species_details": [
    {"rate": -1, "pokemon_species": {"name": "porygon-z", "url": "https://pokeapi.co/api/v2/pokemon-species/474/"}},
    {"rate": -1, "pokemon_species": {"name": "magnemite", "url": "https://pokeapi.co/api/v2/pokemon-species/81/"}}
  ]}
  """

/// A species list of `count` species with ids 1…count.
func numberedSpecies(_ count: Int) -> [NamedResource] {
  (1...count).map { speciesResource($0, "species-\($0)") }
}

func genderClient() throws -> FixtureClient {
  FixtureClient(genderLists: [
    try decode(GenderList.self, femaleJSON), try decode(GenderList.self, maleJSON),
    try decode(GenderList.self, genderlessJSON),
  ])
}

// MARK: - Paging

@Suite("Paging the species list")
struct PagingTests {
  @Test func firstPageHasHeaderAndRows() async throws {
    let feature = ListFeature(
      client: FixtureClient(speciesList: numberedSpecies(45)), pageSize: 20)
    let page = try await feature.page(1)
    #expect(page.title == "Pokémon")
    #expect(page.filter == .all)
    #expect(page.page == 1)
    #expect(page.pageCount == 3)
    #expect(page.totalCount == 45)
    #expect(page.rows.map(\.id) == Array(1...20))
    #expect(page.rows[0].displayName == "Species-1")
    #expect(!page.isEmpty)
    #expect(!page.hasPreviousPage && page.hasNextPage)
  }

  @Test func lastPageIsPartial() async throws {
    let client = FixtureClient(speciesList: numberedSpecies(45))
    let page = try await ListFeature(client: client, pageSize: 20).page(3)
    #expect(page.rows.map(\.id) == Array(41...45))
    #expect(page.hasPreviousPage && !page.hasNextPage)
    #expect(await client.requests == ["pokemon-species?offset=40&limit=20"])
  }

  @Test func pageBeyondTheEndIsAClearError() async throws {
    let feature = ListFeature(client: FixtureClient(speciesList: numberedSpecies(1025)))
    #expect(try await feature.page(52).rows.count == 5)
    let error = await #expect(throws: ListError.self) { try await feature.page(60) }
    #expect(error == .pageAfterLast(page: 60, lastPage: 52))
  }

  @Test func absurdPageNumbersAreRefusedWithoutCrashing() async throws {
    let feature = ListFeature(client: FixtureClient(speciesList: numberedSpecies(45)))
    await #expect(throws: ListError.pageAfterLast(page: Int.max, lastPage: 3)) {
      try await feature.page(Int.max)
    }
    await #expect(throws: ListError.pageBeforeFirst(page: 0)) { try await feature.page(0) }
    await #expect(throws: ListError.pageBeforeFirst(page: -2)) { try await feature.page(-2) }
  }

  @Test func emptyListIsOneEmptyPage() async throws {
    let feature = ListFeature(client: FixtureClient(speciesList: []))
    let page = try await feature.page(1)
    #expect(page.pageCount == 1)
    #expect(page.rows.isEmpty)
    #expect(page.isEmpty)
    await #expect(throws: ListError.pageAfterLast(page: 2, lastPage: 1)) {
      try await feature.page(2)
    }
  }

  @Test func idsComeFromURLsEvenPast1025() async throws {
    let list = [
      speciesResource(1024, "terapagos"), speciesResource(1025, "pecharunt"),
      NamedResource(name: "deoxys-attack", url: "https://pokeapi.co/api/v2/pokemon/10001/"),
    ]
    let page = try await ListFeature(client: FixtureClient(speciesList: list)).page(1)
    #expect(page.rows.map(\.id) == [1024, 1025, 10001])
    #expect(page.rows.map(\.displayName) == ["Terapagos", "Pecharunt", "Deoxys-Attack"])
  }

  @Test func downloadedRowsAreMarked() async throws {
    let feature = ListFeature(client: FixtureClient(speciesList: numberedSpecies(5)))
    let page = try await feature.page(1, downloaded: [2, 5, 99])
    #expect(page.rows.filter(\.hasImage).map(\.id) == [2, 5])
  }

  @Test func pageSizeIsKeptSane() {
    #expect(ListFeature(client: FixtureClient(), pageSize: 0).pageSize == 1)
    #expect(ListFeature(client: FixtureClient(), pageSize: 1_000_000).pageSize == 1000)
  }

  @Test func apiErrorsPassThrough() async throws {
    let feature = ListFeature(client: FixtureClient(), pageSize: 20)
    await #expect(throws: ListError.api(.notFound(resource: "gender list #1"))) {
      try await feature.page(1, filter: .female)
    }
  }
}

// MARK: - Gender filter

@Suite("Gender filter")
struct GenderFilterTests {
  @Test(
    "Each filter admits the right species, in id order",
    arguments: [
      (GenderFilter.female, [1, 29, 35, 113]),
      (GenderFilter.male, [1, 32, 35, 128]),
      (GenderFilter.genderless, [81, 474]),
    ])
  func membership(filter: GenderFilter, ids: [Int]) async throws {
    let page = try await ListFeature(client: try genderClient(), pageSize: 20)
      .page(1, filter: ListFilter(gender: filter))
    #expect(page.rows.map(\.id) == ids)
    #expect(page.totalCount == ids.count)
    #expect(page.filter == ListFilter(gender: filter))
  }

  @Test func mixedSpeciesAppearUnderMaleAndFemaleOnly() async throws {
    let feature = ListFeature(client: try genderClient())
    var seenUnder: [GenderFilter] = []
    for filter in [GenderFilter.male, .female, .genderless] {
      if try await feature.page(1, filter: ListFilter(gender: filter)).rows.contains(where: {
        $0.name == "bulbasaur"
      }) {
        seenUnder.append(filter)
      }
    }
    #expect(seenUnder == [.male, .female])
  }

  @Test func singleGenderSpeciesAppearOnlyUnderTheirGender() async throws {
    let feature = ListFeature(client: try genderClient())
    let male = try await feature.page(1, filter: .male).rows.map(\.name)
    let female = try await feature.page(1, filter: .female).rows.map(\.name)
    let genderless = try await feature.page(1, filter: .genderless).rows.map(\.name)
    #expect(male.contains("tauros") && !female.contains("tauros"))
    #expect(female.contains("chansey") && !male.contains("chansey"))
    #expect(genderless.contains("magnemite") && !male.contains("magnemite"))
    #expect(!female.contains("magnemite"))
  }

  @Test func filteredListPagesLikeTheFullOne() async throws {
    let client = try genderClient()
    let feature = ListFeature(client: client, pageSize: 3)
    let first = try await feature.page(1, filter: .male)
    let last = try await feature.page(2, filter: .male)
    #expect(first.rows.map(\.id) == [1, 32, 35])
    #expect(last.rows.map(\.id) == [128])
    #expect(last.pageCount == 2 && last.totalCount == 4)
    await #expect(throws: ListError.pageAfterLast(page: 3, lastPage: 2)) {
      try await feature.page(3, filter: .male)
    }
    #expect(await client.count("gender/2") == 3)
    #expect(await client.count("pokemon-species") == 0)
  }

  @Test func emptyFilterResultIsOneEmptyPage() async throws {
    let client = FixtureClient(genderLists: [
      GenderList(id: 3, name: "genderless", pokemonSpeciesDetails: [])
    ])
    let page = try await ListFeature(client: client).page(1, filter: .genderless)
    #expect(page.isEmpty && page.rows.isEmpty)
    #expect(page.page == 1 && page.pageCount == 1 && page.totalCount == 0)
  }
}

// MARK: - Search and random

let indexSpecies = [
  speciesResource(25, "pikachu"), speciesResource(26, "raichu"), speciesResource(29, "nidoran-f"),
  speciesResource(32, "nidoran-m"), speciesResource(122, "mr-mime"), speciesResource(172, "pichu"),
  speciesResource(439, "mime-jr"), speciesResource(474, "porygon-z"),
  speciesResource(669, "flabebe"),
]

@Suite("Search and random")
struct SearchTests {
  let client = FixtureClient(speciesList: indexSpecies)

  @Test func searchIsACaseInsensitiveSubstringOrderedByID() async throws {
    let result = try await ListFeature(client: client).search("CHU")
    #expect(result.rows.map(\.name) == ["pikachu", "raichu", "pichu"])
    #expect(result.kind == .search && result.query == "CHU")
    #expect(await client.count("pokemon-species?limit") == 1)
  }

  @Test(
    "Spaces, dots and accents are forgiven",
    arguments: [
      ("mr mime", [122]), ("Mr. Mime", [122]), ("mime", [122, 439]), ("Flabébé", [669]),
      ("nidoran♀", [29]), ("porygon z", [474]), ("ＭＲ　ＭＩＭＥ", [122]), ("ｆｌａｂｅｂｅ", [669]),
    ])
  func forgivingSearch(text: String, ids: [Int]) async throws {
    #expect(try await ListFeature(client: client).search(text).rows.map(\.id) == ids)
  }

  @Test func hyphensTypedAtTheEndsArePartOfTheQuery() async throws {
    let client = FixtureClient(
      speciesList: indexSpecies + [
        speciesResource(250, "ho-oh"), speciesResource(782, "jangmo-o"),
        speciesResource(783, "hakamo-o"), speciesResource(784, "kommo-o"),
        speciesResource(15, "beedrill"),
      ])
    let feature = ListFeature(client: client)
    #expect(
      try await feature.search("-o").rows.map(\.name) == [
        "ho-oh", "jangmo-o", "hakamo-o", "kommo-o",
      ])
    #expect(try await feature.search(" -O ").rows.count == 4)
    #expect(
      try await feature.search("-").rows.map(\.name) == [
        "nidoran-f", "nidoran-m", "mr-mime", "ho-oh", "mime-jr", "porygon-z", "jangmo-o",
        "hakamo-o", "kommo-o",
      ])
    #expect(try await feature.search("mime-").rows.map(\.name) == ["mime-jr"])
  }

  @Test func searchWithoutMatchesIsEmpty() async throws {
    let result = try await ListFeature(client: client).search("zzz")
    #expect(result.isEmpty && result.rows.isEmpty)
  }

  @Test func searchRefusesEmptyAndOverlongText() async throws {
    let feature = ListFeature(client: client)
    await #expect(throws: ListError.emptySearch) { try await feature.search("   ") }
    await #expect(throws: ListError.searchTooLong(maximum: 100)) {
      try await feature.search(String(repeating: "a", count: 101))
    }
  }

  @Test func searchMarksDownloadedRows() async throws {
    let result = try await ListFeature(client: client).search("chu", downloaded: [26])
    #expect(result.rows.map(\.hasImage) == [false, true, false])
  }

  @Test func searchReportsAnUnreachableIndex() async throws {
    await client.fail("pokemon-species?limit", with: .offline)
    await #expect(throws: ListError.api(.offline)) {
      try await ListFeature(client: client).search("pika")
    }
  }

  @Test func randomPicksDistinctSpeciesFromTheIndex() async throws {
    var generator = SeededGenerator(state: 7)
    let result = try await ListFeature(client: client).random(count: 4, using: &generator)
    let ids = result.rows.map(\.id)
    #expect(ids.count == 4)
    #expect(Set(ids).count == 4)
    #expect(ids == ids.sorted())
    #expect(Set(ids).isSubset(of: indexSpecies.compactMap(\.id)))
    #expect(result.kind == .random && result.query == nil)
  }

  @Test func randomIsRepeatableWithTheSameSeedAndVariesOtherwise() async throws {
    let feature = ListFeature(client: client)
    var first = SeededGenerator(state: 42)
    var again = SeededGenerator(state: 42)
    let a = try await feature.random(count: 3, using: &first).rows
    let b = try await feature.random(count: 3, using: &again).rows
    #expect(a == b)
    var seen = Set<[Int]>()
    for seed in 0..<20 {
      var generator = SeededGenerator(state: UInt64(seed))
      seen.insert(try await feature.random(count: 3, using: &generator).rows.map(\.id))
    }
    #expect(seen.count > 1)
  }

  @Test func randomCountIsChecked() async throws {
    let feature = ListFeature(client: client)
    await #expect(throws: ListError.randomCountOutOfRange(count: 0, allowed: 1...50)) {
      try await feature.random(count: 0)
    }
    await #expect(throws: ListError.randomCountOutOfRange(count: 51, allowed: 1...50)) {
      try await feature.random(count: 51)
    }
    #expect(try await feature.random(count: 50).rows.count == indexSpecies.count)
  }
}

// MARK: - JSON output

@Suite("View models as JSON")
struct JSONKeyTests {
  @Test func listKeysAreStable() async throws {
    let page = try await ListFeature(client: FixtureClient(speciesList: numberedSpecies(3)))
      .page(1, downloaded: [1])
    let object = try #require(
      try JSONSerialization.jsonObject(with: JSONEncoder().encode(page)) as? [String: Any])
    #expect(
      Set(object.keys)
        == ["title", "filter", "page", "pageCount", "pageSize", "totalCount", "rows", "isEmpty"])
    #expect(object["filter"] as? String == "all")
    let row = try #require((object["rows"] as? [[String: Any]])?.first)
    #expect(Set(row.keys) == ["id", "name", "displayName", "hasImage", "types"])
    #expect(row["hasImage"] as? Bool == true)
    #expect(
      try JSONDecoder().decode(SpeciesListViewModel.self, from: JSONEncoder().encode(page)) == page)
  }
}
