import APIClient
import DetailFeature
import DetailModels
import Foundation
import Models
import TestSupport
import Testing

func chainClient(_ jsons: String...) throws -> FixtureClient {
  FixtureClient(chains: try jsons.map { try decode(EvolutionChain.self, $0) })
}

/// A chain `root-mon` → `next-mon` whose one link has the given `evolution_details` body.
func singleLinkChain(_ details: String) -> String {
  """
  {"id": 900, "chain": {"is_baby": false, "species": \(species(1, "root-mon")), "evolution_details": [],
    "evolves_to": [{"is_baby": false, "species": \(species(2, "next-mon")),
      "evolution_details": \(details), "evolves_to": []}]}}
  """
}

@Suite("Evolution trees")
struct EvolutionTreeTests {
  @Test func eeveeHasEightBranchesInTheAPIsOrder() async throws {
    let tree = try await DetailFeature(client: try chainClient(eeveeChainJSON))
      .evolution(chainID: 67, selectedSpeciesID: 133)
    #expect(tree.root.displayName == "Eevee")
    #expect(tree.root.isSelected && tree.root.trigger == nil)
    #expect(
      tree.root.children.map(\.displayName) == [
        "Vaporeon", "Jolteon", "Flareon", "Espeon", "Umbreon", "Leafeon", "Glaceon", "Sylveon",
      ])
    #expect(
      tree.root.children.map(\.trigger) == [
        "use Water Stone", "use Thunder Stone", "use Fire Stone", "high friendship, daytime",
        "high friendship, at night", "use Leaf Stone", "use Ice Stone",
        "high friendship, knowing a Fairy-type move",
      ])
    #expect(tree.root.children.allSatisfy { $0.children.isEmpty && !$0.isSelected })
    let rows = tree.rows
    #expect(rows.map(\.prefix) == [""] + Array(repeating: "├─ ", count: 7) + ["└─ "])
    #expect(rows.last?.isLast == true && rows.dropFirst().allSatisfy { $0.depth == 1 })
  }

  @Test func threeStageLine() async throws {
    let tree = try await DetailFeature(client: try chainClient(bulbasaurChainJSON))
      .evolution(chainID: 1, selectedSpeciesID: 2)
    let rows = tree.rows
    #expect(rows.map(\.displayName) == ["Bulbasaur", "Ivysaur", "Venusaur"])
    #expect(rows.map(\.trigger) == [nil, "level 16", "level 32"])
    #expect(rows.map(\.prefix) == ["", "└─ ", "   └─ "])
    #expect(rows.map(\.depth) == [0, 1, 2])
    #expect(rows.map(\.isSelected) == [false, true, false])
  }

  @Test func twoTwoStageBranches() async throws {
    let tree = try await DetailFeature(client: try chainClient(wurmpleChainJSON))
      .evolution(chainID: 135, selectedSpeciesID: 269)
    let drawn = tree.rows.map { $0.prefix + $0.displayName + ($0.trigger.map { " (\($0))" } ?? "") }
    #expect(
      drawn == [
        "Wurmple",
        "├─ Silcoon (level 7)",
        "│  └─ Beautifly (level 10)",
        "└─ Cascoon (level 7)",
        "   └─ Dustox (level 10)",
      ])
    #expect(tree.rows.filter(\.isSelected).map(\.name) == ["dustox"])
  }

  @Test func babySpeciesAreMarked() async throws {
    let tree = try await DetailFeature(client: try chainClient(pichuChainJSON))
      .evolution(chainID: 10, selectedSpeciesID: 25)
    #expect(tree.rows.map(\.name) == ["pichu", "pikachu", "raichu"])
    #expect(tree.rows.map(\.isBaby) == [true, false, false])
    #expect(
      tree.rows.map(\.trigger) == [
        nil, "high friendship", "use Thunder Stone or use Thunder Stone, in Alola (Alolan form)",
      ])
  }

  @Test func speciesWithoutEvolutions() async throws {
    let tree = try await DetailFeature(client: try chainClient(taurosChainJSON))
      .evolution(chainID: 63, selectedSpeciesID: 128)
    #expect(!tree.hasEvolutions)
    #expect(tree.rows.count == 1 && tree.rows[0].displayName == "Tauros" && tree.rows[0].isSelected)
  }

  @Test func speciesWithoutAChainIsATreeOfItself() async throws {
    let client = FixtureClient(species: [Species(id: 999, name: "lone-mon", genderRate: -1)])
    let tree = try await DetailFeature(client: client).evolution(of: .id(999))
    #expect(tree.chainID == nil && tree.rows.map(\.displayName) == ["Lone-Mon"])
    #expect(await client.count("evolution-chain") == 0)
  }

  @Test func evolutionOfASpeciesFindsItsChain() async throws {
    let client = FixtureClient(
      species: [try decode(Species.self, eeveeSpeciesJSON)],
      chains: [try decode(EvolutionChain.self, eeveeChainJSON)])
    let tree = try await DetailFeature(client: client).evolution(of: .id(133))
    #expect(tree.chainID == 67 && tree.selectedSpeciesID == 133 && tree.root.isSelected)
  }

  @Test func unreadableChainIsAClearError() async throws {
    let broken = """
      {"id": 5, "chain": {"is_baby": false, "species": {"name": "x", "url": "https://pokeapi.co/"},
       "evolution_details": [], "evolves_to": []}}
      """
    await #expect(throws: DetailError.api(.invalidData(resource: "evolution-chain/5"))) {
      try await DetailFeature(client: try chainClient(broken)).evolution(
        chainID: 5, selectedSpeciesID: nil)
    }
  }

  @Test func treeKeysAreStable() async throws {
    let tree = try await DetailFeature(client: try chainClient(bulbasaurChainJSON))
      .evolution(chainID: 1, selectedSpeciesID: 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: JSONEncoder().encode(tree)) as? [String: Any])
    #expect(Set(object.keys) == ["chainID", "selectedSpeciesID", "root"])
    let root = try #require(object["root"] as? [String: Any])
    #expect(
      Set(root.keys)
        == ["id", "name", "displayName", "isBaby", "isSelected", "ways", "children"])
    let ivysaur = try #require((root["children"] as? [[String: Any]])?.first)
    #expect(ivysaur["trigger"] as? String == "level 16")
    #expect(
      ivysaur["ways"] as? [[String: String]] == [["conditions": "level 16", "text": "level 16"]])
    #expect(
      try JSONDecoder().decode(EvolutionTreeViewModel.self, from: JSONEncoder().encode(tree))
        == tree)
  }
}

