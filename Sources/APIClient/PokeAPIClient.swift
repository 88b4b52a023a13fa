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
  /// One species by id or slug.
  func species(_ key: SpeciesKey) async throws(APIError) -> Species
  /// The default pokemon of a species (same id).
  func pokemon(id: Int) async throws(APIError) -> Pokemon
  /// An evolution chain by its own id (from `Species.evolutionChainID`).
  func evolutionChain(id: Int) async throws(APIError) -> EvolutionChain
  /// The list behind a gender filter (`GenderFilter.genderID`).
  func genderList(id: Int) async throws(APIError) -> GenderList
  /// An item, move or location an evolution names (`GET item/{id}` …), for its English name.
  func gameResource(
    _ kind: GameResourceKind, _ reference: NamedResource
  ) async throws(APIError) -> GameResource
  /// A type and the damage it takes from the others (`GET type/{id}`), for matchups.
  func pokemonType(_ reference: NamedResource) async throws(APIError) -> PokemonType
  /// Every type (`GET type?limit=…`), for the types completion lists beside names.
  func typeIndex() async throws(APIError) -> [NamedResource]
}

extension PokeAPIClient {
  /// The types of every pokemon (species and forms, by `pokemon` id), in slot order, as shown
  /// (`Electric`): one request for the list of types and one per type.
  public func typesByPokemon() async throws(APIError) -> [Int: [String]] {
    let index = try await typeIndex()
    let results = await withTaskGroup(of: Result<PokemonType, APIError>.self) { group in
      for reference in index {
        group.addTask { () async -> Result<PokemonType, APIError> in
          do throws(APIError) {
            return .success(try await pokemonType(reference))
          } catch {
            return .failure(error)
          }
        }
      }
      var results: [Result<PokemonType, APIError>] = []
      for await result in group { results.append(result) }
      return results
    }
    var slotted: [Int: [(slot: Int, name: String)]] = [:]
    for result in results {
      let type = try result.get()
      for member in type.pokemon {
        guard let id = member.pokemon.id else { continue }
        slotted[id, default: []].append((member.slot, DisplayName.of(type.name)))
      }
    }
    return slotted.mapValues { $0.sorted { $0.slot < $1.slot }.map(\.name) }
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
