import APIClient
import Cache
import DetailModels
import Foundation
import HTTPClient
import ImageFeature
import Locking
import Logging
import Models

/// Records "species selected" around the detail feature: the feature itself never knows.
public struct AnalyticsSpeciesDetails: SpeciesDetails {
  let base: any SpeciesDetails
  let tracker: any AnalyticsTracker

  /// Wraps `base`, telling `tracker` about every species the user opens.
  public init(base: any SpeciesDetails, tracker: any AnalyticsTracker) {
    self.base = base
    self.tracker = tracker
  }

  public func open(
    _ input: String, glossary: Glossary
  ) async throws(DetailError) -> SpeciesDetailViewModel {
    let detail = try await base.open(input, glossary: glossary)
    await tracker.track(.speciesSelected(id: detail.id))
    return detail
  }

  public func details(
    of key: SpeciesKey, form: Int?, glossary: Glossary
  ) async throws(DetailError) -> SpeciesDetailViewModel {
    try await base.details(of: key, form: form, glossary: glossary)
  }

  public func evolution(
    of key: SpeciesKey, glossary: Glossary
  ) async throws(DetailError) -> EvolutionTreeViewModel {
    try await base.evolution(of: key, glossary: glossary)
  }
}

/// Logs every HTTP request (URL, status, time) and transport failure.
public struct LoggingHTTPClient: HTTPClient {
  let base: any HTTPClient
  let logger: Logger

  /// Wraps `base`, logging to `logger`.
  public init(base: any HTTPClient, logger: Logger) {
    self.base = base
    self.logger = logger
  }

  public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    let start = ContinuousClock.now
    do {
      let response = try await base.send(request)
      let elapsed = ContinuousClock.now - start
      logger.info(
        "GET \(request.url.redactingUserInfo) → \(response.status) in \(elapsed.milliseconds) ms",
        metadata: request.headers["If-None-Match"] == nil ? nil : ["conditional": "true"])
      return response
    } catch {
      logger.warning("GET \(request.url.redactingUserInfo) failed: \(error)")
      throw error
    }
  }
}

/// Logs the disk cache's lookups (hit or miss) and write failures.
public struct LoggingCacheStore: CacheStore {
  let base: any CacheStore
  let logger: Logger

  /// Wraps `base`, logging to `logger`.
  public init(base: any CacheStore, logger: Logger) {
    self.base = base
    self.logger = logger
  }

  public func checkpoint() async throws { try await base.checkpoint() }
  public func close() async { await base.close() }

  public func entry(forKey key: String) async throws -> CacheEntry? {
    let entry = try await base.entry(forKey: key)
    logger.debug("disk cache \(entry == nil ? "miss" : "hit"): \(key)")
    return entry
  }

  public func save(_ entry: CacheEntry) async throws {
    do {
      try await base.save(entry)
    } catch {
      logger.error("disk cache write failed for \(entry.key): \(error)")
      throw error
    }
  }

  public func removeAll() async throws {
    logger.notice("disk cache cleared")
    try await base.removeAll()
  }

  public func summary() async throws -> CacheStoreSummary {
    try await base.summary()
  }

  public func pin(_ keys: [String]) async throws {
    logger.notice("disk cache: \(keys.count) answers pinned")
    try await base.pin(keys)
  }
}

/// What a demo's rehearsal (`present --prepare`) used: the answers it read or stored, by key,
/// and the images it drew or downloaded, by id.
public final class DemoRecorder: Sendable {
  /// An image of any variant, by species id and the variant's directory (`shiny/`).
  public struct Image: Codable, Sendable, Hashable, Comparable {
    public var id: Int
    public var variant: String

    public init(id: Int, variant: String) {
      self.id = id
      self.variant = variant
    }

    public static func < (a: Image, b: Image) -> Bool { (a.variant, a.id) < (b.variant, b.id) }
  }

  private let recorded = Locked((keys: Set<String>(), images: Set<Image>()))

  public init() {}

  /// The keys recorded, sorted.
  public var keys: [String] { recorded.withLock { $0.keys.sorted() } }
  /// The usual images' ids, sorted.
  public var images: [Int] {
    recorded.withLock { $0.images.filter(\.variant.isEmpty).map(\.id).sorted() }
  }
  /// The other variants' images (shiny, female), sorted.
  public var variantImages: [Image] {
    recorded.withLock { $0.images.filter { !$0.variant.isEmpty }.sorted() }
  }

