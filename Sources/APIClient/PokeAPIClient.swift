import Foundation
import Models

/// How a species is named on the command line: by id or by slug.
public enum SpeciesKey: Sendable, Hashable, CustomStringConvertible {
  case id(Int)
  case name(String)

  /// The path component PokéAPI accepts for it.
  public var pathComponent: String {
    switch self {
    case .id(let id): String(id)
    case .name(let name): name.lowercased()
    }
  }

  public var description: String { pathComponent }
}

/// The PokéAPI resources pokedex reads. Implementations cache, coalesce and retry;
/// callers see values or an ``APIError``.
public protocol PokeAPIClient: Sendable {
  /// A page of the species list in the API's default order.
  func speciesPage(offset: Int, limit: Int) async throws(APIError) -> SpeciesListPage
  /// Every species (id and slug) in one request, for completion and search.
  func speciesIndex() async throws(APIError) -> [SpeciesSummary]
  /// Every form that is not a species' usual one (`raichu-alola`, id 10100), from the
  /// `pokemon` list in one request, for completion.
  func formIndex() async throws(APIError) -> [SpeciesSummary]
  /// Where a pokemon is found in the wild (`GET pokemon/{id}/encounters`), by place and game.
  func encounters(pokemonID: Int) async throws(APIError) -> PokemonEncounters
  /// One resource by id or slug (`GET pokemon-species/133/`, `GET ability/static/`), decoded
  /// as `R`: the one way every resource is fetched (the calls below only name the request).
  func resource<R: APIResource>(_ request: ResourceRequest<R>) async throws(APIError) -> R
  /// The slug and id of every resource at `path` (`GET ability?limit=…`) in one request, for
  /// completion and for resolving a typed name.
  func names(of path: String) async throws(APIError) -> [NamedResource]
  /// A value made from many answers (the games' order from every game, a learnset's rows from
  /// its moves), kept like an answer under `name` so that next time it is one read instead of
  /// many: `compute` runs when it is missing or stale (online), and its value is kept when it
  /// says so (a value made while some answers failed is not).
  func derived<T: Codable & Sendable>(
    _ name: String, _ compute: @escaping @Sendable () async throws(APIError) -> Derived<T>
  ) async throws(APIError) -> T
}

/// What ``PokeAPIClient/derived(_:_:)`` computed, and whether it is whole enough to keep.
public struct Derived<T: Sendable>: Sendable {
  public var value: T
  public var keep: Bool
  /// Kept for good rather than for a day: what the API does not change (names).
  public var forGood: Bool

  public init(_ value: T, keep: Bool = true, forGood: Bool = false) {
    self.value = value
    self.keep = keep
    self.forGood = forGood
  }
}

/// Names by language code (`ja` → `ピカチュウ`), as the name tables keep them.
public typealias NamesByLanguage = [String: String]

/// A PokéAPI resource a page shows, decoded into only the fields it uses (that is what the cache
/// keeps of it).
public protocol APIResource: Codable, Sendable {
  /// The API's path for the kind (`ability`, `move`).
  static var path: String { get }
  /// Tells this decoding's cache entries apart from another's for the same URL: an evolution
  /// keeps only a move's name (`GameResource`), the move page much more.
  static var representation: String { get }
  /// How messages name one (`species`, `evolution chain`); the path by default.
  static var noun: String { get }
  /// Whether an answer is filed under its id's URL and its slug's alike, for a kind asked for
  /// by both (`open 133`, `open eevee`); not for those only ever asked for by id (a pokemon, a
  /// chain), whose second copy would only take room.
  static var askedByName: Bool { get }
  var id: Int { get }
  var name: String { get }
}

extension APIResource {
  public static var noun: String { path }
  public static var askedByName: Bool { true }
}

extension PokeAPIClient {
  /// A species' names by language: empty when the server has no such species, nil when it could
  /// not be loaded. (Caught in a function of its own, never inlined, as ``APIRequests/result(of:_:)``
  /// explains.)
  @inline(never)
  static func names(ofSpecies id: Int, client: PokeAPIClient) async -> NamesByLanguage? {
    do throws(APIError) {
      return Self.byLanguage(try await client.species(.id(id)).names)
    } catch .notFound {
      return [:]  // not a species this server has: it has no names
    } catch {
      return nil
    }
  }

