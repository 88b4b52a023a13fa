import APIClient
import Models

/// The species list, search and random picks as view models.
///
/// Stateless and `Sendable`: the session (current page, filter) lives in the caller. Every call
/// asks the client, which caches; the gender filters cost one `/gender/{id}` request each, never
/// one per species.
public struct ListFeature: Sendable {
  /// The longest search text accepted.
  public static let maximumSearchLength = 100
  /// How many species `random` picks at most (and at least).
  public static let randomCountRange: ClosedRange<Int> = 1...50
  /// The largest page size accepted; larger values are clamped.
  public static let maximumPageSize = 1000

  /// The list screen's title.
  public static let title = "Pokémon"

  private let client: any PokeAPIClient
  /// Rows per page, 1…``maximumPageSize``.
  public let pageSize: Int

  /// A list over `client` with `pageSize` rows a page (clamped to 1…``maximumPageSize``). Each
  /// call names the species in the language of the glossary it is given (the session's, as
  /// every page is; capitalised slugs by default).
  public init(client: any PokeAPIClient, pageSize: Int = 20) {
    self.client = client
    self.pageSize = min(max(pageSize, 1), Self.maximumPageSize)
  }

  /// Page `number` (from 1) of the species admitted by `filter`, in id order.
  ///
  /// Rows whose id is in `downloaded` are marked ``SpeciesRow/hasImage``. An empty result is one
  /// page with no rows and ``SpeciesListViewModel/isEmpty`` set; a page past the last one throws
  /// ``ListError/pageAfterLast(page:lastPage:)``.
  public func page(
    _ number: Int, filter: ListFilter = .none, downloaded: Set<Int> = [],
    glossary: Glossary = .slugs
  ) async throws(ListError) -> SpeciesListViewModel {
    guard number >= 1 else { throw .pageBeforeFirst(page: number) }
    if !filter.isNone {
      let members = try await members(of: filter)
      let pages = Self.pageCount(total: members.count, pageSize: pageSize)
      guard number <= pages else { throw .pageAfterLast(page: number, lastPage: pages) }
      let start = (number - 1) * pageSize
      let slice = members[min(start, members.count)..<min(start + pageSize, members.count)]
      var page = viewModel(
        page: number, pages: pages, filter: filter, total: members.count, rows: Array(slice),
        downloaded: downloaded, glossary: await named(slice.map(\.id), in: glossary))
      // Numbered as in the Pokédex (read again: it is cached).
      if let pokedex = filter.pokedex {
        let numbers = try await call { () async throws(APIError) in
          try await client.resource(Pokedex.self, pokedex).numbers
        }
        for index in page.rows.indices {
          page.rows[index].regionalNumber = numbers[page.rows[index].id]
        }
      }
      return page
    }

    let (offset, overflow) = (number - 1).multipliedReportingOverflow(by: pageSize)
    let answer = try await call { () async throws(APIError) in
      try await client.speciesPage(offset: overflow ? 0 : offset, limit: pageSize)
    }
    let pages = Self.pageCount(total: answer.count, pageSize: pageSize)
    guard !overflow, number <= pages else { throw .pageAfterLast(page: number, lastPage: pages) }
    return viewModel(
      page: number, pages: pages, filter: filter, total: answer.count, rows: answer.summaries,
      downloaded: downloaded, glossary: await named(answer.summaries.map(\.id), in: glossary))
  }

  /// The last page number under `filter` (1 when nothing matches).
  public func pageCount(filter: ListFilter = .none) async throws(ListError) -> Int {
    try await page(1, filter: filter).pageCount
  }

  /// The page under `filter` that holds species `speciesID`, or `nil` when the filter leaves it
  /// out.
  public func pageHolding(
    speciesID: Int, filter: ListFilter = .none
  ) async throws(ListError) -> Int? {
    if !filter.isNone {
      let members = try await members(of: filter)
      return members.firstIndex { $0.id == speciesID }.map { $0 / pageSize + 1 }
    }
    // The whole list is every species in id order, from 1.
    let first = try await call { () async throws(APIError) in
      try await client.speciesPage(offset: 0, limit: pageSize)
    }
    guard (1...max(1, first.count)).contains(speciesID) else { return nil }
    return (speciesID - 1) / pageSize + 1
  }

