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

  /// A list over `client` with `pageSize` rows a page (clamped to 1…``maximumPageSize``).
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
    _ number: Int, filter: GenderFilter = .all, downloaded: Set<Int> = []
  ) async throws(ListError) -> SpeciesListViewModel {
    guard number >= 1 else { throw .pageBeforeFirst(page: number) }
    if let genderID = filter.genderID {
      let list = try await call { () async throws(APIError) in
        try await client.genderList(id: genderID)
      }
      let members = list.species(admittedBy: filter)
      let pages = Self.pageCount(total: members.count, pageSize: pageSize)
      guard number <= pages else { throw .pageAfterLast(page: number, lastPage: pages) }
      let start = (number - 1) * pageSize
      let slice = members[start..<min(start + pageSize, members.count)]
      return viewModel(
        page: number, pages: pages, filter: filter, total: members.count, rows: Array(slice),
        downloaded: downloaded)
    }

    let (offset, overflow) = (number - 1).multipliedReportingOverflow(by: pageSize)
    let answer = try await call { () async throws(APIError) in
      try await client.speciesPage(offset: overflow ? 0 : offset, limit: pageSize)
    }
    let pages = Self.pageCount(total: answer.count, pageSize: pageSize)
    guard !overflow, number <= pages else { throw .pageAfterLast(page: number, lastPage: pages) }
    return viewModel(
      page: number, pages: pages, filter: filter, total: answer.count, rows: answer.summaries,
      downloaded: downloaded)
  }

  /// The last page number under `filter` (1 when nothing matches).
  public func pageCount(filter: GenderFilter = .all) async throws(ListError) -> Int {
    try await page(1, filter: filter).pageCount
  }

  /// The page under `filter` that holds species `speciesID`, or `nil` when the filter leaves it
  /// out.
  public func pageHolding(
    speciesID: Int, filter: GenderFilter = .all
  ) async throws(ListError) -> Int? {
    if let genderID = filter.genderID {
      let list = try await call { () async throws(APIError) in
        try await client.genderList(id: genderID)
      }
      let members = list.species(admittedBy: filter)
      return members.firstIndex { $0.id == speciesID }.map { $0 / pageSize + 1 }
    }
    // The whole list is every species in id order, from 1.
    let first = try await call { () async throws(APIError) in
      try await client.speciesPage(offset: 0, limit: pageSize)
    }
    guard (1...max(1, first.count)).contains(speciesID) else { return nil }
    return (speciesID - 1) / pageSize + 1
  }

  /// Every species whose slug contains `text` (any case; spaces count as hyphens, accents and
  /// `.` `'` are ignored, so `mr. mime` finds `mr-mime`), ordered by id, searched over the whole
  /// species index rather than the loaded pages.
  public func search(
    _ text: String, downloaded: Set<Int> = []
  ) async throws(ListError) -> SearchResultViewModel {
    guard text.count <= Self.maximumSearchLength else {
      throw .searchTooLong(maximum: Self.maximumSearchLength)
    }
    let needle = NameQuery.normalize(text)
    guard !needle.isEmpty else { throw .emptySearch }
    let index = try await call { () async throws(APIError) in try await client.speciesIndex() }
    let found = index.filter { $0.name.lowercased().contains(needle) }.sorted()
    let shown = SafeText.paragraph(text)
    return SearchResultViewModel(
      kind: .search, title: "Search “\(shown)”", query: shown,
      rows: found.map { SpeciesRow($0, downloaded: downloaded) }, isEmpty: found.isEmpty)
  }

  /// `count` distinct species picked at random from the whole index, ordered by id.
  ///
  /// `count` must lie in ``randomCountRange``; when the index holds fewer species, all are shown.
  public func random(
    count: Int = 1, downloaded: Set<Int> = [], using generator: inout some RandomNumberGenerator
  ) async throws(ListError) -> SearchResultViewModel {
    guard Self.randomCountRange.contains(count) else {
      throw .randomCountOutOfRange(count: count, allowed: Self.randomCountRange)
    }
    let index = try await call { () async throws(APIError) in try await client.speciesIndex() }
    let unique = Array(
      Dictionary(index.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a }).values
    )
    .sorted()
    let picked = unique.shuffled(using: &generator).prefix(count).sorted()
    return SearchResultViewModel(
      kind: .random, title: picked.count == 1 ? "Random Pokémon" : "\(picked.count) random Pokémon",
      query: nil, rows: picked.map { SpeciesRow($0, downloaded: downloaded) },
      isEmpty: picked.isEmpty)
  }

  /// ``random(count:downloaded:using:)`` with the system's random number generator.
  public func random(
    count: Int = 1, downloaded: Set<Int> = []
  ) async throws(ListError) -> SearchResultViewModel {
    var generator = SystemRandomNumberGenerator()
    return try await random(count: count, downloaded: downloaded, using: &generator)
  }

  // MARK: - Helpers

  /// Pages needed for `total` rows; an empty list still has one (empty) page.
  static func pageCount(total: Int, pageSize: Int) -> Int {
    // Written so that a huge `count` from the server cannot overflow.
    let total = max(total, 0)
    return max(1, total / pageSize + (total % pageSize == 0 ? 0 : 1))
  }

  private func viewModel(
    page: Int, pages: Int, filter: GenderFilter, total: Int, rows: [SpeciesSummary],
    downloaded: Set<Int>
  ) -> SpeciesListViewModel {
    SpeciesListViewModel(
      title: Self.title, filter: filter, page: page, pageCount: pages, pageSize: pageSize,
      totalCount: total, rows: rows.map { SpeciesRow($0, downloaded: downloaded) },
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
