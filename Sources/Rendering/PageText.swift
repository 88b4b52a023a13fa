import ImageFeature
import Models
import Pages

/// Lays out and styles a ``PageDocument``: every page is drawn by this one piece of code (the
/// species page beside its picture too), so pages look alike and colour follows the same rules
/// as the rest of the output.
extension TextRenderer {
  /// A kind's page, made to fit the screen (``render(_:picture:reserved:)``).
  func renderPage(_ document: PageDocument) -> String {
    render(PageShapes(document))
  }

  /// The first of `shapes` that fits the screen's height (less a row for the prompt, and
  /// `reserved` rows for lines printed after it), else its paged shape whole, for the session to
  /// page. With a `picture`, the picture beside the text whenever the terminal is wide enough
  /// (``sideBySideColumns``), else above it: the picture shrinks before the shapes get shorter.
  /// A picture of symbols is text a pager shows; one the terminal places in pixels is never
  /// paged, so it goes under text too tall.
  func render(
    _ shapes: PageShapes, picture shown: StoredImage? = nil, reserved: Int = 0
  ) -> String {
    let size = terminalSize()
    let width = max(shapes.minimumWidth, size.columns)
    let budget = max(1, size.rows - 1 - reserved)
    guard let stored = shown, let renderer = images else {
      let fitting = shapes.fitting.lazy.map { self.lines(of: $0, width: width) }
        .first { $0.count <= budget }
      return (fitting ?? lines(of: shapes.paged, width: width)).joined(separator: "\n")
    }
    func picture(rows: Int, columns: Int) -> String {
      renderer.render(stored.image, png: stored.png, maxColumns: columns, maxRows: rows)
    }
    let largest = min(budget, Self.largestImageRows)
    if size.columns >= Self.sideBySideColumns {
      func beside(rows: Int, text: [String], flowFrom: Int = .max) -> String {
        let rows = min(rows, max(text.count, Self.smallestImageRows))
        return self.beside(
          picture(rows: rows, columns: rows * 2), text, columns: rows * 2, rows: rows,
          pixels: renderer.drawsPixels, flowFrom: flowFrom)
      }
      // A picture of a good size with a shorter shape, before a small one with more.
      let sizes = [
        (Self.goodImageRows, largest), (Self.smallestImageRows, Self.goodImageRows - 1),
      ]
      for (smallest, largest) in sizes where smallest <= largest {
        for shape in shapes.fitting {
          for rows in stride(from: largest, through: smallest, by: -1) {
            let narrow = size.columns - rows * 2 - Self.gap
            // The text beside the picture, then under it the whole width.
            let (text, flowFrom, head) = flow(
              shape, width: narrow, besideRows: rows, fullWidth: size.columns)
            // The picture no taller than the facts beside it: a paragraph under both, the
            // whole width, not in a narrow column beside the picture's last rows.
            if rows > head, head >= smallest { continue }
            // Every line fits its column (none wraps under the picture), the whole the screen.
            let fits = text.enumerated().allSatisfy { index, line in
              DisplayWidth.of(line) <= (index < flowFrom ? narrow : size.columns)
            }
            if text.count <= budget, fits {
              return beside(rows: rows, text: text, flowFrom: flowFrom)
            }
          }
        }
      }
      // Too tall whatever the picture's size: a picture placed in pixels goes under the text,
      // for the session to page the text and draw the picture after it.
      if renderer.drawsPixels {
        return tooTall(under: lines(of: shapes.paged, width: size.columns))
      }
      // Beside the text's top, the whole to be paged, the picture as large as 60 columns of
      // text beside it allow.
      let rows = max(Self.smallestImageRows, min(largest, (size.columns - 60 - Self.gap) / 2))
      let text = lines(of: shapes.paged, width: size.columns - rows * 2 - Self.gap)
      return beside(rows: rows, text: text)
    }
    for shape in shapes.fitting {
      let text = lines(of: shape, width: size.columns)
      let room = budget - text.count
      if room >= Self.smallestImageRows {
        let rows = min(room, size.rows * 2 / 3, Self.largestImageRows)
        return ([picture(rows: rows, columns: max(1, size.columns - 1))] + text)
          .filter { !$0.isEmpty }.joined(separator: "\n")
      }
    }
    let text = lines(of: shapes.paged, width: size.columns)
    if renderer.drawsPixels { return tooTall(under: text) }
    return ([picture(rows: Self.smallestImageRows, columns: max(1, size.columns - 1))] + text)
      .filter { !$0.isEmpty }.joined(separator: "\n")

    /// The text, then the picture alone, as large as the screen allows.
    func tooTall(under text: [String]) -> String {
      let rows = max(1, min(budget, Self.largestImageRows))
      return (text + [picture(rows: rows, columns: rows * 2)].filter { !$0.isEmpty })
        .joined(separator: "\n")
    }
  }

