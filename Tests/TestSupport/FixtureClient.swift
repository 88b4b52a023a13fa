import APIClient
import Foundation
import Models

/// The one ``PokeAPIClient`` of the tests: a small PokéAPI made of fixtures, which a test
/// overrides where it needs to (isowords' clients as values, for a protocol with generic calls).
///
/// - Fixtures are resources written in the API's shape (JSON text, by path: `resource` decodes
///   them as the live client decodes the API's answers) or values (species, pokemon, chains,
///   gender lists, types, items, moves and places), given at `init` or added later.
/// - Every call is recorded as the API path it stands for (`pokemon-species/133`,
///   `pokemon-species?offset=0&limit=20`, `ability/static`, `ability?limit=100000`,
///   `pokemon/25/encounters`, `derived NAME`); ``count(_:)`` counts those with a prefix.
/// - Per request, a test can make it fail (``fail(_:with:)``), or run a step of its own first
///   (``beforeAnswering(_:)``: wait for another request, take time, be cancelled); ``record(_:)``
///   adds its own lines to the log. The requests in flight at once and each one's task priority
///   are measured.
///
/// What it has no fixture for is not found.
public actor FixtureClient: PokeAPIClient {
  private var bodies: [String: Data] = [:]
  private var lists: [String: [NamedResource]] = [:]
  private var encounterLists: [Int: Data] = [:]
  private var index: [SpeciesSummary]?
  private var speciesList: [NamedResource]?
  /// Resources given as values, by path and id and by path and slug (`pokemon-species/133`,
  /// `pokemon-species/eevee`).
  private var values: [String: any APIResource] = [:]
  private var failures: [(prefix: String, error: APIError)] = []
  private var step: (@Sendable (FixtureClient, String) async throws(APIError) -> Void)?
  private var toldChain: Int?
  private var inFlightPaths: [String] = []

  /// Every call, in order, as the API path it stands for (and the lines tests added).
  public private(set) var requests: [String] = []
  /// The most requests that were being answered at once.
  public private(set) var maximumInFlight = 0
  /// The priority of the task that made each request (what the transport orders requests by).
  public private(set) var priorities: [String: TaskPriority] = [:]

  private struct Identity: Decodable {
    var id: Int
    /// Machines have none: their id stands for it.
    var name: String?
  }

  /// Fixtures by API path (`ability`): each a JSON object with at least `id` and `name`. A
  /// path's names are its fixtures' plus `extraNames` (names with no fixture, to resolve among).
  public init(
    _ fixtures: [String: [String]], extraNames: [String: [String]] = [:],
    encounters: [Int: String] = [:]
  ) throws {
    encounterLists = encounters.mapValues { Data($0.utf8) }
    for (path, jsons) in fixtures {
      for json in jsons {
        let data = Data(json.utf8)
        let identity = try JSONDecoder().decode(Identity.self, from: data)
        let name = identity.name ?? String(identity.id)
        bodies["\(path)/\(identity.id)"] = data
        bodies["\(path)/\(name)"] = data
        lists[path, default: []].append(
          NamedResource(name: name, url: "https://x.test/api/v2/\(path)/\(identity.id)/"))
      }
    }
    for (path, names) in extraNames {
      for (offset, name) in names.enumerated() {
        lists[path, default: []].append(
          NamedResource(name: name, url: "https://x.test/api/v2/\(path)/\(9000 + offset)/"))
      }
    }
  }

  /// Fixtures as values: the species index (`index`, else `speciesList`'s), the paged species
  /// list, and the species' own resources.
  public init(
    index: [SpeciesSummary]? = nil, speciesList: [NamedResource]? = nil, species: [Species] = [],
    pokemon: [Pokemon] = [], chains: [EvolutionChain] = [], genderLists: [GenderList] = [],
    types: [PokemonType] = []
  ) {
    self.index = index
    self.speciesList = speciesList
    let given: [[any APIResource]] = [species, pokemon, chains, genderLists, types]
    for value in given.joined().reversed() {
      for key in Self.keys(of: value) { values[key] = value }
    }
  }

  /// Where `value` is filed: under its path (its own by default), by id and by slug.
  private static func keys(of value: some APIResource, at path: String? = nil) -> [String] {
    let path = path ?? type(of: value).path
    return ["\(path)/\(value.id)", "\(path)/\(value.name.lowercased())"]
  }

  private func store(_ value: some APIResource, at path: String? = nil) {
    for key in Self.keys(of: value, at: path) { values[key] = value }
  }

  // MARK: What a test changes

  /// Adds an item, move or place.
  public func add(_ kind: GameResourceKind, _ resource: GameResource) {
    store(resource, at: kind.path)
  }

  /// Adds (or replaces) a species, a pokemon, an evolution chain, a gender list or a type.
  public func add(_ resource: some APIResource) { store(resource) }

  /// Requests whose path starts with `prefix` fail with `error` (the latest rule first).
  public func fail(_ prefix: String, with error: APIError) {
    failures.insert((prefix, error), at: 0)
  }

  /// Runs `step` with each request's path after it is recorded and before it is answered (while
  /// it is in flight); what it throws is the request's answer.
  public func beforeAnswering(
    _ step: @escaping @Sendable (FixtureClient, String) async throws(APIError) -> Void
  ) {
    self.step = step
  }

  /// A species' answer tells this chain early, as an answer from the network does, before it
  /// is answered.
  public func tellChain(_ id: Int?) { toldChain = id }

  /// Adds a line of the test's own to ``requests``.
  public func record(_ line: String) { requests.append(line) }

  /// The requests so far whose path starts with `prefix`.
  public func count(_ prefix: String) -> Int { requests.filter { $0.hasPrefix(prefix) }.count }

  /// Waits (up to ten seconds) until a request starting with `prefix` has been made: a safety
  /// net for the tests that make requests wait for each other, not a timing check. Its wait
  /// ends as soon as the other request comes; only code that never makes it (requests made one
  /// after the other) waits it out, and fails its test. (One second was too short for a request
  /// made at a lower priority on a busy machine: CI once failed so.)
  public func waitFor(_ prefix: String) async {
    let deadline = ContinuousClock.now + .seconds(10)
    while count(prefix) == 0, ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(2))
    }
  }

  /// How many requests starting with `prefix` are being answered now.
  public func inFlight(_ prefix: String) -> Int {
    inFlightPaths.filter { $0.hasPrefix(prefix) }.count
  }

  /// Records `path`, then answers with `answer` unless a failure or the test's step says
  /// otherwise.
  private func answer<T>(_ path: String, _ answer: () throws(APIError) -> T) async throws(APIError)
    -> T
  {
    requests.append(path)
    priorities[path] = Task.basePriority
    inFlightPaths.append(path)
    maximumInFlight = max(maximumInFlight, inFlightPaths.count)
    defer {
      if let index = inFlightPaths.firstIndex(of: path) { inFlightPaths.remove(at: index) }
    }
    if let step { try await step(self, path) }
    if let failure = failures.first(where: { path.hasPrefix($0.prefix) }) { throw failure.error }
    return try answer()
  }

  private func decoded<R: Decodable>(_ type: R.Type, _ data: Data?, _ resource: String)
    throws(APIError) -> R
  {
    guard let data else { throw .notFound(resource: resource) }
    do {
      return try JSONDecoder().decode(R.self, from: data)
    } catch {
      throw .invalidData(resource: resource)
    }
  }

  // MARK: PokeAPIClient

  /// A value given, else a fixture decoded; a species' answer tells its chain early when
  /// ``tellChain(_:)`` says so, in the API's shape.
  public func resource<R: APIResource>(
    _ request: ResourceRequest<R>
  ) async throws(APIError) -> R {
    let path = "\(request.path)/\(request.key.pathComponent)"
    if let peek = request.peek, let toldChain {
      peek(
        Data(
          #"{"evolution_chain":{"url":"https://x.test/api/v2/evolution-chain/\#(toldChain)/"}}"#
            .utf8))
    }
    return try await answer(path) { () throws(APIError) in
      if let value = values[path] as? R { return value }
      return try decoded(R.self, bodies[path], request.description)
    }
  }

  /// A path's fixtures' names, else those of the values given at it (none when none are).
  public func names(of path: String) async throws(APIError) -> [NamedResource] {
    try await answer("\(path)?limit=100000") { () throws(APIError) in
      if let list = lists[path] { return list }
      let given = values.filter {
        $0.key.hasPrefix(path + "/") && Int($0.key.dropFirst(path.count + 1)) != nil
      }
      .values.sorted { $0.id < $1.id }
      guard !given.isEmpty else { throw .notFound(resource: "the \(path) index") }
      return given.map {
        NamedResource(name: $0.name, url: "https://x.test/api/v2/\(path)/\($0.id)/")
      }
    }
  }

  /// Computed every time, and recorded (`derived NAME`).
  public func derived<T: Codable & Sendable>(
    _ name: String, _ compute: @escaping @Sendable () async throws(APIError) -> Derived<T>
  ) async throws(APIError) -> T {
    requests.append("derived \(name)")
    return try await compute().value
  }

  /// A page of `speciesList`.
  public func speciesPage(offset: Int, limit: Int) async throws(APIError) -> SpeciesListPage {
    try await answer("pokemon-species?offset=\(offset)&limit=\(limit)") { () throws(APIError) in
      guard let speciesList else { throw .notFound(resource: "species page") }
      let start = min(offset, speciesList.count)
      let end = min(start + limit, speciesList.count)
      return SpeciesListPage(
        count: speciesList.count, next: end < speciesList.count ? "next" : nil,
        previous: start > 0 ? "previous" : nil, results: Array(speciesList[start..<end]))
    }
  }

  /// `index`, else `speciesList`'s, else the `pokemon-species` fixtures' names and ids.
  public func speciesIndex() async throws(APIError) -> [SpeciesSummary] {
    try await answer("pokemon-species?limit=100000") { () throws(APIError) in
      if let index { return index }
      if let speciesList {
        return SpeciesListPage(
          count: speciesList.count, next: nil, previous: nil, results: speciesList
        )
        .summaries
      }
      guard let list = lists["pokemon-species"] else { throw .notFound(resource: "species index") }
      return list.compactMap { reference in
        reference.id.map { SpeciesSummary(id: $0, name: reference.name) }
      }
    }
  }

  /// No forms beyond the species' own.
  public func formIndex() async throws(APIError) -> [SpeciesSummary] {
    try await answer("pokemon?limit=100000") { [] }
  }

  /// The encounters given for `pokemonID` (a JSON list in the API's shape), none otherwise.
  public func encounters(pokemonID: Int) async throws(APIError) -> PokemonEncounters {
    try await answer("pokemon/\(pokemonID)/encounters") { () throws(APIError) in
      guard let data = encounterLists[pokemonID] else {
        return PokemonEncounters(pokemonID: pokemonID, encounters: [])
      }
      return PokemonEncounters(
        pokemonID: pokemonID,
        encounters: try decoded([LocationEncounter].self, data, "encounters \(pokemonID)"))
    }
  }
}
