import Models

/// The navigation state of a session: which page of which filter, and which species is open.
///
/// It is a value; only commands change it (see ``Shell``), and the prompt is derived from it.
public struct SessionState: Sendable, Equatable, Codable {
  /// The current page, from 1.
  public var page: Int
  /// The number of pages under the current filter, once known.
  public var pageCount: Int?
  /// The active gender filter.
  public var filter: GenderFilter
  /// The species shown in the detail view, if any (named by the form shown).
  public var selected: SpeciesSummary?
  /// The form shown (its `pokemon` id), when it is not the species' usual one.
  public var selectedForm: Int?
  /// Whether output taller than the terminal is paged (interactive sessions only).
  public var paging = true

  public init(
    page: Int = 1, pageCount: Int? = nil, filter: GenderFilter = .all,
    selected: SpeciesSummary? = nil, paging: Bool = true
  ) {
    self.paging = paging
    self.page = page
    self.pageCount = pageCount
    self.filter = filter
    self.selected = selected
  }

  /// `pokedex [female · page 3/42 · #133 Eevee]> `
  public var prompt: String {
    var parts = [filter.rawValue]
    parts.append("page \(page)/\(pageCount.map(String.init) ?? "…")")
    if let selected { parts.append("#\(selected.id) \(selected.displayName)") }
    return "pokedex [\(parts.joined(separator: " · "))]> "
  }
}
