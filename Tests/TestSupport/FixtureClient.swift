import APIClient
import Foundation
import Models

/// A ``PokeAPIClient`` serving resources written in the API's shape (JSON text), by path and id
/// or slug, for the page features' tests and the session's: `resource` decodes the fixture as the
/// live client would decode the API's answer, `names(of:)` lists the fixtures of a path. Every
/// other call fails as not found. It records what was asked.
public actor FixtureClient: PokeAPIClient {
  private var bodies: [String: Data] = [:]
  private var lists: [String: [NamedResource]] = [:]
  private var encounterLists: [Int: Data] = [:]
  /// Every call, in order (`ability static`, `names ability`).
  public private(set) var requests: [String] = []

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

  public func resource<R: APIResource>(_ type: R.Type, _ key: String) async throws(APIError) -> R {
    requests.append("\(R.path) \(key)")
    guard let data = bodies["\(R.path)/\(key.lowercased())"] else {
      throw .notFound(resource: "\(R.path) \(key)")
    }
    do {
      return try JSONDecoder().decode(R.self, from: data)
    } catch {
      throw .invalidData(resource: "\(R.path) \(key)")
    }
  }

  public func names(of path: String) async throws(APIError) -> [NamedResource] {
    requests.append("names \(path)")
    guard let list = lists[path] else { throw .notFound(resource: "the \(path) index") }
    return list
  }

  /// Computed every time, and recorded (`derived NAME`).
  public func derived<T: Codable & Sendable>(
    _ name: String, _ compute: @escaping @Sendable () async throws(APIError) -> Derived<T>
  ) async throws(APIError) -> T {
    requests.append("derived \(name)")
    return try await compute().value
  }

  public func speciesPage(offset: Int, limit: Int) async throws(APIError) -> SpeciesListPage {
    throw .notFound(resource: "species page")
  }

  /// The `pokemon-species` fixtures' names and ids.
  public func speciesIndex() async throws(APIError) -> [SpeciesSummary] {
    requests.append("species index")
    guard let list = lists["pokemon-species"] else { throw .notFound(resource: "species index") }
    return list.compactMap { reference in
      reference.id.map { SpeciesSummary(id: $0, name: reference.name) }
    }
  }

  public func formIndex() async throws(APIError) -> [SpeciesSummary] {
    throw .notFound(resource: "form index")
  }

  /// Species from the `pokemon-species` fixtures.
  public func species(_ key: SpeciesKey) async throws(APIError) -> Species {
    requests.append("species \(key)")
    guard let data = bodies["pokemon-species/\(key.pathComponent)"] else {
      throw .notFound(resource: "species \(key)")
    }
    do {
      return try JSONDecoder().decode(Species.self, from: data)
    } catch {
      throw .invalidData(resource: "species \(key)")
    }
  }

  /// The encounters given for `pokemonID` (a JSON list in the API's shape), none otherwise.
  public func encounters(pokemonID: Int) async throws(APIError) -> PokemonEncounters {
    requests.append("encounters \(pokemonID)")
    guard let data = encounterLists[pokemonID] else {
      return PokemonEncounters(pokemonID: pokemonID, encounters: [])
    }
    do {
      return PokemonEncounters(
        pokemonID: pokemonID,
        encounters: try JSONDecoder().decode([LocationEncounter].self, from: data))
    } catch {
      throw .invalidData(resource: "encounters \(pokemonID)")
    }
  }

  public func pokemon(id: Int) async throws(APIError) -> Pokemon {
    throw .notFound(resource: "pokemon \(id)")
  }

  public func evolutionChain(id: Int) async throws(APIError) -> EvolutionChain {
    throw .notFound(resource: "chain \(id)")
  }

  /// The `gender` fixtures.
  public func genderList(id: Int) async throws(APIError) -> GenderList {
    requests.append("gender \(id)")
    guard let data = bodies["gender/\(id)"] else { throw .notFound(resource: "gender \(id)") }
    do {
      return try JSONDecoder().decode(GenderList.self, from: data)
    } catch {
      throw .invalidData(resource: "gender \(id)")
    }
  }

  public func gameResource(
    _ kind: GameResourceKind, _ reference: NamedResource
  ) async throws(APIError) -> GameResource {
    throw .notFound(resource: "\(kind.path) \(reference.name)")
  }

  public func pokemonType(_ reference: NamedResource) async throws(APIError) -> PokemonType {
    requests.append("type \(reference.name)")
    guard let data = bodies["type/\(reference.name)"] else {
      throw .notFound(resource: "type \(reference.name)")
    }
    do {
      return try JSONDecoder().decode(PokemonType.self, from: data)
    } catch {
      throw .invalidData(resource: "type \(reference.name)")
    }
  }

  public func typeIndex() async throws(APIError) -> [NamedResource] {
    try await names(of: "type")
  }
}
