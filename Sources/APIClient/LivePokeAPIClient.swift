import Cache
import Foundation
import HTTPClient
import Locking
import Models

/// The ``PokeAPIClient`` that talks to PokéAPI through an ``HTTPClient`` and a ``ResponseCache``.
///
/// - Fresh cached answers are returned without a request; stale ones are revalidated with
///   `If-None-Match` (a `304` refreshes them); `404`s are cached for ten minutes, unless a good
///   answer is cached for the same URL: that one is kept (the caller still gets `notFound`).
/// - Bodies are decoded before they are stored, so garbage never replaces a good entry; what is
///   stored is the decoded value re-encoded (only the fields pokedex uses, a few KB instead of
///   the API's ~300 KB for a pokemon). Every answer, cached or fetched, is decoded once.
/// - Identical concurrent requests share one network request. How many different ones go out at
///   once is the transport's to bound (`BoundedHTTPClient`, shared with image downloads).
/// - When the network fails (or with `offline`), stale data is served and `onNotice` receives
///   one line saying how old it is (not for a cached `404`), with a kind (the reason) so that the
///   session can say it once per command.
/// - A load that started before the cache was cleared never writes its answer into the emptied
///   cache.
/// - Answers are filed under their URL without user name or password: credentials in the base
///   URL go to the server only.
/// - A cancelled caller gets ``APIError/cancelled`` at once; the request itself is cancelled when
///   no other caller waits for it.
public actor LivePokeAPIClient: PokeAPIClient {
  private let baseURL: String
  let http: any HTTPClient
  let cache: ResponseCache
  let offline: Bool
  let now: @Sendable () -> Date
  let onNotice: @Sendable (_ text: String, _ kind: String) -> Void

  private var flights: [String: Flight] = [:]
  /// The flight each caller waiting for an answer waits for (by its waiter id).
  private var joined: [UInt64: Flight] = [:]
  private var nextWaiterID: UInt64 = 0
  /// How many flights have started.
  private var flightsStarted = 0
  /// Of the answers stored since the cache's last checkpoint, the earliest's
  /// `startedBeforeAnswer` (a flight numbered above it started after that answer came); `nil`
  /// when none was.
  private var earliestStoredSinceCheckpoint: Int?
  /// The checkpoint made while the network was awaited (see `checkpointWhileWaiting`).
  private var checkpointing: Task<Void, Never>?
  /// Each type's first-decoding costs, paid while its first request is out.
  private let priming = DecoderPriming()

  /// A client for the API at `baseURL` (e.g. `https://pokeapi.co/api/v2`).
  /// - Parameters:
  ///   - http: the transport, usually a `RetryingHTTPClient` around a `CurlHTTPClient`.
  ///   - cache: where answers are kept.
  ///   - offline: never touch the network; answer from the cache, stale or not, or fail with
  ///     ``APIError/notCached(resource:)``.
  ///   - now: the clock (tests move it forward).
  ///   - onNotice: receives one-line notices such as
  ///     "Offline: showing data cached 3 hours ago.", with their kind (the reason).
  public init(
    baseURL: URL, http: any HTTPClient, cache: ResponseCache, offline: Bool = false,
    now: @escaping @Sendable () -> Date = { Date() },
    onNotice: @escaping @Sendable (_ text: String, _ kind: String) -> Void
  ) {
    var base = baseURL.absoluteString
    while base.hasSuffix("/") { base.removeLast() }
    self.baseURL = base
    self.http = http
    self.cache = cache
    self.offline = offline
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

  /// `GET pokemon-species?limit=100000`, following `next` should the server cut the list into
  /// pages, but only on the API's own host: a `next` naming another is invalid data.
  public func speciesIndex() async throws(APIError) -> [SpeciesSummary] {
    try await index("pokemon-species", resource: "the species index")
  }

  /// `GET pokemon?limit=100000`: the entries above id 10000, PokéAPI's ids for the forms that
  /// are not a species' usual one (the usual ones share their species' id).
  public func formIndex() async throws(APIError) -> [SpeciesSummary] {
    try await index("pokemon", resource: "the form index").filter { $0.id > 10_000 }
  }

  /// A whole list resource in one request, following `next` on the API's host only.
  private func index(_ path: String, resource: String) async throws(APIError) -> [SpeciesSummary] {
    var url = "\(baseURL)/\(path)?offset=0&limit=100000"
    var seen: Set<String> = []
    var summaries: [SpeciesSummary] = []
    while seen.insert(url).inserted, seen.count <= 100 {
      let page = try await value(SpeciesListPage.self, url: url, resource: resource)
      summaries += page.summaries
      guard let next = page.next, !next.isEmpty else { break }
      guard Self.sameOrigin(next, baseURL) else { throw .invalidData(resource: resource) }
      url = next
    }
    return summaries
  }

  /// Whether two URLs share scheme, host and port.
  static func sameOrigin(_ first: String, _ second: String) -> Bool {
    guard let a = URL(string: first), let b = URL(string: second) else { return false }
    return a.hasSameOrigin(as: b)
  }

  /// `GET pokemon/{id}/encounters` (a bare list, stored with the id it answers for).
  public func encounters(pokemonID: Int) async throws(APIError) -> PokemonEncounters {
    let resource = "the encounters of pokemon #\(pokemonID)"
    guard pokemonID > 0 else { throw .notFound(resource: resource) }
    return try await value(
      EncounterList.self, url: "\(baseURL)/pokemon/\(pokemonID)/encounters", resource: resource
    ).encounters(of: pokemonID)
  }

  /// `GET {path}/{id or slug}/`, cached under the URL and the type's representation; a kind
  /// asked for by name is filed under its id's URL and its slug's alike.
  public func resource<R: APIResource>(
    _ request: ResourceRequest<R>
  ) async throws(APIError) -> R {
    guard let component = Self.pathComponent(request.key) else {
      throw .notFound(resource: request.description)
    }
    let path = request.path
    return try await value(
      R.self, url: "\(baseURL)/\(path)/\(component)/",
      keySuffix: R.representation.isEmpty ? "" : "#" + R.representation,
      resource: request.description, isAnswer: request.isAnswer,
      aliases: { [baseURL] answer in
        guard R.askedByName else { return [] }
        return ["\(baseURL)/\(path)/\(answer.id)/", "\(baseURL)/\(path)/\(answer.name)/"]
      }, peek: request.peek)
  }

  /// `GET {path}?limit=100000`, following `next` on the API's host only.
  public func names(of path: String) async throws(APIError) -> [NamedResource] {
    try await index(path, resource: "the \(path) index").map {
      NamedResource(name: $0.name, url: "\(baseURL)/\(path)/\($0.id)/")
    }
  }

  /// Kept under `{base}/#derived/{name}` for a day, or for good when `compute` says so (served
  /// stale when offline), only when `compute` says to keep it, and never into a cache emptied
  /// meanwhile.
  public func derived<T: Codable & Sendable>(
    _ name: String, _ compute: @escaping @Sendable () async throws(APIError) -> Derived<T>
  ) async throws(APIError) -> T {
    let key = (URL(string: baseURL)?.redactingUserInfo ?? baseURL) + "/#derived/" + name
    let generation = await cache.generation
    if let entry = await cache.entry(forKey: key), entry.status == 200,
      offline || entry.isFresh(at: now()),
      let value = try? JSONDecoder().decode(T.self, from: entry.body)
    {
      return value
    }
    let made = try await compute()
    if made.keep, !Task.isCancelled, let body = try? Self.encoder.encode(made.value) {
      let stored = now()
      await cache.save(
        CacheEntry(
          key: key, status: 200, body: body, etag: nil, storedAt: stored,
          expiresAt: made.forGood
            ? Date.distantFuture : stored.addingTimeInterval(HTTPFreshness.defaultLifetime)),
        generation: generation)
    }
    return made.value
  }

  // MARK: Loading one resource

  /// A resource to load: where, how to name it to the user, and how to read and write its body.
  /// Each answer is decoded once, whether it comes from the cache or the network.
  struct Resource: Sendable {
    var key: String
    var url: URL
    var name: String
    /// Decodes a body (throws on a wrong shape, or when it answers for another resource: the
    /// species #25 served for #15 must never be filed under #15).
    var decode: @Sendable (Data) throws -> any Sendable
    /// The body to store for a decoded value: only the fields pokedex uses.
    var encode: @Sendable (any Sendable) throws -> Data
    /// Other keys the same answer may be filed under (e.g. a species by id and by name).
    var aliases: @Sendable (any Sendable) -> [String]
    /// Starts paying the decoded type's first-decoding costs (``DecoderPriming``).
    var prime: @Sendable () -> Void
    /// Looks at a body from the network before it is decoded (the caller's early word).
    var peek: (@Sendable (Data) -> Void)? = nil
    /// Where earlier versions filed the same answer with fewer fields, newest first, decoded the
    /// same way: served, when the network cannot be had, rather than nothing (a cache synced
    /// before languages came keeps working offline, in English).
    var legacyKeys: [String] = []
  }

  /// The key suffixes earlier versions used for what is now filed under `suffix`, the newest
  /// first: before every language was kept, a species, a type or a name had none (`#languages`,
  /// `#names` now), and a page's decoding had no `+languages`; before the past generations were
  /// kept, a pokemon had none (`#eras`), a type no `+eras` and a game no `+generation`; before a
  /// game's facts were read, a pokemon had no `+past`, a species no `+eras` and a game no
  /// `+regions`. Empty when there was none.
  static func legacySuffixes(of suffix: String) -> [String] {
    var found: [String] = []
    var current = suffix
    while let older = legacySuffix(of: current) {
      found.append(older)
      current = older
    }
    return found
  }

  /// The suffix of the version just before, for ``legacySuffixes(of:)``; `nil` when there was
  /// none.
  static func legacySuffix(of suffix: String) -> String? {
    for added in ["+languages", "+eras", "+generation", "+past", "+regions"]
    where suffix.hasSuffix(added) {
      return String(suffix.dropLast(added.count))
    }
    return ["#languages", "#names", "#eras"].contains(suffix) ? "" : nil
  }

  private func value<T: Codable & Sendable>(
    _ type: T.Type, url: String, keySuffix: String = "", resource: String,
    isAnswer: @escaping @Sendable (T) -> Bool = { _ in true },
    aliases: @escaping @Sendable (T) -> [String] = { _ in [] },
    peek: (@Sendable (Data) -> Void)? = nil
  ) async throws(APIError) -> T {
    guard let parsed = URL(string: url) else { throw .notFound(resource: resource) }
    let item = Resource(
      key: parsed.redactingUserInfo + keySuffix, url: parsed, name: resource,
      decode: { data in
        let value = try JSONDecoder().decode(T.self, from: data)
        guard isAnswer(value) else { throw APIError.invalidData(resource: resource) }
        return value
      },
      encode: { value in
        guard let value = value as? T else { throw APIError.invalidData(resource: resource) }
        return try Self.encoder.encode(value)
      },
      aliases: { value in
        ((value as? T).map(aliases) ?? []).map {
          (URL(string: $0)?.redactingUserInfo ?? $0) + keySuffix
        }
      },
      prime: { [priming] in priming.start(T.self) }, peek: peek,
      legacyKeys: Self.legacySuffixes(of: keySuffix).map { parsed.redactingUserInfo + $0 })
    guard let value = try await shared(item) as? T else {
      throw .invalidData(resource: resource)
    }
    return value
  }

  /// The largest JSON body decoded.
  static let maximumBodyBytes = 8 << 20

  private static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return encoder
  }()

  // MARK: Coalescing identical requests

  /// One load in progress and the callers waiting for it. Once answered it stays, holding its
  /// answer, until the answer is stored: a caller meanwhile has that answer while it is fresh,
  /// and otherwise waits for the store rather than asking the network again.
  private final class Flight {
    /// Its place among the session's flights, in the order they started.
    let number: Int
    var task: Task<Void, Never>?
    var waiters: [UInt64: CheckedContinuation<Result<any Sendable, APIError>, Never>] = [:]
    /// Its answer once it came, and, when it is stored, until when it is fresh and the cache's
    /// generation its load began in.
    var answer: (result: Result<any Sendable, APIError>, stored: Loaded.Storing?)?
    /// The other keys it is filed under while its answer is stored (a species asked for by name
    /// is also the species by id).
    var aliases: [String] = []
    var answered: Bool { answer != nil }
    /// How many flights had started when it was answered.
    var startedBeforeAnswer = 0
    /// Its request has gone to the network (past the cache).
    let sent = Locked(false)
    /// Whether it loads for work the session started by itself (``BoundedHTTPClient/isBackground``).
    let background = BoundedHTTPClient.isBackground
    /// When it started.
    let started = ContinuousClock.now
    init(number: Int) { self.number = number }
    /// Callers that came after the answer, waiting for it to be stored.
    let stored = StoreSignal()
  }

  /// Tells the callers waiting for an answer to be stored that it is. Behind a lock of its own
  /// rather than the actor's: a caller registers from its task and the flight's task fires it,
  /// and ThreadSanitizer sees a lock where it does not see the actor's hand-over between them.
  private final class StoreSignal: Sendable {
    private let state = Locked<(fired: Bool, waiting: [UInt64: CheckedContinuation<Void, Never>])>(
      (false, [:]))

    /// Returns once the answer is stored, or once ``cancel(_:)`` is called for `id` (or the task
    /// was cancelled before it waited).
    func wait(_ id: UInt64) async {
      await withCheckedContinuation { continuation in
        let goOn = state.withLock { state in
          let goOn = state.fired || Task.isCancelled
          if !goOn { state.waiting[id] = continuation }
          return goOn
        }
        if goOn { continuation.resume() }
      }
    }

    /// The waiter `id` stops waiting (the storing goes on).
    func cancel(_ id: UInt64) {
      state.withLock { $0.waiting.removeValue(forKey: id) }?.resume()
    }

    /// The answer is stored: every waiter goes on, and later ones at once.
    func fire() {
      let waiting = state.withLock { state in
        state.fired = true
        defer { state.waiting = [:] }
        return state.waiting
      }
      for continuation in waiting.values { continuation.resume() }
    }
  }

  /// Joins the load of `resource` in progress, or starts one. A load already answered, whose
  /// answer is being stored, gives that answer while it is fresh, counted as a cache hit (the
  /// cache holds it a moment later); a stale one, or one the cache was cleared since, is waited
  /// for and then read like any cached answer.
  private func shared(_ resource: Resource) async throws(APIError) -> any Sendable {
    let key = resource.key
    while let storing = flights[key], let answer = storing.answer {
      if Task.isCancelled { throw .cancelled }
      if let stored = answer.stored, now() < stored.expiresAt,
        await cache.countHit(unlessClearedSince: stored.generation)
      {
        return try answer.result.get()
      }
      nextWaiterID += 1
      let id = nextWaiterID
      let signal = storing.stored
      await withTaskCancellationHandler {
        await signal.wait(id)
      } onCancel: {
        signal.cancel(id)
      }
    }
    if Task.isCancelled { throw .cancelled }
    nextWaiterID += 1
    let id = nextWaiterID
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        if let flight = flights[key], !Self.overtakes(flight) {
          flight.waiters[id] = continuation
          joined[id] = flight
        } else {
          flightsStarted += 1
          let flight = Flight(number: flightsStarted)
          flight.waiters[id] = continuation
          joined[id] = flight
          flights[key] = flight
          flight.task = Task {
            let loaded = await self.load(resource, sent: flight.sent)
            self.answer(flight, with: loaded.result, stored: loaded.storing)
            if let storing = loaded.storing {
              self.file(flight, under: storing.aliases)
              // Stored at low priority, though owned and awaited here: the work the answer leads
              // to (the next requests, their decoding, the output) goes first, and the storing
              // fills the round trip that follows.
              await Task.detached(priority: .background) { await storing.keep() }.value
              self.earliestStoredSinceCheckpoint = min(
                self.earliestStoredSinceCheckpoint ?? .max, flight.startedBeforeAnswer)
            }
            self.finish(flight, key: key)
            self.checkpointWhileWaiting()
          }
        }
      }
    } onCancel: {
      Task { await self.cancelWaiter(id, key: key) }
    }
    return try result.get()
  }

  /// A background load unanswered for this long is taken to be stalled: a command asking for
  /// the same resource loads it itself rather than waiting for it. Longer than a large answer
  /// takes on a slow link, far shorter than a time-out.
  static let stalledAfter = Duration.seconds(2)

  /// Whether the current caller, a command, starts a load of its own rather than join
  /// `flight`: a background load (the names at launch) that has had no answer for
  /// ``stalledAfter``, on a network that stalled. The command must not wait behind it; the
  /// background's callers wait on.
  private static func overtakes(_ flight: Flight) -> Bool {
    flight.background && !BoundedHTTPClient.isBackground && !flight.answered
      && flight.started.duration(to: .now) > stalledAfter
  }

  /// Gives the callers their answer; the flight stays until the answer is stored.
  private func answer(
    _ flight: Flight, with result: Result<any Sendable, APIError>, stored: Loaded.Storing?
  ) {
    flight.answer = (result, stored)
    flight.startedBeforeAnswer = flightsStarted
    let waiters = flight.waiters
    flight.waiters = [:]
    for id in waiters.keys { joined[id] = nil }
    for continuation in waiters.values { continuation.resume(returning: result) }
  }

  /// The answer is stored: the flight ends, and the callers that waited for that go on.
  private func finish(_ flight: Flight, key: String) {
    for filed in [key] + flight.aliases where flights[filed] === flight { flights[filed] = nil }
    flight.stored.fire()
  }

  /// Files an answered flight under the answer's other keys too (where no flight is), so that a
  /// caller by one of them has the answer while it is stored, as a caller by its own key does.
  private func file(_ flight: Flight, under aliases: [String]) {
    flight.aliases = aliases.filter { flights[$0] == nil }
    for alias in flight.aliases { flights[alias] = flight }
  }

  private func cancelWaiter(_ id: UInt64, key: String) {
    guard let flight = joined.removeValue(forKey: id),
      let continuation = flight.waiters.removeValue(forKey: id)
    else { return }
    continuation.resume(returning: .failure(.cancelled))
    if flight.waiters.isEmpty {
      if flights[key] === flight { flights[key] = nil }
      flight.task?.cancel()
    }
  }

  /// When every answer received is stored, and a request made since the earliest of those not
  /// yet checkpointed came is on the network (the next wave, which the answers led to), the disk
  /// has nothing to do for about a round trip: the cache then moves what it wrote into its main
  /// file (a SQLite checkpoint and its two syncs), so that closing it at exit has only the last
  /// wave left to move. Not while only requests of the answers' own wave are out (theirs are due
  /// any moment), nor while a load reads the disk (it would wait behind the checkpoint); at most
  /// one at a time (looked at again when it ends), and none with nothing new stored. Looked at
  /// whenever a flight ends: the answer that led to the next wave may be stored before or after
  /// others of its wave.
  ///
  /// It begins ``checkpointDelay`` later: a request handed to the transport is written to the
  /// network a little after, and on the link a checkpoint begun at once held up the writing of
  /// the names' nine requests by about a millisecond (its copying and its syncs, which are exits
  /// to the host on a virtual machine, took the thread's core). Then only a load reading the
  /// disk holds it back: on a fast network the next wave's answers may have come meanwhile, and
  /// a sync, whose answers never stop coming, would otherwise never checkpoint, its log growing
  /// until SQLite's own checkpoint at 4 MB.
  private func checkpointWhileWaiting() {
    guard checkpointing == nil, nextWaveAwaited() else { return }
    checkpointing = Task {
      try? await Task.sleep(for: Self.checkpointDelay)
      if earliestStoredSinceCheckpoint != nil, !aLoadReadsTheDisk() {
        earliestStoredSinceCheckpoint = nil
        await cache.checkpoint()
      }
      checkpointing = nil
      checkpointWhileWaiting()
    }
  }

  /// How long after the next wave's requests were handed to the transport a checkpoint begins:
  /// they were written within 1.5 ms in every traced run on the link.
  static let checkpointDelay = Duration.milliseconds(5)

  /// Whether answers not yet checkpointed are all stored while requests made since the earliest
  /// came are out, and no load reads the disk (``checkpointWhileWaiting()``).
  private func nextWaveAwaited() -> Bool {
    guard let earliest = earliestStoredSinceCheckpoint else { return false }
    return !flights.values.contains(where: \.answered) && !aLoadReadsTheDisk()
      && flights.values.contains(where: { $0.number > earliest })
  }

  /// Whether a load is still before its request: reading the cache, which a checkpoint would
  /// hold up.
  private func aLoadReadsTheDisk() -> Bool {
    flights.values.contains { !$0.answered && !$0.sent.withLock { $0 } }
  }

  /// Waits until every answer already received is stored (in memory and on disk): answers are
  /// given to their callers first and stored after, so that the next requests leave sooner.
  /// Loads still waiting for the network, and answers that come later, are not waited for; a
  /// checkpoint under way or about to begin is, and so is the priming of a decoder
  /// (``DecoderPriming``).
  public func settle() async {
    let storing = flights.values.filter(\.answered).compactMap(\.task)
    for task in storing { await task.value }
    while let running = checkpointing { await running.value }
    await priming.settle()
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

}

/// The bare list `pokemon/{id}/encounters` answers with, as it is decoded and stored.
private struct EncounterList: Codable, Sendable {
  var list: [LocationEncounter]

  init(from decoder: any Decoder) throws {
    list = try decoder.singleValueContainer().decode([LocationEncounter].self)
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(list)
  }

  func encounters(of pokemonID: Int) -> PokemonEncounters {
    PokemonEncounters(pokemonID: pokemonID, encounters: list)
  }
}
