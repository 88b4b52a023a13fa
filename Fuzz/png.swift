// libFuzzer target: the image path. Any bytes must decode to a bounded RGBA image or throw one
// PNGDecodingError; what decodes must render through libchafa in every mode it draws.
import Foundation
import Images

private let decoder = LibPNGDecoder(maxBytes: 1 << 20, maxSide: 512)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let png = Data(UnsafeBufferPointer(start: data, count: size))
  guard let image = try? decoder.decode(png) else { return 0 }
  precondition(image.pixels.count == image.width * image.height * 4)
  let outputs: [ChafaImageRenderer.Output] = [
    .blocks(.trueColor), .blocks(.palette256), .symbols(.trueColor), .symbols(.palette16),
    .sixels(cell: .typical),
  ]
  for output in outputs {
    _ = ChafaImageRenderer(output).render(image, png: png, maxColumns: 40, maxRows: 20)
  }
  return 0
}
