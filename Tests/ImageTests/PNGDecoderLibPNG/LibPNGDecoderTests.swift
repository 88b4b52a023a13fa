import Foundation
import Images
import Testing

@Suite("LibPNGDecoder")
struct LibPNGDecoderTests {
  let decoder = LibPNGDecoder()

  /// RGBA bytes for `pixels` given as (r, g, b, a) tuples.
  func rgba(_ pixels: [(UInt8, UInt8, UInt8, UInt8)]) -> [UInt8] {
    pixels.flatMap { [$0.0, $0.1, $0.2, $0.3] }
  }

  @Test("an 8-bit palette image with tRNS (like the real sprites) decodes to straight RGBA")
  func paletteWithTransparency() throws {
    let png = TestPNGEncoder(
      width: 3, height: 2, colorType: .palette,
      palette: [(0, 0, 0), (255, 0, 0), (10, 200, 30), (40, 50, 60)],
      paletteAlpha: [0, 255, 128],
      samples: [0, 1, 2, 3, 2, 1]
    ).encode()
    let image = try decoder.decode(png)
    #expect(image.width == 3)
    #expect(image.height == 2)
    #expect(image.pixel(x: 0, y: 0).alpha == 0)
    #expect(image.pixel(x: 1, y: 0) == RGBAPixel(red: 255, green: 0, blue: 0, alpha: 255))
    #expect(image.pixel(x: 2, y: 0) == RGBAPixel(red: 10, green: 200, blue: 30, alpha: 128))
    // Entries past the end of tRNS are opaque.
    #expect(image.pixel(x: 0, y: 1) == RGBAPixel(red: 40, green: 50, blue: 60, alpha: 255))
    #expect(image.pixel(x: 2, y: 1) == RGBAPixel(red: 255, green: 0, blue: 0, alpha: 255))
  }

  @Test("an RGBA image keeps its exact pixels")
  func rgbaImage() throws {
    let pixels = rgba([(1, 2, 3, 255), (250, 128, 0, 0), (9, 8, 7, 200), (0, 0, 0, 255)])
    let png = TestPNGEncoder(width: 2, height: 2, colorType: .rgba, samples: pixels).encode()
    let image = try decoder.decode(png)
    #expect(image.width == 2 && image.height == 2)
    #expect(image.pixel(x: 0, y: 0) == RGBAPixel(red: 1, green: 2, blue: 3, alpha: 255))
    #expect(image.pixel(x: 1, y: 0).alpha == 0)
    #expect(image.pixel(x: 0, y: 1) == RGBAPixel(red: 9, green: 8, blue: 7, alpha: 200))
    #expect(image.pixel(x: 1, y: 1) == RGBAPixel(red: 0, green: 0, blue: 0, alpha: 255))
  }

  @Test("an RGB image becomes opaque RGBA")
  func rgbImage() throws {
    let png = TestPNGEncoder(
      width: 2, height: 1, colorType: .rgb, samples: [10, 20, 30, 200, 100, 50]
    ).encode()
    let image = try decoder.decode(png)
    #expect(image.pixels == [10, 20, 30, 255, 200, 100, 50, 255])
  }

  @Test("grey and grey + alpha images become grey RGBA")
  func greyImages() throws {
    let grey = try decoder.decode(
      TestPNGEncoder(width: 3, height: 1, colorType: .grey, samples: [0, 128, 255]).encode())
    #expect(grey.pixels == [0, 0, 0, 255, 128, 128, 128, 255, 255, 255, 255, 255])

    let greyAlpha = try decoder.decode(
      TestPNGEncoder(width: 2, height: 1, colorType: .greyAlpha, samples: [77, 255, 200, 0])
        .encode())
    #expect(greyAlpha.pixel(x: 0, y: 0) == RGBAPixel(red: 77, green: 77, blue: 77, alpha: 255))
    #expect(greyAlpha.pixel(x: 1, y: 0).alpha == 0)
  }