  /// The narrowest terminal a picture goes beside the text in: the smallest picture, the gap
  /// and 60 columns of text.
  static let sideBySideColumns = 78
  /// A picture's rows: at most (a 96-pixel sprite fits in 24 rows of half blocks), at least.
  static let largestImageRows = 24
  static let smallestImageRows = 8
  /// The picture's rows below which the page's shorter shapes are tried before it shrinks
  /// further.
  static let goodImageRows = 14
  /// Columns between a picture and the text beside it.
  static let gap = 2

  /// `picture` (at most `columns` × `rows`) to the left of `text`, the text from line
  /// `flowFrom` on under it, at the left edge (before, in its column). Lines of characters are
  /// joined line by line; a picture the terminal places (`pixels`) is drawn after the text,
  /// which leaves its columns free (and is made as tall as the picture): the cursor goes back up
  /// to the first line, draws it, and comes back.
  func beside(
    _ picture: String, _ text: [String], columns: Int, rows: Int, pixels: Bool,
    flowFrom: Int = .max
  ) -> String {
    let indent = columns + Self.gap
    let besidePicture = max(flowFrom, rows)
    if pixels {
      let text = text + Array(repeating: "", count: max(0, rows - text.count))
      let shifted = text.enumerated().map { index, line in
        index < besidePicture ? "\u{1B}[\(indent)C" + line : line
      }.joined(separator: "\n")
      let up = text.count > 1 ? "\u{1B}[\(text.count - 1)A" : ""
      return shifted + Self.rowBelow + "\u{1B}7" + up + "\r" + picture + "\u{1B}8"
    }
    let pictureLines = picture.isEmpty ? [] : picture.components(separatedBy: "\n")
    return (0..<max(text.count, pictureLines.count)).map { index in
      let left = index < pictureLines.count ? pictureLines[index] : ""
      let right = index < text.count ? text[index] : ""
      guard index < besidePicture || index < pictureLines.count else { return right }
      let padding = String(repeating: " ", count: max(0, indent - DisplayWidth.of(left)))
      return right.isEmpty ? left : left + padding + right
    }.joined(separator: "\n")
  }

  /// Makes sure a row exists below the cursor's, on screen, and comes back: a picture that
  /// ends on the screen's last row leaves the cursor below it, and the terminal scrolls,
  /// which would put the cursor saved before it (`ESC 7`) one line off when restored.
  static let rowBelow = "\n\u{1B}[A"

  /// The document's lines at `width`.
  func lines(of document: PageDocument, width: Int) -> [String] {
    flow(document, width: width, besideRows: 0, fullWidth: nil).lines
  }

  /// The document's lines wrapped at `width` beside a picture of `besideRows` rows, and from the
  /// first part that starts under it (`flowFrom`, the count when none does) at `fullWidth`;
  /// `head`, the lines before its first paragraph without a heading (a Pokédex text), which a
  /// picture is never taller than.
  func flow(
    _ document: PageDocument, width narrow: Int, besideRows: Int, fullWidth: Int?
  ) -> (lines: [String], flowFrom: Int, head: Int) {
    var lines: [String] = []
    var flowFrom: Int?
    var head: Int?
    // The width of a part that starts on the next line.
    func widthHere() -> Int {
      guard let fullWidth, lines.count >= besideRows else { return narrow }
      if flowFrom == nil { flowFrom = lines.count }
      return fullWidth
    }
    var title = style.bold(SafeText.line(document.title))
    for badge in document.badges { title += styled(badge) }
    lines.append(title)
    if let subtitle = document.subtitle { lines.append(style.dim(SafeText.line(subtitle))) }
    if let warning = document.warning {
      lines += TextTools.wrap(SafeText.line(warning), width: max(20, min(76, widthHere() - 2)))
        .map { style.yellow($0) }
    }
    for (index, block) in document.blocks.enumerated() {
      if case .text = block, head == nil { head = lines.count }
      switch block {
      case .hint: if !document.tightHint { lines.append("") }
      default: if index > 0 || !document.tight { lines.append("") }
      }
      switch block {
      case .fields(let fields): lines += renderFields(fields, width: widthHere())
      case .paragraph(let heading, let text):
        lines.append(style.bold(heading))
        lines += TextTools.wrap(SafeText.paragraph(text), width: min(76, widthHere() - 2)).map {
          "  " + $0
        }
      case .names(let heading, let spans, let none):
        let width = widthHere()
        lines.append(style.bold(heading) + style.dim(spans.isEmpty ? "" : " · \(spans.count)"))
        lines +=
          spans.isEmpty
          ? ["  " + style.dim(none)]
          : wrap(spans, width: min(width, 100) - 2).map { "  " + $0 }
      case .table(let table): lines += renderTable(table, width: widthHere())
      case .hint(let text): lines.append(style.dim(SafeText.line(text)))
      case .facts(let facts):
        for fact in facts { lines += renderFact(fact, width: widthHere) }
      case .bars(let bars): lines += renderBars(bars)
      case .lines(let drawn):
        for line in drawn {
          var first = line.spans.map { styled($0) }.joined()
          guard let wrapped = line.wrapped else {
            lines.append(first)
            continue
          }
          // Wrapped beside what precedes it, so that the terminal never folds it to column 0.
          let indent = line.spans.map { DisplayWidth.of(SafeText.line($0.text)) }.reduce(0, +)
          let parts = TextTools.wrap(
            SafeText.line(wrapped.text),
            width: max(20, widthHere() - indent - DisplayWidth.of(wrapped.lead) - 1))
          let under = wrapped.under.map { styled($0) }.joined()
          for (index, part) in parts.enumerated() {
            let lead = index == 0 ? wrapped.lead : wrapped.nextLead
            if index > 0 { first = under }
            lines.append(first + styled(Span(lead + part, wrapped.role)))
          }
        }
      case .text(let text, let role):
        lines += TextTools.wrap(
          SafeText.paragraph(text), width: max(20, min(76, widthHere() - 2))
        )
        .map { styled(Span($0, role)) }
      }
    }
    return (lines, flowFrom ?? lines.count, head ?? lines.count)
  }

