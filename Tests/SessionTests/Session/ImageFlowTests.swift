import APIClient
import Cache
import CommandLanguage
import DetailFeature
import DetailModels
import Foundation
import HTTPClient
import ImageFeature
import Images
import ListFeature
import Presentation
import Session
import TestSupport
import Testing

/// Serves the same bytes for every sprite (404 for the files in `missing`) and counts requests.
actor SpriteServer: HTTPClient {
  private(set) var requests = 0
  private let missing: Set<String>

  init(missing: Set<String> = []) {
    self.missing = missing
  }

  func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    requests += 1
    if missing.contains(request.url.lastPathComponent) { return HTTPResponse(status: 404) }
    return HTTPResponse(status: 200, body: Data("sprite".utf8))
  }
}

/// Accepts only the bytes `SpriteServer` sends, as a 1 × 1 red pixel.
struct StubDecoder: PNGDecoder {
  func decode(_ data: Data) throws(PNGDecodingError) -> RGBAImage {
    guard data == Data("sprite".utf8) else { throw .notPNG }
    return RGBAImage(width: 1, height: 1, pixels: [255, 0, 0, 255])
  }
}

/// Images fetched from `server`, kept in `directory`.
func imageFeature(_ server: SpriteServer, in directory: URL) -> ImageFeature {
  ImageFeature(
    http: server, decoder: StubDecoder(), store: FileSpriteStore(directory: directory),
    spritesBaseURL: URL(string: "https://sprites.test/pokemon")!)
}

@Suite("Downloading an image changes what the session offers")
struct ImageFlowTests {
  @Test func evolutionShowsTheStoredImagesAndImagesDownloadsTheMissingOnes() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appending(path: "pokedex-evolution-images-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let server = SpriteServer(missing: ["3.png"])
    let images = ImageFeature(
      http: server, decoder: StubDecoder(), store: FileSpriteStore(directory: directory),
      spritesBaseURL: URL(string: "https://sprites.test/pokemon")!)
    let shell = makeShell(images: images)
    _ = await shell.execute("open 1")
    _ = await shell.execute("download image")

    guard case .output(.evolution(_, let shown)) = await shell.execute("evo") else {
      Issue.record("evo should show the tree")
      return
    }
    #expect(shown.stored.keys.sorted() == [1], "only what is downloaded; nothing fetched")
    #expect(shown.failures.isEmpty)
    #expect(await server.requests == 1)

    guard case .output(.evolution(_, let all)) = await shell.execute("evo --images") else {
      Issue.record("evo --images should show the tree")
      return
    }
    #expect(all.stored.keys.sorted() == [1, 2])
    #expect(
      all.failures == [.init(speciesID: 3, displayName: "Mon-3", error: .notFound(speciesID: 3))])
    #expect(await server.requests == 3, "the stored one is not fetched again")
  }

  @Test func theHintAndItsCompletionDisappearAfterADownload() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appending(path: "pokedex-image-flow-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let api = FixtureClient.world()
    let server = SpriteServer()
    let images = ImageFeature(
      http: server, decoder: StubDecoder(), store: FileSpriteStore(directory: directory),
      spritesBaseURL: URL(string: "https://sprites.test/pokemon")!)
    let names = SpeciesNames(work: BackgroundWork()) { () async throws(APIError) in
      try await api.speciesIndex()
    }
    let completion = CompletionSource(flags: FeatureFlags(), names: names)
    let shell = makeShell(api: api, images: images, completion: completion)

    guard case .output(.detail(_, image: .downloadHint)) = await shell.execute("open 2") else {
      Issue.record("before a download, the details carry the download hint")
      return
    }
    #expect(completion.words("down") == ["download"])
    #expect(completion.words("download ") == ["image"])

    guard case .output(.downloaded(let download)) = await shell.execute("download image") else {
      Issue.record("download image should store the sprite")
      return
    }
    let stored = download.stored
    #expect(download.imageID == 2)
    #expect(download.fetched)
    #expect(download.details?.id == 2, "the image is drawn beside the details")
    #expect(stored.url.lastPathComponent == "2.png")
    #expect(FileManager.default.fileExists(atPath: stored.url.path))

    guard case .output(.detail(_, image: .image(let shown))) = await shell.execute("info") else {
      Issue.record("after a download, the details show the image")
      return
    }
    #expect(shown.url == stored.url)
    #expect(completion.words("down") == [])
    #expect(completion.words("download ") == [])

    guard case .output(.downloaded(let again)) = await shell.execute("download image") else {
      Issue.record("a second download says it is already there")
      return
    }
    #expect(!again.fetched)
    #expect(again.stored == stored, "and draws it, beside the details")
    #expect(again.details?.id == 2)
    #expect(await server.requests == 1)
    #expect(await shell.execute("list").listPage?.rows.first { $0.id == 2 }?.hasImage == true)
    #expect(await shell.execute("list").listPage?.rows.first { $0.id == 3 }?.hasImage == false)
  }

  @Test func aFormHasItsOwnImageAndWhereTheServerHasNoneItsSpeciesOneSaysSo() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appending(path: "pokedex-form-images-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let api = FixtureClient.world()
    let server = SpriteServer(missing: ["10002.png"])
    let shell = makeShell(api: api, images: imageFeature(server, in: directory))

    _ = await shell.execute("open mon-2-alola")
    guard case .output(.downloaded(let fallback)) = await shell.execute("download image") else {
      Issue.record("download image should fall back to the species' image")
      return
    }
    #expect(fallback.imageID == 2)
    #expect(fallback.stored.url.lastPathComponent == "2.png")
    #expect(fallback.formWithoutImage == "Mon-2-Alola")
    #expect(fallback.details?.form?.pokemonID == 10002, "beside the form's details")
    #expect(await server.requests == 2, "the form's image was asked for first")
    // Shown again, the form has its species' picture, not the tip to download what cannot be had.
    guard case .output(.detail(_, image: .image(let again))) = await shell.execute("info") else {
      Issue.record("the form without a picture shows its species' one")
      return
    }
    #expect(again.url.lastPathComponent == "2.png")
    // Its own image, where the server has one, and stored under the form's pokemon id.
    let other = makeShell(api: api, images: imageFeature(SpriteServer(), in: directory))
    _ = await other.execute("open mon-2-alola")
    guard case .output(.downloaded(let own)) = await other.execute("download image") else {
      Issue.record("download image should fetch the form's own image")
      return
    }
    #expect(own.stored.url.lastPathComponent == "10002.png")
    #expect(own.formWithoutImage == nil)
    guard case .output(.detail(_, image: .image(let shown))) = await other.execute("info") else {
      Issue.record("the form's details show its own image")
      return
    }
    #expect(shown.url.lastPathComponent == "10002.png")
    _ = await other.execute("open 2")
    guard case .output(.detail(_, image: .image(let usual))) = await other.execute("info") else {
      Issue.record("the usual form shows the species' image")
      return
    }
    #expect(usual.url.lastPathComponent == "2.png")
  }
}
