import Models
import Pages

/// Lays out and styles a ``PageDocument``: every page kind is drawn by this one piece of code, so
/// pages look alike and colour follows the same rules as the rest of the output.
extension TextRenderer {
  /// The page, made to fit the screen's height (less a row for the prompt) when that only
  /// takes a little: without the blank line above its hint, then without its subtitle, then
  /// without the hint, then without the rows a table may do without. What is taller still is
  /// drawn whole, for the session to page.
  func renderPage(_ document: PageDocument) -> String {
    let size = terminalSize()
    let budget = size.rows - 1
    let trims = [
      (false, false, false), (true, false, false), (true, true, false), (true, true, true),
    ]
    var drawn: [String] = []
    for (tightHint, noSubtitle, noHint) in trims {
      drawn = pageLines(
        document, width: max(40, size.columns), tightHint: tightHint, subtitle: !noSubtitle,
        hint: !noHint)
      if drawn.count <= budget { break }
    }
    // Then the rows a table may do without (the least telling of compare's matchups).
    let cuttable = document.blocks.map { block -> Int in
      guard case .table(let table) = block, let from = table.cuttableFrom else { return 0 }
      return table.rows.count - from
    }
    var cut = 1
    while drawn.count > budget, cut <= (cuttable.max() ?? 0) {
      var shorter = document
      shorter.blocks = document.blocks.map { block in
        guard case .table(let table) = block else { return block }
        return .table(table.cut(cut))
      }
      drawn = pageLines(
        shorter, width: max(40, size.columns), tightHint: true, subtitle: false, hint: false)
      cut += 1
    }
    if drawn.count > budget { drawn = pageLines(document, width: max(40, size.columns)) }
    return drawn.joined(separator: "\n")
  }

  private func pageLines(
    _ document: PageDocument, width: Int, tightHint: Bool = false, subtitle shown: Bool = true,
    hint: Bool = true
  ) -> [String] {
    var lines = [style.bold(SafeText.line(document.title))]
    if shown, let subtitle = document.subtitle { lines.append(style.dim(SafeText.line(subtitle))) }
    for block in document.blocks {
      if case .hint = block {
        if !hint { continue }
        if !tightHint { lines.append("") }
      } else {
        lines.append("")
      }
      switch block {
      case .fields(let fields): lines += renderFields(fields, width: width)
      case .paragraph(let heading, let text):
        lines.append(style.bold(heading))
        lines += TextTools.wrap(SafeText.paragraph(text), width: min(76, width - 2)).map {
          "  " + $0
        }
      case .names(let heading, let spans, let none):
        lines.append(style.bold(heading) + style.dim(spans.isEmpty ? "" : " · \(spans.count)"))
        lines +=
          spans.isEmpty
          ? ["  " + style.dim(none)]
          : wrap(spans, width: min(width, 100) - 2).map { "  " + $0 }
      case .table(let table): lines += renderTable(table, width: width)
      case .hint(let text): lines.append(style.dim(SafeText.line(text)))
      }
    }
    return lines
  }

  /// Labels in a column as wide as the longest, values wrapped beside them.
  private func renderFields(_ fields: [PageDocument.Field], width: Int) -> [String] {
    let labelWidth = max(10, (fields.map { DisplayWidth.of($0.label) }.max() ?? 0) + 2)
    var lines: [String] = []
    for field in fields {
      let label = style.bold(DisplayWidth.padded(field.label, to: labelWidth))
      let wrapped = wrap(field.value, separator: "", width: max(20, width - labelWidth - 1))
      for (index, line) in wrapped.enumerated() {
        lines.append((index == 0 ? label : String(repeating: " ", count: labelWidth)) + line)
      }
    }
    return lines
  }

