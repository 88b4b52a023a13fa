import APIClient
import FindFeature
import Locking
import TestSupport
import Testing

/// A server in the API's shape with two species (Magikarp, which evolves into Gyarados, whose
/// Mega form is of Generation VI) of three it lists, the games, four types, a colour, a shape,
/// an egg group, a Pokédex, a chain and a move.
private func server() throws -> FixtureClient {
  let base = "https://x.test/api/v2"
  func ref(_ path: String, _ id: Int, _ name: String) -> String {
    #"{"name": "\#(name)", "url": "\#(base)/\#(path)/\#(id)/"}"#
  }
  func type(_ id: Int, _ name: String, double: [String] = [], none: [String] = []) -> String {
    let ids = ["flying": 3, "ground": 5, "water": 11, "electric": 13, "dark": 17]
    let list = { (names: [String]) in
      names.map { ref("type", ids[$0] ?? 0, $0) }.joined(separator: ", ")
    }
    return #"""
      {"id": \#(id), "name": "\#(name)", "names": [], "pokemon": [],
       "damage_relations": {"double_damage_from": [\#(list(double))], "half_damage_from": [],
         "no_damage_from": [\#(list(none))]}}
      """#
  }
  func pokemon(_ id: Int, _ name: String, types: [String], speed: Int, games: [(Int, String)])
    -> String
  {
    let slots = types.enumerated().map { slot, type in
      #"{"slot": \#(slot + 1), "type": \#(ref("type", 0, type))}"#
    }
    let stats = [
      ("hp", 95), ("attack", 125), ("defense", 79), ("special-attack", 60),
      ("special-defense", 100), ("speed", speed),
    ].enumerated().map { index, stat in
      #"{"base_stat": \#(stat.1), "stat": \#(ref("stat", index + 1, stat.0))}"#
    }
    let details = games.map { game in
      #"""
      {"level_learned_at": 0, "move_learn_method": {"name": "machine"},
       "version_group": \#(ref("version-group", game.0, game.1))}
      """#
    }
    return #"""
      {"id": \#(id), "name": "\#(name)", "height": 65, "weight": 2350,
       "types": [\#(slots.joined(separator: ", "))], "stats": [\#(stats.joined(separator: ", "))],
       "abilities": [{"ability": \#(ref("ability", 22, "intimidate")), "is_hidden": false,
         "slot": 1}],
       "moves": [{"move": \#(ref("move", 58, "ice-beam")),
         "version_group_details": [\#(details.joined(separator: ", "))]}]}
      """#
  }
  return try FixtureClient(
    [
      "version-group": [
        #"{"id": 1, "name": "red-blue", "order": 1, "generation": \#(ref("generation", 1, "generation-i"))}"#,
        #"{"id": 15, "name": "x-y", "order": 15, "generation": \#(ref("generation", 6, "generation-vi"))}"#,
      ],
      "type": [
        type(3, "flying", double: ["electric"], none: ["ground"]),
        type(5, "ground", double: ["water"]), type(11, "water", double: ["electric"]),
        type(13, "electric", double: ["ground"]), type(17, "dark"),
      ],
      "pokemon-color": [
        #"{"id": 2, "name": "blue", "pokemon_species": [\#(ref("pokemon-species", 130, "gyarados"))]}"#,
        #"{"id": 8, "name": "red", "pokemon_species": [\#(ref("pokemon-species", 129, "magikarp"))]}"#,
      ],
      "pokemon-shape": [
        #"{"id": 2, "name": "squiggle", "pokemon_species": [\#(ref("pokemon-species", 130, "gyarados"))]}"#
      ],
      "egg-group": [
        #"{"id": 12, "name": "water2", "names": [], "pokemon_species": [\#(ref("pokemon-species", 129, "magikarp")), \#(ref("pokemon-species", 130, "gyarados"))]}"#
      ],
      "pokedex": [
        #"{"id": 2, "name": "kanto", "names": [], "is_main_series": true, "pokemon_entries": [{"entry_number": 129, "pokemon_species": \#(ref("pokemon-species", 129, "magikarp"))}]}"#
      ],
      "pokemon-species": [
        #"""
        {"id": 129, "name": "magikarp", "gender_rate": 4, "names": [], "genera": [],
         "flavor_text_entries": [], "generation": \#(ref("generation", 1, "generation-i")),
         "evolution_chain": {"url": "\#(base)/evolution-chain/64/"},
         "varieties": [{"is_default": true, "pokemon": \#(ref("pokemon", 129, "magikarp"))}]}
        """#,
        #"""
        {"id": 130, "name": "gyarados", "gender_rate": 4, "names": [], "genera": [],
         "flavor_text_entries": [], "generation": \#(ref("generation", 1, "generation-i")),
         "evolution_chain": {"url": "\#(base)/evolution-chain/64/"},
         "evolves_from_species": \#(ref("pokemon-species", 129, "magikarp")),
         "varieties": [{"is_default": true, "pokemon": \#(ref("pokemon", 130, "gyarados"))},
           {"is_default": false, "pokemon": \#(ref("pokemon", 10041, "gyarados-mega"))}]}
        """#,
      ],
      "pokemon": [
        pokemon(129, "magikarp", types: ["water"], speed: 80, games: []),
        pokemon(130, "gyarados", types: ["water", "flying"], speed: 81, games: [(1, "red-blue")]),
        pokemon(10041, "gyarados-mega", types: ["water", "dark"], speed: 81, games: [(15, "x-y")]),
      ],
      "evolution-chain": [
        #"""
        {"id": 64, "chain": {"species": \#(ref("pokemon-species", 129, "magikarp")),
          "is_baby": false, "evolution_details": [],
          "evolves_to": [{"species": \#(ref("pokemon-species", 130, "gyarados")),
            "is_baby": false, "evolves_to": [],
            "evolution_details": [{"trigger": \#(ref("evolution-trigger", 1, "level-up")),
              "min_level": 20}]}]}}
        """#
      ],
      "move": [
        #"""
        {"id": 58, "name": "ice-beam", "names": [], "accuracy": 100, "power": 90, "pp": 10,
         "priority": 0, "type": \#(ref("type", 15, "ice")),
         "damage_class": \#(ref("move-damage-class", 3, "special")),
         "generation": \#(ref("generation", 1, "generation-i")), "effect_entries": [],
         "flavor_text_entries": [], "past_values": []}
        """#
      ],
    ], extraNames: ["pokemon-species": ["unown"]])
}

@Suite("find's index built from the API's answers")
struct FindIndexBuilderTests {
  @Test func everyPieceIsWrittenAndWhatTheServerLacksIsMarked() async throws {
    let client = try server()
    let index = try FindIndex.inMemoryIndex()
    let lines = Locked<[String]>([])
    let coverage = try await FindIndexBuilder(client: client, index: index).build {
      line in lines.withLock { $0.append(line) }
    }
    #expect(coverage.species == 2 && coverage.speciesAbsent == 1 && coverage.speciesTotal == 3)
    #expect(coverage.moves == 1 && coverage.movesTotal == 1 && coverage.isComplete)
    #expect(lines.withLock { $0.contains("Building the find index: species 3/3") })

    func ids(_ terms: [FindPlan.Term], forms: Bool = false, generation: Int? = nil) async throws
      -> [Int]
    {
      try await index.answer(
        FindPlan(terms: terms, forms: forms, generation: generation, pageSize: nil)
      ).rows.map(\.id)
    }
    #expect(try await ids([.init(.type, .slugs(["water"]))]) == [129, 130])
    #expect(try await ids([.init(.weak, .slugs(["electric"]))]) == [129, 130])
    #expect(try await ids([.init(.immune, .slugs(["ground"]))]) == [130])
    #expect(try await ids([.init(.evolves, .slugs(["level-up"]))]) == [129])
    #expect(try await ids([.init(.final, .present)]) == [130])
    #expect(try await ids([.init(.color, .slugs(["blue"]))]) == [130])
    #expect(try await ids([.init(.shape, .slugs(["squiggle"]))]) == [130])
    #expect(try await ids([.init(.egg, .slugs(["water2"]))]) == [129, 130])
    #expect(try await ids([.init(.dex, .slugs(["kanto"]))]) == [129])
    #expect(try await ids([.init(.ability, .slugs(["intimidate"]))]) == [129, 130])
    #expect(try await ids([.init(.ability, .slugs(["intimidate"]))], generation: 1).isEmpty)
    #expect(try await ids([.init(.spe, .compare(.greater, 80))]) == [130])
    #expect(try await ids([.init(.learns, .moves([.init(move: 58, method: "machine")]))]) == [130])
    // The Mega form came in the generation of the oldest game it learns moves in (X / Y).
    #expect(try await ids([.init(.type, .slugs(["dark"]))], forms: true) == [10041])
    #expect(try await ids([.init(.type, .slugs(["dark"]))], forms: true, generation: 5).isEmpty)

    // A second build asks for nothing: the index says it is whole in one read.
    let asked = await client.requests.count
    let again = try await FindIndexBuilder(client: client, index: index).build()
    let askedAgain = await client.requests.count
    #expect(again == coverage && askedAgain == asked)
  }

  @Test func aBuildCutShortGoesOnWhereItStopped() async throws {
    let client = try server()
    let index = try FindIndex.inMemoryIndex()
    // The species cannot be had (offline): the rest is written, the species are not.
    await client.fail("pokemon-species/", with: .notCached(resource: "species"))
    let first = try await FindIndexBuilder(client: client, index: index).build()
    #expect(first.species == 0 && !first.isComplete && first.moves == 1)
    let done = try await index.done()
    #expect(done["games"] == true && done["move/58"] == true && done["species/129"] == nil)

    // Later, online: only what is missing is asked for.
    let fresh = try server()
    let second = try await FindIndexBuilder(client: fresh, index: index).build()
    #expect(second.species == 2 && second.isComplete)
    let moves = await fresh.count("move/")
    let magikarp = await fresh.count("pokemon-species/129")
    #expect(moves == 0 && magikarp == 1)
  }
}
