import Cache
import Foundation
import HTTPClient
import Locking
import Models

/// One resource's load: the cache first, then the network, and what stands in when the network
/// fails (a stale answer, an older version's entry); each answer decoded once, then stored.
extension LivePokeAPIClient {

  /// An answer, and how to store it once the callers have it.
  struct Loaded: Sendable {
    /// How an answer is stored: the storing itself, until when the answer is fresh, the cache's
    /// generation when its load began (a clear since drops it), and the other keys it is stored
    /// under.
    struct Storing: Sendable {
      var keep: @Sendable () async -> Void
      var expiresAt: Date
      var generation: Int
      var aliases: [String] = []
    }
    var result: Result<any Sendable, APIError>
    /// `nil`: the answer is not stored.
    var storing: Storing? = nil
  }

  /// What the newest earlier version stored for `resource`, when any did.
  nonisolated func legacyEntry(_ resource: Resource) async -> Cached? {
    for key in resource.legacyKeys {
      if let entry = await usableEntry(forKey: key, resource) { return entry }
    }
    return nil
  }

  /// Loads one resource: cache, then network, then stale data as a fallback. Off the actor, so
  /// that answers arriving together are decoded together. `sent` is set once the request goes
  /// to the network.
  nonisolated func load(_ resource: Resource, sent: Locked<Bool>) async -> Loaded {
    let generation = await cache.generation
    let cached = await usableEntry(forKey: resource.key, resource)
    if let cached, cached.entry.isFresh(at: now()) {
      return Loaded(result: answer(from: cached, resource))
    }
    // What an earlier version stored, for when nothing newer can be had.
    var stale = cached
    if stale == nil, offline { stale = await legacyEntry(resource) }
    if offline {
      guard let stale else {
        return Loaded(result: .failure(.notCached(resource: resource.name)))
      }
      return Loaded(result: serveStale(stale, resource, reason: "Offline"))
    }

    var headers: [String: String] = [:]
    if let cached, cached.entry.status == 200, let etag = cached.entry.etag {
      headers["If-None-Match"] = etag
    }
    let response: HTTPResponse
    sent.withLock { $0 = true }
    // Nothing was cached for the resource (so nothing decoded for it): its type's first-decoding
    // costs, if this process has not paid them yet, are paid while the request is out.
    if cached == nil { resource.prime() }
    do {
      response = try await http.send(
        HTTPRequest(url: resource.url, headers: headers, maximumBodyBytes: Self.maximumBodyBytes))
    } catch {
      switch error {
      case .cancelled: return Loaded(result: .failure(.cancelled))
      case .badResponse, .tooLarge:
        return Loaded(result: .failure(.invalidData(resource: resource.name)))
      case .connectionFailed, .timedOut:
        if stale == nil { stale = await legacyEntry(resource) }
        guard let stale else {
          return Loaded(result: .failure(error == .timedOut ? .timedOut : .offline))
        }
        return Loaded(
          result: serveStale(
            stale, resource,
            reason: error == .timedOut ? "The Pokémon server did not answer in time" : "Offline"))
      }
    }
    if Task.isCancelled { return Loaded(result: .failure(.cancelled)) }

    let received = now()
    let lifetime = HTTPFreshness.lifetime(cacheControl: response.header("Cache-Control"))
    switch response.status {
    case 304:
      guard var refreshed = cached else { return Loaded(result: .failure(.unexpectedStatus(304))) }
      refreshed.entry.storedAt = received
      refreshed.entry.expiresAt = received.addingTimeInterval(lifetime)
      refreshed.entry.etag = response.header("ETag") ?? refreshed.entry.etag
      let kept = refreshed
      let aliases = Self.aliases(of: kept.value, resource)
      return Loaded(
        result: answer(from: kept, resource),
        storing: .init(
          keep: { await self.save(kept.entry, under: aliases, generation: generation) },
          expiresAt: kept.entry.expiresAt, generation: generation, aliases: aliases))
    case 200..<300:
      // The largest real answer (a pokemon with all its moves) is about 1 MB; a body many times
      // that is not worth decoding.
      guard response.body.count <= Self.maximumBodyBytes else {
        return Loaded(result: .failure(.invalidData(resource: resource.name)))
      }
      // The caller's early word (the chain a species names), before the decoding.
      resource.peek?(response.body)
      // Decoded once; what is stored is the decoded value re-encoded (only the fields used),
      // after the callers have the value.
      let value: any Sendable
      do {
        value = try resource.decode(response.body)
      } catch {
        return Loaded(result: .failure(.invalidData(resource: resource.name)))
      }
      let etag = response.header("ETag")
      let aliases = Self.aliases(of: value, resource)
      return Loaded(
        result: .success(value),
        storing: .init(
          keep: {
            guard let body = try? resource.encode(value) else { return }
            let entry = CacheEntry(
              key: resource.key, status: 200, body: body, etag: etag,
              storedAt: received, expiresAt: received.addingTimeInterval(lifetime))
            await self.save(entry, under: aliases, generation: generation)
          }, expiresAt: received.addingTimeInterval(lifetime), generation: generation,
          aliases: aliases))
    case 404, 410:
      // A good copy is kept: a server wrongly answering 404 must not wipe the offline data.
      let notFound = Loaded(result: .failure(.notFound(resource: resource.name)))
      guard cached?.entry.status != 200 else { return notFound }
      let entry = CacheEntry(
        key: resource.key, status: 404, body: Data(), etag: nil, storedAt: received,
        expiresAt: received.addingTimeInterval(HTTPFreshness.notFoundLifetime))
      return Loaded(
        result: notFound.result,
        storing: .init(
          keep: { await self.cache.save(entry, generation: generation) },
          expiresAt: entry.expiresAt, generation: generation))
    case 429:
      guard let cached else { return Loaded(result: .failure(.rateLimited)) }
      return Loaded(
        result: serveStale(cached, resource, reason: "The Pokémon server is rate limiting us"))
    case 403, 500...599:
      guard let cached else { return Loaded(result: .failure(.server(status: response.status))) }
      return Loaded(
        result: serveStale(
          cached, resource,
          reason: "The Pokémon server is unavailable (HTTP \(response.status))"))
    case 300..<400:
      // A redirect the transport did not follow: it pointed away from the API's host.
      return Loaded(result: .failure(.invalidData(resource: resource.name)))
    default:
      return Loaded(result: .failure(.unexpectedStatus(response.status)))
    }
  }

