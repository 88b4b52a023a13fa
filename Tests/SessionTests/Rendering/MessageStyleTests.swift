import APIClient
import CommandLanguage
import Foundation
import ImageFeature
import Images
import Pages
import Presentation
import Rendering
import Session
import SyncFeature
import Testing

/// The rules of docs/STYLE.md that a test can check, on every failure message and on what the
/// parser says about a catalogue of bad lines.
@Suite("One voice (docs/STYLE.md)")
struct MessageStyleTests {
  static let apiErrors: [APIError] = [
    .offline, .notCached(resource: "species #25"), .notFound(resource: "species #99999"),
    .server(status: 503), .rateLimited, .invalidData(resource: "pokemon #1"), .timedOut,
    .cancelled, .unexpectedStatus(418),
  ]
  static let imageErrors: [ImageFeatureError] = [
    .invalidSpeciesID(0), .notFound(speciesID: 25), .serverError(status: 503),
    .unexpectedStatus(status: 418), .offline, .notDownloadedOffline(speciesID: 25), .timedOut,
    .badResponse, .cancelled, .invalidImage(speciesID: 25, reason: .notPNG),
    .storageFailed(.writeFailed(path: "/data/sprites", reason: "disk full")),
    .storageFailed(.invalidSpeciesID(0)), .unreadableFile(path: "/data/sprites/25.png"),
  ]
  static let badLines = [
    "bogus", "opne 25", "open", "page", "page x", "page 1.5", "page 0",
    "page 99999999999999999999", "filter bogus", "filter gen x", "random 0", "random x",
    "sync x", "sync 5-1", "help bogus x", "history x", "download", "download images", "cache x",
    "evolution --bogus", "search", "compare", "compare 1 2 3 4", "where --game", "next 2",
    "ability", "type", "back 2", "pager maybe", "quit now",
  ]

  /// Every message: the command failures, the API's and the image server's.
  static var messages: [String] {
    var messages = failureOfEveryKind.map(FailureText.message)
    messages += apiErrors.map { FailureText.message(.api($0)) }
    messages += imageErrors.map { FailureText.message(.image($0)) }
    for line in badLines {
      if case .failure(let failure) = SessionCommands.all.parse(line) {
        messages.append(failure.message)
      }
    }
    return messages
  }

  @Test func theCatalogueOfBadLinesIsAllRefused() {
    let accepted = Self.badLines.filter {
      if case .failure = SessionCommands.all.parse($0) { return false }
      return true
    }
    #expect(accepted.isEmpty, "lines the parser takes: \(accepted)")
  }

  @Test("A message is one sentence: capital first, period (or ?) last", arguments: messages)
  func aSentenceOnOneLine(_ message: String) {
    #expect(!message.contains("\n"))
    #expect(!message.contains("  "), "a double space")
    let first = message.unicodeScalars.first.map(Character.init)
    #expect(
      first.map { $0.isUppercase || $0.isNumber || $0 == "\"" || $0 == "#" } == true,
      "starts with \(String(describing: first))")
    #expect(message.hasSuffix(".") || message.hasSuffix("?"), "ends without a period")
  }

  @Test("Straight double quotes only; examples quoted", arguments: messages)
  func quotes(_ message: String) {
    #expect(!message.contains { "“”‘’«»".contains($0) }, "curly quotes")
    #expect(!message.contains(" '") && !message.contains("' "), "single quotes")
    #expect(message.components(separatedBy: "\"").count % 2 == 1, "an unclosed quote")
    for example in message.components(separatedBy: "e.g. ").dropFirst() {
      #expect(example.hasPrefix("\""), "an example not quoted: e.g. \(example)")
    }
  }

  @Test("One wording per failure class", arguments: messages)
  func wording(_ message: String) {
    #expect(!message.contains("soon"), "try again later, never soon")
    let words = message.split(separator: " ").filter { !$0.contains("/") }
    #expect(!words.contains { $0.lowercased().hasPrefix("sprite") }, "an image, not a sprite")
    if message.contains("HTTP 5") {
      #expect(message.hasSuffix("had an error (HTTP 503); try again later."))
    }
    if message.contains("in time") {
      #expect(message.hasSuffix("did not answer in time; try again later."))
    }
    if message.contains("reach") { #expect(message.contains("cannot be reached")) }
    if message.contains("418") {
      #expect(message.hasSuffix("answered with an unexpected HTTP 418."))
    }
  }
}
