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

/// Draws command outputs for people: colour and images in a terminal, clean plain text
/// (same layout, no escape codes) otherwise.
public struct TextRenderer: Sendable {
  /// Colour on or off.
  public var style: TextStyle
  /// Draws images; `nil` prints the file's path instead.
  public var images: (any ImageRenderer)?
  /// The terminal's size in cells, asked each time (the window may change).
  public var terminalSize: @Sendable () -> (columns: Int, rows: Int)

  public init(
    style: TextStyle, images: (any ImageRenderer)?,
    terminalSize: @escaping @Sendable () -> (columns: Int, rows: Int) = { (80, 24) }
  ) {
    self.style = style
    self.images = images
    self.terminalSize = terminalSize
  }

  /// The text for one outcome (without a trailing newline), or `nil` when nothing is shown.
  public func render(_ outcome: CommandOutcome) -> String? {
    switch outcome {
    case .output(.clear): nil  // the session clears the screen itself
    case .output(let output): render(output)
    case .failure(let failure): style.red("✗ ") + FailureText.message(failure)
    case .nothing, .quit: nil
    }
  }

  /// The text for one successful output.
  public func render(_ output: CommandOutput) -> String {
    switch output {
    case .list(let page): renderList(page)
    case .rows(let result): renderRows(result)
    case .detail(let detail, let image): renderDetail(detail, image: image)
    case .page(let shown): renderPage(shown.page.document)
    case .evolution(let tree, let images): renderEvolution(tree, images: images)
    case .downloaded(let download): renderDownload(download)
    case .image(_, let stored):
      (stored.variant == .standard ? "" : "The \(stored.variant) picture\n")
        + renderImage(stored, pathWhenNoImage: true)
    case .filter(let filter): "Filter: \(filter)"
    case .commands(let help): help.text(width: terminalSize().columns)
    case .help(let text): text
    case .history(let lines, let first): renderHistory(lines, firstNumber: first)
    case .clear: ""
    case .pager(let on): on ? "Pager on: long output is shown a screen at a time." : "Pager off."
    case .shiny(let on, let warning):
      (on
        ? "Shiny on: the shiny pictures are shown, and download image fetches them."
        : "Shiny off: the usual pictures are shown.")
        + (warning.map { "\nWarning: " + SafeText.line($0) } ?? "")
    case .cache(let statistics): renderCache(statistics)
    case .cacheCleared: "Cache cleared."
    case .flags(let entries): renderFlags(entries)
    case .doctor(let report): renderDoctor(report)
    case .synced(let summary): renderSync(summary)
    case .language(let report): renderLanguage(report)
    case .game(let report): renderGame(report)
    }
  }

  // MARK: - Game

  /// `Playing Red: moves, where, …` or that none is chosen, with how to change it.
  func renderGame(_ report: GameReport) -> String {
    var lines: [String] = []
    if let name = report.name, report.game != nil {
      // Wrapped as plain text, the game's name made bold after.
      let wrapped = TextTools.wrap(
        (report.changed ? "Now playing " : "Playing ") + SafeText.line(name)
          + ": the pages answer for it (moves and their numbers, stats, abilities, types, "
          + "breeding, where, TMs, prices and texts).", width: 76)
      for (index, line) in wrapped.enumerated() {
        lines.append(
          index == 0
            ? line.replacingOccurrences(of: SafeText.line(name), with: style.bold(name)) : line)
      }
      lines.append(style.dim("\"game NAME\" plays another, \"game off\" none."))
    } else {
      lines.append(
        (report.changed ? "No game now" : "No game chosen")
          + ": each page shows the newest main-series game it has data for.")
      lines.append(style.dim("\"game NAME\" chooses one (Tab completes the games)."))
    }
    if let warning = report.saveWarning { lines.append(style.yellow("Warning: \(warning)")) }
    return lines.joined(separator: "\n")
  }

