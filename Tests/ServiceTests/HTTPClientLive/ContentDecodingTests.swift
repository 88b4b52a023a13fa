import CTestLibraries
import Foundation
import Locking
import TestSupport
import Testing

@testable import HTTPClient

/// `text` compressed by zlib itself: a gzip member (`windowBits` 31), a zlib stream (15) or raw
/// deflate (-15).
func compressed(_ text: Data, windowBits: Int32) -> Data {
  var stream = z_stream()
  let started = deflateInit2_(
    &stream, 6, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
    Int32(MemoryLayout<z_stream>.size))
  precondition(started == Z_OK)
  defer { deflateEnd(&stream) }
  var output = Data(count: Int(deflateBound(&stream, uLong(text.count))) + 64)
  let written = text.withUnsafeBytes { input in
    output.withUnsafeMutableBytes { out in
      stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
      stream.avail_in = uInt(input.count)
      stream.next_out = out.bindMemory(to: Bytef.self).baseAddress
      stream.avail_out = uInt(out.count)
      precondition(deflate(&stream, Z_FINISH) == Z_STREAM_END)
      return out.count - Int(stream.avail_out)
    }
  }
  return output.prefix(written)
}

/// An answer's body the size of a real one: a pokemon's moves, 300 KB of JSON.
let largeAnswer = Data(
  (0..<4000).map { #"{"move": {"name": "move-\#($0)", "url": "https://x/api/v2/move/\#($0)/"}}"# }
    .joined(separator: ",\n").utf8)

func answer(_ body: Data, encoding: String?) -> HTTPResponse {
  HTTPResponse(
    status: 200, headers: encoding.map { ["Content-Encoding": $0] } ?? [:], body: body,
    version: "HTTP/2")
}

@Suite("Answers are inflated in the task that asked")
struct ContentDecodingTests {
  @Test(arguments: [("gzip", 31), ("x-gzip", 31), ("GZip", 31), ("deflate", 15), ("deflate", -15)])
  func aCompressedBodyComesBackAsSent(encoding: String, windowBits: Int32) throws {
    let response = answer(compressed(largeAnswer, windowBits: windowBits), encoding: encoding)
    let decoded = try ContentDecoding.decoded(response, limit: nil).get()
    #expect(decoded.body == largeAnswer)
    #expect(decoded.status == 200)
    #expect(decoded.version == "HTTP/2")
  }

  @Test func encodingsAppliedOneAfterAnotherAreUndoneFromTheLast() throws {
    let twice = compressed(compressed(largeAnswer, windowBits: 15), windowBits: 31)
    let decoded = try ContentDecoding.decoded(answer(twice, encoding: "deflate, gzip"), limit: nil)
      .get()
    #expect(decoded.body == largeAnswer)
  }

  @Test func moreEncodingsThanOneAnswerMayStackAreABadResponse() {
    var body = Data("{}".utf8)
    for _ in 0..<3 { body = compressed(body, windowBits: 31) }
    #expect(
      ContentDecoding.decoded(answer(body, encoding: "gzip, gzip, gzip"), limit: nil)
        == .failure(.badResponse))
    // identity does not count.
    let twice = compressed(compressed(Data("{}".utf8), windowBits: 31), windowBits: 31)
    let decoded = ContentDecoding.decoded(
      answer(twice, encoding: "identity, gzip, identity, gzip"), limit: nil)
    #expect(decoded.map(\.body) == .success(Data("{}".utf8)))
  }

  @Test(arguments: [nil, "identity", ""])
  func aBodyNotEncodedIsLeftAsItIs(encoding: String?) throws {
    let body = Data("not compressed".utf8)
    #expect(
      try ContentDecoding.decoded(answer(body, encoding: encoding), limit: nil).get().body == body)
  }

  @Test func anEmptyBodyStaysEmpty() throws {
    #expect(
      try ContentDecoding.decoded(answer(Data(), encoding: "gzip"), limit: nil).get().body.isEmpty)
    let nothing = compressed(Data(), windowBits: 31)
    #expect(
      try ContentDecoding.decoded(answer(nothing, encoding: "gzip"), limit: nil).get().body.isEmpty)
  }

  @Test func anEncodingNotAskedForIsABadResponse() {
    let body = compressed(largeAnswer, windowBits: 31)
    #expect(
      ContentDecoding.decoded(answer(body, encoding: "br"), limit: nil) == .failure(.badResponse))
  }

  @Test func aBodyCutShortIsABadResponse() {
    let whole = compressed(largeAnswer, windowBits: 31)
    for cut in [whole.count - 4, whole.count / 2, 10] {
      let response = answer(whole.prefix(cut), encoding: "gzip")
      #expect(
        ContentDecoding.decoded(response, limit: nil) == .failure(.badResponse), "cut at \(cut)")
    }
  }

  @Test func aBodyThatIsNotCompressedAfterAllIsABadResponse() {
    let garbage = Data((0..<2000).map { UInt8(truncatingIfNeeded: $0 &* 7919) })
    for encoding in ["gzip", "deflate"] {
      #expect(
        ContentDecoding.decoded(answer(garbage, encoding: encoding), limit: nil)
          == .failure(.badResponse))
    }
    var damaged = compressed(largeAnswer, windowBits: 31)
    damaged[damaged.count / 2] ^= 0xFF
    #expect(
      ContentDecoding.decoded(answer(damaged, encoding: "gzip"), limit: nil)
        == .failure(.badResponse))
  }

  @Test func theLimitHoldsForTheInflatedBytes() throws {
    let body = compressed(largeAnswer, windowBits: 31)
    #expect(body.count < 100_000)
    #expect(
      ContentDecoding.decoded(answer(body, encoding: "gzip"), limit: 100_000)
        == .failure(.tooLarge(limit: 100_000)))
    let exact = try ContentDecoding.decoded(
      answer(body, encoding: "gzip"), limit: largeAnswer.count
    )
    .get()
    #expect(exact.body == largeAnswer)
    // Without a gzip trailer to size the buffer by, it grows past the limit only by a byte.
    let deflated = compressed(largeAnswer, windowBits: 15)
    #expect(
      ContentDecoding.decoded(answer(deflated, encoding: "deflate"), limit: largeAnswer.count - 1)
        == .failure(.tooLarge(limit: largeAnswer.count - 1)))
  }
}