  /// The species `filter` lets through, in id order: each filter's list asked for together
  /// (one request each, cached; never one per species) and crossed. A type counts a species
  /// when its usual form (the `pokemon` sharing its id) has the type; other forms are not
  /// counted again.
  public func members(of filter: ListFilter) async throws(ListError) -> [SpeciesSummary] {
    let members: [SpeciesSummary]
    do throws(APIError) {
      // Kept whole, so that a warm filtered page is one read, not three lists decoded again.
      members = try await client.derived("species/\(filter)") { () async throws(APIError) in
        Derived(try await fetchMembers(of: filter))
      }
    } catch {
      throw .api(error)
    }
    // None at all: a type no species has (`stellar`) says so rather than list nothing.
    if members.isEmpty, let type = filter.type,
      let typed = try? await client.pokemonType(NamedResource(name: type, url: "")),
      !typed.pokemon.contains(where: { ($0.pokemon.id ?? .max) < 10_000 })
    {
      throw .typeWithoutSpecies(type: type)
    }
    return members
  }

  private func fetchMembers(of filter: ListFilter) async throws(APIError) -> [SpeciesSummary] {
    let client = client
    async let gender = Self.result { () async throws(APIError) -> [SpeciesSummary]? in
      guard let id = filter.gender.genderID else { return nil }
      return try await client.genderList(id: id).species(admittedBy: filter.gender)
    }
    async let type = Self.result { () async throws(APIError) -> Set<Int>? in
      guard let type = filter.type else { return nil }
      let members = try await client.pokemonType(NamedResource(name: type, url: "")).pokemon
      return Set(members.compactMap(\.pokemon.id).filter { $0 < 10_000 })
    }
    async let generation = Self.result { () async throws(APIError) -> [SpeciesSummary]? in
      guard let number = filter.generation else { return nil }
      return try await client.resource(GenerationSpecies.self, String(number)).summaries
    }
    async let pokedex = Self.result { () async throws(APIError) -> Pokedex? in
      guard let pokedex = filter.pokedex else { return nil }
      return try await client.resource(Pokedex.self, pokedex)
    }
    // Names for a type alone: the species index.
    let needsIndex = filter.gender == .all && filter.generation == nil && filter.pokedex == nil
    async let index = Self.result { () async throws(APIError) -> [SpeciesSummary]? in
      needsIndex ? try await client.speciesIndex() : nil
    }
    let lists = (await gender, await type, await generation, await index, await pokedex)
    do {
      let byGender = try lists.0.get()
      let byGeneration = try lists.2.get()
      let everyone = try lists.3.get()
      let byPokedex = try lists.4.get()
      var members = byGender ?? byGeneration ?? byPokedex?.entries.map(\.species) ?? everyone ?? []
      if let generation = byGeneration {
        let ids = Set(generation.map(\.id))
        members = members.filter { ids.contains($0.id) }
      }
      if let type = try lists.1.get() { members = members.filter { type.contains($0.id) } }
      var seen: Set<Int> = []
      members = members.filter { $0.id < 10_000 && seen.insert($0.id).inserted }.sorted()
      // A Pokédex's species in its order.
      if let numbers = byPokedex?.numbers {
        members = members.filter { numbers[$0.id] != nil }
          .sorted { (numbers[$0.id] ?? 0, $0.id) < (numbers[$1.id] ?? 0, $1.id) }
      }
      return members
    }
  }

  private static func result<T>(
    _ body: () async throws(APIError) -> T
  ) async -> Result<T, APIError> {
    do throws(APIError) {
      return .success(try await body())
    } catch {
      return .failure(error)
    }
  }

  /// Every species whose slug, or name in the language chosen, contains `text` (any case; spaces
  /// count as hyphens, accents, width and `.` `'` are ignored, so `mr. mime` finds `mr-mime` and
  /// `チュウ` finds ピカチュウ), ordered by id, searched over the whole species index rather than
  /// the loaded pages.
  public func search(
    _ text: String, filter: ListFilter = .none, downloaded: Set<Int> = [],
    glossary: Glossary = .slugs
  ) async throws(ListError) -> SearchResultViewModel {
    guard text.count <= Self.maximumSearchLength else {
      throw .searchTooLong(maximum: Self.maximumSearchLength)
    }
    let needle = NameQuery.normalize(text)
    guard !needle.isEmpty else { throw .emptySearch }
    let index = try await candidates(filter)
    let folded = glossary.foldedSpecies
    let found = index.filter { species in
      species.name.lowercased().contains(needle)
        || folded[species.id].map { $0.contains(needle) } ?? false
    }.sorted()
    let shown = SafeText.paragraph(text)
    let named = await client.naming(found.map(\.id), in: glossary)
    return SearchResultViewModel(
      kind: .search, title: "Search \"\(shown)\"" + Self.among(filter), query: shown,
      rows: found.map { SpeciesRow($0, downloaded: downloaded, glossary: named) },
      isEmpty: found.isEmpty)
  }

