import DetailFeature
import DetailModels
import Foundation
import ImageFeature
import Images
import Models
import Pages
import Presentation
import Rendering
import Testing

/// Draws a box of `▀` as large as the bounds allow (square: twice as many columns as rows), or,
/// as a picture the terminal places, one escape naming its size.
private struct BoxRenderer: ImageRenderer {
  var drawsPixels = false

  func render(_ image: RGBAImage, png: Data, maxColumns: Int, maxRows: Int) -> String {
    let columns = min(maxColumns, maxRows * 2)
    let rows = columns / 2
    if drawsPixels { return "\u{1B}P0;1q\"\(columns)x\(rows)\u{1B}\\" }
    return Array(repeating: String(repeating: "▀", count: columns), count: rows)
      .joined(separator: "\n")
  }
}

private let charizard = SpeciesDetailViewModel(
  id: 6, name: "charizard", displayName: "Charizard", genus: "Flame Pokémon",
  types: ["Fire", "Flying"], heightCentimetres: 170, weightKilograms: 90.5,
  genderRatio: "87.5% ♂ · 12.5% ♀",
  abilities: [.init(name: "Blaze", isHidden: false), .init(name: "Solar Power", isHidden: true)],
  stats: ["HP", "Attack", "Defense", "Sp. Atk", "Sp. Def", "Speed"].map {
    .init(name: $0, value: 80)
  }, baseStatTotal: 480,
  flavorText: "It spits fire that is hot enough to melt boulders. It may cause forest fires by "
    + "blowing flames.",
  isBaby: false, isLegendary: false, isMythical: false, evolutionChainID: 2)

private let sprite = StoredImage(
  url: URL(fileURLWithPath: "/data/pokedex/sprites/6.png"), png: Data([1]),
  image: RGBAImage(width: 1, height: 1, pixels: [255, 0, 0, 255]))

@Suite("The details with their image fit the terminal")
struct ImageLayoutTests {
  func render(_ columns: Int, _ rows: Int, pixels: Bool = false) -> [String] {
    let renderer = TextRenderer(
      style: TextStyle(colorEnabled: true), images: BoxRenderer(drawsPixels: pixels),
      terminalSize: { (columns, rows) })
    return renderer.render(.detail(charizard, image: .image(sprite))).components(separatedBy: "\n")
  }

  @Test("beside the facts on a wide terminal", arguments: [(120, 40), (200, 50)])
  func beside(_ size: (Int, Int)) {
    let (columns, rows) = size
    let lines = render(columns, rows)
    #expect(lines.count <= rows - 1, "the whole screen fits below the prompt line")
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= columns })
    let title = lines.first { $0.contains("Charizard") } ?? ""
    #expect(title.hasPrefix("▀"), "the image is to the left of the title")
    #expect(lines.contains { $0.hasPrefix("▀") && $0.contains("Base stats") })
  }

  @Test func besideTheFactsAt80x24TooTheImageShrinkingToTheHeight() {
    let lines = render(80, 24)
    #expect(lines.count <= 23)
    #expect(lines.first?.hasPrefix("▀") == true)
    #expect(lines.first?.contains("Charizard") == true)
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= 80 })
  }

  @Test func aboveTheFactsOnANarrowerTerminal() {
    let lines = render(70, 30)
    #expect(lines.first?.hasPrefix("▀") == true)
    let pictureRows = lines.prefix { $0.hasPrefix("▀") }.count
    #expect(pictureRows >= 8)
    #expect(!lines[pictureRows].contains("▀"))
    #expect(lines.count <= 29)
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= 70 })
  }

  @Test func aTallTerminalGivesTheImageTheRoomLeft() {
    let lines = render(70, 60)
    let pictureRows = lines.prefix { $0.hasPrefix("▀") }.count
    #expect(lines.count <= 59)
    #expect(pictureRows > 8)
  }

  @Test func aPictureTheTerminalPlacesGoesBackUpBesideTheText() throws {
    let text = render(120, 40, pixels: true).joined(separator: "\n")
    // The text first, leaving the picture's columns free; a row made below it (so that the
    // picture cannot scroll the screen under the saved cursor); then the picture from the
    // first line, and the cursor back.
    let end = try #require(text.range(of: "\n\u{1B}[A\u{1B}7"))
    let lines = text[..<end.lowerBound].components(separatedBy: "\n")
    #expect(lines.count == 20)
    // The picture as tall as the facts beside it; the Pokédex text under both, the whole width.
    // 17 rows of picture, beside the facts and the blank line under them.
    let picture = 17
    let move = "\u{1B}[\(picture * 2 + 2)C"
    #expect(lines.prefix { $0.hasPrefix(move) }.count == picture + 1)
    #expect(lines.dropFirst(picture + 1).allSatisfy { !$0.hasPrefix(move) && !$0.isEmpty })
    #expect(
      text[end.upperBound...]
        == "\u{1B}[\(lines.count - 1)A\r\u{1B}P0;1q\"\(picture * 2)x\(picture)\u{1B}\\\u{1B}8")
  }

  @Test func withoutColourOnlyThePathIsPrinted() {
    let plain = TextRenderer(style: TextStyle(colorEnabled: false), images: nil)
    let text = plain.render(.detail(charizard, image: .image(sprite)))
    #expect(text.hasSuffix("\nImage     /data/pokedex/sprites/6.png"))
    #expect(!text.contains("\u{1B}"))
  }
}