  /// Every species' name in every language, by species id: from the species resources (those
  /// cached are read, the others fetched `width` at a time, leaving the transport room for the
  /// session's commands), kept for good once every one came. `progress` hears how many of how
  /// many are done.
  public func speciesNames(
    width: Int = 4, progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in }
  ) async throws(APIError) -> [Int: NamesByLanguage] {
    try await derived("species-names") { () async throws(APIError) in
      let ids = try await speciesIndex().map(\.id)
      let client = self
      let loaded = await Self.namesOfEach(ids, width: width, progress: progress) { id in
        await Self.names(ofSpecies: id, client: client)
      }
      if Task.isCancelled { throw .cancelled }
      return Derived(loaded.names, keep: loaded.complete, forGood: true)
    }
  }

  /// The names of each of `keys` by `load` (empty: none such; `nil`: not loaded), `width` at a
  /// time, `progress` hearing how many of how many are done; complete when every one loaded
  /// and the caller was not cancelled.
  static func namesOfEach<Key: Hashable & Sendable>(
    _ keys: [Key], width: Int, progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void,
    _ load: @escaping @Sendable (Key) async -> NamesByLanguage?
  ) async -> (names: [Key: NamesByLanguage], complete: Bool) {
    await withTaskGroup(of: (Key, NamesByLanguage?).self) { group in
      var next = 0
      func startNext() {
        guard next < keys.count else { return }
        let key = keys[next]
        next += 1
        group.addTask { (key, await load(key)) }
      }
      for _ in 0..<max(1, width) { startNext() }
      var names: [Key: NamesByLanguage] = [:]
      var done = 0
      var complete = true
      for await (key, found) in group {
        done += 1
        progress(done, keys.count)
        if let found {
          if !found.isEmpty { names[key] = found }
        } else {
          complete = false
        }
        if !Task.isCancelled { startNext() }
      }
      return (names, complete && !Task.isCancelled)
    }
  }

  /// Every species' name in `language` (else a near one, else English), by id: a small table
  /// made from the one of every language when that one is kept, then kept for good itself, so
  /// that a session in a language reads one small answer instead of the species' names one by
  /// one. Throws ``APIError/notCached(resource:)`` when neither table is kept (it never loads
  /// the species).
  public func keptSpeciesNames(in language: Language) async throws(APIError) -> [Int: String] {
    try await derived("species-names/\(language.code)") { () async throws(APIError) in
      let all: [Int: NamesByLanguage] = try await derived("species-names") {
        () async throws(APIError) -> Derived<[Int: NamesByLanguage]> in
        throw .notCached(resource: "the species' names")
      }
      return Derived(all.compactMapValues(language.pick(from:)), forGood: true)
    }
  }

  /// Every type's name in every language, by slug (one request per type, the same answers the
  /// chart and the matchups use), kept for good.
  public func typeNames() async throws(APIError) -> [String: NamesByLanguage] {
    try await derived("type-names") { () async throws(APIError) in
      var names: [String: NamesByLanguage] = [:]
      for type in try await allTypes() { names[type.name] = Self.byLanguage(type.names) }
      return Derived(names, forGood: true)
    }
  }

  /// Every stat's name in every language, by slug, kept for good.
  public func statNames() async throws(APIError) -> [String: NamesByLanguage] {
    try await derived("stat-names") { () async throws(APIError) in
      let client = self
      let stats = try await APIRequests.together(try await names(of: StatKind.path)) {
        reference async throws(APIError) in
        try await client.resource(ResourceNames<StatKind>.self, reference.name)
      }
      var names: [String: NamesByLanguage] = [:]
      for stat in stats { names[stat.name] = Self.byLanguage(stat.names) }
      return Derived(names, forGood: true)
    }
  }

  /// `names` by lowercase language code, the first of each.
  static func byLanguage(_ names: [LocalName]) -> NamesByLanguage {
    var byCode: NamesByLanguage = [:]
    for entry in names where byCode[entry.language.name.lowercased()] == nil {
      byCode[entry.language.name.lowercased()] = entry.name
    }
    return byCode
  }
}

/// Helpers for making many requests.
public enum APIRequests {
  /// The most inputs ``together(_:progress:_:)`` takes: more is not an answer of the API's (the
  /// largest real fan-out, a learnset, is under 200 moves).
  public static let maximumFanOut = 2_000

