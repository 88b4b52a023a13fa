import APIClient
import Foundation
import Models
import TestSupport

/// A `PokeAPIClient` serving fixture values, counting requests and measuring how many of them
/// were in flight at once.
actor FakePokeAPIClient: SpeciesOnlyClient {
  var index: [SpeciesSummary]
  var species: [Int: Species]
  var pokemon: [Int: Pokemon]
  var chains: [Int: EvolutionChain]
  /// Items, moves and locations by kind and slug.
  var resources: [String: GameResource] = [:]
  /// Types by slug.
  var types: [String: PokemonType] = [:]
  var indexError: APIError?
  var chainError: APIError?
  /// When set, a species request and a pokemon request each wait (up to a second) until the
  /// other one has started: overlapping requests pass at once, sequential ones do not overlap.
  var waitForPartner = false
  /// When set, a pokemon request waits (up to a second) until a chain has been requested.
  var holdPokemonUntilChainRequested = false
  /// When set, a species request tells this chain early (as an answer from the network does)
  /// and then waits (up to a second) until that chain has been requested before it answers.
  var tellsChain: Int?
  /// Whether the chain told was requested before the species answered.
  private(set) var toldChainRequestedFirst = false

  private(set) var requests: [String] = []
  /// The priority the task that made each request was made with (what the transport orders
  /// requests by), by request.
  private(set) var priorities: [String: TaskPriority] = [:]
  private(set) var inFlight = 0
  private(set) var maximumInFlight = 0
  private(set) var chainRequestedWhilePokemonInFlight = false
  private var pokemonInFlight = 0

  init(
    index: [SpeciesSummary] = [], species: [Species] = [], pokemon: [Pokemon] = [],
    chains: [EvolutionChain] = []
  ) {
    self.index = index
    self.species = Dictionary(species.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    self.pokemon = Dictionary(pokemon.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    self.chains = Dictionary(chains.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
  }

  func add(_ kind: GameResourceKind, _ resource: GameResource) {
    resources["\(kind.rawValue)/\(resource.name)"] = resource
  }

  func add(_ type: PokemonType) { types[type.name] = type }

  func set(
    indexError: APIError? = nil, chainError: APIError? = nil, waitForPartner: Bool = false,
    holdPokemonUntilChainRequested: Bool = false
  ) {
    self.indexError = indexError
    self.chainError = chainError
    self.waitForPartner = waitForPartner
    self.holdPokemonUntilChainRequested = holdPokemonUntilChainRequested
  }

  func set(tellsChain: Int?) { self.tellsChain = tellsChain }

  func count(_ prefix: String) -> Int { requests.filter { $0.hasPrefix(prefix) }.count }

  func species(
    _ key: SpeciesKey, chainNamed: @escaping @Sendable (Int) -> Void
  ) async throws(APIError) -> Species {
    if let tellsChain {
      chainNamed(tellsChain)
      await waitUntil { self.count("evolution-chain/\(tellsChain)") > 0 }
      toldChainRequestedFirst = count("evolution-chain/\(tellsChain)") > 0
    }
    return try await species(key)
  }

  func speciesPage(offset: Int, limit: Int) async throws(APIError) -> SpeciesListPage {
    requests.append("pokemon-species?offset=\(offset)&limit=\(limit)")
    throw .notFound(resource: "pokemon-species")
  }

  func speciesIndex() async throws(APIError) -> [SpeciesSummary] {
    requests.append("pokemon-species?limit=100000")
    if let indexError { throw indexError }
    return index
  }

  func formIndex() async throws(APIError) -> [SpeciesSummary] {
    requests.append("pokemon?limit=100000")
    return []
  }

  func species(_ key: SpeciesKey) async throws(APIError) -> Species {
    requests.append("pokemon-species/\(key)")
    priorities["pokemon-species/\(key)"] = Task.basePriority
    inFlight += 1
    maximumInFlight = max(maximumInFlight, inFlight)
    defer { inFlight -= 1 }
    if waitForPartner { await waitUntil { self.count("pokemon/") > 0 } }
    let found: Species? =
      switch key {
      case .id(let id): species[id]
      case .name(let name): species.values.first { $0.name == name.lowercased() }
      }
    guard let found else { throw .notFound(resource: "pokemon-species/\(key)") }
    return found
  }

  func pokemon(id: Int) async throws(APIError) -> Pokemon {
    requests.append("pokemon/\(id)")
    priorities["pokemon/\(id)"] = Task.basePriority
    inFlight += 1
    pokemonInFlight += 1
    maximumInFlight = max(maximumInFlight, inFlight)
    defer {
      inFlight -= 1
      pokemonInFlight -= 1
    }
    if waitForPartner { await waitUntil { self.count("pokemon-species/") > 0 } }
    if holdPokemonUntilChainRequested { await waitUntil { self.count("evolution-chain/") > 0 } }
    guard let found = pokemon[id] else { throw .notFound(resource: "pokemon/\(id)") }
    return found
  }

  func evolutionChain(id: Int) async throws(APIError) -> EvolutionChain {
    requests.append("evolution-chain/\(id)")
    if pokemonInFlight > 0 { chainRequestedWhilePokemonInFlight = true }
    if let chainError { throw chainError }
    guard let found = chains[id] else { throw .notFound(resource: "evolution-chain/\(id)") }
    return found
  }

  func genderList(id: Int) async throws(APIError) -> GenderList {
    requests.append("gender/\(id)")
    throw .notFound(resource: "gender/\(id)")
  }

  func gameResource(
    _ kind: GameResourceKind, _ reference: NamedResource
  ) async throws(APIError) -> GameResource {
    requests.append("\(kind.rawValue)/\(reference.name)")
    guard let found = resources["\(kind.rawValue)/\(reference.name)"] else {
      throw .notCached(resource: "\(kind.rawValue)/\(reference.name)")
    }
    return found
  }

  func typeIndex() async throws(APIError) -> [NamedResource] {
    types.values.map { NamedResource(name: $0.name, url: "/api/v2/type/\($0.id)/") }
  }

  func pokemonType(_ reference: NamedResource) async throws(APIError) -> PokemonType {
    requests.append("type/\(reference.name)")
    guard let found = types[reference.name] else {
      throw .notCached(resource: "type/\(reference.name)")
    }
    return found
  }

  /// Polls `condition` until it holds or a second has passed (a safety net, not a timing check).
  private func waitUntil(_ condition: () -> Bool) async {
    for _ in 0..<500 where !condition() {
      try? await Task.sleep(for: .milliseconds(2))
    }
  }
}

/// Decodes a fixture written in the API's JSON shape.
func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
  try JSONDecoder().decode(type, from: Data(json.utf8))
}
