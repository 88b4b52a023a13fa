import DetailModels
import Models

/// The evolution tree (what `evolution` shows) as a document: the tree's lines, each species
/// with how it is reached, the selected one marked.
public enum EvolutionPage {
  /// `tree`'s page; `failures` are the lines saying which pictures `evolution --images` could
  /// not download (`#150 Mewtwo: No image exists.`).
  public static func document(
    _ tree: EvolutionTreeViewModel, failures: [String] = []
  ) -> PageDocument {
    var lines: [PageDocument.Line] = []
    for row in tree.rows {
      let name = SafeText.line(row.displayName)
      var spans = [
        Span(row.prefix, .dim), row.isSelected ? Span(name + " ◀", .marked) : Span(name, .strong),
        Span(" #\(row.id)", .dim),
      ]
      if row.isBaby { spans += [Span(" "), Span("(baby)", .warning)] }
      // The first way beside the name, any other below it (`or …`), then the folded `also:`.
      if let first = row.ways.first {
        spans += [Span("  "), Span(SafeText.line(first.text), .action)]
      }
      lines.append(PageDocument.Line(spans))
      let under = Span(row.continuation, .dim)
      for way in row.ways.dropFirst() {
        lines.append(PageDocument.Line([under, Span("or " + SafeText.line(way.text), .action)]))
      }
      if let also = row.also {
        lines.append(
          PageDocument.Line(
            [under],
            wrapped: .init(
              SafeText.line(also), .dim, lead: "also: ", nextLead: "      ", under: [under])))
      }
    }
    if !tree.hasEvolutions { lines.append(PageDocument.Line([Span("It does not evolve.", .dim)])) }
    for failure in failures {
      lines.append(
        PageDocument.Line([Span("✗ ", .failure)], wrapped: .init(failure, under: [Span("  ")])))
    }
    var document = PageDocument(title: "Evolution", blocks: [.lines(lines)])
    document.tight = true
    return document
  }
}