@Suite("An evolution with its images")
struct EvolutionImagesTests {
  private let tree = EvolutionTreeViewModel(
    chainID: 1, selectedSpeciesID: 1,
    root: EvolutionNode(
      id: 1, name: "bulbasaur", displayName: "Bulbasaur", isBaby: false, isSelected: true,
      children: [
        EvolutionNode(
          id: 2, name: "ivysaur", displayName: "Ivysaur", isBaby: false, isSelected: false,
          ways: [EvolutionWay(conditions: "level 16")],
          children: [
            EvolutionNode(
              id: 3, name: "venusaur", displayName: "Venusaur", isBaby: false,
              isSelected: false, ways: [EvolutionWay(conditions: "level 32")], children: [])
          ])
      ]))

  private var three: EvolutionImages {
    EvolutionImages(stored: [1: sprite, 2: sprite, 3: sprite])
  }

  func render(_ images: EvolutionImages, columns: Int = 100, pixels: Bool = false) -> [String] {
    TextRenderer(
      style: TextStyle(colorEnabled: false), images: BoxRenderer(drawsPixels: pixels),
      terminalSize: { (columns, 40) }
    ).render(.evolution(tree, images: images)).components(separatedBy: "\n")
  }

  @Test func aLineTooWideForTheColumnBesideALargeImageMakesTheImageSmaller() {
    var wide = charizard
    wide.abilities = [.init(name: String(repeating: "Long", count: 20), isHidden: false)]
    let lines = TextRenderer(
      style: TextStyle(colorEnabled: false), images: BoxRenderer(), terminalSize: { (120, 40) }
    ).render(.detail(wide, image: .image(sprite))).components(separatedBy: "\n")
    #expect(lines.first?.hasPrefix("▀") == true)
    #expect(lines.contains { $0.hasPrefix("▀") && $0.contains("Charizard") })
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= 120 })
    #expect(lines.filter { $0.hasPrefix("▀") }.count < 20)
  }

  @Test func threeImagesStandInARowUnderTheTreeWithTheirNames() {
    let lines = render(three)
    let first = try! #require(lines.firstIndex { $0.hasPrefix("▀") })
    #expect(
      lines[first]
        == Array(repeating: String(repeating: "▀", count: 16), count: 3)
        .joined(separator: "  "))
    #expect(lines[first..<(first + 8)].allSatisfy { $0.hasPrefix("▀") })
    #expect(lines[first + 8] == "Bulbasaur         Ivysaur           Venusaur")
    #expect(lines.prefix(first).contains { $0.contains("Venusaur #3  level 32") })
  }

  @Test func aNarrowTerminalPutsThemInSeveralRows() {
    let lines = render(three, columns: 40)
    #expect(lines.contains("Bulbasaur         Ivysaur"))  // two to a row at 40 columns
    #expect(lines.last == "Venusaur")
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= 40 })
  }

  @Test func picturesTheTerminalPlacesAreSetAtTheirColumns() {
    let text = render(three, pixels: true).joined(separator: "\n")
    for column in [1, 19, 37] {
      #expect(text.contains("\u{1B}7\u{1B}[7A\u{1B}[\(column)G\u{1B}P0;1q\"16x8\u{1B}\\\u{1B}8"))
    }
    #expect(text.contains("\n\u{1B}[A\u{1B}7"), "a row made below the block first")
  }

  @Test func onlyTheStoredOnesAreDrawnAndFailuresAreOneLineEach() {
    let images = EvolutionImages(
      stored: [2: sprite],
      failures: [.init(speciesID: 3, displayName: "Venusaur", error: .notFound(speciesID: 3))])
    let lines = render(images)
    #expect(lines.contains { $0.hasPrefix("✗ #3 Venusaur: ") })
    #expect(lines.last == "Ivysaur")
  }

  @Test func withoutImagesThePathsAreListed() {
    let text = TextRenderer(style: TextStyle(colorEnabled: false), images: nil)
      .render(.evolution(tree, images: three))
    #expect(text.contains("Images\n  #1 Bulbasaur  /data/pokedex/sprites/6.png"))
    #expect(!text.contains("\u{1B}"))
  }
}