  @Test("an Adam7-interlaced image decodes to the same pixels as a plain one")
  func interlaced() throws {
    let width = 11
    let height = 9
    var samples: [UInt8] = []
    for y in 0..<height {
      for x in 0..<width {
        samples += [UInt8(x * 20), UInt8(y * 25), UInt8((x * y) % 256), 255]
      }
    }
    var encoder = TestPNGEncoder(width: width, height: height, colorType: .rgba, samples: samples)
    let plain = try decoder.decode(encoder.encode())
    encoder.interlaced = true
    let interlacedPNG = encoder.encode()
    #expect(interlacedPNG[28] == 1, "IHDR says Adam7")
    let image = try decoder.decode(interlacedPNG)
    #expect(image == plain)
    #expect(image.pixels == samples)
  }

  @Test("bytes without the PNG signature are refused as not a PNG")
  func notPNG() {
    let gif = Data("GIF89a\u{01}\u{00}\u{01}\u{00}".utf8)
    #expect(throws: PNGDecodingError.notPNG) { try decoder.decode(gif) }
    #expect(throws: PNGDecodingError.notPNG) { try decoder.decode(Data()) }
    let html = Data("<html><body>404 Not Found</body></html>".utf8)
    #expect(throws: PNGDecodingError.notPNG) { try decoder.decode(html) }
  }

  @Test("files over 5 MB are refused before decoding")
  func tooLarge() {
    var big = TestPNGEncoder(width: 1, height: 1, colorType: .grey, samples: [0]).encode()
    big.append(Data(count: 5 * 1024 * 1024))
    #expect(throws: PNGDecodingError.tooLarge(bytes: big.count, limit: 5 * 1024 * 1024)) {
      try decoder.decode(big)
    }
  }

  @Test("images wider or taller than 2048 px are refused")
  func tooManyPixels() throws {
    let wide = TestPNGEncoder(
      width: 2049, height: 1, colorType: .grey, samples: [UInt8](repeating: 9, count: 2049)
    ).encode()
    #expect(throws: PNGDecodingError.tooManyPixels(width: 2049, height: 1, maxSide: 2048)) {
      try decoder.decode(wide)
    }
    let tall = TestPNGEncoder(
      width: 1, height: 3000, colorType: .grey, samples: [UInt8](repeating: 9, count: 3000)
    ).encode()
    #expect(throws: PNGDecodingError.tooManyPixels(width: 1, height: 3000, maxSide: 2048)) {
      try decoder.decode(tall)
    }
    let limit = TestPNGEncoder(
      width: 2048, height: 1, colorType: .grey, samples: [UInt8](repeating: 9, count: 2048)
    ).encode()
    #expect(try decoder.decode(limit).width == 2048)
  }

  @Test("a truncated file is refused as damaged")
  func truncated() {
    let png = TestPNGEncoder(
      width: 8, height: 8, colorType: .rgba, samples: [UInt8](repeating: 200, count: 256)
    ).encode()
    for length in [8, 20, 40, png.count / 2, png.count - 13] {
      #expect(throws: PNGDecodingError.self, "cut at \(length)") {
        try decoder.decode(png.prefix(length))
      }
      #expect(
        (try? decoder.decode(png.prefix(length))) == nil,
        "cut at \(length) must not decode")
    }
  }

  @Test("a file with a damaged chunk is refused with a reason")
  func corrupt() throws {
    let png = TestPNGEncoder(
      width: 4, height: 4, colorType: .rgb, samples: [UInt8](repeating: 7, count: 48)
    ).encode()
    var damaged = png
    damaged[damaged.count - 20] ^= 0xFF  // inside IDAT: its CRC no longer matches
    do {
      _ = try decoder.decode(damaged)
      Issue.record("a damaged file decoded")
    } catch {
      guard case .corrupt(let detail) = error else {
        Issue.record("expected .corrupt, got \(error)")
        return
      }
      #expect(!detail.isEmpty)
    }
  }
}
