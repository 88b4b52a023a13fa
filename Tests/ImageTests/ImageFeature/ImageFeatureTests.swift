import Foundation
import HTTPClient
import ImageFeature
import Images
import Testing

@Suite("ImageFeature")
struct ImageFeatureTests {
  let base = URL(string: "https://sprites.test/pokemon")!
  /// A 6 × 5 sprite with a transparent border, like the real ones.
  let spritePNG = makePNG(width: 6, height: 5) { x, y in
    (x == 0 || y == 0) ? (0, 0, 0, 0) : (UInt8(x * 40), UInt8(y * 50), 90, 255)
  }

  /// A feature over a fresh sprites directory whose HTTP client answers with `answer`.
  func makeFeature(
    directory: URL,
    answer: @escaping @Sendable (HTTPRequest) async throws(HTTPError) -> HTTPResponse
  ) -> (ImageFeature, FakeHTTPClient) {
    let http = FakeHTTPClient(answer: answer)
    let feature = ImageFeature(
      http: http, decoder: LibPNGDecoder(),
      store: FileSpriteStore(directory: directory.appendingPathComponent("sprites")),
      spritesBaseURL: base)
    return (feature, http)
  }

  @Test("download fetches {sprites-url}/{id}.png, stores it as sprites/{id}.png and decodes it")
  func downloadStores() async throws {
    let root = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let png = spritePNG
    let (feature, http) = makeFeature(directory: root) { _ in HTTPResponse(status: 200, body: png) }

    let outcome = try await feature.download(speciesID: 25)
    guard case .downloaded(let stored) = outcome else {
      Issue.record("expected a download, got \(outcome)")
      return
    }
    #expect(await http.log.urls == [URL(string: "https://sprites.test/pokemon/25.png")!])
    #expect(stored.url.lastPathComponent == "25.png")
    #expect(stored.url.deletingLastPathComponent().lastPathComponent == "sprites")
    #expect(try Data(contentsOf: stored.url) == png)
    #expect(stored.png == png)
    #expect(stored.image.width == 6 && stored.image.height == 5)
    #expect(stored.image.pixel(x: 2, y: 3) == RGBAPixel(red: 80, green: 150, blue: 90, alpha: 255))
    #expect(allFiles(under: root) == ["sprites", "sprites/25.png"])

    #expect(await feature.downloadedIDs() == [25])
    let again = try await feature.storedImage(speciesID: 25)
    #expect(again == stored)
  }

  @Test("downloading again says the image is already there and fetches nothing")
  func secondDownload() async throws {
    let root = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let png = spritePNG
    let (feature, http) = makeFeature(directory: root) { _ in HTTPResponse(status: 200, body: png) }
    _ = try await feature.download(speciesID: 133)
    let outcome = try await feature.download(speciesID: 133)
    guard case .alreadyStored(let url) = outcome else {
      Issue.record("expected already stored, got \(outcome)")
      return
    }
    #expect(url.lastPathComponent == "133.png")
    #expect(await http.log.urls.count == 1)
  }

  @Test("downloaded images are known after a restart")
  func survivesRestart() async throws {
    let root = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let png = spritePNG
    let (first, _) = makeFeature(directory: root) { _ in HTTPResponse(status: 200, body: png) }
    _ = try await first.download(speciesID: 4)
    _ = try await first.download(speciesID: 7)
    let (second, http) = makeFeature(directory: root) { _ throws(HTTPError) in
      throw .connectionFailed
    }
    #expect(await second.downloadedIDs() == [4, 7])
    #expect(try await second.storedImage(speciesID: 7)?.png == png)
    guard case .alreadyStored = try await second.download(speciesID: 4) else {
      Issue.record("expected already stored")
      return
    }
    #expect(await http.log.urls.isEmpty)
  }

  @Test("an image never downloaded reads as nil")
  func noStoredImage() async throws {
    let root = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let (feature, _) = makeFeature(directory: root) { _ in HTTPResponse(status: 500) }
    #expect(try await feature.storedImage(speciesID: 25) == nil)
    #expect(await feature.downloadedIDs().isEmpty)
  }

  /// Bodies the feature must refuse, with the decoder's reason.
  static let refusedBodies: [(String, Data, @Sendable (PNGDecodingError) -> Bool)] = [
    ("an HTML page", Data("<html>Rate limited</html>".utf8), { $0 == .notPNG }),
    ("an empty body", Data(), { $0 == .notPNG }),
    (
      "a truncated PNG",
      makePNG(width: 30, height: 30) { x, y in (UInt8(x), UInt8(y), 7, 255) }.prefix(60),
      { if case .corrupt = $0 { true } else { false } }
    ),
    (
      "a PNG wider than 2048 px", makePNG(width: 2049, height: 1),
      { $0 == .tooManyPixels(width: 2049, height: 1, maxSide: 2048) }
    ),
    (
      "a file over 5 MB", makePNG(width: 1, height: 1) + Data(count: 5 * 1024 * 1024),
      { if case .tooLarge = $0 { true } else { false } }
    ),
  ]

