import CShims
import Foundation

/// Undoes an answer's `Content-Encoding` (gzip or deflate) in the task that asked for it.
///
/// libcurl would inflate every answer on its one thread, inside `curl_multi_perform`, which
/// every other transfer waits for: a wave's answers, arriving together, would be inflated one
/// after another, and a large one (a pokemon's) would hold the thread while the next requests
/// wait. Inflated here, an answer costs the task that awaits it, at that task's priority, on
/// whichever core is free, and the thread only moves bytes.
///
/// - Only the encodings asked for are taken (``accepted``); any other is a bad response, as a
///   body that does not inflate, or stops short, is.
/// - The request's body limit holds for the inflated bytes: inflating stops once past it.
/// - Where zlib cannot be loaded (libcurl links it, so this is for form's sake), libcurl
///   inflates, as before (``isAvailable``).
enum ContentDecoding {
  /// Whether answers are inflated here: zlib could be loaded. Asked once per process (first, in
  /// pokedex, on libcurl's thread when it makes the first transfer), so the thread and
  /// ``CurlHTTPClient`` always agree.
  static let isAvailable: Bool = pdx_zlib_load() == nil

  /// The `Accept-Encoding` of every request when answers are inflated here.
  static let accepted = "gzip, deflate"

  /// The largest first guess at an inflated body, from a gzip trailer that says how long it is
  /// (its own word, which is not trusted further: the buffer grows as needed).
  private static let largestGuess = 16 << 20

  /// The most encodings one answer may stack: each is undone over the whole body, so a server
  /// listing thousands would cost that many passes (libcurl has refused more than five since
  /// CVE-2022-32206). pokedex asks for one.
  static let maximumEncodings = 2

  /// `response` with its body as sent before its `Content-Encoding`; unchanged without one (or
  /// with `identity`). Fails with `badResponse` for an unknown encoding, more than
  /// ``maximumEncodings``, or a body that does not inflate whole, and with `tooLarge` for one
  /// longer than `limit` once inflated.
  static func decoded(_ response: HTTPResponse, limit: Int?) -> Result<HTTPResponse, HTTPError> {
    guard let header = response.header("Content-Encoding") else { return .success(response) }
    // Encodings are listed in the order they were applied: undone from the last.
    let encodings = header.split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces).lowercased()
    }.filter { !$0.isEmpty && $0 != "identity" }
    guard encodings.count <= maximumEncodings else { return .failure(.badResponse) }
    var decoded = response
    for encoding in encodings.reversed() {
      guard let format = Format(encoding) else { return .failure(.badResponse) }
      switch inflate(decoded.body, format: format, limit: limit) {
      case .success(let body): decoded.body = body
      case .failure(let error): return .failure(error)
      }
    }
    return .success(decoded)
  }

  /// How a body was compressed.
  enum Format {
    /// A gzip member (RFC 1952).
    case gzip
    /// HTTP's `deflate`: a zlib stream (RFC 1950), or, from some servers, raw deflate (RFC 1951).
    case deflate

    /// The format a `Content-Encoding` token (lowercased) names; nil for one not asked for.
    init?(_ encoding: String) {
      switch encoding {
      case "gzip", "x-gzip": self = .gzip
      case "deflate": self = .deflate
      default: return nil
      }
    }
  }

  /// `data` inflated; bytes after the end of the stream are ignored, as libcurl does.
  static func inflate(_ data: Data, format: Format, limit: Int?) -> Result<Data, HTTPError> {
    if data.isEmpty { return .success(data) }
    guard isAvailable else { return .failure(.badResponse) }
    // 15: the largest window; +32: a zlib or a gzip header, whichever comes.
    let result = inflate(data, windowBits: 15 + 32, format: format, limit: limit)
    guard format == .deflate, result == .failure(.badResponse) else { return result }
    // Raw deflate, without the zlib header the standard asks for.
    return inflate(data, windowBits: -15, format: format, limit: limit)
  }

  private static func inflate(
    _ data: Data, windowBits: Int32, format: Format, limit: Int?
  ) -> Result<Data, HTTPError> {
    // zlib counts what it is given in 32 bits; no answer pokedex takes comes near.
    guard data.count <= Int(uInt.max) else { return .failure(.badResponse) }
    // Past `bound` is too large; the buffer is never more than one byte past it.
    let bound = min(limit ?? Int.max, Int.max / 4)
    var output = Data(count: min(firstGuess(for: data, format: format), bound + 1))
    var produced = 0
    // zlib checks that the stream it is given is the one it set up, by address: the stream
    // lives at one place from the start to the end.
    let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    stream.initialize(to: z_stream())
    defer {
      stream.deinitialize(count: 1)
      stream.deallocate()
    }
    guard pdx_inflate_init(stream, windowBits) == Z_OK else { return .failure(.badResponse) }
    defer { pdx_inflate_end(stream) }
    return data.withUnsafeBytes { input -> Result<Data, HTTPError> in
      guard let start = input.bindMemory(to: Bytef.self).baseAddress else {
        return .failure(.badResponse)
      }
      stream.pointee.next_in = UnsafeMutablePointer(mutating: start)
      stream.pointee.avail_in = uInt(input.count)
      while true {
        if produced == output.count {
          guard output.count <= bound else { return .failure(.tooLarge(limit: bound)) }
          output.count = min(output.count * 2, bound + 1)
        }
        let status = output.withUnsafeMutableBytes { buffer in
          let space = buffer.bindMemory(to: Bytef.self)
          let given = uInt(min(space.count - produced, Int(uInt.max)))
          stream.pointee.next_out = space.baseAddress! + produced
          stream.pointee.avail_out = given
          let status = pdx_inflate(stream, Z_NO_FLUSH)
          produced += Int(given - stream.pointee.avail_out)
          return status
        }
        if produced > bound { return .failure(.tooLarge(limit: bound)) }
        switch status {
        case Z_STREAM_END:
          output.count = produced
          return .success(output)
        case Z_OK where stream.pointee.avail_in > 0 || stream.pointee.avail_out == 0:
          continue
        case Z_BUF_ERROR where stream.pointee.avail_out == 0:
          continue
        default:
          // A corrupt stream, or one that stops short (the input ran out first).
          return .failure(.badResponse)
        }
      }
    }
  }

  /// How large a buffer to inflate `data` into first: a gzip member's trailer gives its length
  /// (modulo 4 GiB), and one byte more lets inflating see the end without growing it; otherwise
  /// four times the compressed size, at least 16 KB.
  private static func firstGuess(for data: Data, format: Format) -> Int {
    let fallback = max(16 << 10, min(data.count, largestGuess / 4) * 4)
    guard format == .gzip, data.count >= 18 else { return fallback }
    let length = data.suffix(4).reversed().reduce(0) { $0 << 8 | Int($1) }
    return length > 0 && length < largestGuess ? length + 1 : fallback
  }
}
