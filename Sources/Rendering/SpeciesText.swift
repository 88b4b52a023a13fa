import Cache
import CommandLanguage
import DetailModels
import Foundation
import ImageFeature
import Images
import ListFeature
import Models
import Pages
import Presentation
import SyncFeature

/// The species page and its evolution tree, as text.
extension TextRenderer {
  // MARK: - Details

  /// The details, with the downloaded image beside them whenever the terminal is wide enough
  /// (``sideBySideColumns``), else above them. Output is made to fit the terminal's height
  /// (less one row, for the prompt; `reserved` rows fewer for lines printed after it): the
  /// picture shrinks, then a long list of forms is cut to a line or two, then the download tip
  /// goes. What still cannot fit is drawn whole, for the session to page (a picture of symbols is
  /// text a pager shows; one the terminal places in pixels is never paged).
  func renderDetail(
    _ detail: SpeciesDetailViewModel, image: DetailImage, reserved: Int = 0
  ) -> String {
    let size = terminalSize()
    let budget = max(1, size.rows - 1 - reserved)
    // A long list of forms is cut to two lines at every size (`… 14 more`), then to one.
    let variants = [
      FactsLayout(formLines: 2), FactsLayout(formLines: 1), FactsLayout(formLines: 1, tip: false),
      FactsLayout(formLines: 1, tip: false, compact: true),
    ]
    guard case .image(let stored) = image, let renderer = images else {
      let fitting =
        variants.lazy.map { self.facts(detail, image: image, width: size.columns, layout: $0) }
        .first { $0.count <= budget }
      var lines = fitting ?? facts(detail, image: image, width: size.columns)
      // Without images on screen (no colour, a pipe, --images off), the file's path.
      if case .image(let stored) = image {
        lines.append("")
        lines.append(
          style.bold("Image".padding(toLength: 10, withPad: " ", startingAt: 0)) + stored.url.path)
      }
      return lines.joined(separator: "\n")
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
      // A picture of a good size with fewer forms listed, before a small one with them all.
      let sizes = [
        (Self.goodImageRows, largest), (Self.smallestImageRows, Self.goodImageRows - 1),
      ]
      for (smallest, largest) in sizes where smallest <= largest {
        for layout in variants {
          for rows in stride(from: largest, through: smallest, by: -1) {
            let width = size.columns - rows * 2 - Self.gap
            // The text beside the picture, then under it the whole width.
            let (text, flowFrom, head) = facts(
              detail, image: image, width: width, layout: layout, besideRows: rows,
              fullWidth: size.columns)
            // The picture no taller than the facts beside it: the Pokédex text under both,
            // the whole width, not in a narrow column beside the picture's last rows.
            if rows > head, head >= smallest { continue }
            // Every line fits its column (none wraps under the picture), the whole the screen.
            let fits = text.enumerated().allSatisfy { index, line in
              DisplayWidth.of(line) <= (index < flowFrom ? width : size.columns)
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
        return tooTall(under: facts(detail, image: image, width: size.columns, layout: variants[2]))
      }
      // Beside the text's top, the whole to be paged, the picture as large as 60 columns of
      // text beside it allow.
      let rows = max(Self.smallestImageRows, min(largest, (size.columns - 60 - Self.gap) / 2))
      let text = facts(
        detail, image: image, width: size.columns - rows * 2 - Self.gap, layout: variants[2])
      return beside(rows: rows, text: text)
    }
    for layout in variants {
      let text = facts(detail, image: image, width: size.columns, layout: layout)
      let room = budget - text.count
      if room >= Self.smallestImageRows {
        let rows = min(room, size.rows * 2 / 3, Self.largestImageRows)
        return ([picture(rows: rows, columns: max(1, size.columns - 1))] + text)
          .filter { !$0.isEmpty }.joined(separator: "\n")
      }
    }
    let text = facts(detail, image: image, width: size.columns, layout: variants[2])
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

  /// How much of the details to show when room is short.
  struct FactsLayout {
    /// The most lines the forms take (the rest summed up as `… 12 more`); `nil`, all.
    var formLines: Int?
    /// Whether the download tip is shown (where it applies).
    var tip = true
    /// Three lines fewer: height and weight on one (`Size`), no blank line under the genus, no
    /// `Base stats` heading (the stats' names say what they are).
    var compact = false
  }

  /// The narrowest terminal the image goes beside the details in: the smallest picture, the gap
  /// and 60 columns of facts.
  static let sideBySideColumns = 78
  /// The image's rows: at most (a 96-pixel sprite fits in 24 rows of half blocks), at least.
  static let largestImageRows = 24
  static let smallestImageRows = 8
  /// The picture's rows below which the details' forms are cut before it shrinks further.
  static let goodImageRows = 14
  /// Columns between the image and the text beside it.
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

  /// The details' lines, wrapped at `width`, without the image.
  func facts(
    _ detail: SpeciesDetailViewModel, image: DetailImage, width: Int,
    layout: FactsLayout = FactsLayout()
  ) -> [String] {
    facts(detail, image: image, width: width, layout: layout, besideRows: 0, fullWidth: nil)
      .lines
  }

  /// The details' lines wrapped at `width` beside a picture of `besideRows` rows, and from the
  /// first part that starts under it (`flowFrom`, the count when none does) at `fullWidth`;
  /// `head`, the lines before the Pokédex text and what follows it.
  func facts(
    _ detail: SpeciesDetailViewModel, image: DetailImage, width narrow: Int,
    layout: FactsLayout = FactsLayout(), besideRows: Int, fullWidth: Int?
  ) -> (lines: [String], flowFrom: Int, head: Int) {
    var lines: [String] = []
    var flowFrom: Int?
    // The width of a part that starts on the next line.
    func widthHere() -> Int {
      guard let fullWidth, lines.count >= besideRows else { return narrow }
      if flowFrom == nil { flowFrom = lines.count }
      return fullWidth
    }
    var title = style.bold(SafeText.line(detail.displayName)) + "  " + style.dim("#\(detail.id)")
    var badges: [String] = []
    if detail.isBaby { badges.append("baby") }
    if detail.isLegendary { badges.append("legendary") }
    if detail.isMythical { badges.append("mythical") }
    if !badges.isEmpty { title += "  " + style.yellow(badges.joined(separator: " · ")) }
    // The picture beside it, when it is not the usual one.
    if case .image(let stored) = image, stored.variant != .standard {
      title += "  " + style.dim("✦ \(stored.variant) picture")
    }
    lines.append(title)
    if let genus = detail.genus { lines.append(style.dim(SafeText.line(genus))) }
    if let later = detail.cameLater {
      let game = detail.gameName.map { "not in \(SafeText.line($0))" } ?? "not in your game"
      lines += TextTools.wrap(
        "\(SafeText.line(detail.displayName)) came in \(DisplayName.generation(later)): \(game). "
          + "Today's facts are shown.", width: max(20, min(76, widthHere() - 2))
      ).map { style.yellow($0) }
    }
    if !layout.compact { lines.append("") }
    var types = detail.types.enumerated().map { index, name in
      typeLabel(name, slug: index < detail.typeSlugs.count ? detail.typeSlugs[index] : nil)
    }.joined(separator: " ")
    if let generation = detail.typesGeneration {
      let today = detail.todayTypes.map {
        "; today " + $0.map(SafeText.line).joined(separator: " ")
      }
      types += style.dim(" (\(DisplayName.generation(generation))\(today ?? ""))")
    }
    let abilities = detail.abilities.map {
      SafeText.line($0.name) + ($0.isHidden ? style.dim(" (hidden)") : "")
    }
    let height = Measures.height(centimetres: detail.heightCentimetres)
    let weight = Measures.weight(kilograms: detail.weightKilograms)
    let size: [(String, String)] =
      layout.compact
      ? [("Size", "\(height) · \(weight)")] : [("Height", height), ("Weight", weight)]
    var fields: [(String, String)] = [("Type", types)] + size + [("Gender", detail.genderRatio)]
    if let numbers = detail.regionalNumbers, !numbers.isEmpty {
      fields.append(
        (
          "Pokédex",
          numbers.map { "\(SafeText.line($0.name)) No. \($0.number)" }.joined(separator: " · ")
        ))
    }
    for (label, value) in fields {
      lines.append(style.bold(label.padding(toLength: 10, withPad: " ", startingAt: 0)) + value)
    }
    if abilities.isEmpty, let generation = detail.gameGeneration,
      generation < Pokemon.abilitiesGeneration
    {
      lines.append(
        style.bold("Abilities ")
          + style.dim("none: they came in \(DisplayName.generation(Pokemon.abilitiesGeneration))"))
    }
    lines += labelled("Abilities", abilities, width: widthHere())
    if !detail.forms.isEmpty {
      // The form shown is marked as the selection is in the evolution tree.
      let shown = detail.form?.pokemonID ?? detail.forms.first(where: \.isDefault)?.pokemonID
      lines += labelled(
        "Forms",
        detail.forms.map { SafeText.line($0.displayName) + ($0.pokemonID == shown ? " ◀" : "") },
        width: widthHere(), maxLines: layout.formLines, keeping: { $0.hasSuffix(" ◀") })
    }
    if let matchups = detail.matchups { lines += renderMatchups(matchups, width: widthHere()) }
    if !detail.stats.isEmpty {
      lines.append("")
      if !layout.compact { lines.append(style.bold("Base stats")) }
      let labelWidth = max(9, detail.stats.map { DisplayWidth.of($0.name) }.max() ?? 0)
      for stat in detail.stats {
        let filled = max(
          0, min(20, Int((Double(min(max(stat.value, 0), 255)) / 255 * 20).rounded(.up))))
        let bar = String(repeating: "█", count: filled)
        let rest = String(repeating: "░", count: 20 - filled)
        lines.append(
          DisplayWidth.padded(stat.name, to: labelWidth) + " "
            + pad(String(stat.value), 3) + "  " + statColor(stat.value, bar) + style.dim(rest))
      }
      lines.append(
        "Total".padding(toLength: labelWidth, withPad: " ", startingAt: 0) + " "
          + pad(String(detail.baseStatTotal), 3))
    }
    let head = lines.count
    if let text = detail.flavorText {
      lines.append("")
      lines += TextTools.wrap(
        "“" + SafeText.paragraph(text) + "”", width: max(20, min(76, widthHere() - 2))
      )
      .map { style.dim($0) }
    }
    if let note = detail.fallbackNote {
      lines.append("")
      lines += TextTools.wrap(SafeText.line(note), width: max(20, widthHere())).map {
        style.dim($0)
      }
    }
    // Only where an image can be drawn: piped, or with images off, "right here" is not true.
    if case .downloadHint = image, images != nil, layout.tip {
      lines.append("")
      // A form's own image (`{pokemon id}.png`), or its species' where the server has none.
      let shown = SafeText.line(detail.displayName)
      lines.append(style.cyan("Tip: \"download image\" shows \(shown) right here."))
    }
    return (lines, flowFrom ?? lines.count, head)
  }

  /// `Weak to   Rock ×4, Water ×2`, `Resists …`, `Immune to Ground`, wrapped under the label.
  func renderMatchups(_ matchups: TypeMatchups, width: Int) -> [String] {
    func factor(_ matchup: TypeMatchups.Matchup) -> String {
      SafeText.line(matchup.type) + " ×" + Span.factorText(matchup.multiplier)
    }
    return labelled("Weak to", matchups.weaknesses.map(factor), width: width)
      + labelled("Resists", matchups.resistances.map(factor), width: width)
      + labelled("Immune to", matchups.immunities.map(SafeText.line), width: width)
  }

  /// `items` after a bold `label` in the details' label column, joined with commas and wrapped
  /// under the first item, an item never split across lines; none when empty.
  /// At most `maxLines` lines, when given: the items that fit, those `keeping` says first, then
  /// `… 12 more`.
  func labelled(
    _ label: String, _ items: [String], width totalWidth: Int, maxLines: Int? = nil,
    keeping: (String) -> Bool = { _ in false }
  ) -> [String] {
    guard !items.isEmpty else { return [] }
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
      let ordered = items.filter(keeping) + items.filter { !keeping($0) }
      for count in stride(from: ordered.count - 1, through: 1, by: -1) {
        let shown = items.filter { ordered.prefix(count).contains($0) }
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

  // MARK: - Evolution

  func renderEvolution(_ tree: EvolutionTreeViewModel, images: EvolutionImages = .none) -> String {
    var lines = [style.bold("Evolution")]
    for row in tree.rows {
      var name = SafeText.line(row.displayName)
      name = row.isSelected ? style.highlight(name + " ◀") : style.bold(name)
      var line = style.dim(row.prefix) + name + style.dim(" #\(row.id)")
      if row.isBaby { line += " " + style.yellow("(baby)") }
      // The first way beside the name, any other below it (`or …`), then the folded `also:`.
      if let first = row.ways.first { line += "  " + style.cyan(SafeText.line(first.text)) }
      lines.append(line)
      let under = style.dim(row.continuation)
      for way in row.ways.dropFirst() {
        lines.append(under + style.cyan("or " + SafeText.line(way.text)))
      }
      if let also = row.also {
        // Wrapped beside the tree's lines, so that the terminal never folds it to column 0.
        let indent = DisplayWidth.of(row.continuation) + "also: ".count
        for (index, part) in wrapped(SafeText.line(also), indent: indent).enumerated() {
          lines.append(under + style.dim((index == 0 ? "also: " : "      ") + part))
        }
      }
    }
    if !tree.hasEvolutions {
      lines.append(style.dim("It does not evolve."))
    }
    for failure in images.failures {
      let text =
        "#\(failure.speciesID) \(SafeText.line(failure.displayName)): "
        + FailureText.reason(failure.error)
      for (index, line) in wrapped(text, indent: 2).enumerated() {
        lines.append(index == 0 ? style.red("✗ ") + line : "  " + line)
      }
    }
    let members = Set(tree.rows.map(\.id)).filter { images.stored[$0] != nil }.count
    let pictures = renderEvolutionImages(
      tree, images.stored, height: evolutionImageRows(under: lines.count + 1, members: members))
    if !pictures.isEmpty { lines += [""] + pictures }
    return lines.joined(separator: "\n")
  }

  /// A picture's rows in the rows of images under an evolution tree (its columns are twice as
  /// many): at most, and at least when the screen is short.
  static let evolutionImageRows = 8
  static let smallestEvolutionImageRows = 3

  /// The pictures' rows under `textLines` lines of tree: the largest that lets the whole fit
  /// the terminal's height (less the prompt's row), else the usual size, the whole to be paged.
  func evolutionImageRows(under textLines: Int, members: Int = 0) -> Int {
    let size = terminalSize()
    for rows in stride(
      from: Self.evolutionImageRows, through: Self.smallestEvolutionImageRows, by: -1)
    {
      let perRow = max(1, (size.columns - 1 + Self.gap) / (rows * 2 + Self.gap))
      let groups = (max(members, 1) + perRow - 1) / perRow
      if textLines + groups * (rows + 1) <= size.rows - 1 { return rows }
    }
    return Self.evolutionImageRows
  }

  /// The members' images in rows under the tree, in tree order, each with its name below it, as
  /// many to a row as the terminal's width holds; their paths when images cannot be drawn.
  func renderEvolutionImages(
    _ tree: EvolutionTreeViewModel, _ stored: [Int: StoredImage],
    height: Int = Self.evolutionImageRows
  ) -> [String] {
    var members: [(id: Int, name: String, image: StoredImage)] = []
    for row in tree.rows where !members.contains(where: { $0.id == row.id }) {
      if let image = stored[row.id] { members.append((row.id, row.displayName, image)) }
    }
    guard !members.isEmpty else { return [] }
    guard let renderer = images else {
      return ["Images"]
        + members.map { "  #\($0.id) \(SafeText.line($0.name))  \($0.image.url.path)" }
    }
    let width = height * 2
    let perRow = max(1, (terminalSize().columns - 1 + Self.gap) / (width + Self.gap))
    var lines: [String] = []
    for start in stride(from: 0, to: members.count, by: perRow) {
      let group = members[start..<min(start + perRow, members.count)]
      let pictures = group.map {
        renderer.render($0.image.image, png: $0.image.png, maxColumns: width, maxRows: height)
      }
      if renderer.drawsPixels {
        // Rows kept free, then each picture placed at its column from their first row.
        var block = Array(repeating: "", count: height).joined(separator: "\n") + Self.rowBelow
        for (index, picture) in pictures.enumerated() {
          let column = 1 + index * (width + Self.gap)
          block += "\u{1B}7\u{1B}[\(height - 1)A\u{1B}[\(column)G" + picture + "\u{1B}8"
        }
        lines.append(block)
      } else {
        let split = pictures.map { $0.isEmpty ? [] : $0.components(separatedBy: "\n") }
        for row in 0..<height {
          lines.append(
            split.map { picture in
              let line = row < picture.count ? picture[row] : ""
              return line + String(repeating: " ", count: max(0, width - DisplayWidth.of(line)))
            }.joined(separator: String(repeating: " ", count: Self.gap)))
        }
      }
      lines.append(
        group.map { member in
          let name = DisplayWidth.prefix(SafeText.line(member.name), columns: width)
          return style.bold(name) + String(repeating: " ", count: width - DisplayWidth.of(name))
        }.joined(separator: String(repeating: " ", count: Self.gap)))
    }
    return lines.map(TextTools.droppingTrailingSpaces)
  }
}
