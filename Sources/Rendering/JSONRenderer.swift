import Cache
import CommandLanguage
import DetailModels
import Foundation
import ImageFeature
import ListFeature
import Models
import Pages
import Presentation
import SyncFeature

/// Draws command outputs as JSON for scripts: one object per command result, on one line,
/// `{"type": …, "data": …}` with stable keys (documented in docs/JSON-OUTPUT.md). Failures are
/// `{"type":"error","data":{"kind":…,"message":…}}`, the kind stable for scripts to branch on.
public struct JSONRenderer: Sendable {
  public init() {}

  /// One line of JSON for an outcome, or `nil` when there is nothing to report.
  public func render(_ outcome: CommandOutcome) -> String? {
    switch outcome {
    case .output(let output): render(output)
    case .failure(let failure): encode(type: "error", ErrorBody(failure))
    case .nothing, .quit: nil
    }
  }

  /// One line of JSON for a successful output.
  public func render(_ output: CommandOutput) -> String {
    switch output {
    case .list(let page): encode(type: "list", page)
    case .rows(let result): encode(type: result.kind.rawValue, result)
    case .detail(let detail, let image): encode(type: "detail", DetailBody(detail, image: image))
    case .page(let shown): encode(type: shown.page.address.kind, PageBody(page: shown.page))
    case .evolution(let tree, let images):
      encode(type: "evolution", EvolutionBody(tree: tree, images: images))
    case .downloaded(let download):
      encode(
        type: "image",
        ImageBody(
          speciesID: download.imageID, path: download.stored.url.path,
          variant: download.stored.variant.description, downloaded: download.fetched,
          formWithoutImage: download.formWithoutImage,
          variantAsked: download.variantAsked?.description))
    case .image(let id, let stored):
      encode(
        type: "image",
        ImageBody(
          speciesID: id, path: stored.url.path, variant: stored.variant.description,
          downloaded: false))
    case .filter(let filter): encode(type: "filter", FilterBody(filter))
    case .commands(let help): encode(type: "help", ["text": help.text(width: 80)])
    case .help(let text): encode(type: "help", ["text": text])
    case .history(let lines, let first):
      encode(type: "history", HistoryJSON(entries: lines, firstNumber: first))
    case .clear: encode(type: "clear", [String: String]())
    case .pager(let on): encode(type: "pager", ["on": on])
    case .shiny(let on, let warning):
      encode(type: "shiny", ShinyBody(on: on, saveWarning: warning))
    case .cache(let statistics): encode(type: "cache", CacheBody(statistics))
    case .cacheCleared: encode(type: "cache_cleared", [String: String]())
    case .flags(let entries): encode(type: "flags", entries.map(FlagBody.init))
    case .synced(let summary): encode(type: "sync", SyncBody(summary))
    case .doctor(let report): encode(type: "doctor", DoctorBody(report))
    case .language(let report): encode(type: "language", LanguageBody(report))
    case .game(let report): encode(type: "game", GameBody(report))
    }
  }

  private func encode(type: String, _ data: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    do {
      return String(decoding: try encoder.encode(Envelope(type: type, data: data)), as: UTF8.self)
    } catch {
      return
        #"{"data":{"kind":"invalid_data","message":"could not encode the result"},"type":"error"}"#
    }
  }
}

private struct Envelope<Data: Encodable>: Encodable {
  var type: String
  var data: Data
}

/// The language shown, whether it was just chosen, the names' progress and every language.
private struct LanguageBody: Encodable {
  var language: String?
  var changed: Bool
  var namesLoaded: Int?
  var namesTotal: Int?
  var warning: String?
  var available: [Language]

  init(_ report: LanguageReport) {
    language = report.current?.code
    changed = report.changed
    namesLoaded = report.progress?.done
    namesTotal = report.progress?.total
    warning = report.saveWarning
    available = Language.all
  }
}

/// The game chosen (`group`, `version?`, `name`), none (`null`), and whether it was just chosen.
private struct GameBody: Encodable {
  var game: SessionGame?
  var name: String?
  var changed: Bool
  var warning: String?

  init(_ report: GameReport) {
    game = report.game
    name = report.name
    changed = report.changed
    warning = report.saveWarning
  }

  enum CodingKeys: String, CodingKey {
    case game, name, changed, warning
  }

  func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(game, forKey: .game)
    try c.encode(name, forKey: .name)
    try c.encode(changed, forKey: .changed)
    try c.encodeIfPresent(warning, forKey: .warning)
  }
}

/// A page's own keys.
private struct PageBody: Encodable {
  var page: any Page

  func encode(to encoder: any Encoder) throws {
    try page.encode(to: encoder)
  }
}

/// The filters as one description, and each apart.
private struct FilterBody: Encodable {
  var filter: String
  var gender: String
  var type: String?
  var generation: Int?
  var pokedex: String?

  init(_ filter: ListFilter) {
    self.filter = filter.description
    gender = filter.gender.rawValue
    type = filter.type
    generation = filter.generation
    pokedex = filter.pokedex
  }
}

private struct ErrorBody: Encodable {
  var kind: String
  var message: String

