import Foundation
import Images
import Testing

/// Bytes standing in for a PNG file: the graphics renderers pass them through unchanged.
func fakePNG(count: Int) -> Data {
  Data((0..<count).map { UInt8(truncatingIfNeeded: $0 * 31 + 7) })
}

let sprite = RGBAImage(width: 96, height: 96, pixels: [UInt8](repeating: 255, count: 96 * 96 * 4))

/// The kitty escapes in `text`: (control keys, payload).
func kittyEscapes(_ text: String) -> [(control: String, payload: String)] {
  var result: [(String, String)] = []
  var rest = Substring(text)
  while let start = rest.range(of: "\u{1B}_G") {
    guard let end = rest.range(of: "\u{1B}\\", range: start.upperBound..<rest.endIndex) else {
      break
    }
    let body = rest[start.upperBound..<end.lowerBound]
    let parts = body.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
    result.append((String(parts[0]), parts.count > 1 ? String(parts[1]) : ""))
    rest = rest[end.upperBound...]
  }
  return result
}

@Suite("kitty graphics protocol")
struct KittyImageRendererTests {
  let renderer = KittyImageRenderer()

  @Test("the PNG travels in base64 chunks of at most 4096 characters, m=1 until the last m=0")
  func chunking() throws {
    let png = fakePNG(count: 10_000)  // 13 336 base64 characters: 4 chunks
    let output = renderer.render(sprite, png: png, maxColumns: 80, maxRows: 30)
    let escapes = kittyEscapes(output)
    #expect(escapes.count == 4)
    #expect(escapes[0].control == "a=T,f=100,q=2,c=60,r=30,m=1")
    #expect(escapes[1].control == "m=1")
    #expect(escapes[2].control == "m=1")
    #expect(escapes[3].control == "m=0")
    #expect(escapes.map(\.payload.count) == [4096, 4096, 4096, 1048])
    let joined = escapes.map(\.payload).joined()
    #expect(Data(base64Encoded: joined) == png)
    // Nothing but the escapes is written.
    let rebuilt = escapes.map { "\u{1B}_G\($0.control);\($0.payload)\u{1B}\\" }.joined()
    #expect(output == rebuilt)
  }

  @Test("a small PNG is one escape with m=0")
  func singleChunk() {
    let png = fakePNG(count: 300)
    let escapes = kittyEscapes(renderer.render(sprite, png: png, maxColumns: 80, maxRows: 30))
    #expect(escapes.count == 1)
    #expect(escapes[0].control == "a=T,f=100,q=2,c=60,r=30,m=0")
    #expect(Data(base64Encoded: escapes[0].payload) == png)
  }

  @Test("exactly 4096 characters fit one chunk; one more needs a second")
  func chunkBoundary() {
    let exact = kittyEscapes(
      renderer.render(sprite, png: fakePNG(count: 3072), maxColumns: 80, maxRows: 30))
    #expect(exact.map(\.control) == ["a=T,f=100,q=2,c=60,r=30,m=0"])
    let over = kittyEscapes(
      renderer.render(sprite, png: fakePNG(count: 3073), maxColumns: 80, maxRows: 30))
    #expect(over.map(\.control) == ["a=T,f=100,q=2,c=60,r=30,m=1", "m=0"])
    #expect(over[1].payload.count == 4)
  }

  /// A 96-pixel sprite in the 42 × 21 cells left for it beside the details fills them, not a
  /// corner of about 12 × 6.
  @Test("a sprite is scaled up to fill the cells it is given")
  func scaledUpToFill() {
    let escapes = kittyEscapes(
      renderer.render(sprite, png: fakePNG(count: 100), maxColumns: 42, maxRows: 21))
    #expect(escapes[0].control == "a=T,f=100,q=2,c=42,r=21,m=0")
  }

  @Test("an image too big for the terminal is scaled to a number of columns")
  func scaledToFit() {
    let huge = RGBAImage(
      width: 2000, height: 1000, pixels: [UInt8](repeating: 0, count: 2000 * 1000 * 4))
    let escapes = kittyEscapes(
      renderer.render(huge, png: fakePNG(count: 100), maxColumns: 80, maxRows: 30))
    #expect(escapes[0].control == "a=T,f=100,q=2,c=80,r=20,m=0")
  }
}

@Suite("iTerm2 inline images")
struct ITerm2ImageRendererTests {
  @Test("one OSC 1337 escape: inline, byte size, aspect ratio kept, base64 PNG, BEL")
  func header() throws {
    let png = fakePNG(count: 5_000)
    let output = ITerm2ImageRenderer().render(sprite, png: png, maxColumns: 80, maxRows: 30)
    let prefix = "\u{1B}]1337;File=inline=1;size=5000;width=60;height=30;preserveAspectRatio=1:"
    #expect(output.hasPrefix(prefix))
    #expect(output.hasSuffix("\u{07}"))
    let payload = output.dropFirst(prefix.count).dropLast()
    #expect(Data(base64Encoded: String(payload)) == png)
  }

  @Test("an image too big for the terminal gets a width in cells")
  func scaledToFit() {
    let tall = RGBAImage(
      width: 100, height: 2000, pixels: [UInt8](repeating: 0, count: 100 * 2000 * 4))
    let output = ITerm2ImageRenderer().render(
      tall, png: fakePNG(count: 10), maxColumns: 80, maxRows: 25)
    #expect(
      output.hasPrefix(
        "\u{1B}]1337;File=inline=1;size=10;width=2;height=25;preserveAspectRatio=1:"))
  }
}
