import Foundation
import PNGDecoder
import TerminalImages
import Testing

@Suite("Half-block rendering")
struct HalfBlockImageRendererTests {
  typealias Cell = TerminalScreen.Cell
  let trueColor = HalfBlockImageRenderer(colorDepth: .trueColor)
  let palette = HalfBlockImageRenderer(colorDepth: .palette256)

  func draw(
    _ renderer: HalfBlockImageRenderer, _ picture: RGBAImage, columns: Int = 80, rows: Int = 40
  ) -> TerminalScreen {
    TerminalScreen(renderer.render(picture, png: Data(), maxColumns: columns, maxRows: rows))
  }

  @Test("two pixels a cell: upper is the ▀ foreground, lower its background; borders cropped")
  func cellsInTrueColor() {
    let picture = image([
      [nil, nil, nil, nil],
      [nil, red, green, nil],
      [nil, blue, nil, nil],
      [nil, nil, nil, nil],
    ])
    let screen = draw(trueColor, picture)
    #expect(screen.unknownEscapes.isEmpty)
    #expect(screen.lines.count == 1)
    #expect(
      screen.lines[0] == [
        Cell(glyph: "▀", foreground: .rgb(255, 0, 0), background: .rgb(0, 0, 255)),
        Cell(glyph: "▀", foreground: .rgb(0, 255, 0), background: .terminalDefault),
      ])
    #expect(screen.resetAtEveryLineEnd)
  }

  @Test("only the lower pixel visible gives ▄ in its colour; neither gives a blank cell")
  func lowerHalfAndBlank() {
    let picture = image([
      [red, nil, nil, white],
      [nil, nil, green, white],
      [blue, nil, nil, nil],
    ])
    let screen = draw(trueColor, picture)
    #expect(screen.glyphs == ["▀ ▄▀", "▀   "])
    #expect(
      screen.lines[0][0]
        == Cell(glyph: "▀", foreground: .rgb(255, 0, 0), background: .terminalDefault))
    #expect(screen.lines[0][1].background == .terminalDefault)
    #expect(
      screen.lines[0][2]
        == Cell(glyph: "▄", foreground: .rgb(0, 255, 0), background: .terminalDefault))
    #expect(
      screen.lines[0][3]
        == Cell(glyph: "▀", foreground: .rgb(255, 255, 255), background: .rgb(255, 255, 255)))
    // The odd last row: its missing lower half is transparent.
    #expect(
      screen.lines[1][0]
        == Cell(glyph: "▀", foreground: .rgb(0, 0, 255), background: .terminalDefault))
    #expect(screen.lines[1][1...].allSatisfy { $0.background == .terminalDefault })
    #expect(screen.resetAtEveryLineEnd)
  }

  @Test("pixels with alpha below 128 are not drawn")
  func alphaThreshold() {
    let faint = RGBAImage(
      width: 2, height: 2,
      pixels: [
        255, 0, 0, 127, 0, 255, 0, 128,
        0, 0, 255, 255, 9, 9, 9, 0,
      ])
    let screen = draw(trueColor, faint)
    #expect(screen.glyphs == ["▄▀"])
    #expect(screen.lines[0][0].foreground == .rgb(0, 0, 255))
    #expect(
      screen.lines[0][1]
        == Cell(glyph: "▀", foreground: .rgb(0, 255, 0), background: .terminalDefault))
  }

  @Test("the 256-colour fallback writes palette indexes")
  func palette256() {
    let picture = image([[red, white], [blue, nil]])
    let screen = draw(palette, picture)
    #expect(
      screen.lines == [
        [
          Cell(glyph: "▀", foreground: .palette(196), background: .palette(21)),
          Cell(glyph: "▀", foreground: .palette(231), background: .terminalDefault),
        ]
      ])
  }

  @Test("a large image is scaled down to the columns and rows given")
  func fitsBounds() {
    let big = RGBAImage(
      width: 96, height: 96, pixels: [UInt8](repeating: 200, count: 96 * 96 * 4))
    let screen = draw(trueColor, big, columns: 30, rows: 10)
    #expect(screen.lines.count == 10)
    #expect(screen.lines.allSatisfy { $0.count == 20 })
    #expect(screen.lines[0][0].foreground == .rgb(200, 200, 200))

    let narrow = draw(trueColor, big, columns: 12, rows: 40)
    #expect(narrow.lines.allSatisfy { $0.count == 12 })
    #expect(narrow.lines.count == 6)

    let small = draw(trueColor, image([[red, red], [red, red]]), columns: 80, rows: 40)
    #expect(small.glyphs == ["▀▀"], "small images are never scaled up")
  }

  @Test("a fully transparent image draws nothing")
  func empty() {
    #expect(
      trueColor.render(image([[nil, nil], [nil, nil]]), png: Data(), maxColumns: 80, maxRows: 40)
        == "")
  }
}