@Suite("Every screen fits the terminal")
struct ScreenFitTests {
  /// Pikachu with 25 forms and a long Pokédex text.
  private var pikachu: SpeciesDetailViewModel {
    var pikachu = charizard
    pikachu.displayName = "Pikachu"
    pikachu.forms = (0..<25).map { index in
      .init(
        name: "pikachu-form-\(index)", displayName: "Pikachu-Form-\(index)",
        pokemonID: index == 0 ? 25 : 10_080 + index, isDefault: index == 0)
    }
    pikachu.flavorText = String(repeating: "It stores electricity in its cheeks. ", count: 9)
    return pikachu
  }

  func renderer(_ columns: Int, _ rows: Int) -> TextRenderer {
    TextRenderer(
      style: TextStyle(colorEnabled: false), images: BoxRenderer(),
      terminalSize: { (columns, rows) })
  }

  @Test func manyFormsAreCutSoTheImageStandsBesideTheFactsOnAProjector() {
    let lines = renderer(100, 30).render(.detail(pikachu, image: .image(sprite)))
      .components(separatedBy: "\n")
    #expect(lines.count <= 29, "\(lines.joined(separator: "\n"))")
    #expect(lines.first?.hasPrefix("▀") == true)
    #expect(lines.first?.contains("Pikachu") == true)
    let forms = lines.filter { $0.contains("Pikachu-Form-") }.joined(separator: " ")
    #expect(forms.contains("Pikachu-Form-0 ◀"), "the form shown stays")
    #expect(forms.contains(" more"))
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= 100 })
  }

  @Test func theDownloadTipGoesRatherThanTheDetailsBePagedForIt() {
    let tall = renderer(80, 100).render(.detail(charizard, image: .downloadHint))
      .components(separatedBy: "\n")
    #expect(tall.last?.hasPrefix("Tip:") == true)
    let exact = renderer(80, tall.count + 1).render(.detail(charizard, image: .downloadHint))
    #expect(exact.components(separatedBy: "\n") == tall)
    let short = renderer(80, tall.count).render(.detail(charizard, image: .downloadHint))
      .components(separatedBy: "\n")
    #expect(short.count == tall.count - 2)
    #expect(!short.contains { $0.contains("Tip:") })
  }

  @Test func downloadImageDrawsTheImageBesideTheDetailsUnderItsNotesOnOneScreen() {
    let download = ImageDownload(
      imageID: 6, stored: sprite, fetched: true, details: charizard,
      formWithoutImage: "Charizard-Mega-X")
    let lines = renderer(100, 30).render(.downloaded(download)).components(separatedBy: "\n")
    #expect(lines.count <= 29)
    #expect(
      lines.prefix(2) == [
        "No image of Charizard-Mega-X is available; this is Charizard's.",
        "Saved to /data/pokedex/sprites/6.png",
      ])
    #expect(lines.dropFirst(2).first?.hasPrefix("▀") == true)
    #expect(lines.dropFirst(2).first?.contains("Charizard") == true)
    let again = ImageDownload(imageID: 6, stored: sprite, fetched: false, details: charizard)
    let drawn = renderer(100, 30).render(.downloaded(again)).components(separatedBy: "\n")
    #expect(drawn.first == "Already downloaded: sprites/6.png")
    #expect(drawn.dropFirst().first?.hasPrefix("▀") == true, "already there, it is drawn")
  }

  @Test func anEvolutionsImagesShrinkSoTheTreeStaysOnScreen() {
    let children = (0..<8).map { index in
      EvolutionNode(
        id: 134 + index, name: "eeveelution-\(index)", displayName: "Eeveelution \(index)",
        isBaby: false, isSelected: false, ways: [EvolutionWay(conditions: "use a stone")],
        children: [])
    }
    let eevee = EvolutionTreeViewModel(
      chainID: 67, selectedSpeciesID: 133,
      root: EvolutionNode(
        id: 133, name: "eevee", displayName: "Eevee", isBaby: false, isSelected: true,
        children: children))
    let stored = Dictionary(uniqueKeysWithValues: (133...141).map { ($0, sprite) })
    let lines = renderer(100, 24).render(.evolution(eevee, images: EvolutionImages(stored: stored)))
      .components(separatedBy: "\n")
    #expect(lines.count <= 23, "\(lines.joined(separator: "\n"))")
    #expect(lines.first == "Evolution")
    #expect(lines.filter { $0.hasPrefix("▀") }.count >= 4, "no smaller than 4 rows")
    // On a shorter screen, 80 columns, nine pictures go in one row of 3 (issue 50: two rows of
    // 4 made Eevee's tree taller than 80×24, and the pager opened).
    let narrow = renderer(80, 20).render(
      .evolution(eevee, images: EvolutionImages(stored: stored))
    ).components(separatedBy: "\n")
    #expect(narrow.count <= 19, "\(narrow.joined(separator: "\n"))")
    #expect(narrow.first == "Evolution")
  }

  @Test func aPicturePlacedInPixelsGoesUnderTextTooTallToFitForTheSessionToPageTheText() {
    let lines = TextRenderer(
      style: TextStyle(colorEnabled: false), images: BoxRenderer(drawsPixels: true),
      terminalSize: { (80, 16) }
    ).render(.detail(pikachu, image: .image(sprite))).components(separatedBy: "\n")
    #expect(lines.first == "Pikachu  #6")
    #expect(lines.dropLast().allSatisfy { !$0.contains("\u{1B}P") }, "the text comes first")
    #expect(lines.last == "\u{1B}P0;1q\"30x15\u{1B}\\", "then the picture, fitting the screen")
  }
}