  /// A message's `text` broken into lines that fit the terminal, `indent` columns in.
  func wrapped(_ text: String, indent: Int = 0) -> [String] {
    TextTools.wrap(text, width: max(20, terminalSize().columns - indent - 1))
  }

  // MARK: - Language

  /// `Language: ja (Japanese, 日本語).` with how far the names have loaded; a bare `lang` lists
  /// the languages, the one shown marked.
  func renderLanguage(_ report: LanguageReport) -> String {
    var lines: [String] = []
    if let language = report.current {
      lines += wrapped(
        (report.changed ? "Names and texts now in " : "Names and texts in ") + "\(language)"
          + (language == .english
            ? "." : "; in English where PokéAPI has none in \(language.englishName)."))
    } else {
      lines.append(
        report.changed
          ? "Names are capitalised slugs and texts English again."
          : "No language chosen: names are capitalised slugs and texts English.")
    }
    if let progress = report.progress {
      lines.append(
        style.dim(
          "Loading the names of the species in the background: \(progress.done)/\(progress.total).")
      )
    }
    if let warning = report.saveWarning { lines.append(style.yellow("Warning: \(warning)")) }
    guard !report.changed else { return lines.joined(separator: "\n") }
    lines.append("")
    let width = Language.all.map { DisplayWidth.of($0.code) }.max() ?? 0
    for language in Language.all {
      let marker = language == report.current ? "▶ " : "  "
      lines.append(
        marker + style.bold(DisplayWidth.padded(language.code, to: width)) + "  "
          + DisplayWidth.padded(language.englishName, to: 24) + language.nativeName)
    }
    lines.append("")
    lines.append(style.dim("lang CODE chooses one (kept in config.json) · lang off: slugs"))
    return lines.joined(separator: "\n")
  }

  // MARK: - Lists

  /// A page of the list: its title, the rows, the pages' hint (left out when the screen, less
  /// the prompt, holds the rows but not it).
  func renderList(_ page: SpeciesListViewModel) -> String {
    let header =
      style.bold(page.title)
      + style.dim(
        " · \(page.filter) · page \(page.page)/\(page.pageCount) · \(page.totalCount) total"
      )
    guard !page.isEmpty else { return header + "\n  (no species)" }
    var lines = [header]
    lines += renderRowLines(page.rows, marked: page.marked)
    var hints: [String] = []
    if page.hasPreviousPage { hints.append("prev") }
    if page.hasNextPage { hints.append("next") }
    hints.append("open ID|NAME")
    // The hint goes where it alone would push the page past the screen (less the prompt).
    if lines.count < terminalSize().rows - 1 {
      lines.append(style.dim(hints.joined(separator: " · ")))
    }
    return lines.joined(separator: "\n")
  }

  func renderRows(_ result: SearchResultViewModel) -> String {
    let count = result.rows.count
    let header =
      result.kind == .random
      ? style.bold(result.title) : style.bold(result.title) + style.dim(" · \(count) found")
    guard !result.isEmpty else { return header + "\n  (no species)" }
    return ([header] + renderRowLines(result.rows)).joined(separator: "\n")
  }

