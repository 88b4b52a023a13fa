import Cache
import Foundation
import Models
import Pages
import Presentation
import Rendering
import Testing

/// A page made by hand, as a feature would describe one.
struct SamplePage: Page {
  var document: PageDocument
  var address: PageAddress { PageAddress(kind: "sample", key: "one") }
  var title: String { "One" }
  var links: [String: [String]] { [:] }
  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(["title": "One"])
  }
}

private let sample = PageDocument(
  title: "Fire", subtitle: "Type · Generation I",
  blocks: [
    .fields([
      .init("Deals ×2", [Span("Grass", .type("grass")), Span(" "), Span("Ice", .type("ice"))]),
      .init(
        "In game",
        "A long description that has to wrap at the width of the terminal it is shown in."),
    ]),
    .names(
      heading: "Fire Pokémon", (1...12).map { Span("#\($0) Charmander") }, none: "none"),
    .names(heading: "Other forms", [], none: "none"),
    .table(
      .init(
        heading: "By level", columns: [.init("Lv", .right), .init("Move"), .init("PP", .center)],
        rows: [
          [Span("1"), Span("Ember"), Span("25")], [Span("12"), Span("Flamethrower"), Span("5")],
        ])),
    .hint("open NAME · back"),
  ])

private func text(_ colour: Bool, columns: Int = 60) -> String {
  TextRenderer(
    style: TextStyle(colorEnabled: colour), images: nil, terminalSize: { (columns, 24) }
  ).render(CommandOutput.page(ShownPage(SamplePage(document: sample))))
}

@Suite("Pages drawn as text")
struct PageTextTests {
  @Test func fieldsInALabelColumnLongTextWrappedUnderIt() {
    let lines = text(false).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[0] == "Fire" && lines[1] == "Type · Generation I")
    #expect(lines[3] == "Deals ×2  Grass Ice")
    #expect(lines[4].hasPrefix("In game   A long description"))
    #expect(lines[5].hasPrefix("          ") && !lines[5].hasPrefix("           "))
    #expect(lines.allSatisfy { $0.count <= 60 })
  }

  @Test func namesWrappedWithTheirCountOrTheLineForNone() {
    let shown = text(false)
    #expect(shown.contains("Fire Pokémon · 12\n  #1 Charmander, #2 Charmander,"))
    #expect(shown.contains("Other forms\n  none"))
  }

  @Test func tableColumnsAligned() {
    let shown = text(false)
    #expect(shown.contains("By level\nLv Move         PP\n 1 Ember        25\n12 Flamethrower 5"))
  }

  /// A page taller than the screen leaves out the rows its table may do without, from the last,
  /// and says how many: compare's matchups at 80×24 with a demo's note (issue 50).
  @Test func theRowsATableMayDoWithoutGoWhereThePageWouldNotFit() {
    let rows = (1...30).map { [Span("row \($0)"), Span("×2")] }
    let document = PageDocument(
      title: "Tall", subtitle: "A subtitle",
      blocks: [
        .table(.init(columns: [.init(""), .init("A")], rows: rows, cuttableFrom: 10)),
        .hint("back"),
      ])
    func lines(rows screen: Int) -> [Substring] {
      TextRenderer(
        style: TextStyle(colorEnabled: false), images: nil, terminalSize: { (80, screen) }
      ).render(CommandOutput.page(ShownPage(SamplePage(document: document))))
        .split(separator: "\n", omittingEmptySubsequences: false)
    }
    let short = lines(rows: 24)
    #expect(short.count == 23)
    #expect(short.last == "… 11 more")
    #expect(
      short.contains { $0.hasPrefix("row 19 ") } && !short.contains { $0.hasPrefix("row 20") })
    // Never fewer than the rows that stay: taller than that, the whole page, to be paged.
    let tiny = lines(rows: 8)
    #expect(tiny.contains("row 30 ×2") && tiny.contains("back"))
    #expect(lines(rows: 40).contains("row 30 ×2"))
  }

  /// compare's bars take the width there is: 20 cells for a 255 from 80 columns on (the
  /// details' length), shorter where three species share fewer columns, never past the width.
  @Test func barsAreAsLongAsTheTablesWidthAllows() {
    let document = PageDocument(
      title: "A vs B",
      blocks: [
        .table(
          .init(
            columns: [.init(""), .init("A"), .init("B"), .init("C")],
            rows: [
              [Span("HP", .strong), Span("255", bar: 255), Span("51", bar: 51), Span("0", bar: 0)]
            ]))
      ])
    func row(_ columns: Int) -> Substring {
      let text = TextRenderer(
        style: TextStyle(colorEnabled: false), images: nil, terminalSize: { (columns, 40) }
      ).render(CommandOutput.page(ShownPage(SamplePage(document: document))))
      return text.split(separator: "\n").last!
    }
    let wide = row(120)
    #expect(wide.hasPrefix("HP " + String(repeating: "█", count: 20) + " 255 "))
    #expect(
      wide.contains(String(repeating: "█", count: 4) + String(repeating: " ", count: 16) + " 51"))
    let narrow = row(60)
    #expect(DisplayWidth.of(narrow) <= 60)
    #expect(narrow.filter { $0 == "█" }.count < 20)
  }

  @Test func withoutColourNoEscapeWithColourTypeBadges() {
    #expect(!text(false).contains("\u{1B}"))
    let coloured = text(true)
    #expect(coloured.contains("\u{1B}[2mopen NAME · back\u{1B}[0m"))
    #expect(coloured.contains("48;2;122;199;76m Grass \u{1B}[0m"))
  }

  @Test func jsonIsThePagesOwnKeysUnderItsKind() throws {
    let line = JSONRenderer().render(.page(ShownPage(SamplePage(document: sample))))
    let object = try #require(
      JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    #expect(object["type"] as? String == "sample")
    #expect((object["data"] as? [String: String]) == ["title": "One"])
  }
}

