import APIClient
import DetailFeature
import DetailModels
import Foundation
import Models
import TestSupport
import Testing

// Raichu and its Alolan form, written in the API's shape (trimmed).

private let raichuSpeciesJSON = """
  {"id": 26, "name": "raichu", "gender_rate": 4,
   "evolution_chain": {"url": "https://pokeapi.co/api/v2/evolution-chain/10/"},
   "varieties": [
     {"is_default": true, "pokemon": {"name": "raichu", "url": "https://pokeapi.co/api/v2/pokemon/26/"}},
     {"is_default": false, "pokemon": {"name": "raichu-alola", "url": "https://pokeapi.co/api/v2/pokemon/10100/"}}]}
  """

private func pokemonJSON(_ id: Int, _ name: String, _ types: [String], ability: String) -> String {
  let slots = types.enumerated().map {
    "{\"slot\": \($0.offset + 1), \"type\": {\"name\": \"\($0.element)\", \"url\": \"https://pokeapi.co/api/v2/type/\($0.offset + 13)/\"}}"
  }
  return """
    {"id": \(id), "name": "\(name)", "height": 8, "weight": 300, "types": [\(slots.joined(separator: ", "))],
     "stats": [{"base_stat": 60, "stat": {"name": "hp", "url": ""}}],
     "abilities": [{"ability": {"name": "\(ability)", "url": ""}, "is_hidden": false, "slot": 1}]}
    """
}

private func raichuClient() throws -> FixtureClient {
  FixtureClient(
    index: indexFixture + [SpeciesSummary(id: 26, name: "raichu")],
    species: [try decode(Species.self, raichuSpeciesJSON)],
    pokemon: [
      try decode(Pokemon.self, pokemonJSON(26, "raichu", ["electric"], ability: "static")),
      try decode(
        Pokemon.self,
        pokemonJSON(10100, "raichu-alola", ["electric", "psychic"], ability: "surge-surfer")),
    ])
}

@Suite("Forms")
struct FormTests {
  @Test func aFormOpenedByItsSlugShowsItsOwnFacts() async throws {
    let client = try raichuClient()
    let detail = try await DetailFeature(client: client).open("raichu-alola")
    #expect(detail.id == 26 && detail.name == "raichu" && detail.displayName == "Raichu-Alola")
    #expect(detail.types == ["Electric", "Psychic"])
    #expect(detail.abilities.map(\.name) == ["Surge Surfer"])
    #expect(detail.form?.pokemonID == 10100 && detail.form?.name == "raichu-alola")
    #expect(detail.forms.map(\.displayName) == ["Raichu", "Raichu-Alola"])
    #expect(detail.evolutionChainID == 10)
    #expect(await client.count("pokemon/10100") == 1)
  }

  @Test(arguments: ["Raichu-Alola", "raichu alola", "raichu-al"])
  func aFormByAnyCaseOrAUniquePrefix(input: String) async throws {
    let detail = try await DetailFeature(client: try raichuClient()).open(input)
    #expect(detail.form?.name == "raichu-alola")
  }

  @Test func theSpeciesItselfShowsItsUsualFormAndListsTheOthers() async throws {
    let detail = try await DetailFeature(client: try raichuClient()).open("raichu")
    #expect(detail.displayName == "Raichu" && detail.types == ["Electric"] && detail.form == nil)
    #expect(detail.forms.map(\.isDefault) == [true, false])
  }

  @Test func infoShowsTheSameFormAgain() async throws {
    let detail = try await DetailFeature(client: try raichuClient()).details(
      of: .id(26), form: 10100)
    #expect(detail.displayName == "Raichu-Alola" && detail.types == ["Electric", "Psychic"])
  }

  @Test func aFormTheSpeciesDoesNotHaveIsUnknown() async throws {
    await #expect(throws: DetailError.unknown(input: "raichu-zzz", suggestion: nil)) {
      try await DetailFeature(client: try raichuClient()).open("raichu-zzz")
    }
  }
}