  /// One row per species: a `★` marker (visible without colour too) and highlight for those
  /// whose image is downloaded.
  /// The `marked` species (the one `back` came from) gets a `▶` and highlight. Types, when the
  /// rows have them, follow the names in a column, each in its colour.
  /// Under a regional Pokédex (`filter dex kanto`), each row starts with its number there
  /// (`No. 1`), the national one after it.
  func renderRowLines(_ rows: [SpeciesRow], marked: Int? = nil) -> [String] {
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
      if !row.types.isEmpty {
        name +=
          String(repeating: " ", count: nameWidth - DisplayWidth.of(name)) + "  "
          + row.types.enumerated().map { index, type in
            typeLabel(type, slug: row.typeSlugs.flatMap { index < $0.count ? $0[index] : nil })
          }.joined(separator: " ")
      }
      if row.id == marked {
        return style.highlight("▶ \(id)  \(name)") + (row.hasImage ? style.dim("  ★") : "")
      }
      if row.hasImage {
        return style.highlight("★ \(id)  \(name)")
      }
      return "  " + style.dim(id) + "  " + name
    }
  }

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

  // MARK: - Images

  /// Where the image is (and, for a form without an image of its own, whose it is), then the
  /// image beside the details it belongs to, sized so that the whole fits the screen.
  func renderDownload(_ download: ImageDownload) -> String {
    let path = download.stored.url.path
    var notes: [String] = []
    if let form = download.formWithoutImage {
      let species = download.details.map { DisplayName.of($0.name) } ?? "its species"
      notes.append("No image of \(SafeText.line(form)) is available; this is \(species)'s.")
    }
    if let asked = download.variantAsked {
      let name = download.details?.displayName ?? "it"
      notes.append(
        "The image server has no \(asked) picture of \(SafeText.line(name)); this is the "
          + (download.stored.variant == .standard ? "usual" : "\(download.stored.variant)")
          + " one.")
    }
    let picture =
      download.stored.variant == .standard ? "" : "the \(download.stored.variant) picture "
    // Saved: where, in full. Already there (a demo's step, a second time): short, for a
    // projector, from the sprites' folder on.
    let kept = path.range(of: "/sprites/", options: .backwards).map {
      "sprites/" + path[$0.upperBound...]
    }
    notes.append(
      download.fetched
        ? "Saved \(picture)to \(path)"
        : "Already downloaded"
          + (picture.isEmpty ? "" : " " + picture.dropLast()) + ": \(kept ?? path)")
    guard images != nil else { return notes.joined(separator: "\n") }
    let drawn =
      if let details = download.details {
        renderDetail(details, image: .image(download.stored), reserved: notes.count)
      } else {
        renderImage(download.stored)
      }
    // Above the picture: where the whole is taller than the screen and paged, a pager left
    // early would not show what comes last.
    return (notes + [drawn].filter { !$0.isEmpty }).joined(separator: "\n")
  }

  /// The picture for the terminal, or the file's path when images cannot be shown.
  func renderImage(_ stored: StoredImage, pathWhenNoImage: Bool = false) -> String {
    guard let renderer = images else {
      return pathWhenNoImage ? stored.url.path : ""
    }
    let size = terminalSize()
    let bounds = ImageBounds.fitting(terminalColumns: size.columns, terminalRows: size.rows)
    return renderer.render(
      stored.image, png: stored.png, maxColumns: bounds.columns, maxRows: bounds.rows)
  }

  // MARK: - Session and housekeeping

  func renderHistory(_ lines: [String], firstNumber: Int) -> String {
    guard !lines.isEmpty else { return "(no history yet)" }
    let width = String(firstNumber + lines.count - 1).count
    return lines.enumerated().map { index, line in
      style.dim(pad(String(firstNumber + index), width)) + "  " + SafeText.line(line)
    }.joined(separator: "\n")
  }

  func renderCache(_ statistics: CacheStatistics) -> String {
    let oldest = statistics.oldestEntry.map { AgeText.ago($0) } ?? "–"
    let rows: [(String, String)] = [
      ("Storage", statistics.isPersistent ? "memory + disk" : "memory only"),
      ("Entries", String(statistics.entries)),
      ("Species", "\(statistics.species) (open offline)"),
      ("Size", size(statistics)),
      ("Hits", String(statistics.hits)),
      ("Misses", String(statistics.misses)),
      ("Oldest", oldest),
    ]
    return
      ([style.bold("Cache")]
      + rows.map { "  " + $0.0.padding(toLength: 9, withPad: " ", startingAt: 0) + $0.1 })
      .joined(separator: "\n")
  }

  /// `1.2 MB`, or `1.2 MB of 268.4 MB` for a bounded store.
  private func size(_ statistics: CacheStatistics) -> String {
    let bytes = Measures.bytes
    guard let limit = statistics.limitBytes else { return bytes(statistics.bytes) }
    return "\(bytes(statistics.bytes)) of \(bytes(limit)) (the least recently used go first)"
  }

  /// One line per check, its mark first (`✓` fine, `!` worth fixing, `✗` would break a demo),
  /// what to do under each one that is not fine, and the verdict.
  func renderDoctor(_ report: DoctorReport) -> String {
    guard !report.checks.isEmpty else { return "Nothing was checked." }
    let width = report.checks.map(\.label.count).max() ?? 0
    var lines: [String] = []
    for check in report.checks {
      let mark =
        switch check.status {
        case .ok: style.green("✓")
        case .warning: style.yellow("!")
        case .problem: style.red("✗")
        }
      let label = check.label.padding(toLength: width, withPad: " ", startingAt: 0)
      // Wrapped between words under the text's column, as every long line is.
      let indent = String(repeating: " ", count: width + 4)
      let room = max(20, terminalSize().columns - width - 5)
      let text = TextTools.wrap(SafeText.line(check.text), width: room)
      lines.append("\(mark) \(style.bold(label))  " + (text.first ?? ""))
      lines += text.dropFirst().map { indent + $0 }
      if let advice = check.advice {
        lines += TextTools.wrap(SafeText.line(advice), width: room).map { indent + style.cyan($0) }
      }
    }
    let problems = report.checks.filter { $0.status == .problem }.count
    lines.append("")
    lines.append(
      problems == 0
        ? style.green("Ready for a demo.")
        : style.red(
          "Not ready for a demo: \(problems == 1 ? "1 problem" : "\(problems) problems").")
    )
    return lines.joined(separator: "\n")
  }

  func renderFlags(_ entries: [FeatureFlags.Entry]) -> String {
    let width = entries.map(\.name.count).max() ?? 0
    return
      ([style.bold("Feature flags")]
      + entries.map { entry in
        let state = entry.enabled ? style.green("on ") : style.red("off")
        return "  " + entry.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
          + state + "  " + style.dim(entry.source.description)
      }).joined(separator: "\n")
  }

  func renderSync(_ summary: SyncSummary) -> String {
    var text =
      "Synced \(summary.synced) species (#\(summary.range.lowerBound)–#\(summary.range.upperBound))"
    if summary.images > 0 { text += ", \(summary.images) images" }
    text += "."
    guard !summary.failures.isEmpty else { return text }
    let limit = summary.failures.count <= 6 ? 6 : 5
    let shown = summary.failures.prefix(limit).map { "  " + FailureText.message($0) }
    let more =
      summary.failures.count > limit ? ["  … and \(summary.failures.count - limit) more"] : []
    return ([text + " \(summary.failures.count) failed:"] + shown + more).joined(separator: "\n")
  }

  // MARK: - Helpers

  /// `type` (a type's name, or `slug`'s when given) on the type's colour, edge to edge: a list
  /// row's or a table's way, where the columns are measured in the name's characters.
  func typeName(_ type: String, slug: String? = nil) -> String {
    let name = SafeText.line(type)
    guard style.colorEnabled,
      let colours = TypeColors.sgr(slug ?? type, trueColor: style.trueColor)
    else { return name }
    return "\u{1B}[\(colours)m\(name)\u{1B}[0m"
  }

  /// `type` as a badge, a space either side, on the type's colour: the details' and the pages'
  /// way.
  func typeLabel(_ type: String, slug: String? = nil) -> String {
    let name = SafeText.line(type)
    guard style.colorEnabled,
      let colours = TypeColors.sgr(slug ?? type, trueColor: style.trueColor)
    else { return name }
    return "\u{1B}[\(colours)m \(name) \u{1B}[0m"
  }

  private func statColor(_ value: Int, _ bar: String) -> String {
    switch value {
    case ..<60: style.red(bar)
    case ..<90: style.yellow(bar)
    default: style.green(bar)
    }
  }

  private func pad(_ text: String, _ width: Int) -> String {
    DisplayWidth.leftPadded(text, to: width)
  }

}