@Suite("Tables narrower than their cells")
struct NarrowTableTests {
  /// `document` as a page, plain, in 40 columns.
  static func render(_ document: PageDocument) -> String {
    TextRenderer(
      style: TextStyle(colorEnabled: false), images: nil, terminalSize: { (40, 24) }
    ).render(CommandOutput.page(ShownPage(SamplePage(document: document))))
  }

  /// Wrapped, not cut: a cut cell could hide what tells two rows apart (issue 39: `where`'s
  /// `weather: thunders…`).
  @Test func theWidestTextColumnWrapsOnTheRowsLinesPaddedToTheColumns() throws {
    let table = PageDocument(
      title: "T",
      blocks: [
        .table(
          .init(
            columns: [.init("Move"), .init("Type"), .init("PP", .right)],
            rows: [
              [Span("A very long move name indeed, really"), Span("Electric"), Span("15")],
              [Span("Short")],
            ]))
      ])
    let shown = Self.render(table)
    let lines = shown.split(separator: "\n").map(String.init)
    #expect(lines.allSatisfy { $0.count <= 40 }, "\(lines)")
    #expect(!shown.contains("…"))
    let first = try #require(lines.firstIndex { $0.hasPrefix("A very long") })
    #expect(lines[first].hasSuffix("Electric 15"))
    #expect(lines[first + 1].hasPrefix("really") || lines[first + 1].contains(" really"))
    #expect(lines.last == "Short")
  }

  @Test func wideCellsAreMeasuredAndWrappedInColumns() {
    let table = PageDocument(
      title: "T",
      blocks: [
        .table(
          .init(
            columns: [.init("Move"), .init("Type"), .init("PP", .right)],
            rows: [
              [Span("１０まんボルト"), Span("でんき"), Span("15")],
              [Span("Thunderbolt"), Span("Electric"), Span("15")],
              [Span("ボルテッカーボルテッカーボルテッカーボルテッカー"), Span("でんき"), Span("15")],
            ]))
      ])
    let shown = Self.render(table)
    let lines = shown.split(separator: "\n").map(String.init).filter { $0.hasSuffix("15") }
    #expect(lines.count == 3)
    #expect(lines.allSatisfy { DisplayWidth.of($0) == DisplayWidth.of(lines[1]) }, "\(lines)")
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= 40 })
    #expect(!shown.contains("…"))
    #expect(shown.hasSuffix("\nテッカーボルテッカー"), "\(shown)")
  }
}