  init(_ failure: CommandFailure) {
    kind = FailureText.kind(failure).rawValue
    message = FailureText.message(failure)
  }
}

/// The tree's own keys, plus the members' image paths and the downloads that failed.
private struct EvolutionBody: Encodable {
  var tree: EvolutionTreeViewModel
  var images: EvolutionImages

  private struct Image: Encodable {
    var speciesID: Int
    var path: String
  }

  private struct Failure: Encodable {
    var speciesID: Int
    var message: String
  }

  enum CodingKeys: String, CodingKey {
    case images, imageFailures
  }

  func encode(to encoder: any Encoder) throws {
    try tree.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    let order = tree.rows.map(\.id)
    let stored = images.stored.sorted {
      (order.firstIndex(of: $0.key) ?? .max, $0.key) < (
        order.firstIndex(of: $1.key) ?? .max, $1.key
      )
    }
    try container.encode(
      stored.map { Image(speciesID: $0.key, path: $0.value.url.path) }, forKey: .images)
    if !images.failures.isEmpty {
      try container.encode(
        images.failures.map {
          Failure(speciesID: $0.speciesID, message: FailureText.message(.image($0.error)))
        }, forKey: .imageFailures)
    }
  }
}

private struct HistoryJSON: Encodable {
  var entries: [String]
  var firstNumber: Int
}

private struct SyncBody: Encodable {
  var range: [Int]
  var synced: Int
  var images: Int
  var failures: [String]
  var findIndex: String?
  var kindPages: Int?
  var kindPagesFailed: Int?

  init(_ summary: SyncSummary) {
    findIndex = summary.findIndex
    kindPages = summary.kinds?.pages
    kindPagesFailed = summary.kinds?.failed
    range = [summary.range.lowerBound, summary.range.upperBound]
    synced = summary.synced
    images = summary.images
    failures = summary.failures.map(FailureText.message)
  }
}

private struct DetailBody: Encodable {
  var species: SpeciesDetailViewModel
  var imagePath: String?
  var imageVariant: String?
  var downloadHint: Bool

  init(_ detail: SpeciesDetailViewModel, image: DetailImage) {
    species = detail
    switch image {
    case .image(let stored):
      imagePath = stored.url.path
      imageVariant = stored.variant.description
      downloadHint = false
    case .downloadHint:
      imagePath = nil
      downloadHint = true
    case .none:
      imagePath = nil
      downloadHint = false
    }
  }

  func encode(to encoder: any Encoder) throws {
    try species.encode(to: encoder)
    var container = encoder.container(keyedBy: Keys.self)
    try container.encodeIfPresent(imagePath, forKey: .imagePath)
    try container.encodeIfPresent(imageVariant, forKey: .imageVariant)
    try container.encode(downloadHint, forKey: .downloadHint)
  }

  enum Keys: String, CodingKey { case imagePath, imageVariant, downloadHint }
}

private struct ImageBody: Encodable {
  var speciesID: Int
  var path: String
  /// `default`, `shiny`, `female` or `shiny female`.
  var variant: String
  var downloaded: Bool
  var formWithoutImage: String?
  /// The variant asked for when the image server had none and `variant` stands in.
  var variantAsked: String?
}

private struct ShinyBody: Encodable {
  var on: Bool
  var saveWarning: String?
}

private struct CacheBody: Encodable {
  var entries: Int
  var bytes: Int
  var hits: Int
  var misses: Int
  var oldestEntry: Date?
  var persistent: Bool
  var limit: Int?
  var species: Int
  var findIndex: String?

  init(_ statistics: CacheStatistics) {
    findIndex = statistics.findIndex
    species = statistics.species
    entries = statistics.entries
    bytes = statistics.bytes
    hits = statistics.hits
    misses = statistics.misses
    oldestEntry = statistics.oldestEntry
    persistent = statistics.isPersistent
    limit = statistics.limitBytes
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(entries, forKey: .entries)
    try container.encode(bytes, forKey: .bytes)
    try container.encode(hits, forKey: .hits)
    try container.encode(misses, forKey: .misses)
    try container.encodeIfPresent(oldestEntry, forKey: .oldestEntry)
    try container.encode(persistent, forKey: .persistent)
    try container.encodeIfPresent(limit, forKey: .limit)
    try container.encode(species, forKey: .species)
    try container.encodeIfPresent(findIndex, forKey: .findIndex)
  }

  enum CodingKeys: String, CodingKey {
    case entries, bytes, hits, misses, oldestEntry, persistent, limit, species, findIndex
  }
}

private struct DoctorBody: Encodable {
  struct Check: Encodable {
    var label: String
    var status: String
    var text: String
    var advice: String?
  }

  var ready: Bool
  var checks: [Check]

  init(_ report: DoctorReport) {
    ready = report.isReady
    checks = report.checks.map {
      Check(label: $0.label, status: $0.status.rawValue, text: $0.text, advice: $0.advice)
    }
  }
}

private struct FlagBody: Encodable {
  var name: String
  var enabled: Bool
  var source: String
  init(_ entry: FeatureFlags.Entry) {
    name = entry.name
    enabled = entry.enabled
    source = entry.source.description
  }
}