/// The customary colour of each Pokémon type, for type badges, and the text drawn on it: black
/// or white, whichever stands out more. Every type's pair has a contrast of at least 4.5 : 1
/// (WCAG AA), so a badge reads on a projector; a type's colour is never drawn on the terminal's
/// own background, whose colour pokedex cannot know.
enum TypeColors {
  /// Red, green and blue, 0–255.
  typealias RGB = (red: Int, green: Int, blue: Int)

  static let rgb: [String: RGB] = [
    "normal": (168, 167, 122), "fire": (238, 129, 48), "water": (99, 144, 240),
    "electric": (247, 208, 44), "grass": (122, 199, 76), "ice": (150, 217, 214),
    "fighting": (194, 46, 40), "poison": (163, 62, 161), "ground": (226, 191, 101),
    "flying": (169, 143, 243), "psychic": (249, 85, 135), "bug": (166, 185, 26),
    "rock": (182, 161, 54), "ghost": (115, 87, 151), "dragon": (111, 53, 252),
    "dark": (112, 87, 70), "steel": (183, 183, 206), "fairy": (214, 133, 173),
  ]

  static let black: RGB = (0, 0, 0)
  static let white: RGB = (255, 255, 255)

  /// The text colour on `background`: black or white, whichever has the higher contrast.
  static func text(on background: RGB) -> RGB {
    contrast(black, background) >= contrast(white, background) ? black : white
  }

