import APIClient
import Models
import TestSupport

extension FixtureClient {
  /// A PokéAPI of `count` species (`bulba-saur`, `mon-2` … `mon-N`), species 1–3 forming one
  /// chain (species 2 with a second form, `mon-2-alola`, pokemon 10002), every species genderless
  /// when its id is a multiple of 5 and half female otherwise (gender lists 1–3).
  static func world(count: Int = 45) -> FixtureClient {
    func url(_ kind: String, _ id: Int) -> String { "https://x.test/api/v2/\(kind)/\(id)/" }
    func name(_ id: Int) -> String { id == 1 ? "bulba-saur" : "mon-\(id)" }
    func reference(_ id: Int) -> NamedResource {
      NamedResource(name: name(id), url: url("pokemon-species", id))
    }
    func rate(_ id: Int) -> Int { id % 5 == 0 ? -1 : 4 }
    let ids = Array(1...count)
    let species = ids.map { id in
      Species(
        id: id, name: name(id), genderRate: rate(id),
        evolutionChain: ResourceReference(url: url("evolution-chain", 1)),
        varieties: id == 2
          ? [
            Species.Variety(
              isDefault: true, pokemon: NamedResource(name: name(2), url: url("pokemon", 2))),
            Species.Variety(
              isDefault: false,
              pokemon: NamedResource(name: "mon-2-alola", url: url("pokemon", 10002))),
          ] : [])
    }
    let pokemon =
      ids.map { Pokemon(id: $0, name: name($0), height: 7, weight: 69) }
      + [Pokemon(id: 10002, name: "mon-2-alola", height: 7, weight: 69)]
    func level(_ minLevel: Int) -> [EvolutionDetail] {
      [EvolutionDetail(trigger: NamedResource(name: "level-up", url: ""), minLevel: minLevel)]
    }
    let third = ChainLink(species: reference(3), evolutionDetails: level(32))
    let second = ChainLink(species: reference(2), evolutionDetails: level(16), evolvesTo: [third])
    let chain = EvolutionChain(id: 1, chain: ChainLink(species: reference(1), evolvesTo: [second]))
    // Gender lists 1 and 2 hold the species with a gender, 3 the genderless ones.
    let genderLists = (1...3).map { list in
      GenderList(
        id: list, name: "g\(list)",
        pokemonSpeciesDetails: ids.filter { (list == 3) == (rate($0) == -1) }.map {
          GenderList.Entry(rate: rate($0), pokemonSpecies: reference($0))
        })
    }
    return FixtureClient(
      speciesList: ids.map(reference), species: species, pokemon: pokemon, chains: [chain],
      genderLists: genderLists)
  }

  /// Evolution chains take `delay`, each noted `evolution-chain/N done` or
  /// `evolution-chain/N cancelled` when it ends.
  func set(chainDelay delay: Duration) {
    beforeAnswering { client, path async throws(APIError) in
      guard path.hasPrefix("evolution-chain/") else { return }
      do {
        try await Task.sleep(for: delay)
      } catch {
        await client.record("\(path) cancelled")
        throw .cancelled
      }
      await client.record("\(path) done")
    }
  }
}
