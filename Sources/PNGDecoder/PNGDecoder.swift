import Foundation

/// Decoded pixels: `width × height` straight (non-premultiplied) RGBA, row-major.
public struct RGBAImage: Sendable, Hashable {
  public var width: Int
  public var height: Int
  public var pixels: [UInt8]

  public init(width: Int, height: Int, pixels: [UInt8]) {
    precondition(pixels.count == width * height * 4, "RGBA buffer size mismatch")
    self.width = width
    self.height = height
    self.pixels = pixels
  }
}

/// Decodes PNG bytes into RGBA pixels.
public protocol PNGDecoder: Sendable {
  func decode(_ data: Data) throws -> RGBAImage
}
