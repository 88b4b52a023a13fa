import CShims
import Foundation

/// Decodes PNG files with libpng's simplified API (`png_image_*`) into straight RGBA.
///
/// Refuses, before any pixel is decoded: anything without the PNG signature, files over
/// `maxBytes`, and images with a side over `maxSide`. Damaged or cut-off files are refused
/// with libpng's own reason. Every PNG colour type decodes (palette with tRNS, grey, grey +
/// alpha, RGB, RGBA, 16-bit, interlaced); 16-bit samples are reduced to 8 bits.
public struct LibPNGDecoder: PNGDecoder {
  /// The largest accepted file, in bytes (default 5 MB).
  public var maxBytes: Int
  /// The largest accepted width or height, in pixels (default 2048).
  public var maxSide: Int

  /// A decoder with the given limits.
  public init(maxBytes: Int = 5 * 1024 * 1024, maxSide: Int = 2048) {
    self.maxBytes = maxBytes
    self.maxSide = maxSide
  }

  /// The eight bytes every PNG file starts with.
  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// Decodes `data` into RGBA pixels or says why it was refused.
  public func decode(_ data: Data) throws(PNGDecodingError) -> RGBAImage {
    guard data.count >= Self.signature.count, data.prefix(8).elementsEqual(Self.signature)
    else { throw .notPNG }
    guard data.count <= maxBytes else { throw .tooLarge(bytes: data.count, limit: maxBytes) }
    if let failure = pdx_png_load() { throw .unavailable(reason: String(cString: failure)) }

    var image = png_image()
    image.version = png_uint_32(PNG_IMAGE_VERSION)
    // libpng keeps no pointer to the input after `png_image_finish_read`/`png_image_free`, so
    // the bytes only need to live for the duration of this call.
    let bytes = [UInt8](data)
    let result: Result<RGBAImage, PNGDecodingError> = bytes.withUnsafeBufferPointer { input in
      defer { pdx_png_image_free(&image) }
      guard let start = input.baseAddress,
        pdx_png_image_begin_read_from_memory(&image, start, input.count) != 0
      else {
        return .failure(.corrupt(detail: Self.message(of: &image)))
      }
      let width = Int(image.width)
      let height = Int(image.height)
      guard width <= maxSide, height <= maxSide else {
        return .failure(.tooManyPixels(width: width, height: height, maxSide: maxSide))
      }
      guard width > 0, height > 0 else { return .failure(.corrupt(detail: "empty image")) }
      // `PNG_FORMAT_RGBA` is a nested macro that Swift does not import.
      image.format = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
      var pixels = [UInt8](repeating: 0, count: width * height * 4)
      let finished = pixels.withUnsafeMutableBytes { output in
        output.baseAddress.map { pdx_png_image_finish_read(&image, $0, 0) } ?? 0
      }
      guard finished != 0 else { return .failure(.corrupt(detail: Self.message(of: &image))) }
      return .success(RGBAImage(width: width, height: height, pixels: pixels))
    }
    return try result.get()
  }

  /// libpng's failure message (a NUL-terminated `char[64]` inside `png_image`), trimmed.
  private static func message(of image: inout png_image) -> String {
    withUnsafeBytes(of: &image.message) { raw in
      let bytes = raw.prefix { $0 != 0 }
      let text = String(decoding: bytes, as: UTF8.self)
      // Keep the sentence printable whatever libpng wrote.
      return String(
        text.unicodeScalars.filter { $0.value >= 0x20 && $0.value < 0x7F }.map(Character.init))
    }
  }
}