  /// `load` of every input, all started at once (the transport bounds how many are in flight),
  /// in the inputs' order. The first failure to arrive cancels the others and is thrown; more
  /// than ``maximumFanOut`` inputs is invalid data. `progress` hears how many have come back,
  /// of how many, after each.
  public static func together<Input: Sendable, Output: Sendable>(
    _ inputs: [Input], progress: (_ done: Int, _ total: Int) -> Void = { _, _ in },
    _ load: @escaping @Sendable (Input) async throws(APIError) -> Output
  ) async throws(APIError) -> [Output] {
    guard inputs.count <= maximumFanOut else {
      throw .invalidData(resource: "a list of \(inputs.count) resources")
    }
    let results = await withTaskGroup(of: (Int, Result<Output, APIError>).self) { group in
      for (index, input) in inputs.enumerated() {
        group.addTask { (index, await result(of: load, input)) }
      }
      var results = [Result<Output, APIError>?](repeating: nil, count: inputs.count)
      var done = 0
      for await (index, result) in group {
        if case .failure(let error) = result {
          group.cancelAll()
          return Result<[Output], APIError>.failure(error)
        }
        results[index] = result
        done += 1
        progress(done, inputs.count)
      }
      return .success(results.compactMap { try? $0?.get() })
    }
    return try results.get()
  }

  /// `load(input)`, its error caught: what a task group's child returns instead of catching a
  /// typed error in its own closure, which swiftc 6.3.1's optimized build miscompiled (the loop
  /// that read the children's results got a wrong index: docs/RELIABILITY.md, "The release
  /// build"). Never inlined, so that the catch stays out of the child's closure.
  @inline(never)
  public static func result<Input, Output, Failure: Error>(
    of load: (Input) async throws(Failure) -> Output, _ input: Input
  ) async -> Result<Output, Failure> {
    do throws(Failure) {
      return .success(try await load(input))
    } catch {
      return .failure(error)
    }
  }
}

/// Every way a PokéAPI call can fail. The renderers word it for the user.
public enum APIError: Error, Sendable, Equatable {
  /// The network could not be reached (and nothing was cached).
  case offline
  /// `--offline` and the resource was never cached.
  case notCached(resource: String)
  /// 404: no such resource.
  case notFound(resource: String)
  /// 5xx after retries.
  case server(status: Int)
  /// 429 after retries.
  case rateLimited
  /// The body was not what the API sends (garbage, truncated, wrong shape).
  case invalidData(resource: String)
  /// No answer in time.
  case timedOut
  /// The user pressed Ctrl-C.
  case cancelled
  /// Any other HTTP status.
  case unexpectedStatus(Int)
}

/// The path of a kind of resource whose names a screen shows (`ability`, `stat`).
public protocol NamedKind: Sendable {
  /// The API's path (`ability`).
  static var path: String { get }
}

/// Only the `names` of a resource (every language), decoded as a ``GameResource``: what a screen
/// that mentions it needs, cached apart from the resource's other decodings.
public struct ResourceNames<Kind: NamedKind>: APIResource, Hashable {
  public static var path: String { Kind.path }
  public static var representation: String { "names" }

  /// Its id, slug and names.
  public var resource: GameResource
  public var id: Int { resource.id }
  public var name: String { resource.name }
  public var names: [LocalName] { resource.names }

  public init(_ resource: GameResource) {
    self.resource = resource
  }

  public init(from decoder: any Decoder) throws {
    resource = try GameResource(from: decoder)
  }

  public func encode(to encoder: any Encoder) throws {
    try resource.encode(to: encoder)
  }
}

extension PokeAPIClient {
  /// The names of the `Kind` resources `slugs` in `language` (else a near one, else English),
  /// loaded together (a small cached request each); those that cannot be loaded are left out.
  public func names<Kind: NamedKind>(
    of kind: Kind.Type, _ slugs: [String], in language: Language
  ) async -> [String: String] {
    await withTaskGroup(of: (String, String?).self) { group in
      for slug in Set(slugs) {
        group.addTask {
          let loaded = try? await self.resource(ResourceNames<Kind>.self, slug)
          return (slug, loaded.flatMap { LocalName.pick($0.names, in: language)?.text })
        }
      }
      var names: [String: String] = [:]
      for await (slug, name) in group { if let name { names[slug] = name } }
      return names
    }
  }
}

