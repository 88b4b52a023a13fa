import APIClient
import Models

/// A fake client that serves the species' own resources only: a conformer writes those, and
/// gets every page resource, name list and encounter list as not found, and derived values made
/// afresh each time.
public protocol SpeciesOnlyClient: PokeAPIClient {}

extension SpeciesOnlyClient {
  public func resource<R: APIResource>(_ type: R.Type, _ key: String) async throws(APIError) -> R {
    throw .notFound(resource: "\(R.path) \(key)")
  }

  public func names(of path: String) async throws(APIError) -> [NamedResource] {
    throw .notFound(resource: "the \(path) index")
  }

  public func encounters(pokemonID: Int) async throws(APIError) -> PokemonEncounters {
    throw .notFound(resource: "encounters \(pokemonID)")
  }

  public func derived<T: Codable & Sendable>(
    _ name: String, _ compute: @escaping @Sendable () async throws(APIError) -> Derived<T>
  ) async throws(APIError) -> T {
    try await compute().value
  }
}