@Suite("Compressed answers over a loopback server")
struct CompressedAnswerTests {
  @Test func theClientAsksForGzipAndGetsTheBodyAsSent() async throws {
    let asked = Locked<String?>(nil)
    let server = try await LoopbackServer.start { request in
      asked.withLock { $0 = headerDictionary(request)["accept-encoding"] }
      return reply(
        200, headers: ["Content-Encoding": "gzip", "Content-Type": "application/json"],
        body: compressed(largeAnswer, windowBits: 31))
    }
    defer { Task { await server.stop() } }
    let client = CurlHTTPClient(userAgent: "pokedex/test")
    let response = try await client.send(HTTPRequest(url: server.url("/api/v2/pokemon/133/")))
    #expect(response.body == largeAnswer)
    #expect(asked.withLock { $0 } == "gzip, deflate")
  }

  @Test func encodingsOnRepeatedLinesAreAllUndoneAndTheCallersOwnAskingIsReplaced() async throws {
    let asked = Locked<String?>(nil)
    let twice = compressed(compressed(largeAnswer, windowBits: 15), windowBits: 31)
    let server = try await LoopbackServer.start { request in
      asked.withLock { $0 = headerDictionary(request)["accept-encoding"] }
      return reply(200, headers: ["Content-Encoding": "deflate"], body: twice)
    }
    defer { Task { await server.stop() } }
    // The loopback server sends one line; a raw one sends the encodings on two.
    let raw = try OneAnswerServer(
      answer: "HTTP/1.1 200 OK\r\nContent-Encoding: deflate\r\nContent-Encoding: gzip\r\n"
        + "Content-Length: \(twice.count)\r\n\r\n",
      body: twice)
    let client = CurlHTTPClient(userAgent: "pokedex/test")
    let response = try await client.send(
      HTTPRequest(url: URL(string: "http://127.0.0.1:\(raw.port)/x")!))
    #expect(response.body == largeAnswer)
    // A caller asking for encodings of its own gets those the transport can undo.
    _ = try? await client.send(
      HTTPRequest(url: server.url("/x"), headers: ["accept-encoding": "br, zstd"]))
    #expect(asked.withLock { $0 } == "gzip, deflate")
  }

  @Test func anAnswerThatDoesNotInflateIsABadResponse() async throws {
    let server = try await LoopbackServer.start { _ in
      reply(200, headers: ["Content-Encoding": "gzip"], body: Data("{\"not\": \"gzip\"}".utf8))
    }
    defer { Task { await server.stop() } }
    let client = CurlHTTPClient(userAgent: "pokedex/test")
    await #expect(throws: HTTPError.badResponse) {
      try await client.send(HTTPRequest(url: server.url("/x")))
    }
  }

  @Test func theRequestsLimitHoldsForTheInflatedBody() async throws {
    let server = try await LoopbackServer.start { _ in
      reply(
        200, headers: ["Content-Encoding": "gzip"], body: compressed(largeAnswer, windowBits: 31))
    }
    defer { Task { await server.stop() } }
    let client = CurlHTTPClient(userAgent: "pokedex/test")
    await #expect(throws: HTTPError.tooLarge(limit: 100_000)) {
      try await client.send(HTTPRequest(url: server.url("/x"), maximumBodyBytes: 100_000))
    }
  }
}
