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

  /// A page of the list (``ListPage``), drawn as every page is.
  func renderList(_ page: SpeciesListViewModel) -> String {
    render(ListPage.shapes(page))
  }

  /// The species a search found, or a random pick (``ListPage``).
  func renderRows(_ result: SearchResultViewModel) -> String {
    render(ListPage.shapes(result))
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
    let rows: [(String, String)] =
      [
        ("Storage", statistics.isPersistent ? "memory + disk" : "memory only"),
        ("Entries", String(statistics.entries)),
        ("Species", "\(statistics.species) (open offline)"),
        ("Size", size(statistics)),
        ("Hits", String(statistics.hits)),
        ("Misses", String(statistics.misses)),
        ("Oldest", oldest),
      ] + (statistics.findIndex.map { [("Find", $0)] } ?? [])
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
    if let kinds = summary.kinds {
      text += ", \(kinds.pages) pages of every kind"
      if let failure = kinds.firstFailure {
        var said = FailureText.message(.page(failure))
        if said.hasSuffix(".") { said.removeLast() }
        text += " (\(kinds.failed) failed: \(said))"
      }
    }
    text += "."
    if let index = summary.findIndex { text += " find's index: \(index)." }
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

  func statColor(_ value: Int, _ bar: String) -> String {
    switch value {
    case ..<60: style.red(bar)
    case ..<90: style.yellow(bar)
    default: style.green(bar)
    }
  }

  func pad(_ text: String, _ width: Int) -> String {
    DisplayWidth.leftPadded(text, to: width)
  }

}
