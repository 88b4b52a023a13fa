import Foundation
import Images
import Testing

/// Our own small PNGs (a 16×16 ball with transparent corners, a 24×12 gradient with a
/// transparent border), decoded by libpng as the app does.
enum Fixture: String, CaseIterable, Sendable {
  case ball, gradient

  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

  var image: RGBAImage {
    get throws {
      let data = try Data(contentsOf: Self.directory.appending(path: "Fixtures/\(rawValue).png"))
      return try LibPNGDecoder().decode(data)
    }
  }
}

/// Every output mode chafa draws, with the name of its golden file.
let modes: [(name: String, output: ChafaImageRenderer.Output)] = [
  ("sixel", .sixels(cell: .init(width: 8, height: 16))),
  ("symbols-truecolor", .symbols(.trueColor)), ("symbols-256", .symbols(.palette256)),
  ("symbols-16", .symbols(.palette16)),
  ("blocks-truecolor", .blocks(.trueColor)), ("blocks-256", .blocks(.palette256)),
]

@Suite("Images through libchafa")
struct ChafaRendererTests {
  func render(_ fixture: Fixture, _ output: ChafaImageRenderer.Output) throws -> String {
    ChafaImageRenderer(output).render(try fixture.image, png: Data(), maxColumns: 20, maxRows: 8)
  }

  /// The output is the same every time, and the same as the golden file (written afresh with
  /// `POKEDEX_UPDATE_GOLDEN=1`).
  @Test("golden output", arguments: Fixture.allCases, modes.indices)
  func golden(_ fixture: Fixture, _ index: Int) throws {
    let (name, output) = modes[index]
    let text = try render(fixture, output)
    #expect(try render(fixture, output) == text, "deterministic")
    let file = Fixture.directory.appending(path: "Golden/\(fixture.rawValue)-\(name).txt")
    if ProcessInfo.processInfo.environment["POKEDEX_UPDATE_GOLDEN"] == "1" {
      try text.write(to: file, atomically: true, encoding: .utf8)
    }
    #expect(text == (try String(contentsOf: file, encoding: .utf8)))
  }

  @Test func sixelsAreOneDeviceControlString() throws {
    let text = try render(.ball, .sixels(cell: .init(width: 8, height: 16)))
    #expect(text.hasPrefix("\u{1B}P"))
    let introducer = try #require(text.firstIndex(of: "q"))
    #expect(
      text[text.index(text.startIndex, offsetBy: 2)..<introducer].allSatisfy {
        $0.isNumber || $0 == ";"
      })
    #expect(text.hasSuffix("\u{1B}\\"))
  }

  @Test func symbolsUseSextants() throws {
    let text = try render(.ball, .symbols(.trueColor))
    #expect(text.unicodeScalars.contains { (0x1FB00...0x1FB3B).contains($0.value) })
    #expect(!text.contains("\u{1B}P"))
  }

  @Test func blocksUseOnlyHalfBlocksAndSpaces() throws {
    for depth in [ChafaImageRenderer.ColorDepth.trueColor, .palette256] {
      let visible = TerminalScreen(try render(.ball, .blocks(depth))).lines.flatMap { $0 }
      #expect(!visible.isEmpty)
      #expect(visible.allSatisfy { "▀▄ █".contains($0.glyph) })
    }
  }

  @Test func transparentCornersShowTheTerminalsBackground() throws {
    let screen = TerminalScreen(try render(.ball, .blocks(.trueColor)))
    let corner = try #require(screen.lines.first?.first)
    #expect(corner.glyph == " " && corner.background == .terminalDefault)
    #expect(screen.resetAtEveryLineEnd)
  }

  @Test func theImageFillsTheBoundsKeepingItsShape() throws {
    // A 16×16 ball in 20×8 cells of half blocks: 16 pixels tall at 2 a cell is 8 rows.
    let screen = TerminalScreen(try render(.ball, .blocks(.trueColor)))
    #expect(screen.lines.filter { !$0.isEmpty }.count == 8)
    #expect(screen.lines.allSatisfy { $0.count <= 20 })
    // The gradient's transparent border is cropped: 16×8 pixels.
    let gradient = TerminalScreen(try render(.gradient, .blocks(.trueColor)))
    #expect(gradient.lines.filter { !$0.isEmpty }.count <= 8)
  }

  @Test func nothingVisibleDrawsNothing() {
    let empty = RGBAImage(width: 2, height: 2, pixels: Array(repeating: 0, count: 16))
    #expect(
      ChafaImageRenderer(.blocks(.trueColor)).render(empty, png: Data(), maxColumns: 10, maxRows: 5)
        == "")
    let image = RGBAImage(width: 1, height: 1, pixels: [255, 0, 0, 255])
    #expect(
      ChafaImageRenderer(.symbols(.trueColor)).render(image, png: Data(), maxColumns: 0, maxRows: 5)
        == "")
  }
}

@Suite("The renderer for each mode")
struct RendererChoiceTests {
  @Test func eachModeHasItsRendererAndThePathOnlyModeNone() {
    #expect(TerminalImageRenderers.renderer(for: .kitty) is KittyImageRenderer)
    #expect(TerminalImageRenderers.renderer(for: .iterm2) is ITerm2ImageRenderer)
    let cell = ChafaImageRenderer.CellSize(width: 9, height: 18)
    #expect(
      (TerminalImageRenderers.renderer(for: .sixel, cell: cell) as? ChafaImageRenderer)?.output
        == .sixels(cell: cell))
    #expect(
      (TerminalImageRenderers.renderer(for: .symbols(trueColor: false)) as? ChafaImageRenderer)?
        .output == .symbols(.palette256))
    #expect(
      (TerminalImageRenderers.renderer(for: .blocks(trueColor: true)) as? ChafaImageRenderer)?
        .output == .blocks(.trueColor))
    #expect(TerminalImageRenderers.renderer(for: .pathOnly) == nil)
  }
}
