// libFuzzer target: every JSON decoder of the PokéAPI answers pokedex reads, the species' and
// every page kind's. The first byte picks the resource; the rest is its body. A body must decode or throw, and what decodes must survive
// what the client and the features do next: the cache's re-encoding and decoding again, and the
// words, trees, matchups and view models made from it.
import APIClient
import Foundation
import Models
import Pages

@testable import DetailFeature
import DetailModels

private func roundTrip<T: Codable>(_ value: T) -> T? {
  guard let data = try? JSONEncoder().encode(value) else { return nil }
  return try? JSONDecoder().decode(T.self, from: data)
}

/// A page's resource: decoded or refused, and what decodes kept by the cache and read back the same.
private func decodes<R: APIResource & Equatable>(_ type: R.Type, _ body: Data) {
  guard let resource = try? JSONDecoder().decode(R.self, from: body) else { return }
  _ = (resource.id, resource.name)
  precondition(roundTrip(resource) == resource, "\(R.self) is not read back as it was kept")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  guard size > 0 else { return 0 }
  let body = Data(UnsafeBufferPointer(start: data + 1, count: size - 1))
  let decoder = JSONDecoder()
  // '0' (the first seeds') picks 0, '1' 1 … ':' 10 … 'D' 20 … 'L' 28, whatever the number of
  // resources (it once was `+ 256`, which picked another decoder than each seed's).
  let resources = 30
  switch (Int(data[0]) - 48 + resources * 10) % resources {
  case 0:
    guard let species = try? decoder.decode(Species.self, from: body) else { return 0 }
    _ = (species.englishFlavorText, species.englishGenus, species.genderRatio.description)
    _ = roundTrip(species)
  case 1:
    guard let pokemon = try? decoder.decode(Pokemon.self, from: body) else { return 0 }
    _ = (pokemon.heightCentimetres, pokemon.weightKilograms)
    _ = DetailFeature.viewModel(
      species: Species(id: pokemon.id, name: pokemon.name, genderRate: 4), pokemon: pokemon)
    _ = roundTrip(pokemon)
  case 2:
    guard let chain = try? decoder.decode(EvolutionChain.self, from: body) else { return 0 }
    _ = try? DetailFeature.tree(of: chain, selectedSpeciesID: 1).rows
    _ = DetailFeature.references(in: chain)
    _ = roundTrip(chain)
  case 3:
    guard let page = try? decoder.decode(SpeciesListPage.self, from: body) else { return 0 }
    _ = page.summaries
    _ = roundTrip(page)
  case 4:
    guard let list = try? decoder.decode(GenderList.self, from: body) else { return 0 }
    _ = roundTrip(list)
  case 5:
    guard let resource = try? decoder.decode(GameResource.self, from: body) else { return 0 }
    _ = resource.englishName
    _ = roundTrip(resource)
  case 6:
    guard let type = try? decoder.decode(PokemonType.self, from: body) else { return 0 }
    _ = TypeChart(defending: [type, type]).matchups(of: [type.name], glossary: .slugs)
    _ = TypeChart([type, type], generation: 1).matchups(of: [type.name], glossary: .slugs)
    _ = roundTrip(type)
  case 7:
    guard let encounters = try? decoder.decode(PokemonEncounters.self, from: body) else {
      return 0
    }
    _ = roundTrip(encounters)
  case 8: decodes(Pages.Ability.self, body)
  case 9: decodes(Move.self, body)
  case 10: decodes(TypeResource.self, body)
  case 11: decodes(Item.self, body)
  case 12: decodes(Nature.self, body)
  case 13: decodes(Learnset.self, body)
  case 14: decodes(MoveSummary.self, body)
  case 15: decodes(LocationArea.self, body)
  case 16: decodes(Machine.self, body)
  case 17: decodes(VersionGroup.self, body)
  case 18: decodes(PokedexSeries.self, body)
  case 19: decodes(SpeciesFlavorTexts.self, body)
  case 20: decodes(ResourceNames<KindOf<Move>>.self, body)
  case 21: decodes(Berry.self, body)
  case 22: decodes(BerryWord<BerryFirmnessKind>.self, body)
  case 23: decodes(BerryWord<BerryFlavorKind>.self, body)
  case 24: decodes(BerryItem.self, body)
  case 25: decodes(NatureEffect.self, body)
  case 26: decodes(BreedingFacts.self, body)
  case 27: decodes(EggGroup.self, body)
  case 28: decodes(EggChain.self, body)
  default:
    _ = NameQuery.normalize(String(decoding: body, as: UTF8.self))
    _ = DisplayName.of(String(decoding: body, as: UTF8.self))
  }
  return 0
}
