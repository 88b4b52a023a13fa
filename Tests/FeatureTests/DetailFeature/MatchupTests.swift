import APIClient
import DetailFeature
import DetailModels
import Foundation
import Models
import TestSupport
import Testing

// `/type/{id}` fixtures written in the API's shape (both halves of `damage_relations`; pokedex
// reads the `…_from` half).

private func typeRef(_ name: String) -> String {
  let ids = [
    "normal": 1, "fighting": 2, "flying": 3, "poison": 4, "ground": 5, "rock": 6, "bug": 7,
    "ghost": 8, "steel": 9, "fire": 10, "water": 11, "grass": 12, "electric": 13, "psychic": 14,
    "ice": 15, "dragon": 16, "dark": 17, "fairy": 18,
  ]
  return "{\"name\": \"\(name)\", \"url\": \"https://pokeapi.co/api/v2/type/\(ids[name] ?? 0)/\"}"
}

private func typeJSON(
  _ id: Int, _ name: String, double: [String], half: [String], none: [String]
) -> String {
  func list(_ names: [String]) -> String { "[" + names.map(typeRef).joined(separator: ", ") + "]" }
  return """
    {"id": \(id), "name": "\(name)", "damage_relations": {
      "double_damage_from": \(list(double)), "half_damage_from": \(list(half)),
      "no_damage_from": \(list(none)), "double_damage_to": [], "half_damage_to": [],
      "no_damage_to": []}, "moves": [], "pokemon": []}
    """
}

private let fire = typeJSON(
  10, "fire", double: ["ground", "rock", "water"],
  half: ["bug", "steel", "fire", "grass", "ice", "fairy"], none: [])
private let flying = typeJSON(
  3, "flying", double: ["rock", "electric", "ice"], half: ["fighting", "bug", "grass"],
  none: ["ground"])
private let normal = typeJSON(1, "normal", double: ["fighting"], half: [], none: ["ghost"])

private func pokemonJSON(_ id: Int, _ name: String, types: [String]) -> String {
  let slots = types.enumerated().map {
    "{\"slot\": \($0.offset + 1), \"type\": \(typeRef($0.element))}"
  }
  return """
    {"id": \(id), "name": "\(name)", "height": 17, "weight": 905, "types": [\(slots.joined(separator: ", "))],
     "stats": [], "abilities": []}
    """
}

private func client(_ pokemon: String) throws -> FixtureClient {
  let decoded = try decode(Pokemon.self, pokemon)
  let client = FixtureClient(
    species: [Species(id: decoded.id, name: decoded.name, genderRate: 1)], pokemon: [decoded])
  return client
}

@Suite("Type matchups")
struct MatchupTests {
  @Test func aDualTypeMultipliesItsFactorsIntoAFourTimesWeaknessAndAnImmunity() async throws {
    let client = try client(pokemonJSON(6, "charizard", types: ["fire", "flying"]))
    await client.add(try decode(PokemonType.self, fire))
    await client.add(try decode(PokemonType.self, flying))
    let detail = try await DetailFeature(client: client).details(of: .id(6))
    let matchups = try #require(detail.matchups)
    #expect(
      matchups.weaknesses == [
        .init(type: "Rock", multiplier: 4), .init(type: "Water", multiplier: 2),
        .init(type: "Electric", multiplier: 2),
      ])
    #expect(
      matchups.resistances.map(\.type) == ["Bug", "Grass", "Fighting", "Steel", "Fire", "Fairy"])
    #expect(matchups.resistances.map(\.multiplier) == [0.25, 0.25, 0.5, 0.5, 0.5, 0.5])
    #expect(matchups.immunities == ["Ground"])
    // Ice: ×½ from Fire and ×2 from Flying cancel out, so it is not listed.
    #expect(!(matchups.weaknesses + matchups.resistances).contains { $0.type == "Ice" })
    #expect(await client.count("type/") == 2)
  }

  @Test func aSingleTypeWithAnImmunity() async throws {
    let client = try client(pokemonJSON(133, "eevee", types: ["normal"]))
    await client.add(try decode(PokemonType.self, normal))
    let matchups = try #require(
      try await DetailFeature(client: client).details(of: .id(133)).matchups)
    #expect(matchups.weaknesses == [.init(type: "Fighting", multiplier: 2)])
    #expect(matchups.resistances.isEmpty)
    #expect(matchups.immunities == ["Ghost"])
  }

  @Test func withoutItsTypesTheDetailsStillShowWithoutMatchups() async throws {
    // The fake answers `notCached` for a type it does not hold, as the client does offline.
    let client = try client(pokemonJSON(6, "charizard", types: ["fire", "flying"]))
    await client.add(try decode(PokemonType.self, fire))
    let detail = try await DetailFeature(client: client).details(of: .id(6))
    #expect(detail.displayName == "Charizard" && detail.types == ["Fire", "Flying"])
    #expect(detail.matchups == nil)
  }

  @Test func matchupsAreInTheJSON() async throws {
    let client = try client(pokemonJSON(133, "eevee", types: ["normal"]))
    await client.add(try decode(PokemonType.self, normal))
    let detail = try await DetailFeature(client: client).details(of: .id(133))
    let object = try #require(
      try JSONSerialization.jsonObject(with: JSONEncoder().encode(detail)) as? [String: Any])
    let matchups = try #require(object["matchups"] as? [String: Any])
    #expect((matchups["weaknesses"] as? [[String: Any]])?.first?["type"] as? String == "Fighting")
    #expect((matchups["weaknesses"] as? [[String: Any]])?.first?["multiplier"] as? Double == 2)
    #expect(matchups["immunities"] as? [String] == ["Ghost"])
  }
}

@Suite("The types of every pokemon, for completion")
struct TypesByPokemonTests {
  @Test func eachPokemonGetsItsTypesInSlotOrder() async throws {
    let client = try client(pokemonJSON(6, "charizard", types: ["fire", "flying"]))
    let flyingType = PokemonType(
      id: 3, name: "flying",
      pokemon: [
        .init(slot: 2, pokemon: NamedResource(name: "charizard", url: "/api/v2/pokemon/6/")),
        .init(slot: 1, pokemon: NamedResource(name: "tornadus", url: "/api/v2/pokemon/641/")),
      ])
    let fireType = PokemonType(
      id: 10, name: "fire",
      pokemon: [
        .init(slot: 1, pokemon: NamedResource(name: "charizard", url: "/api/v2/pokemon/6/"))
      ])
    await client.add(flyingType)
    await client.add(fireType)
    let types = try await client.typesByPokemon()
    #expect(types == [6: ["Fire", "Flying"], 641: ["Flying"]])
  }

  @Test func withoutTypesNothingIsKnown() async throws {
    let client = try client(pokemonJSON(6, "charizard", types: ["fire"]))
    await #expect(throws: APIError.notFound(resource: "the type index")) {
      try await client.typesByPokemon()
    }
  }
}
