import APIClient
import CommandLanguage
import DetailFeature
import DetailModels
import Foundation
import ImageFeature
import Images
import ListFeature
import Presentation
import Rendering
import SyncFeature
import Testing

/// One failure of every kind, as the engine would hand it to a renderer.
let failureOfEveryKind: [CommandFailure] = [
  .usage(ParseFailure(#"Unknown command "bogus". Try "help"."#)),
  .disabled(DisabledFeature(feature: .evolution, command: "evolution")),
  .noSelection,
  .list(.pageAfterLast(page: 60, lastPage: 52)),
  .detail(.ambiguous(input: "pi", candidates: ["pidgey", "pikachu"], total: 10)),
  .detail(.api(.notFound(resource: "species #99999"))),
  .noImageYet(displayName: "Eevee"),
  .detail(.api(.offline)),
  .api(.notCached(resource: "the species index")),
  .list(.api(.timedOut)),
  .image(.serverError(status: 503)),
  .api(.rateLimited),
  .image(.invalidImage(speciesID: 25, reason: .notPNG)),
  .image(.storageFailed(.writeFailed(path: "/data/sprites", reason: "disk full"))),
  .cancelled,
  .syncCancelled(
    SyncSummary(range: 1...30, synced: 12, images: 4, failures: [], requested: 30, cancelled: true)),
]

@Suite("Failures in words and kinds")
struct FailureTextTests {
  /// The `kind` column of the errors table in docs/JSON-OUTPUT.md.
  static func documentedKinds() throws -> [String] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let text = try String(contentsOf: root.appending(path: "docs/JSON-OUTPUT.md"), encoding: .utf8)
    let section = try #require(text.range(of: "## Errors"))
    return text[section.upperBound...].split(separator: "\n")
      .prefix { !$0.hasPrefix("## ") }
      .compactMap { line -> String? in
        guard line.hasPrefix("| `"), !line.hasSuffix("| when |") else { return nil }
        return line.dropFirst(3).prefix { $0 != "`" }.description
      }
  }

  @Test func everyKindIsDocumentedAndEveryDocumentedKindExists() throws {
    let documented = try Self.documentedKinds()
    #expect(documented.count == Set(documented).count)
    #expect(Set(documented) == Set(FailureText.Kind.allCases.map(\.rawValue)))
  }

  @Test("A JSON error is {kind, message}, its kind documented", arguments: failureOfEveryKind)
  func jsonErrors(failure: CommandFailure) throws {
    let line = try #require(JSONRenderer().render(.failure(failure)))
    let json = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    #expect(json["type"] as? String == "error")
    let data = try #require(json["data"] as? [String: Any])
    #expect(Set(data.keys) == ["kind", "message"])
    let kind = try #require(data["kind"] as? String)
    #expect(try Self.documentedKinds().contains(kind))
    #expect(data["message"] as? String == FailureText.message(failure))
  }

  @Test func theSamplesCoverEveryKind() {
    #expect(
      Set(failureOfEveryKind.map(FailureText.kind)) == Set(FailureText.Kind.allCases))
  }

  @Test func textAndJSONSayTheSameWords() {
    let text = TextRenderer(style: TextStyle(colorEnabled: false), images: nil)
    for failure in failureOfEveryKind {
      #expect(text.render(.failure(failure)) == "✗ " + FailureText.message(failure))
    }
  }

  @Test func messagesReadAsOneSentence() {
    #expect(
      FailureText.message(.list(.pageAfterLast(page: 60, lastPage: 52)))
        == "Page 60 is past the last page (52).")
    #expect(
      FailureText.message(.list(.randomCountOutOfRange(count: 51, allowed: 1...50)))
        == "Cannot pick 51 random Pokémon; choose 1 to 50.")
    #expect(
      FailureText.message(
        .detail(
          .ambiguous(
            input: "pi",
            candidates: [
              "pidgey", "pidgeotto", "pidgeot", "pikachu", "pinsir", "pichu", "pineco",
              "piloswine",
            ], total: 10)))
        == "\"pi\" matches Pidgey, Pidgeotto, Pidgeot, Pikachu, Pinsir, Pichu, Pineco, Piloswine, …"
        + " (10 Pokémon); type more of the name.")
    #expect(
      FailureText.message(.detail(.unknown(input: "pikachuu", suggestion: "pikachu")))
        == "No Pokémon named \"pikachuu\". Did you mean \"pikachu\"?")
    #expect(
      FailureText.message(.detail(.unknown(input: "xyzzy", suggestion: nil)))
        == "No Pokémon named \"xyzzy\".")
    #expect(
      FailureText.message(.detail(.unknown(input: "pikachu extra", suggestion: nil)))
        == "No Pokémon named \"pikachu extra\". \"open\" takes one species: open ID|NAME.")
    #expect(
      FailureText.message(.detail(.api(.offline)))
        == "The Pokémon server cannot be reached and nothing is cached for this yet; check the"
        + " network connection.")
    #expect(
      FailureText.message(.api(.invalidData(resource: "pokemon #1")))
        == "The server sent invalid data for pokemon #1.")
    #expect(
      FailureText.message(.api(.server(status: 503)))
        == "The Pokémon server had an error (HTTP 503); try again later.")
    #expect(FailureText.message(.image(.notFound(speciesID: 25))) == "No image exists for #25.")
    #expect(
      FailureText.message(.image(.invalidImage(speciesID: 25, reason: .notPNG)))
        == "The image for #25 was refused: the file is not a PNG image.")
    #expect(
      FailureText.message(
        .image(
          .invalidImage(
            speciesID: 7, reason: .tooManyPixels(width: 4000, height: 10, maxSide: 2048))))
        == "The image for #7 was refused: the image is too big (4000×10 px; the limit is 2048 px a side)."
    )
    #expect(
      FailureText.message(
        .image(
          .invalidImage(
            speciesID: 25,
            reason: .unavailable(reason: "libpng cannot be loaded (libpng16.so.16: not found)"))))
        == "The image for #25 was refused: it cannot be decoded here: libpng cannot be loaded"
        + " (libpng16.so.16: not found) (Debian: apt-get install libpng16-16).")
    #expect(
      FailureText.message(
        .image(.storageFailed(.writeFailed(path: "/data/sprites", reason: "disk full"))))
        == "Could not save the image in /data/sprites: disk full.")
    #expect(
      FailureText.message(
        SyncFailure(id: 201, reason: .details(.api(.notFound(resource: "species #201")))))
        == "#201: Not found: species #201.")
    #expect(
      FailureText.message(
        .syncCancelled(
          SyncSummary(
            range: 1...30, synced: 12, images: 4, failures: [], requested: 30, cancelled: true)))
        == "Cancelled: 12 of 30 species synced, 4 images; they stay cached, and \"sync\" again"
        + " fetches only the rest.")
    #expect(
      FailureText.message(
        .syncCancelled(
          SyncSummary(range: 1...3, synced: 0, images: 0, failures: [], cancelled: true)))
        == "Cancelled before any species was stored.")
  }
}