@Suite("Image operations")
struct ImageOperationsTests {
  @Test("cropping removes fully transparent outer rows and columns only")
  func crop() {
    let picture = image([
      [nil, nil, nil, nil, nil],
      [nil, red, nil, nil, nil],
      [nil, nil, nil, blue, nil],
      [nil, nil, nil, nil, nil],
    ])
    let cropped = cropTransparentBorders(picture)
    #expect(cropped == image([[red, nil, nil], [nil, nil, blue]]))
  }

  @Test("cropping treats alpha below 128 as transparent and keeps a tight image as it is")
  func cropThreshold() {
    let faintBorder = RGBAImage(
      width: 3, height: 1,
      pixels: [
        1, 1, 1, 127, 2, 2, 2, 128, 3, 3, 3, 0,
      ])
    #expect(
      cropTransparentBorders(faintBorder) == RGBAImage(width: 1, height: 1, pixels: [2, 2, 2, 128]))
    let tight = image([[red, nil], [nil, blue]])
    #expect(cropTransparentBorders(tight) == tight)
    let invisible = image([[nil, nil]])
    #expect(cropTransparentBorders(invisible).width == 0)
    #expect(cropTransparentBorders(invisible).height == 0)
  }

  @Test("downscaling averages boxes, keeps the aspect ratio and never scales up")
  func boxFilter() {
    let blocks = image([
      [red, red, blue, blue],
      [red, red, blue, blue],
      [green, green, white, white],
      [green, green, white, white],
    ])
    #expect(downscale(blocks, maxWidth: 2, maxHeight: 2) == image([[red, blue], [green, white]]))

    let mixed = image([[(200, 0, 0), (0, 0, 100)]])
    #expect(downscale(mixed, maxWidth: 1, maxHeight: 1).pixels == [100, 0, 50, 255])

    let wide = RGBAImage(
      width: 100, height: 50, pixels: [UInt8](repeating: 255, count: 100 * 50 * 4))
    let fitted = downscale(wide, maxWidth: 10, maxHeight: 10)
    #expect(fitted.width == 10 && fitted.height == 5)
    #expect(downscale(blocks, maxWidth: 50, maxHeight: 50) == blocks)
  }

  @Test("transparent neighbours do not darken the averaged colour")
  func alphaWeighted() {
    let edge = image([[red, nil]])
    let pixel = downscale(edge, maxWidth: 1, maxHeight: 1).pixel(x: 0, y: 0)
    #expect(pixel == RGBAPixel(red: 255, green: 0, blue: 0, alpha: 128))
  }

  @Test(
    "256-colour mapping picks the nearest cube colour (16+36r+6g+b) or grey ramp entry",
    arguments: [
      ((0, 0, 0), 16), ((255, 255, 255), 231), ((255, 0, 0), 196), ((0, 255, 0), 46),
      ((0, 0, 255), 21), ((95, 135, 175), 67), ((250, 130, 90), 209),
      ((128, 128, 128), 244), ((8, 8, 8), 232), ((238, 238, 238), 255), ((60, 60, 62), 237),
    ] as [((UInt8, UInt8, UInt8), Int)])
  func paletteMapping(color: (UInt8, UInt8, UInt8), expected: Int) {
    #expect(paletteIndex(red: color.0, green: color.1, blue: color.2) == expected)
  }
}