@Suite("The species page's parts, for any page")
struct ProfileBlockTests {
  /// A kind's page may be laid out as the species page is: facts in a column ten wide, items
  /// wrapped under the first and cut, bars, a paragraph without a heading.
  @Test func factsBarsAndTextAreDrawnAsOnTheSpeciesPage() {
    var document = PageDocument(
      title: "Team member",
      badges: [Span("  "), Span("#25", .dim), Span("  "), Span("legendary", .warning)],
      subtitle: "Mouse Pokémon", warning: "Pikachu came in Generation I.",
      blocks: [
        .facts([
          .init("Type", .line([Span("Electric", .type("electric"))])),
          .init(
            "Forms",
            .items(
              (1...20).map { [Span("Pikachu-Form-\($0)")] }, maxLines: 1, kept: [19])),
        ]),
        .bars(.init(heading: "Base stats", rows: [.init("Speed", 90)], total: .init("Total", 90))),
        .text("“A quote that is long enough to wrap at a narrow width, under the facts.”", .dim),
      ])
    document.tight = true
    let text = TextRenderer(
      style: TextStyle(colorEnabled: false), images: nil, terminalSize: { (50, 40) }
    ).render(CommandOutput.page(ShownPage(SamplePage(document: document))))
    let lines = text.components(separatedBy: "\n")
    #expect(lines[0] == "Team member  #25  legendary")
    #expect(lines[1] == "Mouse Pokémon")
    #expect(lines[2] == "Pikachu came in Generation I.")
    // Tight: no blank line under the header.
    #expect(lines[3] == "Type      Electric")
    // One line of forms, the kept one first, the rest counted.
    #expect(lines[4].hasPrefix("Forms     ") && lines[4].contains("Pikachu-Form-20"))
    #expect(lines[4].contains("more") && lines[5] == "")
    #expect(lines[6] == "Base stats")
    #expect(lines[7] == "Speed      90  ████████░░░░░░░░░░░░")
    #expect(lines[8] == "Total      90")
    #expect(lines[9] == "")
    #expect(lines.dropFirst(10).allSatisfy { $0.count <= 48 } && lines.count == 12)
  }
}

@Suite("A long paragraph")
struct LongParagraphTests {
  /// A Pokédex text is a paragraph: wrapped whole, never cut as a name is (at 200 characters).
  @Test func aTextLongerThanANameIsWrappedWhole() {
    let long = (1...60).map { "word\($0)" }.joined(separator: " ")
    let document = PageDocument(title: "Long", blocks: [.text(long, .plain)])
    let text = TextRenderer(
      style: TextStyle(colorEnabled: false), images: nil, terminalSize: { (80, 60) }
    ).render(CommandOutput.page(ShownPage(SamplePage(document: document))))
    #expect(text.contains("word60") && !text.contains("…"))
  }
}

@Suite("Evolution image failures")
struct EvolutionFailureTests {
  @Test func aSpeciesWithoutAnImageIsNamedOnce() {
    let text = TextRenderer(style: TextStyle(colorEnabled: false), images: nil).render(
      CommandOutput.evolution(
        tree,
        images: EvolutionImages(failures: [
          .init(speciesID: 150, displayName: "Mewtwo", error: .notFound(speciesID: 150))
        ])))
    #expect(text.contains("✗ #150 Mewtwo: No image exists."))
    #expect(!text.contains("for #150"))
  }
}

@Suite("One unit system for sizes")
struct ByteSizeTests {
  @Test func powersOf1024AsTheReadmeWritesThem() {
    #expect(Measures.bytes(0) == "0 bytes")
    #expect(Measures.bytes(1) == "1 byte")
    #expect(Measures.bytes(512) == "512 bytes")
    #expect(Measures.bytes(3_584) == "3.5 KB")
    #expect(Measures.bytes(268_435_456) == "256 MB")
    #expect(Measures.bytes(12 << 20) == "12 MB")
  }

  @Test func theCacheSaysItsBoundAsTheReadmeDoes() {
    let text = TextRenderer(style: TextStyle(colorEnabled: false), images: nil).render(
      CommandOutput.cache(
        CacheStatistics(
          entries: 0, bytes: 0, hits: 0, misses: 0, oldestEntry: nil, isPersistent: true,
          limitBytes: 268_435_456)))
    #expect(text.contains("0 bytes of 256 MB"))
    #expect(!text.contains("Zero"))
  }
}
