import CTestLibraries
import Foundation
import HTTPClient

/// An HTTP client answering from a closure and recording every request.
struct FakeHTTPClient: HTTPClient {
  let log = RequestLog()
  let answer: @Sendable (HTTPRequest) async throws(HTTPError) -> HTTPResponse

  func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    await log.record(request)
    return try await answer(request)
  }
}

/// The requests a fake received.
actor RequestLog {
  private(set) var urls: [URL] = []
  func record(_ request: HTTPRequest) { urls.append(request.url) }
}

/// A PNG written by libpng's simplified write API: `width` × `height` RGBA pixels from
/// `pixel(x, y)`.
func makePNG(
  width: Int, height: Int,
  pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8) = { _, _ in (1, 2, 3, 255) }
) -> Data {
  var pixels: [UInt8] = []
  for y in 0..<height {
    for x in 0..<width {
      let (r, g, b, a) = pixel(x, y)
      pixels += [r, g, b, a]
    }
  }
  var image = png_image()
  image.version = png_uint_32(PNG_IMAGE_VERSION)
  image.width = png_uint_32(width)
  image.height = png_uint_32(height)
  image.format = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
  var size = 0
  guard png_image_write_to_memory(&image, nil, &size, 0, pixels, 0, nil) != 0 else {
    fatalError("libpng could not size the test PNG")
  }
  var memory = [UInt8](repeating: 0, count: size)
  let written = memory.withUnsafeMutableBytes { buffer in
    png_image_write_to_memory(&image, buffer.baseAddress, &size, 0, pixels, 0, nil)
  }
  precondition(written != 0, "libpng could not write the test PNG")
  return Data(memory.prefix(size))
}

/// A fresh directory under the system temporary directory.
func temporaryDirectory() throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent(
    "image-feature-tests-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

/// Every file under `directory`, recursively (empty when it does not exist).
func allFiles(under directory: URL) -> [String] {
  guard let enumerator = FileManager.default.enumerator(atPath: directory.path) else { return [] }
  return enumerator.compactMap { $0 as? String }.sorted()
}
