// libFuzzer target: the image path. Any bytes must decode to a bounded RGBA image or throw one
// PNGDecodingError; what decodes must render as half blocks in both colour depths.
import Foundation
import PNGDecoder
import PNGDecoderLibPNG
import TerminalImages

private let decoder = LibPNGDecoder(maxBytes: 1 << 20, maxSide: 512)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let png = Data(UnsafeBufferPointer(start: data, count: size))
  guard let image = try? decoder.decode(png) else { return 0 }
  precondition(image.pixels.count == image.width * image.height * 4)
  for depth in [HalfBlockImageRenderer.ColorDepth.trueColor, .palette256] {
    _ = HalfBlockImageRenderer(colorDepth: depth).render(
      image, png: png, maxColumns: 40, maxRows: 20)
  }
  return 0
}
