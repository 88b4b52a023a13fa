import APIClient
import Foundation
import Models
import Testing

// Items, moves, places and types: fixtures in the API's shape, trimmed (the real ones carry every
// language, effects, game data).

private let kingsRock = """
  {"id": 198, "name": "kings-rock", "cost": 100,
   "names": [{"language": {"name": "ja", "url": "https://pokeapi.co/api/v2/language/1/"}, "name": "おうじゃのしるし"},
             {"language": {"name": "en", "url": "https://pokeapi.co/api/v2/language/9/"}, "name": "King’s Rock"}],
   "effect_entries": [{"effect": "Holder may make the target flinch.", "language": {"name": "en", "url": ""}}]}
  """

private let fireType = """
  {"id": 10, "name": "fire", "damage_relations": {
    "double_damage_from": [{"name": "water", "url": "https://pokeapi.co/api/v2/type/11/"}],
    "half_damage_from": [{"name": "grass", "url": "https://pokeapi.co/api/v2/type/12/"}],
    "no_damage_from": [],
    "double_damage_to": [{"name": "grass", "url": "https://pokeapi.co/api/v2/type/12/"}],
    "half_damage_to": [], "no_damage_to": []},
   "moves": [{"name": "ember", "url": "https://pokeapi.co/api/v2/move/52/"}]}
  """

private func ref(_ kind: String, _ name: String, _ id: Int?) -> NamedResource {
  NamedResource(name: name, url: id.map { "https://pokeapi.co/api/v2/\(kind)/\($0)/" } ?? "")
}

@Suite("Live client: items, moves, places, types and forms")
struct GameResourceTests {
  @Test func anItemIsFetchedByIdOnceAndKeepsItsNamesOnly() async throws {
    let server = try await FixtureServer.start()
    defer { Task { await server.stop() } }
    await server.serve("item/198", json: kingsRock)
    let harness = Harness(server: server)
    let item = try await harness.client.gameResource(.item, ref("item", "kings-rock", 198))
    #expect(item.englishName == "King’s Rock" && item.names.count == 2)
    #expect(item.name(in: Language.named("ja")!) == "おうじゃのしるし")
    // No French name: the English one stands in.
    #expect(item.name(in: Language.named("fr")!) == "King’s Rock")
    let again = try await harness.client.gameResource(.item, ref("item", "kings-rock", 198))
    #expect(again == item)
    #expect(await server.requests().map(\.path) == ["/api/v2/item/198"])
  }

  @Test func aReferenceWithoutAnIdIsFetchedByItsSlug() async throws {
    let server = try await FixtureServer.start()
    defer { Task { await server.stop() } }
    await server.serve("item/kings-rock", json: kingsRock)
    let item = try await Harness(server: server).client.gameResource(
      .item, ref("item", "kings-rock", nil))
    #expect(item.englishName == "King’s Rock")
  }

  @Test func anAnswerForAnotherResourceIsInvalidData() async throws {
    let server = try await FixtureServer.start()
    defer { Task { await server.stop() } }
    await server.serve("move/246", json: kingsRock)
    let error = await apiError {
      try await Harness(server: server).client.gameResource(
        .move, ref("move", "ancient-power", 246))
    }
    #expect(error == .invalidData(resource: "move \"ancient-power\""))
  }

  @Test func aTypeKeepsTheDamageItTakes() async throws {
    let server = try await FixtureServer.start()
    defer { Task { await server.stop() } }
    await server.serve("type/10", json: fireType)
    let harness = Harness(server: server)
    let fire = try await harness.client.pokemonType(ref("type", "fire", 10))
    #expect(fire.damageRelations.doubleDamageFrom.map(\.name) == ["water"])
    #expect(fire.damageRelations.halfDamageFrom.map(\.name) == ["grass"])
    _ = try await harness.client.pokemonType(ref("type", "fire", 10))
    #expect(await server.requests().count == 1)
  }

  @Test func theFormIndexHoldsTheFormsThatAreNotASpeciesUsualOne() async throws {
    let server = try await FixtureServer.start()
    defer { Task { await server.stop() } }
    await server.serve(
      "pokemon?offset=0&limit=100000",
      json: """
        {"count": 3, "next": null, "previous": null, "results": [
          {"name": "raichu", "url": "{base}/pokemon/26/"},
          {"name": "pecharunt", "url": "{base}/pokemon/1025/"},
          {"name": "raichu-alola", "url": "{base}/pokemon/10100/"}]}
        """)
    let forms = try await Harness(server: server).client.formIndex()
    #expect(forms == [SpeciesSummary(id: 10100, name: "raichu-alola")])
  }
}