  /// A fact in the label column: its line, or its items wrapped under the first (at the width
  /// where it starts).
  private func renderFact(_ fact: PageDocument.Fact, width: () -> Int) -> [String] {
    switch fact.value {
    case .line(let spans):
      return [
        style.bold(fact.label.padding(toLength: 10, withPad: " ", startingAt: 0))
          + spans.map { styled($0) }.joined()
      ]
    case .items(let items, let maxLines, let kept):
      guard !items.isEmpty else { return [] }
      return labelled(
        fact.label, items.map { $0.map { styled($0) }.joined() }, width: width(),
        maxLines: maxLines, keeping: Set(kept))
    }
  }

  /// `items` after a bold `label` in a column ten wide, joined with commas and wrapped under the
  /// first item, an item never split across lines. At most `maxLines` lines, when given: the
  /// items that fit, those at `keeping` first, then `… 12 more`.
  private func labelled(
    _ label: String, _ items: [String], width totalWidth: Int, maxLines: Int?,
    keeping: Set<Int>
  ) -> [String] {
    let width = max(20, min(76, totalWidth - 2) - 10)
    // An item's own spaces do not break a line: they are no-break spaces while it is wrapped.
    // (Mapped scalar by scalar: Foundation's replacingOccurrences cost 27,000 instructions
    // a call, and a layout that folds a long list of forms wraps it some thirty times.)
    func replacing(_ old: Unicode.Scalar, with new: Unicode.Scalar, in text: String) -> String {
      String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == old ? new : $0 }))
    }
    func wrap(_ items: [String]) -> [String] {
      TextTools.wrap(
        items.map { replacing(" ", with: "\u{00A0}", in: $0) }.joined(separator: ", "),
        width: width
      )
      .map { replacing("\u{00A0}", with: " ", in: $0) }
    }
    var wrapped = wrap(items)
    if let maxLines, wrapped.count > maxLines {
      let ordered =
        items.indices.filter(keeping.contains) + items.indices.filter { !keeping.contains($0) }
      for count in stride(from: ordered.count - 1, through: 1, by: -1) {
        let kept = Set(ordered.prefix(count))
        let shown = items.indices.filter(kept.contains).map { items[$0] }
        wrapped = wrap(shown + ["… \(items.count - count) more"])
        if wrapped.count <= maxLines { break }
      }
    }
    return wrapped.enumerated().map { index, line in
      let head =
        index == 0
        ? style.bold(label.padding(toLength: 10, withPad: " ", startingAt: 0))
        : String(repeating: " ", count: 10)
      return head + line
    }
  }

  /// The bars under their heading, each 20 cells for 255 in the colour its value earns, and the
  /// total.
  private func renderBars(_ bars: PageDocument.Bars) -> [String] {
    var lines: [String] = []
    if let heading = bars.heading { lines.append(style.bold(heading)) }
    let labelWidth = max(9, bars.rows.map { DisplayWidth.of($0.label) }.max() ?? 0)
    for row in bars.rows {
      let filled = max(
        0, min(20, Int((Double(min(max(row.value, 0), 255)) / 255 * 20).rounded(.up))))
      let bar = String(repeating: "█", count: filled)
      let rest = String(repeating: "░", count: 20 - filled)
      lines.append(
        DisplayWidth.padded(row.label, to: labelWidth) + " " + pad(String(row.value), 3) + "  "
          + statColor(row.value, bar) + style.dim(rest))
    }
    if let total = bars.total {
      lines.append(
        total.label.padding(toLength: labelWidth, withPad: " ", startingAt: 0) + " "
          + pad(String(total.value), 3))
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
    case .warning: return style.yellow(text)
    case .action: return style.cyan(text)
    case .failure: return style.red(text)
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
