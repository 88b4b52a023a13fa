import APIClient
import Foundation
import Models
import TestSupport

/// A `PokeAPIClient` serving fixture values and counting the requests it gets.
actor ListFakeClient: SpeciesOnlyClient {
  /// The whole species list the paged endpoint serves, in the API's order.
  var speciesList: [NamedResource] = []
  var genderLists: [Int: GenderList] = [:]
  var indexError: APIError?
  private(set) var requests: [String] = []

  init(speciesList: [NamedResource] = [], genderLists: [GenderList] = []) {
    self.speciesList = speciesList
    self.genderLists = Dictionary(uniqueKeysWithValues: genderLists.map { ($0.id, $0) })
  }

  func count(_ prefix: String) -> Int { requests.filter { $0.hasPrefix(prefix) }.count }

  func failIndex(with error: APIError) { indexError = error }

  func speciesPage(offset: Int, limit: Int) async throws(APIError) -> SpeciesListPage {
    requests.append("pokemon-species?offset=\(offset)&limit=\(limit)")
    let start = min(offset, speciesList.count)
    let end = min(start + limit, speciesList.count)
    return SpeciesListPage(
      count: speciesList.count, next: end < speciesList.count ? "next" : nil,
      previous: start > 0 ? "previous" : nil, results: Array(speciesList[start..<end]))
  }

  func speciesIndex() async throws(APIError) -> [SpeciesSummary] {
    requests.append("pokemon-species?limit=100000")
    if let indexError { throw indexError }
    return SpeciesListPage(count: speciesList.count, next: nil, previous: nil, results: speciesList)
      .summaries
  }

  func formIndex() async throws(APIError) -> [SpeciesSummary] {
    requests.append("pokemon?limit=100000")
    return []
  }

  func species(_ key: SpeciesKey) async throws(APIError) -> Species {
    requests.append("pokemon-species/\(key)")
    throw .notFound(resource: "pokemon-species/\(key)")
  }

  func pokemon(id: Int) async throws(APIError) -> Pokemon {
    requests.append("pokemon/\(id)")
    throw .notFound(resource: "pokemon/\(id)")
  }

  func evolutionChain(id: Int) async throws(APIError) -> EvolutionChain {
    requests.append("evolution-chain/\(id)")
    throw .notFound(resource: "evolution-chain/\(id)")
  }

  func genderList(id: Int) async throws(APIError) -> GenderList {
    requests.append("gender/\(id)")
    guard let list = genderLists[id] else { throw .notFound(resource: "gender/\(id)") }
    return list
  }

  func gameResource(
    _ kind: GameResourceKind, _ reference: NamedResource
  ) async throws(APIError) -> GameResource {
    requests.append("\(kind.rawValue) \(reference.name)")
    throw .notFound(resource: "\(kind.rawValue)/\(reference.name)")
  }

  func typeIndex() async throws(APIError) -> [NamedResource] {
    requests.append("type index")
    throw .notFound(resource: "type")
  }

  func pokemonType(_ reference: NamedResource) async throws(APIError) -> PokemonType {
    requests.append("type \(reference.name)")
    throw .notFound(resource: "type/\(reference.name)")
  }
}

/// A `{name, url}` species reference as the API writes it.
func speciesResource(_ id: Int, _ name: String) -> NamedResource {
  NamedResource(name: name, url: "https://pokeapi.co/api/v2/pokemon-species/\(id)/")
}

/// A deterministic generator for `random` (SplitMix64).
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