@Suite("Evolution triggers in words")
struct TriggerWordsTests {
  /// Each case: the `evolution_details` of a link and the words expected for it.
  static let casesJSON = """
    [
      {"words": "level 16",
       "details": [{"trigger": {"name": "level-up", "url": ""}, "min_level": 16, "time_of_day": ""}]},
      {"words": "use Water Stone",
       "details": [{"trigger": {"name": "use-item", "url": ""}, "item": {"name": "water-stone", "url": ""}}]},
      {"words": "trade",
       "details": [{"trigger": {"name": "trade", "url": ""}}]},
      {"words": "trade holding Metal Coat",
       "details": [{"trigger": {"name": "trade", "url": ""}, "held_item": {"name": "metal-coat", "url": ""}}]},
      {"words": "trade for Shelmet",
       "details": [{"trigger": {"name": "trade", "url": ""}, "trade_species": {"name": "shelmet", "url": ""}}]},
      {"words": "high friendship",
       "details": [{"trigger": {"name": "level-up", "url": ""}, "min_happiness": 160}]},
      {"words": "high friendship, daytime",
       "details": [{"trigger": {"name": "level-up", "url": ""}, "min_happiness": 160, "time_of_day": "day"}]},
      {"words": "level up at night",
       "details": [{"trigger": {"name": "level-up", "url": ""}, "time_of_day": "night"}]},
      {"words": "level up knowing Ancient Power",
       "details": [{"trigger": {"name": "level-up", "url": ""}, "known_move": {"name": "ancient-power", "url": ""}}]},
      {"words": "level up knowing a Fairy-type move",
       "details": [{"trigger": {"name": "level-up", "url": ""}, "known_move_type": {"name": "fairy", "url": ""}}]},
      {"words": "level up at Eterna Forest",
       "details": [{"trigger": {"name": "level-up", "url": ""}, "location": {"name": "eterna-forest", "url": ""}}]},
      {"words": "high affection",
       "details": [{"trigger": {"name": "level-up", "url": ""}, "min_affection": 2}]},
      {"words": "level up holding Oval Stone, daytime",
       "details": [{"trigger": {"name": "level-up", "url": ""}, "held_item": {"name": "oval-stone", "url": ""}, "time_of_day": "day"}]},
      {"words": "level 20, Attack > Defense",
       "details": [{"trigger": {"name": "level-up", "url": ""}, "min_level": 20, "relative_physical_stats": 1}]},
      {"words": "level up with Remoraid in party",
       "details": [{"trigger": {"name": "level-up", "url": ""}, "party_species": {"name": "remoraid", "url": ""}}]},
      {"words": "level 50, while raining",
       "details": [{"trigger": {"name": "level-up", "url": ""}, "min_level": 50, "needs_overworld_rain": true}]},
      {"words": "level 21, female",
       "details": [{"trigger": {"name": "level-up", "url": ""}, "min_level": 21, "gender": 1}]},
      {"words": "level 30, upside down",
       "details": [{"trigger": {"name": "level-up", "url": ""}, "min_level": 30, "turn_upside_down": true}]},
      {"words": "high beauty",
       "details": [{"trigger": {"name": "level-up", "url": ""}, "min_beauty": 171}]},
      {"words": "level 32, with a Dark-type in party",
       "details": [{"trigger": {"name": "level-up", "url": ""}, "min_level": 32, "party_type": {"name": "dark", "url": ""}}]},
      {"words": "three critical hits in one battle",
       "details": [{"trigger": {"name": "three-critical-hits", "url": ""}}]},
      {"words": "brand new way",
       "details": [{"trigger": {"name": "brand-new-way", "url": ""}}]},
      {"words": "use Leaf Stone",
       "details": [{"trigger": {"name": "level-up", "url": ""}, "location": {"name": "eterna-forest", "url": ""}}, {"trigger": {"name": "use-item", "url": ""}, "item": {"name": "leaf-stone", "url": ""}, "is_default": true}]},
      {"words": "level up at Eterna Forest, Pinwheel Forest or 2 other places",
       "details": [{"trigger": {"name": "level-up", "url": ""}, "location": {"name": "eterna-forest", "url": ""}}, {"trigger": {"name": "level-up", "url": ""}, "location": {"name": "pinwheel-forest", "url": ""}}, {"trigger": {"name": "level-up", "url": ""}, "location": {"name": "kalos-route-20", "url": ""}}, {"trigger": {"name": "level-up", "url": ""}, "location": {"name": "lush-jungle", "url": ""}}]},
      {"words": "level 37 or use Galarica Cuff",
       "details": [{"trigger": {"name": "level-up", "url": ""}, "min_level": 37}, {"trigger": {"name": "use-item", "url": ""}, "item": {"name": "galarica-cuff", "url": ""}}]},
      {"words": "trade",
       "details": [{"trigger": {"name": "trade", "url": ""}}, {"trigger": {"name": "trade", "url": ""}}]}
    ]
    """

  struct Case: Decodable {
    var words: String
    var details: [EvolutionDetail]
  }

  @Test func triggersInWords() async throws {
    let cases = try decode([Case].self, Self.casesJSON)
    #expect(cases.count == 26)
    for testCase in cases {
      let chain = EvolutionChain(
        id: 900,
        chain: ChainLink(
          species: NamedResource(
            name: "root-mon", url: "https://pokeapi.co/api/v2/pokemon-species/1/"),
          evolvesTo: [
            ChainLink(
              species: NamedResource(
                name: "next-mon", url: "https://pokeapi.co/api/v2/pokemon-species/2/"),
              evolutionDetails: testCase.details)
          ]))
      let tree = try await DetailFeature(client: FixtureClient(chains: [chain]))
        .evolution(chainID: 900, selectedSpeciesID: nil)
      #expect(tree.root.children.first?.trigger == testCase.words)
    }
  }

  @Test func missingDetailsGiveNoTrigger() async throws {
    let tree = try await DetailFeature(client: try chainClient(singleLinkChain("[]")))
      .evolution(chainID: 900, selectedSpeciesID: nil)
    #expect(tree.root.children.first?.trigger == nil)
  }
}
