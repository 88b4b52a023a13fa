import Cache
import Foundation
import HTTPClient
import Models

/// The ``PokeAPIClient`` that talks to PokéAPI through an ``HTTPClient`` and a ``ResponseCache``.
///
/// - Fresh cached answers are returned without a request; stale ones are revalidated with
///   `If-None-Match` (a `304` refreshes them); `404`s are cached for ten minutes, unless a good
///   answer is cached for the same URL: that one is kept (the caller still gets `notFound`).
/// - Bodies are decoded before they are stored, so garbage never replaces a good entry; what is
///   stored is the decoded value re-encoded (only the fields pokedex uses, a few KB instead of
///   the API's ~300 KB for a pokemon).
/// - Identical concurrent requests share one network request; at most `maxConcurrentRequests`
///   requests are on the network at once.
/// - When the network fails (or with `offline`), stale data is served and `onNotice` receives
///   one line saying how old it is (not for a cached `404`), with a kind (the reason) so that the
///   session can say it once per command.
/// - A load that started before the cache was cleared never writes its answer into the emptied
///   cache.
/// - A cancelled caller gets ``APIError/cancelled`` at once; the request itself is cancelled when
///   no other caller waits for it.
public actor LivePokeAPIClient: PokeAPIClient {
  private let baseURL: String
  private let http: any HTTPClient
  private let cache: ResponseCache
  private let offline: Bool
  private let now: @Sendable () -> Date
  private let onNotice: @Sendable (_ text: String, _ kind: String) -> Void
  private let maxConcurrentRequests: Int

  private var flights: [String: Flight] = [:]
  private var nextWaiterID: UInt64 = 0
  private var activeRequests = 0
  private var slotWaiters: [(id: UInt64, continuation: CheckedContinuation<Bool, Never>)] = []

  /// A client for the API at `baseURL` (e.g. `https://pokeapi.co/api/v2`).
  /// - Parameters:
  ///   - http: the transport, usually a `RetryingHTTPClient` around a `URLSessionHTTPClient`.
  ///   - cache: where answers are kept.
  ///   - offline: never touch the network; answer from the cache, stale or not, or fail with
  ///     ``APIError/notCached(resource:)``.
  ///   - maxConcurrentRequests: how many requests may be on the network at once.
  ///   - now: the clock (tests move it forward).
  ///   - onNotice: receives one-line notices such as
  ///     "Offline: showing data cached 3 hours ago.", with their kind (the reason).
  public init(
    baseURL: URL, http: any HTTPClient, cache: ResponseCache, offline: Bool = false,
    maxConcurrentRequests: Int = 6, now: @escaping @Sendable () -> Date = { Date() },
    onNotice: @escaping @Sendable (_ text: String, _ kind: String) -> Void
  ) {
    var base = baseURL.absoluteString
    while base.hasSuffix("/") { base.removeLast() }
    self.baseURL = base
    self.http = http
    self.cache = cache
    self.offline = offline
    self.maxConcurrentRequests = max(1, maxConcurrentRequests)
    self.now = now
    self.onNotice = onNotice
  }

  // MARK: PokeAPIClient

  /// `GET pokemon-species?offset=&limit=`.
  public func speciesPage(offset: Int, limit: Int) async throws(APIError) -> SpeciesListPage {
    let url = "\(baseURL)/pokemon-species?offset=\(max(0, offset))&limit=\(max(1, limit))"
    return try await value(
      SpeciesListPage.self, url: url, resource: "the species list (from \(max(0, offset) + 1))")
  }

  /// `GET pokemon-species?limit=100000`, following `next` (whatever host it names) should the
  /// server cut the list into pages.
  public func speciesIndex() async throws(APIError) -> [SpeciesSummary] {
    var url = "\(baseURL)/pokemon-species?offset=0&limit=100000"
    var seen: Set<String> = []
    var summaries: [SpeciesSummary] = []
    while seen.insert(url).inserted, seen.count <= 100 {
      let page = try await value(SpeciesListPage.self, url: url, resource: "the species index")
      summaries += page.summaries
      guard let next = page.next, !next.isEmpty else { break }
      url = next
    }
    return summaries
  }

  /// `GET pokemon-species/{id or name}/`.
  public func species(_ key: SpeciesKey) async throws(APIError) -> Species {
    let resource = "species \(Self.describe(key))"
    guard let component = Self.pathComponent(key) else { throw .notFound(resource: resource) }
    return try await value(
      Species.self, url: "\(baseURL)/pokemon-species/\(component)/", resource: resource,
      aliases: { [baseURL] species in
        [
          "\(baseURL)/pokemon-species/\(species.id)/",
          "\(baseURL)/pokemon-species/\(species.name)/",
        ]
      })
  }

  /// `GET pokemon/{id}/`.
  public func pokemon(id: Int) async throws(APIError) -> Pokemon {
    try await value(Pokemon.self, url: "\(baseURL)/pokemon/\(id)/", resource: "pokemon #\(id)")
  }

  /// `GET evolution-chain/{id}/`.
  public func evolutionChain(id: Int) async throws(APIError) -> EvolutionChain {
    try await value(
      EvolutionChain.self, url: "\(baseURL)/evolution-chain/\(id)/",
      resource: "evolution chain #\(id)")
  }

  /// `GET gender/{id}/`.
  public func genderList(id: Int) async throws(APIError) -> GenderList {
    try await value(
      GenderList.self, url: "\(baseURL)/gender/\(id)/", resource: "gender list #\(id)")
  }

  // MARK: Loading one resource

  /// A resource to load: where, how to name it to the user, and how to validate its body.
  private struct Resource: Sendable {
    var key: String
    var url: URL
    var name: String
    /// Decodes a body and re-encodes the decoded value (throws on a wrong shape).
    var validate: @Sendable (Data) throws -> Data
    /// Other keys the same answer may be filed under (e.g. a species by id and by name).
    var aliases: @Sendable (Data) -> [String]
  }

  private func value<T: Codable & Sendable>(
    _ type: T.Type, url: String, resource: String,
    aliases: @escaping @Sendable (T) -> [String] = { _ in [] }
  ) async throws(APIError) -> T {
    guard let parsed = URL(string: url) else { throw .notFound(resource: resource) }
    let item = Resource(
      key: url, url: parsed, name: resource,
      validate: { data in try Self.encoder.encode(try JSONDecoder().decode(T.self, from: data)) },
      aliases: { data in (try? JSONDecoder().decode(T.self, from: data)).map(aliases) ?? [] })
    let data = try await shared(item)
    do {
      return try JSONDecoder().decode(T.self, from: data)
    } catch {
      throw .invalidData(resource: resource)
    }
  }

  private static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return encoder
  }()

  // MARK: Coalescing identical requests

  /// One load in progress and the callers waiting for it.
  private final class Flight {
    var task: Task<Void, Never>?
    var waiters: [UInt64: CheckedContinuation<Result<Data, APIError>, Never>] = [:]
  }

  /// Joins the load of `resource` in progress, or starts one.
  private func shared(_ resource: Resource) async throws(APIError) -> Data {
    if Task.isCancelled { throw .cancelled }
    nextWaiterID += 1
    let id = nextWaiterID
    let key = resource.key
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        if let flight = flights[key] {
          flight.waiters[id] = continuation
        } else {
          let flight = Flight()
          flight.waiters[id] = continuation
          flights[key] = flight
          flight.task = Task {
            let result = await self.load(resource)
            self.finish(flight, key: key, with: result)
          }
        }
      }
    } onCancel: {
      Task { await self.cancelWaiter(id, key: key) }
    }
    return try result.get()
  }

  private func finish(_ flight: Flight, key: String, with result: Result<Data, APIError>) {
    if flights[key] === flight { flights[key] = nil }
    let waiters = flight.waiters
    flight.waiters = [:]
    for continuation in waiters.values { continuation.resume(returning: result) }
  }

  private func cancelWaiter(_ id: UInt64, key: String) {
    guard let flight = flights[key], let continuation = flight.waiters.removeValue(forKey: id)
    else { return }
    continuation.resume(returning: .failure(.cancelled))
    if flight.waiters.isEmpty {
      flights[key] = nil
      flight.task?.cancel()
    }
  }

  // MARK: Bounding parallel requests

  /// Waits for a free network slot; `false` when cancelled while waiting.
  private func acquireSlot() async -> Bool {
    if activeRequests < maxConcurrentRequests {
      activeRequests += 1
      return true
    }
    if Task.isCancelled { return false }
    nextWaiterID += 1
    let id = nextWaiterID
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        slotWaiters.append((id, continuation))
      }
    } onCancel: {
      Task { await self.cancelSlotWaiter(id) }
    }
  }

  private func releaseSlot() {
    if slotWaiters.isEmpty {
      activeRequests -= 1
    } else {
      slotWaiters.removeFirst().continuation.resume(returning: true)
    }
  }

  private func cancelSlotWaiter(_ id: UInt64) {
    guard let index = slotWaiters.firstIndex(where: { $0.id == id }) else { return }
    slotWaiters.remove(at: index).continuation.resume(returning: false)
  }

  // MARK: Cache, network, fallback

  /// Loads one resource: cache, then network, then stale data as a fallback.
  private func load(_ resource: Resource) async -> Result<Data, APIError> {
    let generation = await cache.generation
    let cached = await usableEntry(forKey: resource.key, resource)
    if let cached, cached.isFresh(at: now()) { return answer(from: cached, resource) }
    if offline {
      guard let cached else { return .failure(.notCached(resource: resource.name)) }
      return serveStale(cached, resource, reason: "Offline")
    }

    var headers: [String: String] = [:]
    if let cached, cached.status == 200, let etag = cached.etag {
      headers["If-None-Match"] = etag
    }
    guard await acquireSlot() else { return .failure(.cancelled) }
    let response: HTTPResponse
    do {
      response = try await http.send(HTTPRequest(url: resource.url, headers: headers))
      releaseSlot()
    } catch {
      releaseSlot()
      switch error {
      case .cancelled: return .failure(.cancelled)
      case .badResponse: return .failure(.invalidData(resource: resource.name))
      case .connectionFailed:
        guard let cached else { return .failure(.offline) }
        return serveStale(cached, resource, reason: "Offline")
      case .timedOut:
        guard let cached else { return .failure(.timedOut) }
        return serveStale(cached, resource, reason: "The Pokémon server did not answer in time")
      }
    }
    if Task.isCancelled { return .failure(.cancelled) }

    let received = now()
    let lifetime = HTTPFreshness.lifetime(cacheControl: response.header("Cache-Control"))
    switch response.status {
    case 304:
      guard let cached else { return .failure(.unexpectedStatus(304)) }
      var refreshed = cached
      refreshed.storedAt = received
      refreshed.expiresAt = received.addingTimeInterval(lifetime)
      refreshed.etag = response.header("ETag") ?? cached.etag
      await save(refreshed, resource, generation: generation)
      return answer(from: refreshed, resource)
    case 200..<300:
      let body: Data
      do {
        body = try resource.validate(response.body)
      } catch {
        return .failure(.invalidData(resource: resource.name))
      }
      let entry = CacheEntry(
        key: resource.key, status: 200, body: body, etag: response.header("ETag"),
        storedAt: received, expiresAt: received.addingTimeInterval(lifetime))
      await save(entry, resource, generation: generation)
      return .success(body)
    case 404, 410:
      // A good copy is kept: a server wrongly answering 404 must not wipe the offline data.
      if cached?.status != 200 {
        let entry = CacheEntry(
          key: resource.key, status: 404, body: Data(), etag: nil, storedAt: received,
          expiresAt: received.addingTimeInterval(HTTPFreshness.notFoundLifetime))
        await cache.save(entry, generation: generation)
      }
      return .failure(.notFound(resource: resource.name))
    case 429:
      guard let cached else { return .failure(.rateLimited) }
      return serveStale(cached, resource, reason: "The Pokémon server is rate limiting us")
    case 403, 500...599:
      guard let cached else { return .failure(.server(status: response.status)) }
      return serveStale(
        cached, resource, reason: "The Pokémon server is unavailable (HTTP \(response.status))")
    default:
      return .failure(.unexpectedStatus(response.status))
    }
  }

  /// The cached entry for `key` when it is a `404` or a body that still decodes.
  private func usableEntry(forKey key: String, _ resource: Resource) async -> CacheEntry? {
    guard let entry = await cache.entry(forKey: key) else { return nil }
    switch entry.status {
    case 404: return entry
    case 200: return (try? resource.validate(entry.body)) == nil ? nil : entry
    default: return nil
    }
  }

  private func save(_ entry: CacheEntry, _ resource: Resource, generation: Int) async {
    await cache.save(entry, generation: generation)
    for alias in Set(resource.aliases(entry.body)) where alias != entry.key {
      var copy = entry
      copy.key = alias
      await cache.save(copy, generation: generation)
    }
  }

  private func answer(from entry: CacheEntry, _ resource: Resource) -> Result<Data, APIError> {
    entry.status == 404 ? .failure(.notFound(resource: resource.name)) : .success(entry.body)
  }

  private func serveStale(_ entry: CacheEntry, _ resource: Resource, reason: String) -> Result<
    Data, APIError
  > {
    let time = now()
    // A cached 404 is no data: no "showing data cached" notice before "Not found".
    if entry.status == 200, !entry.isFresh(at: time) {
      onNotice("\(reason): showing data cached \(AgeText.ago(entry.storedAt, now: time)).", reason)
    }
    return answer(from: entry, resource)
  }

  // MARK: Names

  /// The path component for a key: the id, or the slug lower-cased and percent-encoded;
  /// `nil` for names no species can have (empty or absurdly long).
  static func pathComponent(_ key: SpeciesKey) -> String? {
    switch key {
    case .id(let id):
      return id > 0 ? String(id) : nil
    case .name(let name):
      let slug = name.trimmingCharacters(in: .whitespaces).lowercased()
      guard !slug.isEmpty, slug.utf8.count <= 100 else { return nil }
      var allowed = CharacterSet.alphanumerics
      allowed.insert(charactersIn: "-._~")
      return slug.addingPercentEncoding(withAllowedCharacters: allowed)
    }
  }

  /// The key as the user typed it, safe to print.
  static func describe(_ key: SpeciesKey) -> String {
    switch key {
    case .id(let id): return "#\(id)"
    case .name(let name):
      let clean = SafeText.line(name)
      return clean.count > 40 ? "\"\(clean.prefix(40))…\"" : "\"\(clean)\""
    }
  }
}
