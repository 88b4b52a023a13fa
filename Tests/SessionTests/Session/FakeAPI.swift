import APIClient
import Models
import TestSupport

/// A PokéAPI of `count` species (`mon-1` … `mon-N`), species 1–3 forming one chain, every
/// species genderless when its id is a multiple of 5 and half female otherwise.
actor FakeAPI: SpeciesOnlyClient {
  let count: Int
  private(set) var calls: [String] = []

  /// How long `evolutionChain` takes; it records `chain N done` or `chain N cancelled`.
  private var chainDelay: Duration = .zero

  init(count: Int = 45) { self.count = count }

  func set(chainDelay: Duration) { self.chainDelay = chainDelay }

  private func url(_ kind: String, _ id: Int) -> String { "https://x.test/api/v2/\(kind)/\(id)/" }
  private func name(_ id: Int) -> String { id == 1 ? "bulba-saur" : "mon-\(id)" }

  func speciesPage(offset: Int, limit: Int) async throws(APIError) -> SpeciesListPage {
    calls.append("page \(offset)")
    let ids = offset < count ? Array((offset + 1)...min(count, offset + limit)) : []
    return SpeciesListPage(
      count: count, next: nil, previous: nil,
      results: ids.map { NamedResource(name: name($0), url: url("pokemon-species", $0)) })
  }

  func speciesIndex() async throws(APIError) -> [SpeciesSummary] {
    calls.append("index")
    return (1...count).map { SpeciesSummary(id: $0, name: name($0)) }
  }

  func formIndex() async throws(APIError) -> [SpeciesSummary] {
    calls.append("pokemon?limit=100000")
    return []
  }

  func species(_ key: SpeciesKey) async throws(APIError) -> Species {
    calls.append("species \(key)")
    let id: Int
    switch key {
    case .id(let value): id = value
    case .name(let slug):
      guard let match = (1...count).first(where: { name($0) == slug }) else {
        throw .notFound(resource: "pokemon-species/\(slug)")
      }
      id = match
    }
    guard (1...count).contains(id) else { throw .notFound(resource: "pokemon-species/\(id)") }
    // Species 2 has a second form, mon-2-alola (pokemon 10002).
    let varieties =
      id == 2
      ? [
        Species.Variety(
          isDefault: true, pokemon: NamedResource(name: name(2), url: url("pokemon", 2))),
        Species.Variety(
          isDefault: false, pokemon: NamedResource(name: "mon-2-alola", url: url("pokemon", 10002))),
      ] : []
    return Species(
      id: id, name: name(id), genderRate: id % 5 == 0 ? -1 : 4,
      evolutionChain: ResourceReference(url: url("evolution-chain", 1)), varieties: varieties)
  }

  func pokemon(id: Int) async throws(APIError) -> Pokemon {
    calls.append("pokemon \(id)")
    return Pokemon(id: id, name: id == 10002 ? "mon-2-alola" : name(id), height: 7, weight: 69)
  }

  func evolutionChain(id: Int) async throws(APIError) -> EvolutionChain {
    calls.append("chain \(id)")
    if chainDelay > .zero {
      do {
        try await Task.sleep(for: chainDelay)
      } catch {
        calls.append("chain \(id) cancelled")
        throw .cancelled
      }
    }
    calls.append("chain \(id) done")
    let third = ChainLink(
      species: NamedResource(name: name(3), url: url("pokemon-species", 3)),
      evolutionDetails: [
        EvolutionDetail(trigger: NamedResource(name: "level-up", url: ""), minLevel: 32)
      ])
    let second = ChainLink(
      species: NamedResource(name: name(2), url: url("pokemon-species", 2)),
      evolutionDetails: [
        EvolutionDetail(trigger: NamedResource(name: "level-up", url: ""), minLevel: 16)
      ],
      evolvesTo: [third])
    return EvolutionChain(
      id: 1,
      chain: ChainLink(
        species: NamedResource(name: name(1), url: url("pokemon-species", 1)), evolvesTo: [second]))
  }

  func genderList(id: Int) async throws(APIError) -> GenderList {
    calls.append("gender \(id)")
    let entries = (1...count).compactMap { species -> GenderList.Entry? in
      let rate = species % 5 == 0 ? -1 : 4
      let admitted = id == 3 ? rate == -1 : rate >= 0
      return admitted
        ? GenderList.Entry(
          rate: rate,
          pokemonSpecies: NamedResource(name: name(species), url: url("pokemon-species", species)))
        : nil
    }
    return GenderList(id: id, name: "g\(id)", pokemonSpeciesDetails: entries)
  }

  func gameResource(
    _ kind: GameResourceKind, _ reference: NamedResource
  ) async throws(APIError) -> GameResource {
    calls.append("\(kind.rawValue) \(reference.name)")
    throw .notFound(resource: "\(kind.rawValue)/\(reference.name)")
  }

  func typeIndex() async throws(APIError) -> [NamedResource] {
    calls.append("type index")
    throw .notFound(resource: "type")
  }

  func pokemonType(_ reference: NamedResource) async throws(APIError) -> PokemonType {
    calls.append("type \(reference.name)")
    throw .notFound(resource: "type/\(reference.name)")
  }
}
