import Foundation
import Session
import Testing

@testable import pokedex

/// `present FILE` checks, before the show, that what `--prepare` kept is still there.
@Suite("A prepared demo's check")
struct DemoManifestTests {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("pokedex-demo-\(UUID().uuidString)")
  let script = try! DemoScript(Array("open 25\ndownload image\n".utf8))

  func problems(
    offline: Bool, script: DemoScript? = nil, answers: Set<String> = ["a", "b"],
    images: Set<Int> = [25], shiny: Set<Int> = [133]
  ) async -> (problems: [String], warnings: [String]) {
    await DemoManifest.problems(
      file: "demo.pdx", script: script ?? self.script, cacheDirectory: directory,
      offline: offline, hasAnswer: { answers.contains($0) },
      hasImage: { id, variant in
        variant.isEmpty ? images.contains(id) : variant == "shiny/" && shiny.contains(id)
      })
  }

  @Test func notPreparedChangedOrGoneAreOneLineEach() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    // Not prepared: offline that breaks the show; online it plays from the network.
    #expect(await problems(offline: true).problems.count == 1)
    #expect(await problems(offline: false).problems.isEmpty)
    #expect(await problems(offline: false).warnings.first?.contains("was not prepared") == true)

    let manifest = DemoManifest(
      file: DemoManifest.absolute("demo.pdx"), script: script, keys: ["a", "b"], images: [25],
      variantImages: [.init(id: 133, variant: "shiny/")])
    #expect(manifest.imageCount == 2)
    #expect(manifest.save(in: directory) == nil)
    let saved = DemoManifest.url(for: "demo.pdx", in: directory)
    let mode = try FileManager.default.attributesOfItem(atPath: saved.path)[.posixPermissions]
    #expect(mode as? Int == 0o600, "private, as the cache is")
    #expect(await problems(offline: true) == ([], []))

    let gone = await problems(offline: true, answers: ["a"], images: [], shiny: [])
    #expect(
      gone.problems == [
        "1 of the 2 answers demo.pdx needs are no longer cached: run \"pokedex present "
          + "--prepare demo.pdx\" online first.",
        "The images of #25, #133 (shiny) are gone: run \"pokedex present --prepare demo.pdx\" "
          + "online first.",
      ])
    let changed = try DemoScript(Array("open 26\n".utf8))
    #expect(
      await problems(offline: true, script: changed).problems.first?.contains(
        "has changed since it was prepared") == true)
  }

  /// A manifest written before the variants were recorded reads as one with none.
  @Test func aManifestWithoutVariantsIsRead() throws {
    let old = #"{"file":"/d.pdx","commands":["open 25"],"keys":["a"],"images":[25]}"#
    let manifest = try JSONDecoder().decode(DemoManifest.self, from: Data(old.utf8))
    #expect(manifest.variantImages == nil && manifest.imageCount == 1)
  }
}