  /// A cached answer: a `404`, or a body with its decoded value.
  struct Cached {
    var entry: CacheEntry
    /// `nil` for a cached `404`.
    var value: (any Sendable)?
  }

  /// The cached answer for `key` when it is a `404` or a body that still decodes (decoded now,
  /// once).
  nonisolated func usableEntry(forKey key: String, _ resource: Resource) async -> Cached? {
    guard let entry = await cache.entry(forKey: key) else { return nil }
    switch entry.status {
    case 404: return Cached(entry: entry, value: nil)
    case 200: return (try? resource.decode(entry.body)).map { Cached(entry: entry, value: $0) }
    default: return nil
    }
  }

  /// The keys besides its own that an answer is stored under.
  static func aliases(of value: (any Sendable)?, _ resource: Resource) -> [String] {
    guard let value else { return [] }
    return Set(resource.aliases(value)).subtracting([resource.key]).sorted()
  }

  /// Stores `entry` under its key and under each of `aliases` (its value's other keys, worked out
  /// once with the answer: ``aliases(of:_:)``).
  nonisolated func save(
    _ entry: CacheEntry, under aliases: [String], generation: Int
  ) async {
    await cache.save(entry, generation: generation)
    for alias in aliases {
      var copy = entry
      copy.key = alias
      await cache.save(copy, generation: generation)
    }
  }

  nonisolated func answer(from cached: Cached, _ resource: Resource) -> Result<
    any Sendable, APIError
  > {
    guard let value = cached.value else { return .failure(.notFound(resource: resource.name)) }
    return .success(value)
  }

  nonisolated func serveStale(
    _ cached: Cached, _ resource: Resource, reason: String
  ) -> Result<any Sendable, APIError> {
    let time = now()
    // A cached 404 is no data: no "showing data cached" notice before "Not found".
    if cached.entry.status == 200, !cached.entry.isFresh(at: time) {
      let age = AgeText.ago(cached.entry.storedAt, now: time)
      onNotice("\(reason): showing data cached \(age).", reason)
    }
    return answer(from: cached, resource)
  }
}
