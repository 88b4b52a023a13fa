import Models
import Pages

/// The navigation state of a session: which page of which filter, which species is open, and the
/// trail of pages shown, which `back` walks.
///
/// It is a value; only commands change it (see ``Shell``), and the prompt is derived from it.
public struct SessionState: Sendable, Equatable, Codable {
  /// The list's current page, from 1 (a page of the list, not a kind's page).
  public var listPage: Int
  /// The number of the list's pages under the current filter, once known.
  public var listPageCount: Int?
  /// The active filters (gender, type, generation).
  public var filter: ListFilter
  /// The species shown in the detail view, if any (named by the form shown).
  public var selected: SpeciesSummary?
  /// The form shown (its `pokemon` id), when it is not the species' usual one.
  public var selectedForm: Int?
  /// Whether output taller than the terminal is paged (interactive sessions only).
  public var paging = true
  /// Whether the shiny pictures are shown and downloaded (`shiny on`).
  public var shiny = false
  /// The pages shown, oldest first; the last is the one shown now.
  public var trail: [TrailStop] = []
  /// The game the session plays (`game red`), which pages that differ by game answer for.
  public var game: SessionGame?
  /// Its name for the prompt (`Red`).
  public var gameName: String?
  /// A demo's step while one is played (`step 2/9`), for the prompt; never cut from it.
  public var step: String?

  /// The most stops the trail keeps; older ones are forgotten.
  public static let trailLimit = 100

  public init(
    listPage: Int = 1, listPageCount: Int? = nil, filter: ListFilter = .none,
    selected: SpeciesSummary? = nil, paging: Bool = true
  ) {
    self.paging = paging
    self.listPage = listPage
    self.listPageCount = listPageCount
    self.filter = filter
    self.selected = selected
  }

  /// `pokedex [water · gen 1 · female · page 1/2 · Red · #134 Vaporeon]> ` (the game when one is
  /// chosen), or with the pages walked since the list (the last three): `pokedex [all · page
  /// 2/52 · #25 Pikachu › Static]> `.
  public var prompt: String { prompt(columns: nil) }

  /// ``prompt`` at most half of `columns` wide, leaving the rest of the line for typing: fewer
  /// pages of the trail, then shorter names, without the word `page`, the game, `pokedex `, and
  /// at last the trail (`columns` none: as wide as it comes).
  public func prompt(columns: Int?) -> String {
    let walked = trail.reversed().prefix { !$0.isList }.reversed().map(\.title)
    let selection = selected.map { "#\($0.id) \($0.displayName)" }
    // Shortened by whole words (`Eevee · breeding` → `Eevee…`), the separators before the
    // ellipsis dropped; mid-word only when not even the first word fits.
    func cut(_ text: String, _ limit: Int) -> String {
      guard DisplayWidth.of(text) > limit else { return text }
      let words = text.split(separator: " ", omittingEmptySubsequences: false)
      var kept = ""
      for word in words {
        let next = kept.isEmpty ? String(word) : kept + " " + word
        guard DisplayWidth.of(next) + 1 <= limit else { break }
        kept = next
      }
      let separators: Set<Character> = [" ", "·", "›", "-", ",", ":"]
      while let last = kept.last, separators.contains(last) { kept.removeLast() }
      guard !kept.isEmpty else { return DisplayWidth.prefix(text, columns: limit - 1) + "…" }
      return kept + "…"
    }
    func made(
      stops: Int, title: Int, game gameLimit: Int?, named: Bool = true, pageWord: Bool = true
    ) -> String {
      var parts = [filter.description]
      let pages = "\(listPage)/\(listPageCount.map(String.init) ?? "…")"
      parts.append(pageWord ? "page \(pages)" : pages)
      if let step { parts.append(step) }
      if game != nil, let gameName, let gameLimit { parts.append(cut(gameName, gameLimit)) }
      if !walked.isEmpty, stops > 0 {
        var shown = walked.suffix(stops).map { cut($0, title) }
        if walked.count > shown.count { shown.insert("…", at: 0) }
        parts.append(shown.joined(separator: " › "))
      } else if let selection, stops > 0 {
        parts.append(cut(selection, title))
      }
      return (named ? "pokedex " : "") + "[\(parts.joined(separator: " · "))]> "
    }
    let full = made(stops: 3, title: 24, game: 24)
    guard let columns else { return full }
    let limit = max(20, columns / 2)
    let shorter = [
      full, made(stops: 2, title: 24, game: 24), made(stops: 1, title: 24, game: 24),
      made(stops: 1, title: 16, game: 12), made(stops: 1, title: 16, game: 12, pageWord: false),
      made(stops: 1, title: 12, game: nil, pageWord: false),
      made(stops: 1, title: 12, game: nil, named: false, pageWord: false),
    ]
    return shorter.first { DisplayWidth.of($0) <= limit }
      ?? made(stops: 0, title: 0, game: nil, named: false, pageWord: false)
  }

  /// Puts `stop` on the trail, unless it is the one shown; a list page replaces a list page
  /// shown (`next`, `page 3` move along the list rather than deeper).
  mutating func visit(_ stop: TrailStop) {
    if let last = trail.last, last == stop || (last.isList && stop.isList) || last.sameFind(stop) {
      trail[trail.count - 1] = stop
    } else {
      trail.append(stop)
    }
    if trail.count > Self.trailLimit { trail.removeFirst(trail.count - Self.trailLimit) }
  }

  /// Whether `back` has a page to go back to: one before the shown one, or a species shown
  /// first (back goes to the list page that holds it).
  public var canGoBack: Bool {
    trail.count > 1 || trail.last.map { !$0.isList } ?? false
  }
}

/// One page on the trail: enough to show it again.
public enum TrailStop: Sendable, Equatable, Codable {
  /// A page of the species list.
  case list(listPage: Int, filter: ListFilter)
  /// A species, with the form shown (its `pokemon` id) when not the usual one.
  case species(SpeciesSummary, form: Int?)
  /// A page of another kind, with its title.
  case page(PageAddress, title: String)
  /// A page of `find`'s rows: the words typed after `find`, the page and how many there are.
  case find(words: [String], page: Int, pageCount: Int)

  var isList: Bool {
    if case .list = self { return true }
    return false
  }

  /// How the prompt names it: `#25 Pikachu`, `Static`.
  var title: String {
    switch self {
    case .list(let page, _): "page \(page)"
    case .species(let species, _): "#\(species.id) \(species.displayName)"
    case .page(_, let title): title
    case .find(let words, let page, let pageCount):
      "find " + words.joined(separator: " ") + (pageCount > 1 ? " (\(page)/\(pageCount))" : "")
    }
  }

  /// Whether both are pages of the same `find`: paging replaces one with the other.
  func sameFind(_ other: TrailStop) -> Bool {
    guard case .find(let words, _, _) = self, case .find(let others, _, _) = other else {
      return false
    }
    return words == others
  }
}