  @Test("a body that is not an acceptable PNG is refused and leaves no file", arguments: 0..<5)
  func refusedBody(index: Int) async throws {
    let (name, body, isExpectedReason) = Self.refusedBodies[index]
    let root = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let (feature, _) = makeFeature(directory: root) { _ in HTTPResponse(status: 200, body: body) }
    do {
      _ = try await feature.download(speciesID: 25)
      Issue.record("\(name) was accepted")
    } catch {
      guard case .invalidImage(25, let reason) = error else {
        Issue.record("\(name): unexpected \(error)")
        return
      }
      #expect(isExpectedReason(reason), "\(name): \(reason)")
    }
    #expect(allFiles(under: root).filter { $0 != "sprites" }.isEmpty, "\(name) left a file")
    #expect(await feature.downloadedIDs().isEmpty)
  }

  @Test("404 says no image exists for the species, and stores nothing")
  func notFound() async throws {
    let root = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let (feature, _) = makeFeature(directory: root) { _ in
      HTTPResponse(status: 404, body: Data("404: Not Found".utf8))
    }
    await #expect(throws: ImageFeatureError.notFound(speciesID: 25)) {
      try await feature.download(speciesID: 25)
    }
    #expect(allFiles(under: root).isEmpty)
  }

  @Test(
    "server and network failures map to one clear error each",
    arguments: [
      (HTTPResponse(status: 503), ImageFeatureError.serverError(status: 503)),
      (HTTPResponse(status: 403), ImageFeatureError.unexpectedStatus(status: 403)),
    ])
  func statusFailures(response: HTTPResponse, expected: ImageFeatureError) async throws {
    let root = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let (feature, _) = makeFeature(directory: root) { _ in response }
    await #expect(throws: expected) { try await feature.download(speciesID: 1) }
    #expect(allFiles(under: root).isEmpty)
  }

  @Test(
    "transport failures map to one clear error each",
    arguments: [
      (HTTPError.connectionFailed, ImageFeatureError.offline),
      (HTTPError.timedOut, ImageFeatureError.timedOut),
      (HTTPError.badResponse, ImageFeatureError.badResponse),
      (HTTPError.cancelled, ImageFeatureError.cancelled),
    ])
  func transportFailures(failure: HTTPError, expected: ImageFeatureError) async throws {
    let root = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let (feature, _) = makeFeature(directory: root) { _ throws(HTTPError) in throw failure }
    await #expect(throws: expected) { try await feature.download(speciesID: 1) }
    #expect(allFiles(under: root).isEmpty)
  }

  @Test("cancelling while the answer is on its way stores nothing")
  func cancelledDownload() async throws {
    let root = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let png = spritePNG
    let (started, startedContinuation) = AsyncStream<Void>.makeStream()
    let (feature, _) = makeFeature(directory: root) { _ in
      startedContinuation.yield()
      // Waits until the task is cancelled (the stream is never fed), then answers anyway,
      // like a transport that does not notice cancellation.
      let (never, _) = AsyncStream<Void>.makeStream()
      for await _ in never {}
      return HTTPResponse(status: 200, body: png)
    }
    let download = Task { try await feature.download(speciesID: 25) }
    for await _ in started { break }
    download.cancel()
    let result = await download.result
    #expect(throws: ImageFeatureError.cancelled) { try result.get() }
    #expect(allFiles(under: root).isEmpty)
    #expect(await feature.downloadedIDs().isEmpty)
  }

  @Test("species ids must be positive")
  func invalidID() async throws {
    let root = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let (feature, http) = makeFeature(directory: root) { _ in HTTPResponse(status: 200) }
    await #expect(throws: ImageFeatureError.invalidSpeciesID(0)) {
      try await feature.download(speciesID: 0)
    }
    await #expect(throws: ImageFeatureError.invalidSpeciesID(-1)) {
      try await feature.storedImage(speciesID: -1)
    }
    #expect(await http.log.urls.isEmpty)
  }

  @Test("a stored file damaged on disk is reported, not shown")
  func damagedStoredFile() async throws {
    let root = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let sprites = root.appendingPathComponent("sprites")
    try FileManager.default.createDirectory(at: sprites, withIntermediateDirectories: true)
    try Data("oops".utf8).write(to: sprites.appendingPathComponent("9.png"))
    let (feature, _) = makeFeature(directory: root) { _ in HTTPResponse(status: 200) }
    await #expect(throws: ImageFeatureError.invalidImage(speciesID: 9, reason: .notPNG)) {
      try await feature.storedImage(speciesID: 9)
    }
  }
}

@Suite("Images offline")
struct OfflineImageTests {
  @Test func aMissingImageIsSaidToBeNotDownloadedNotUnreachable() async throws {
    let directory = FileManager.default.temporaryDirectory.appending(
      path: "pokedex-offline-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let feature = ImageFeature(
      http: OfflineHTTPClient(), decoder: LibPNGDecoder(),
      store: FileSpriteStore(directory: directory),
      spritesBaseURL: URL(string: "https://sprites.test")!, offline: true)
    await #expect(throws: ImageFeatureError.notDownloadedOffline(speciesID: 25)) {
      _ = try await feature.download(speciesID: 25)
    }
  }
}