  /// Spans joined by `separator`, wrapped at `width` visible columns, a span never split unless
  /// it is plain text (a long description wraps at its spaces).
  private func wrap(_ spans: [Span], separator: String = ", ", width: Int) -> [String] {
    var pieces: [(text: String, width: Int)] = []
    for (index, span) in spans.enumerated() {
      let last = index == spans.count - 1
      if case .plain = span.role, separator.isEmpty {
        // Plain text may break where Unicode's rules allow (between words, ideographs …).
        let text = SafeText.line(span.text)
        let segments =
          LineBreaks.segments(of: text)?.map { String($0.text) }
          ?? text.split(separator: " ", omittingEmptySubsequences: false).map { $0 + " " }
        for segment in segments { pieces.append((segment, DisplayWidth.of(segment))) }
        continue
      }
      let styled = styled(span) + (last ? "" : separator)
      pieces.append((styled, DisplayWidth.of(styled)))
    }
    var lines: [String] = []
    var line = ""
    var used = 0
    for piece in pieces {
      if used > 0, used + piece.width > width {
        lines.append(line.trimmingTrailingSpaces())
        line = ""
        used = 0
      }
      line += piece.text
      used += piece.width
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line.trimmingTrailingSpaces()) }
    return lines
  }

  /// Columns as wide as their widest cell, one space between them; a row with fewer cells than
  /// columns is padded, one with more cut. When the table is wider than `width`, its widest
  /// left-aligned columns are narrowed (never below 3 characters), their cells cut with `…`.
  private func renderTable(_ table: PageDocument.Table, width: Int) -> [String] {
    let count = table.columns.count
    let rows = Self.drawingBars(
      table.rows.map { row in
        Array(row.prefix(count)) + Array(repeating: Span(""), count: max(0, count - row.count))
      }, headings: table.columns.map(\.heading), width: width)
    var widths = table.columns.map { DisplayWidth.of(SafeText.line($0.heading)) }
    for row in rows {
      for (index, cell) in row.enumerated() {
        widths[index] = max(widths[index], DisplayWidth.of(SafeText.line(cell.text)))
      }
    }
    var total = widths.reduce(0, +) + max(0, count - 1)
    while total > width {
      let narrowable = widths.indices.filter {
        table.columns[$0].alignment == .left && widths[$0] > 3
      }
      guard let widest = narrowable.max(by: { widths[$0] < widths[$1] }) else { break }
      widths[widest] -= 1
      total -= 1
    }
    // A cell too long for its column wraps onto more lines of its row (a cut one could hide
    // what tells two rows apart); a word longer than the column is cut.
    func lines(_ cells: [Span]) -> [String] {
      let wrapped = cells.enumerated().map { index, cell in
        let text = SafeText.line(cell.text)
        guard DisplayWidth.of(text) > widths[index] else { return [text] }
        return TextTools.wrap(text, width: widths[index])
      }
      let height = wrapped.map(\.count).max() ?? 1
      return (0..<max(1, height)).map { row in
        line(
          cells.enumerated().map { index, cell in
            Span(row < wrapped[index].count ? wrapped[index][row] : "", cell.role)
          }, heading: false)
      }
    }
    func line(_ cells: [Span], heading: Bool) -> String {
      var parts: [String] = []
      for (index, cell) in cells.enumerated() {
        let text = DisplayWidth.truncated(SafeText.line(cell.text), to: widths[index])
        let free = widths[index] - DisplayWidth.of(text)
        let shown = heading ? text : styled(Span(text, cell.role), inTable: true)
        let padded: String =
          switch table.columns[index].alignment {
          case .left: shown + String(repeating: " ", count: free)
          case .right: String(repeating: " ", count: free) + shown
          case .center:
            String(repeating: " ", count: free / 2) + shown
              + String(repeating: " ", count: free - free / 2)
          }
        parts.append(padded)
      }
      let text = parts.joined(separator: " ").trimmingTrailingSpaces()
      return heading ? style.dim(text) : text
    }
    var drawn: [String] = []
    if let heading = table.heading { drawn.append(style.bold(SafeText.line(heading))) }
    drawn.append(line(table.columns.map { Span($0.heading) }, heading: true))
    for row in rows { drawn += lines(row) }
    return drawn
  }

  /// `rows` with each bar drawn before its cell's text (``Span/bar``), the bars as long as the
  /// columns that have them can share `width` (within ``Span/barCells``): 20 cells for a 255 at
  /// 80 columns and more, as in the details, not the 10 a fixed bar was.
  static func drawingBars(_ rows: [[Span]], headings: [String], width: Int) -> [[Span]] {
    let barred = Set(rows.flatMap { row in row.indices.filter { row[$0].bar != nil } })
    guard !barred.isEmpty else { return rows }
    func textWidth(_ column: Int, bars: Bool) -> Int {
      rows.compactMap { row in
        column < row.count && (row[column].bar != nil) == bars
          ? DisplayWidth.of(SafeText.line(row[column].text)) : nil
      }.max() ?? 0
    }
    let columns = headings.count
    let fixed = (0..<columns).filter { !barred.contains($0) }.map {
      max(DisplayWidth.of(headings[$0]), textWidth($0, bars: false))
    }.reduce(0, +)
    let share = (width - fixed - max(0, columns - 1)) / barred.count
    let longestText = barred.map { textWidth($0, bars: true) }.max() ?? 0
    let cells = min(
      Span.barCells.upperBound, max(Span.barCells.lowerBound, share - 1 - longestText))
    return rows.map { row in
      row.map { cell in
        guard let value = cell.bar else { return cell }
        return Span(Span.bar(value, cells: cells) + " " + cell.text, cell.role)
      }
    }
  }

  /// A span in its style: a type as a badge in its colour (in a table, its name in its colour),
  /// a factor green above 1, red below, dim at 0 and 1.
  func styled(_ span: Span, inTable: Bool = false) -> String {
    let text = SafeText.line(span.text)
    switch span.role {
    case .plain: return text
    case .strong: return style.bold(text)
    case .dim: return style.dim(text)
    case .marked: return style.highlight(text)
    case .type(let slug):
      return inTable ? typeName(text, slug: slug) : typeLabel(text, slug: slug)
    case .factor(let factor):
      switch factor {
      case 1: return style.dim(text)
      case 0: return style.wrap(text, "1;90")
      case ..<1: return style.wrap(text, "1;31")
      default: return style.wrap(text, "1;32")
      }
    }
  }
}

extension String {
  fileprivate func trimmingTrailingSpaces() -> String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