  /// `count` distinct species picked at random from the whole index, ordered by id.
  ///
  /// `count` must lie in ``randomCountRange``; when the index holds fewer species, all are shown.
  public func random(
    count: Int = 1, filter: ListFilter = .none, downloaded: Set<Int> = [],
    glossary: Glossary = .slugs, using generator: inout some RandomNumberGenerator
  ) async throws(ListError) -> SearchResultViewModel {
    guard Self.randomCountRange.contains(count) else {
      throw .randomCountOutOfRange(count: count, allowed: Self.randomCountRange)
    }
    let index = try await candidates(filter)
    let unique = Array(
      Dictionary(index.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a }).values
    )
    .sorted()
    let picked = unique.shuffled(using: &generator).prefix(count).sorted()
    let named = await named(picked.map(\.id), in: glossary)
    return SearchResultViewModel(
      kind: .random,
      title: (picked.count == 1 ? "Random Pokémon" : "\(picked.count) random Pokémon")
        + Self.among(filter),
      query: nil, rows: picked.map { SpeciesRow($0, downloaded: downloaded, glossary: named) },
      isEmpty: picked.isEmpty)
  }

  /// ``random(count:filter:downloaded:glossary:using:)`` with the system's random number
  /// generator.
  public func random(
    count: Int = 1, filter: ListFilter = .none, downloaded: Set<Int> = [],
    glossary: Glossary = .slugs
  ) async throws(ListError) -> SearchResultViewModel {
    var generator = SystemRandomNumberGenerator()
    return try await random(
      count: count, filter: filter, downloaded: downloaded, glossary: glossary, using: &generator)
  }

  /// Every species, or those `filter` lets through.
  private func candidates(_ filter: ListFilter) async throws(ListError) -> [SpeciesSummary] {
    if !filter.isNone { return try await members(of: filter) }
    return try await call { () async throws(APIError) in try await client.speciesIndex() }
  }

  /// ` · water · gen 1` after a title when a filter is set.
  static func among(_ filter: ListFilter) -> String {
    filter.isNone ? "" : " · \(filter)"
  }

  // MARK: - Helpers

  /// Pages needed for `total` rows; an empty list still has one (empty) page.
  static func pageCount(total: Int, pageSize: Int) -> Int {
    // Written so that a huge `count` from the server cannot overflow.
    let total = max(total, 0)
    return max(1, total / pageSize + (total % pageSize == 0 ? 0 : 1))
  }

  /// `glossary` with the names of the species `ids` it lacks read from them.
  private func named(_ ids: [Int], in glossary: Glossary) async -> Glossary {
    await client.naming(ids, in: glossary)
  }

  private func viewModel(
    page: Int, pages: Int, filter: ListFilter, total: Int, rows: [SpeciesSummary],
    downloaded: Set<Int>, glossary: Glossary
  ) -> SpeciesListViewModel {
    SpeciesListViewModel(
      title: Self.title, filter: filter, page: page, pageCount: pages, pageSize: pageSize,
      totalCount: total,
      rows: rows.map { SpeciesRow($0, downloaded: downloaded, glossary: glossary) },
      isEmpty: total == 0)
  }

  private func call<T>(
    _ body: () async throws(APIError) -> T
  ) async throws(ListError) -> T {
    do {
      return try await body()
    } catch {
      throw .api(error)
    }
  }
}

/// `GET generation/{id}`: the species it introduced.
public struct GenerationSpecies: APIResource, Hashable {
  public static let path = "generation"
  public static let representation = "generation-species"

  public var id: Int
  public var name: String
  public var pokemonSpecies: [NamedResource]

  public init(id: Int, name: String, pokemonSpecies: [NamedResource]) {
    self.id = id
    self.name = name
    self.pokemonSpecies = pokemonSpecies
  }

  enum CodingKeys: String, CodingKey {
    case id, name
    case pokemonSpecies = "pokemon_species"
  }

  /// Its species, ids from their urls, in id order.
  public var summaries: [SpeciesSummary] {
    pokemonSpecies.compactMap { reference in
      reference.id.map { SpeciesSummary(id: $0, name: reference.name) }
    }.sorted()
  }
}