/// Issue 39: a presenter at 80×24 never meets the pager for a page that fits once laid out
/// sensibly; the same at 100×30 and 120×40.
@Suite("Every screen at 80×24, 100×30 and 120×40")
struct PresenterSizesTests {
  /// Eevee as the API has it: three abilities, three forms, both matchups, a two-line text.
  static var eevee: SpeciesDetailViewModel {
    var eevee = charizard
    eevee.id = 133
    eevee.name = "eevee"
    eevee.displayName = "Eevee"
    eevee.genus = "Evolution Pokémon"
    eevee.types = ["Normal"]
    eevee.abilities = [
      .init(name: "Run Away", isHidden: false), .init(name: "Adaptability", isHidden: false),
      .init(name: "Anticipation", isHidden: true),
    ]
    eevee.forms = [("eevee", 133), ("eevee-starter", 10159), ("eevee-gmax", 10205)].map {
      .init(
        name: $0.0, displayName: DisplayName.of($0.0), pokemonID: $0.1, isDefault: $0.1 == 133)
    }
    eevee.matchups = TypeMatchups(
      weaknesses: [.init(type: "Fighting", multiplier: 2)], resistances: [],
      immunities: ["Ghost"])
    eevee.flavorText =
      "Harbors the potential to evolve into manifold forms. Within Eevee lies the key to the "
      + "mysteries of Pokémon evolution—I'm certain of it."
    return eevee
  }

