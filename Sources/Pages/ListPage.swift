import ListFeature
import Models

/// The list's pages (`list`, `next`, `filter`, `search`, `random`) as documents: a title with
/// what was asked, a row per species, and what to type next.
public enum ListPage {
  /// A page of the list under its filter: the hint under the rows goes where it alone would
  /// push the page past the screen.
  public static func shapes(_ page: SpeciesListViewModel) -> PageShapes {
    let badges = [
      Span(
        " · \(page.filter) · page \(page.page)/\(page.pageCount) · \(page.totalCount) total",
        .dim)
    ]
    guard !page.isEmpty else { return PageShapes(empty(page.title, badges: badges)) }
    var hints: [String] = []
    if page.hasPreviousPage { hints.append("prev") }
    if page.hasNextPage { hints.append("next") }
    hints.append("open ID|NAME")
    var withHint = PageDocument(
      title: page.title, badges: badges,
      blocks: [.lines(rows(page.rows, marked: page.marked)), .hint(hints.joined(separator: " · "))]
    )
    withHint.tight = true
    withHint.tightHint = true
    var withoutHint = withHint
    withoutHint.blocks.removeLast()
    return PageShapes(fitting: [withHint], paged: withoutHint, minimumWidth: 1)
  }

  /// The species a search found, or a random pick.
  public static func shapes(_ result: SearchResultViewModel) -> PageShapes {
    let badges = result.kind == .random ? [] : [Span(" · \(result.rows.count) found", .dim)]
    guard !result.isEmpty else { return PageShapes(empty(result.title, badges: badges)) }
    var document = PageDocument(
      title: result.title, badges: badges, blocks: [.lines(rows(result.rows))])
    document.tight = true
    return PageShapes(fitting: [document], paged: document, minimumWidth: 1)
  }

  /// A page that lists no species.
  private static func empty(_ title: String, badges: [Span]) -> PageDocument {
    var document = PageDocument(
      title: title, badges: badges, blocks: [.lines([PageDocument.Line([Span("  (no species)")])])])
    document.tight = true
    return document
  }

  /// One line per species: a `★` marker (visible without colour too) and highlight for those
  /// whose image is downloaded; the `marked` species (the one `back` came from) a `▶` and
  /// highlight. Types, when the rows have them, follow the names in a column, each in its
  /// colour. Under a regional Pokédex (`filter dex kanto`), each row starts with its number
  /// there (`No. 1`), the national one after it.
  static func rows(_ rows: [SpeciesRow], marked: Int? = nil) -> [PageDocument.Line] {
    let idWidth = rows.map { String($0.id).count }.max() ?? 1
    let nameWidth = rows.map { DisplayWidth.of(SafeText.line($0.displayName)) }.max() ?? 0
    let numbers = rows.map { $0.regionalNumber.map { "No. \($0)" } ?? "" }
    let numberWidth = numbers.map(\.count).max() ?? 0
    return rows.enumerated().map { index, row in
      var id = "#" + String(row.id) + String(repeating: " ", count: idWidth - String(row.id).count)
      if numberWidth > 0 {
        id =
          String(repeating: " ", count: numberWidth - numbers[index].count) + numbers[index] + "  "
          + id
      }
      var name = SafeText.line(row.displayName)
      var types: [Span] = []
      if !row.types.isEmpty {
        name += String(repeating: " ", count: nameWidth - DisplayWidth.of(name)) + "  "
        for (position, type) in row.types.enumerated() {
          if position > 0 { types.append(Span(" ")) }
          let slug = row.typeSlugs.flatMap { position < $0.count ? $0[position] : nil }
          types.append(Span(type, .type(slug ?? type)))
        }
      }
      if row.id == marked {
        return PageDocument.Line(
          [Span("▶ \(id)  \(name)", .marked)] + types
            + (row.hasImage ? [Span("  ★", .dim)] : []))
      }
      if row.hasImage {
        return PageDocument.Line([Span("★ \(id)  \(name)", .marked)] + types)
      }
      return PageDocument.Line([Span("  "), Span(id, .dim), Span("  " + name)] + types)
    }
  }
}
