import Foundation
import HTTPClient
import ImageFeature
import Locking
import Presentation
import Session
import Testing

/// Serves a sprite for every path but those in `missing` (as `shiny/female/1.png`), and keeps the
/// paths asked for.
private actor VariantServer: HTTPClient {
  private(set) var paths: [String] = []
  private let missing: Set<String>

  init(missing: Set<String> = []) { self.missing = missing }

  func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    let path = request.url.path.replacingOccurrences(of: "/pokemon/", with: "")
    paths.append(path)
    if missing.contains(path) { return HTTPResponse(status: 404) }
    return HTTPResponse(status: 200, body: Data("sprite".utf8))
  }
}

private func shell(
  _ server: VariantServer, in directory: URL, saved: Locked<[Bool]> = Locked([])
) -> Shell {
  makeShell(
    images: imageFeature(server, in: directory),
    saveShiny: { on in
      saved.withLock { $0.append(on) }
      return nil
    })
}

private func imageFeature(_ server: VariantServer, in directory: URL) -> ImageFeature {
  ImageFeature(
    http: server, decoder: StubDecoder(), store: FileSpriteStore(directory: directory),
    spritesBaseURL: URL(string: "https://sprites.test/pokemon")!)
}

private func temporaryDirectory() -> URL {
  FileManager.default.temporaryDirectory.appending(path: "pokedex-variants-\(UUID().uuidString)")
}

@Suite("Shiny and female pictures")
struct SpriteVariantTests {
  @Test func shinyOnDownloadsTheShinyPictureAndIsKept() async throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let server = VariantServer()
    let saved = Locked<[Bool]>([])
    let shell = shell(server, in: directory, saved: saved)
    guard case .output(.shiny(true, nil)) = await shell.execute("shiny on") else {
      Issue.record("shiny not on")
      return
    }
    _ = await shell.execute("open 2")
    guard case .output(.downloaded(let download)) = await shell.execute("download image") else {
      Issue.record("not downloaded")
      return
    }
    #expect(await server.paths == ["shiny/2.png"])
    #expect(download.stored.variant == SpriteVariant(shiny: true))
    #expect(download.stored.url.path.hasSuffix("/shiny/2.png"))
    #expect(download.variantAsked == nil)
    #expect(saved.withLock { $0 } == [true])
    // The list marks it; the details show it.
    guard case .output(.list(let page)) = await shell.execute("list") else {
      Issue.record("no list")
      return
    }
    #expect(page.rows.first { $0.id == 2 }?.hasImage == true)
    guard case .output(.detail(_, image: .image(let shown))) = await shell.execute("open 2") else {
      Issue.record("no picture")
      return
    }
    #expect(shown.variant == SpriteVariant(shiny: true))
    // Off again: a bare shiny says so, and nothing is saved twice.
    _ = await shell.execute("shiny off")
    _ = await shell.execute("shiny off")
    #expect(saved.withLock { $0 } == [true, false])
  }

  @Test func aVariantTheServerLacksFallsBackSayingSo() async throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let server = VariantServer(missing: ["shiny/female/1.png", "female/1.png"])
    let shell = shell(server, in: directory)
    _ = await shell.execute("open 1")
    guard
      case .output(.downloaded(let shiny)) = await shell.execute(
        "download image --shiny --female")
    else {
      Issue.record("not downloaded")
      return
    }
    #expect(shiny.stored.variant == SpriteVariant(shiny: true))
    #expect(shiny.variantAsked == SpriteVariant(shiny: true, female: true))
    guard case .output(.downloaded(let female)) = await shell.execute("download image --female")
    else {
      Issue.record("not downloaded")
      return
    }
    #expect(female.stored.variant == .standard)
    #expect(female.variantAsked == SpriteVariant(female: true))
    #expect(
      await server.paths == ["shiny/female/1.png", "shiny/1.png", "female/1.png", "1.png"])
  }

  @Test func theFemalePictureWhereTheServerHasOne() async throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let server = VariantServer()
    let shell = shell(server, in: directory)
    _ = await shell.execute("open 3")
    guard case .output(.downloaded(let female)) = await shell.execute("download image --female")
    else {
      Issue.record("not downloaded")
      return
    }
    #expect(female.stored.url.path.hasSuffix("/female/3.png"))
    #expect(female.variantAsked == nil)
    // Without the usual one, the details show the one there is.
    guard case .output(.image(_, let shown)) = await shell.execute("image") else {
      Issue.record("no image")
      return
    }
    #expect(shown.variant == SpriteVariant(female: true))
  }

  @Test func theVariantsAndWhatStandsInForThem() {
    #expect(SpriteVariant(shiny: true, female: true).directory == "shiny/female/")
    #expect(SpriteVariant(shiny: true, female: true).fallback == SpriteVariant(shiny: true))
    #expect(SpriteVariant(shiny: true).fallback == .standard)
    #expect(SpriteVariant(female: true).fallback == .standard)
    #expect(SpriteVariant.standard.fallback == nil)
    #expect(SpriteVariant(shiny: true, female: true).description == "shiny female")
    #expect(SpriteVariant.preferred(shiny: true).first == SpriteVariant(shiny: true))
    #expect(SpriteVariant.preferred(shiny: false).first == .standard)
  }
}