  static let sizes = [(80, 24), (100, 30), (120, 40)]

  func render(_ output: CommandOutput, _ columns: Int, _ rows: Int) -> [String] {
    TextRenderer(
      style: TextStyle(colorEnabled: true), images: BoxRenderer(),
      terminalSize: { (columns, rows) }
    ).render(output).components(separatedBy: "\n")
  }

  @Test(arguments: sizes)
  func downloadImageShowsTheTitleOnTheFirstScreenWithoutThePager(_ size: (Int, Int)) {
    let (columns, rows) = size
    let download = ImageDownload(
      imageID: 133, stored: sprite, fetched: true, details: Self.eevee)
    let lines = render(.downloaded(download), columns, rows)
    #expect(lines.count <= rows - 1, "\(columns)×\(rows):\n\(lines.joined(separator: "\n"))")
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= columns })
    #expect(lines.dropFirst().first?.contains("Eevee") == true)
    #expect(lines.contains { $0.contains("mysteries") }, "the text is not dropped")
    // The picture beside the top of the text, larger than the smallest.
    let pictureRows = lines.filter { $0.hasPrefix("▀") }.count
    #expect(pictureRows > 8, "\(pictureRows) rows of picture at \(columns)×\(rows)")
  }

  @Test(arguments: sizes)
  func theDetailsWithoutTheirPictureFit(_ size: (Int, Int)) {
    let (columns, rows) = size
    for image in [DetailImage.downloadHint, .none] {
      let lines = render(.detail(Self.eevee, image: image), columns, rows)
      #expect(lines.count <= rows - 1, "\(columns)×\(rows)")
      #expect(lines.first?.contains("Eevee") == true)
    }
  }

  /// The type chart: 18 rows under its title, subtitle and column heads, and a one-line hint.
  @Test(arguments: sizes)
  func aPageThatFitsButForItsHintIsNotPaged(_ size: (Int, Int)) {
    let (width, rows) = size
    let types = (1...18).map { "Type\($0)" }
    let columns: [PageDocument.Table.Column] =
      [.init("")] + types.map { PageDocument.Table.Column(String($0.prefix(3)), .center) }
    let cells: [[Span]] = types.map { type in [Span(type)] + types.map { _ in Span("·") } }
    let chart = PageDocument(
      title: "Type chart", subtitle: "Attacking type down the side, defending across the top",
      blocks: [.table(.init(columns: columns, rows: cells)), .hint("type NAME · back")])
    let lines = render(.page(ShownPage(SamplePage(document: chart))), width, rows)
    #expect(lines.count <= rows - 1, "\(width)×\(rows):\n\(lines.joined(separator: "\n"))")
    #expect(lines.first == "\u{1B}[1mType chart\u{1B}[0m")
    #expect(lines.contains { $0.hasPrefix("Type18") })
    if rows >= 30 { #expect(lines.last?.contains("type NAME · back") == true) }
  }
}

/// Every kind of output, laid out at the presenter's three sizes: no line wider than the
/// terminal, and none taller than the screen but for the prompt's row.
@Suite("Every output at the presenter's sizes")
struct EveryOutputSizesTests {
  @Test(arguments: PresenterSizesTests.sizes)
  func everyOutputFitsTheScreen(_ size: (Int, Int)) {
    let (columns, rows) = size
    for (index, output) in everyOutput.enumerated() {
      for colour in [true, false] {
        let lines = TextRenderer(
          style: TextStyle(colorEnabled: colour), images: BoxRenderer(),
          terminalSize: { (columns, rows) }
        ).render(output).components(separatedBy: "\n")
        let widest = lines.map(DisplayWidth.of).max() ?? 0
        #expect(
          widest <= columns,
          "output \(index) at \(columns)×\(rows): \(widest) columns\n\(lines.filter { DisplayWidth.of($0) > columns }.joined(separator: "\n"))"
        )
        #expect(
          lines.count <= rows - 1, "output \(index) at \(columns)×\(rows): \(lines.count) rows")
      }
    }
  }
}