  func record(key: String) { _ = recorded.withLock { $0.keys.insert(key) } }
  func record(image: Int, variant: SpriteVariant) {
    _ = recorded.withLock { $0.images.insert(Image(id: image, variant: variant.directory)) }
  }
}

/// Records every answer read or stored through it in a ``DemoRecorder``.
public struct RecordingCacheStore: CacheStore {
  let base: any CacheStore
  let recorder: DemoRecorder

  public init(base: any CacheStore, recorder: DemoRecorder) {
    self.base = base
    self.recorder = recorder
  }

  public func entry(forKey key: String) async throws -> CacheEntry? {
    let entry = try await base.entry(forKey: key)
    if entry != nil { recorder.record(key: key) }
    return entry
  }

  public func save(_ entry: CacheEntry) async throws {
    try await base.save(entry)
    recorder.record(key: entry.key)
  }

  public func removeAll() async throws { try await base.removeAll() }
  public func summary() async throws -> CacheStoreSummary { try await base.summary() }
  public func checkpoint() async throws { try await base.checkpoint() }
  public func close() async { await base.close() }
  public func pin(_ keys: [String]) async throws { try await base.pin(keys) }
}

/// Records every image found or stored through it in a ``DemoRecorder``.
public struct RecordingSpriteStore: SpriteStore {
  let base: any SpriteStore
  let recorder: DemoRecorder

  public init(base: any SpriteStore, recorder: DemoRecorder) {
    self.base = base
    self.recorder = recorder
  }

  public func storedIDs() async -> Set<Int> { await base.storedIDs() }

  /// Every variant is recorded: a show with `shiny on` needs the shiny pictures.
  public func fileURL(forSpecies id: Int, variant: SpriteVariant) async -> URL? {
    let url = await base.fileURL(forSpecies: id, variant: variant)
    if url != nil { recorder.record(image: id, variant: variant) }
    return url
  }

  public func store(
    _ png: Data, forSpecies id: Int, variant: SpriteVariant
  ) async throws(SpriteStoreError) -> URL {
    let url = try await base.store(png, forSpecies: id, variant: variant)
    recorder.record(image: id, variant: variant)
    return url
  }
}

/// Logs every PokéAPI call and its failure, whether it was answered by the cache or the network.
public struct LoggingPokeAPIClient: PokeAPIClient {
  let base: any PokeAPIClient
  let logger: Logger

  /// Wraps `base`, logging to `logger`.
  public init(base: any PokeAPIClient, logger: Logger) {
    self.base = base
    self.logger = logger
  }

  private func logged<T>(
    _ name: String, _ body: () async throws(APIError) -> T
  ) async throws(APIError) -> T {
    do {
      let value = try await body()
      logger.debug("api \(name): ok")
      return value
    } catch {
      logger.warning("api \(name): \(error)")
      throw error
    }
  }

  public func speciesPage(offset: Int, limit: Int) async throws(APIError) -> SpeciesListPage {
    try await logged("species page \(offset)+\(limit)") { () async throws(APIError) in
      try await base.speciesPage(offset: offset, limit: limit)
    }
  }

  public func speciesIndex() async throws(APIError) -> [SpeciesSummary] {
    try await logged("species index") { () async throws(APIError) in
      try await base.speciesIndex()
    }
  }

  public func formIndex() async throws(APIError) -> [SpeciesSummary] {
    try await logged("form index") { () async throws(APIError) in
      try await base.formIndex()
    }
  }

  public func resource<R: APIResource>(
    _ request: ResourceRequest<R>
  ) async throws(APIError) -> R {
    try await logged(request.description) { () async throws(APIError) in
      try await base.resource(request)
    }
  }

  public func encounters(pokemonID: Int) async throws(APIError) -> PokemonEncounters {
    try await logged("encounters \(pokemonID)") { () async throws(APIError) in
      try await base.encounters(pokemonID: pokemonID)
    }
  }

  public func derived<T: Codable & Sendable>(
    _ name: String, _ compute: @escaping @Sendable () async throws(APIError) -> Derived<T>
  ) async throws(APIError) -> T {
    try await logged("derived \(SafeText.line(name))") { () async throws(APIError) in
      try await base.derived(name, compute)
    }
  }

  public func names(of path: String) async throws(APIError) -> [NamedResource] {
    try await logged("\(SafeText.line(path)) index") { () async throws(APIError) in
      try await base.names(of: path)
    }
  }
}

extension Duration {
  var milliseconds: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1000 + attoseconds / 1_000_000_000_000_000
  }
}
