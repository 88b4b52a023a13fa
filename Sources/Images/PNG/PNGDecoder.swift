import Foundation

/// Decoded pixels: `width × height` straight (non-premultiplied) RGBA, row-major.
public struct RGBAImage: Sendable, Hashable {
  public var width: Int
  public var height: Int
  public var pixels: [UInt8]

  /// Wraps `pixels`, which must hold exactly `width × height × 4` bytes.
  public init(width: Int, height: Int, pixels: [UInt8]) {
    precondition(width >= 0 && height >= 0, "negative image size")
    precondition(pixels.count == width * height * 4, "RGBA buffer size mismatch")
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// The pixel at column `x`, row `y`.
  public func pixel(x: Int, y: Int) -> RGBAPixel {
    let index = (y * width + x) * 4
    return RGBAPixel(
      red: pixels[index], green: pixels[index + 1], blue: pixels[index + 2],
      alpha: pixels[index + 3])
  }
}

/// One straight-alpha pixel.
public struct RGBAPixel: Sendable, Hashable {
  public var red: UInt8
  public var green: UInt8
  public var blue: UInt8
  public var alpha: UInt8

  /// A pixel from its four channels.
  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }
}

/// Why PNG bytes were refused. Every decoder reports these cases.
public enum PNGDecodingError: Error, Sendable, Equatable {
  /// The bytes do not start with the PNG signature.
  case notPNG
  /// The file is larger than the decoder's byte limit.
  case tooLarge(bytes: Int, limit: Int)
  /// The image has a side longer than the decoder's limit.
  case tooManyPixels(width: Int, height: Int, maxSide: Int)
  /// The file is a PNG but damaged or cut off; `detail` comes from the decoder.
  case corrupt(detail: String)
  /// The decoder's library cannot be loaded; `reason` says why.
  case unavailable(reason: String)
}

/// Decodes PNG bytes into RGBA pixels.
public protocol PNGDecoder: Sendable {
  /// Decodes `data`, refusing anything that is not a valid PNG within the decoder's limits.
  func decode(_ data: Data) throws(PNGDecodingError) -> RGBAImage
}
