import Models

/// One species row as every list-like screen shows it (list, search, random).
public struct SpeciesRow: Codable, Sendable, Equatable, Hashable {
  /// The species id, taken from the API url (not the row's position).
  public var id: Int
  /// The API slug, control characters removed (`mr-mime`).
  public var name: String
  /// The slug capitalised word by word (`Mr-Mime`), or its name in the language chosen.
  public var displayName: String
  /// Whether the species' image has been downloaded: renderers highlight such rows.
  public var hasImage: Bool
  /// Its types as shown (`Electric`), in slot order, when the session knows them (the type
  /// index completion loads); empty otherwise.
  public var types: [String] = []
  /// The types' slugs, in the order of ``types``, when they are named in a language (their
  /// colours are the slugs').
  public var typeSlugs: [String]?
  /// Its number in the regional Pokédex the list is filtered by (`filter dex kanto`), if any.
  public var regionalNumber: Int?

  /// A row with every field given.
  public init(
    id: Int, name: String, displayName: String, hasImage: Bool, types: [String] = []
  ) {
    self.id = id
    self.name = name
    self.displayName = displayName
    self.hasImage = hasImage
    self.types = types
  }

  /// The row of `summary`, named by `glossary`, highlighted when its id is in `downloaded`.
  public init(_ summary: SpeciesSummary, downloaded: Set<Int>, glossary: Glossary = .slugs) {
    self.init(
      id: summary.id, name: SafeText.line(summary.name),
      displayName: glossary.species(summary.id, slug: summary.name),
      hasImage: downloaded.contains(summary.id))
  }
}

/// One page of the species list under its filters.
public struct SpeciesListViewModel: Codable, Sendable, Equatable {
  /// The screen's title, `Pokémon`.
  public var title: String
  /// The filters the rows were chosen by (written as `"water · gen 1 · female"`).
  public var filter: ListFilter
  /// The page shown, starting at 1.
  public var page: Int
  /// How many pages there are (1 when the list is empty).
  public var pageCount: Int
  /// Rows per page.
  public var pageSize: Int
  /// How many species match the filter, over all pages.
  public var totalCount: Int
  /// The species of this page, in the API's default order (by id).
  public var rows: [SpeciesRow]
  /// True when the filter matches no species at all.
  public var isEmpty: Bool
  /// The species to mark on the page (the one `back` came from), if any.
  public var marked: Int?

  /// A page with every field given.
  public init(
    title: String, filter: ListFilter, page: Int, pageCount: Int, pageSize: Int,
    totalCount: Int, rows: [SpeciesRow], isEmpty: Bool
  ) {
    self.title = title
    self.filter = filter
    self.page = page
    self.pageCount = pageCount
    self.pageSize = pageSize
    self.totalCount = totalCount
    self.rows = rows
    self.isEmpty = isEmpty
  }

  /// Whether a page comes before this one.
  public var hasPreviousPage: Bool { page > 1 }
  /// Whether a page comes after this one.
  public var hasNextPage: Bool { page < pageCount }
}

/// The species found by `search TEXT` or picked by `random [N]`.
public struct SearchResultViewModel: Codable, Sendable, Equatable {
  /// What produced the rows.
  public enum Kind: String, Codable, Sendable, Equatable {
    case search, random
  }

  /// Whether these rows answer a search or a random pick.
  public var kind: Kind
  /// The screen's title, e.g. `Search "pika"` or `Random Pokémon`.
  public var title: String
  /// The search text as typed (control characters removed); `nil` for a random pick.
  public var query: String?
  /// The species, ordered by id.
  public var rows: [SpeciesRow]
  /// True when nothing matched.
  public var isEmpty: Bool

  /// A result with every field given.
  public init(kind: Kind, title: String, query: String?, rows: [SpeciesRow], isEmpty: Bool) {
    self.kind = kind
    self.title = title
    self.query = query
    self.rows = rows
    self.isEmpty = isEmpty
  }
}