/// Abilities, for ``ResourceNames``.
public enum AbilityKind: NamedKind {
  public static let path = "ability"
}

/// Stats, for ``ResourceNames``.
public enum StatKind: NamedKind {
  public static let path = "stat"
}

/// Versions (`scarlet`), for ``ResourceNames``.
public enum VersionKind: NamedKind {
  public static let path = "version"
}

/// Moves, for ``ResourceNames``.
public enum MoveKind: NamedKind {
  public static let path = "move"
}

/// Items, for ``ResourceNames``.
public enum ItemKind: NamedKind {
  public static let path = "item"
}

/// Natures, for ``ResourceNames``.
public enum NatureKind: NamedKind {
  public static let path = "nature"
}

extension PokeAPIClient {
  /// The names of `Kind`'s resource `slug` by language: empty when the server has no such
  /// resource, nil when it could not be loaded. (Caught in a function of its own, never inlined,
  /// as ``APIRequests/result(of:_:)`` explains.)
  @inline(never)
  static func names<Kind: NamedKind>(
    of kind: Kind.Type, _ slug: String, client: PokeAPIClient
  ) async -> NamesByLanguage? {
    do throws(APIError) {
      return Self.byLanguage(try await client.resource(ResourceNames<Kind>.self, slug).names)
    } catch .notFound {
      return [:]
    } catch {
      return nil
    }
  }

  /// Every `Kind` resource's name in `language` (else a near one) and in English, by slug
  /// (`fuite` is `run-away`): what a name typed in the language is resolved among. Each
  /// resource's names (cached apart, a small entry each) are read or fetched `width` at a time,
  /// `progress` hearing how many of how many are done; the table, one language's (an item's is
  /// a tenth of every language's, read in a tenth of the time), is kept for good once every one
  /// came.
  public func names<Kind: NamedKind>(
    ofEvery kind: Kind.Type, in language: Language, width: Int = 16,
    progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in }
  ) async throws(APIError) -> [String: NamesByLanguage] {
    try await derived("names/\(Kind.path)/\(language.code)") { () async throws(APIError) in
      let slugs = try await names(of: Kind.path).map(\.name)
      let client = self
      let loaded = await Self.namesOfEach(slugs, width: width, progress: progress) { slug in
        await Self.names(of: Kind.self, slug, client: client).map { names in
          var picked: NamesByLanguage = [:]
          picked[language.code] = language.pick(from: names)
          picked[Language.english.code] = names[Language.english.code]
          return picked
        }
      }
      if Task.isCancelled { throw .cancelled }
      return Derived(loaded.names, keep: loaded.complete, forGood: true)
    }
  }
}

extension PokeAPIClient {
  /// The most species ``naming(_:in:)`` reads at once: a page of rows, a tree, not a table.
  public static var namedAtOnce: Int { 60 }

  /// `glossary` with the names it lacks in its language of the species `ids` read from their
  /// species, together (cached): a page of rows or a tree is named in the language even while,
  /// or without, every species' names loading. Unchanged without a language, for more than
  /// ``namedAtOnce`` missing, and for those that cannot be read.
  public func naming(_ ids: [Int], in glossary: Glossary) async -> Glossary {
    guard let language = glossary.language else { return glossary }
    let missing = Array(Set(ids.filter { $0 < 10_000 && glossary.species[$0] == nil }))
    guard !missing.isEmpty, missing.count <= Self.namedAtOnce else { return glossary }
    let found = await withTaskGroup(of: (Int, String?).self) { group in
      for id in missing {
        group.addTask { (id, (try? await self.species(.id(id)))?.name(in: language)?.text) }
      }
      var found: [Int: String] = [:]
      for await (id, name) in group { if let name { found[id] = name } }
      return found
    }
    var named = glossary
    named.species.merge(found) { old, _ in old }
    return named
  }
}

extension TypeChart {
  /// The chart of the games of `generation` (`nil`: today's), from every type's answers the first
  /// time, then kept whole for that generation: a small read for each species opened under a game.
  public static func load(
    _ client: any PokeAPIClient, generation: Int?
  ) async throws(APIError) -> TypeChart {
    let era = generation.map { "-generation-\($0)" } ?? ""
    return try await client.derived("type-factors" + era) { () async throws(APIError) in
      Derived(TypeChart(try await client.allTypes(), generation: generation))
    }
  }
}