  /// The SGR parameters of a type's badge (bold, text colour, background), or `nil` for a type
  /// without a colour: 24-bit, else the nearest of the 256 colours (the text chosen against
  /// that one).
  static func sgr(_ type: String, trueColor: Bool = true) -> String? {
    guard let colour = rgb[type.lowercased()] else { return nil }
    guard trueColor else {
      let (index, background) = palette(colour)
      return "1;38;5;\(text(on: background) == black ? 16 : 231);48;5;\(index)"
    }
    let text = text(on: colour)
    return "1;38;2;\(text.red);\(text.green);\(text.blue);48;2;\(colour.red);"
      + "\(colour.green);\(colour.blue)"
  }

  /// The nearest colour of the 256-colour palette's cube (16–231) and grey ramp (232–255), and
  /// its own red, green and blue.
  static func palette(_ colour: RGB) -> (index: Int, rgb: RGB) {
    let levels = [0, 95, 135, 175, 215, 255]
    func nearest(_ value: Int) -> Int {
      levels.indices.min { abs(levels[$0] - value) < abs(levels[$1] - value) } ?? 0
    }
    let (r, g, b) = (nearest(colour.red), nearest(colour.green), nearest(colour.blue))
    let cube: RGB = (levels[r], levels[g], levels[b])
    let average = (colour.red + colour.green + colour.blue) / 3
    let step = min(23, max(0, (average - 8 + 5) / 10))
    let grey: RGB = (8 + 10 * step, 8 + 10 * step, 8 + 10 * step)
    func distance(_ other: RGB) -> Int {
      let (dr, dg, db) = (
        colour.red - other.red, colour.green - other.green, colour.blue - other.blue
      )
      return dr * dr + dg * dg + db * db
    }
    return distance(grey) < distance(cube)
      ? (232 + step, grey) : (16 + 36 * r + 6 * g + b, cube)
  }

  /// The WCAG 2 contrast ratio of two colours, 1 to 21.
  static func contrast(_ first: RGB, _ second: RGB) -> Double {
    let (a, b) = (luminance(first), luminance(second))
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)
  }

  /// The WCAG 2 relative luminance of an sRGB colour, 0 to 1.
  static func luminance(_ colour: RGB) -> Double {
    func linear(_ channel: Int) -> Double {
      let value = Double(channel) / 255
      return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear(colour.red) + 0.7152 * linear(colour.green) + 0.0722
      * linear(colour.blue)
  }
}
