import Foundation

/// A tiny PNG writer for tests: builds files byte by byte (chunks, CRC-32, zlib with stored
/// deflate blocks and Adler-32) so the decoder is checked against files it did not write.
struct TestPNGEncoder {
  /// PNG colour types.
  enum ColorType: UInt8 {
    case grey = 0
    case rgb = 2
    case palette = 3
    case greyAlpha = 4
    case rgba = 6
  }

  var width: Int
  var height: Int
  var colorType: ColorType
  var bitDepth: UInt8 = 8
  var interlaced = false
  /// RGB triples for `PLTE` (palette images).
  var palette: [(UInt8, UInt8, UInt8)] = []
  /// Alpha per palette entry for `tRNS` (palette images).
  var paletteAlpha: [UInt8] = []
  /// Samples per pixel, row-major, in the colour type's layout (one byte per sample, or two
  /// big-endian bytes for 16-bit).
  var samples: [UInt8]

  /// Samples per pixel for the colour type.
  var channels: Int {
    switch colorType {
    case .grey, .palette: return 1
    case .greyAlpha: return 2
    case .rgb: return 3
    case .rgba: return 4
    }
  }

  var bytesPerPixel: Int { channels * Int(bitDepth) / 8 }

  /// The whole file.
  func encode() -> Data {
    var file = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    var header = Data()
    header.appendBigEndian(UInt32(width))
    header.appendBigEndian(UInt32(height))
    header.append(contentsOf: [bitDepth, colorType.rawValue, 0, 0, interlaced ? 1 : 0])
    file.append(Self.chunk("IHDR", header))
    if colorType == .palette {
      file.append(Self.chunk("PLTE", Data(palette.flatMap { [$0.0, $0.1, $0.2] })))
      if !paletteAlpha.isEmpty { file.append(Self.chunk("tRNS", Data(paletteAlpha))) }
    }
    file.append(Self.chunk("IDAT", Self.zlibStored(scanlines())))
    file.append(Self.chunk("IEND", Data()))
    return file
  }

  /// Filter byte 0 plus the row's bytes, for each row of each pass (Adam7 when interlaced).
  func scanlines() -> Data {
    let passes: [(x: Int, y: Int, dx: Int, dy: Int)] =
      interlaced
      ? [
        (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2),
        (0, 1, 1, 2),
      ]
      : [(0, 0, 1, 1)]
    var data = Data()
    for pass in passes {
      let columns = Array(stride(from: pass.x, to: width, by: pass.dx))
      if columns.isEmpty { continue }
      for y in stride(from: pass.y, to: height, by: pass.dy) {
        data.append(0)
        for x in columns {
          let start = (y * width + x) * bytesPerPixel
          data.append(contentsOf: samples[start..<start + bytesPerPixel])
        }
      }
    }
    return data
  }

  static func chunk(_ type: String, _ body: Data) -> Data {
    var chunk = Data()
    chunk.appendBigEndian(UInt32(body.count))
    let typed = Data(type.utf8) + body
    chunk.append(typed)
    chunk.appendBigEndian(crc32(typed))
    return chunk
  }

  static func zlibStored(_ raw: Data) -> Data {
    var out = Data([0x78, 0x01])
    let bytes = [UInt8](raw)
    var offset = 0
    repeat {
      let length = min(65_535, bytes.count - offset)
      let last: UInt8 = offset + length == bytes.count ? 1 : 0
      out.append(last)
      out.append(contentsOf: [UInt8(length & 0xFF), UInt8(length >> 8)])
      out.append(contentsOf: [UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)])
      out.append(contentsOf: bytes[offset..<offset + length])
      offset += length
    } while offset < bytes.count
    out.appendBigEndian(adler32(bytes))
    return out
  }

  static func crc32(_ data: Data) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in data {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }

  static func adler32(_ bytes: [UInt8]) -> UInt32 {
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in bytes {
      a = (a + UInt32(byte)) % 65_521
      b = (b + a) % 65_521
    }
    return b << 16 | a
  }
}

extension Data {
  mutating func appendBigEndian(_ value: UInt32) {
    append(contentsOf: [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) })
  }
}
