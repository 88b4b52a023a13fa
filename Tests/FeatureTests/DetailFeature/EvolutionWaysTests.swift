import APIClient
import DetailFeature
import DetailModels
import Foundation
import Locking
import Models
import TestSupport
import Testing

// Fixtures written for these tests in the API's shape: a link's `evolution_details` as the real
// bodies carry them (every way of every game, `is_default` on the current ones, `base_form` and
// `evolved_form` naming pokemon forms).

private func resource(_ kind: String, _ name: String, _ id: Int) -> String {
  "{\"name\": \"\(name)\", \"url\": \"https://pokeapi.co/api/v2/\(kind)/\(id)/\"}"
}

private let useItem = resource("evolution-trigger", "use-item", 3)
private let trade = resource("evolution-trigger", "trade", 2)

/// A chain `parent` → `child` whose one link has `details`.
private func chain(_ parent: (Int, String), _ child: (Int, String), _ details: String) -> String {
  """
  {"id": 900, "chain": {"is_baby": false, "species": \(species(parent.0, parent.1)),
    "evolution_details": [], "evolves_to": [{"is_baby": false, "species": \(species(child.0, child.1)),
      "evolution_details": \(details), "evolves_to": []}]}}
  """
}

/// Rockruff → Lycanroc: three default ways, one form each (the dusk one from Own Tempo Rockruff).
private let lycanrocJSON = chain(
  (744, "rockruff"), (745, "lycanroc"),
  """
  [{"trigger": \(levelUp), "min_level": 25, "time_of_day": "day", "is_default": true,
    "base_form": \(resource("pokemon", "rockruff", 744)),
    "evolved_form": \(resource("pokemon", "lycanroc-midday", 745)),
    "version_group": \(resource("version-group", "sun-moon", 17))},
   {"trigger": \(levelUp), "min_level": 25, "time_of_day": "night", "is_default": true,
    "base_form": \(resource("pokemon", "rockruff", 744)),
    "evolved_form": \(resource("pokemon", "lycanroc-midnight", 10126))},
   {"trigger": \(levelUp), "min_level": 25, "time_of_day": "dusk", "is_default": true,
    "base_form": \(resource("pokemon", "rockruff-own-tempo", 10151)),
    "evolved_form": \(resource("pokemon", "lycanroc-dusk", 10152))}]
  """)

/// Slowpoke → Slowbro and Slowking, each with its Galarian route.
private let slowpokeJSON = """
  {"id": 33, "chain": {"is_baby": false, "species": \(species(79, "slowpoke")), "evolution_details": [],
    "evolves_to": [
      {"is_baby": false, "species": \(species(80, "slowbro")), "evolves_to": [], "evolution_details": [
        {"trigger": \(levelUp), "min_level": 37, "is_default": true},
        {"trigger": \(useItem), "item": \(resource("item", "galarica-cuff", 1643)), "is_default": true,
         "base_form": \(resource("pokemon", "slowpoke-galar", 10164)),
         "evolved_form": \(resource("pokemon", "slowbro-galar", 10165))}]},
      {"is_baby": false, "species": \(species(199, "slowking")), "evolves_to": [], "evolution_details": [
        {"trigger": \(trade), "held_item": \(resource("item", "kings-rock", 198)), "is_default": true},
        {"trigger": \(useItem), "item": \(resource("item", "galarica-wreath", 1633)), "is_default": true,
         "base_form": \(resource("pokemon", "slowpoke-galar", 10164)),
         "evolved_form": \(resource("pokemon", "slowking-galar", 10172))}]}]}}
  """

/// Magneton → Magnezone: a Thunder Stone today, six places in older games.
private let magnezoneJSON = chain(
  (82, "magneton"), (462, "magnezone"),
  """
  [{"trigger": \(levelUp), "location": \(resource("location", "mt-coronet", 10))},
   {"trigger": \(levelUp), "location": \(resource("location", "chargestone-cave", 379))},
   {"trigger": \(levelUp), "location": \(resource("location", "kalos-route-13", 445))},
   {"trigger": \(levelUp), "location": \(resource("location", "blush-mountain", 629))},
   {"trigger": \(useItem), "item": \(resource("item", "thunder-stone", 83)), "is_default": true},
   {"trigger": \(levelUp), "location": \(resource("location", "vast-poni-canyon", 640))},
   {"trigger": \(levelUp), "location": \(resource("location", "new-mauville", 438))}]
  """)

private func english(_ id: Int, _ slug: String, _ name: String) -> GameResource {
  GameResource(
    id: id, name: slug,
    names: [.init(name: name, language: NamedResource(name: "en", url: ""))])
}

private func tree(_ json: String, client: FixtureClient? = nil) async throws
  -> EvolutionTreeViewModel
{
  let chain = try decode(EvolutionChain.self, json)
  let client = client ?? FixtureClient()
  await client.add(chain)
  return try await DetailFeature(client: client).evolution(
    chainID: chain.id, selectedSpeciesID: nil)
}

@Suite("Every way to evolve")
struct EvolutionWaysTests {
  @Test func everyDefaultWayIsShownWithItsForm() async throws {
    let lycanroc = try #require(try await tree(lycanrocJSON).root.children.first)
    #expect(
      lycanroc.ways.map(\.text) == [
        "level 25, daytime (Midday form)",
        "level 25, at night (Midnight form)",
        "level 25, at dusk (Dusk form, from Own Tempo Rockruff)",
      ])
    #expect(lycanroc.ways.map(\.form) == ["Midday form", "Midnight form", "Dusk form"])
    #expect(lycanroc.also == nil)
  }

  @Test func regionalFormsAreNamed() async throws {
    let children = try await tree(slowpokeJSON).root.children
    #expect(
      children.map(\.trigger) == [
        "level 37 or use Galarica Cuff (Galarian form, from Galarian Slowpoke)",
        "trade holding Kings Rock or use Galarica Wreath (Galarian form, from Galarian Slowpoke)",
      ])
    #expect(children[0].ways[1].fromForm == "Galarian Slowpoke")
    let raticate = try await tree(
      chain(
        (19, "rattata"), (20, "raticate"),
        """
        [{"trigger": \(levelUp), "min_level": 20, "is_default": true},
         {"trigger": \(levelUp), "min_level": 20, "time_of_day": "night", "is_default": true,
          "base_form": \(resource("pokemon", "rattata-alola", 10091)),
          "evolved_form": \(resource("pokemon", "raticate-alola", 10092))}]
        """))
    #expect(
      raticate.root.children.first?.ways.map(\.text) == [
        "level 20", "level 20, at night (Alolan form, from Alolan Rattata)",
      ])
  }

  @Test func waysNotMarkedDefaultAreFoldedIntoOneLine() async throws {
    let client = FixtureClient()
    let magnezone = try #require(try await tree(magnezoneJSON, client: client).root.children.first)
    #expect(magnezone.trigger == "use Thunder Stone")
    #expect(magnezone.also == "level up at Mt Coronet, Chargestone Cave or 4 other places")
    // Only the names shown are looked up: the item and the two places spelled out.
    #expect(
      Set(await client.requests.filter { !$0.hasPrefix("evolution-chain") }) == [
        "item/83", "location/10", "location/379",
      ])
  }

  @Test func itemMoveAndPlaceNamesComeFromTheAPI() async throws {
    let client = FixtureClient()
    await client.add(.item, english(198, "kings-rock", "King's Rock"))
    await client.add(.item, english(1643, "galarica-cuff", "Galarica Cuff"))
    await client.add(.location, english(10, "mt-coronet", "Mt. Coronet"))
    await client.add(.move, english(369, "u-turn", "U-turn"))
    let children = try await tree(slowpokeJSON, client: client).root.children
    #expect(children[1].ways.first?.text == "trade holding King's Rock")
    let magnezone = try await tree(magnezoneJSON, client: client).root.children.first
    #expect(magnezone?.also == "level up at Mt. Coronet, Chargestone Cave or 4 other places")
    let move = try await tree(
      chain(
        (1, "root-mon"), (2, "next-mon"),
        "[{\"trigger\": \(levelUp), \"known_move\": \(resource("move", "u-turn", 369))}]"),
      client: client)
    #expect(move.root.children.first?.trigger == "level up knowing U-turn")
  }

  @Test func withoutTheirResourcesNamesAreMadeFromSlugs() async throws {
    // The fake answers `notCached` for every item, as the client does offline.
    let children = try await tree(slowpokeJSON).root.children
    #expect(children[1].ways.first?.text == "trade holding Kings Rock")
  }

  @Test func theWarmUpAfterOpenLoadsTheNamesTooSoEvolutionIsInstant() async throws {
    let speciesJSON = """
      {"id": 79, "name": "slowpoke", "gender_rate": 4,
       "evolution_chain": {"url": "https://pokeapi.co/api/v2/evolution-chain/33/"},
       "varieties": [{"is_default": true, "pokemon": \(resource("pokemon", "slowpoke", 79))}]}
      """
    let client = FixtureClient(
      species: [try decode(Species.self, speciesJSON)],
      pokemon: [Pokemon(id: 79, name: "slowpoke", height: 12, weight: 360)],
      chains: [try decode(EvolutionChain.self, slowpokeJSON)])
    let warmUps = WarmUps()
    _ = try await DetailFeature(client: client, warmUp: { _, work in warmUps.add(work) })
      .details(of: .id(79))
    await warmUps.runAll()
    #expect(
      Set(await client.requests.filter { $0.hasPrefix("item/") }) == [
        "item/1643", "item/198", "item/1633",
      ])
  }
}

/// Warm-up work handed over by the feature, run when the test says.
private final class WarmUps: Sendable {
  private let works = Locked<[@Sendable () async -> Void]>([])
  func add(_ work: @escaping @Sendable () async -> Void) { works.withLock { $0.append(work) } }
  func runAll() async {
    for work in works.withLock({ $0 }) { await work() }
  }
}

@Suite("Every field of a way in words")
struct EvolutionFieldWordsTests {
  @Test(
    "Fields",
    arguments: [
      ("level up after walking 1,000 steps", "{\"trigger\": \(levelUp), \"min_steps\": 1000}"),
      (
        "use Rage Fist 20 times",
        """
        {"trigger": \(resource("evolution-trigger", "use-move", 14)),
         "used_move": \(resource("move", "rage-fist", 889)), "min_move_count": 20}
        """
      ),
      (
        "use Psyshield Bash in the Agile Style 20 times",
        """
        {"trigger": \(resource("evolution-trigger", "agile-style-move", 11)),
         "used_move": \(resource("move", "psyshield-bash", 828)), "min_move_count": 20}
        """
      ),
      (
        "take 294 HP of recoil damage",
        """
        {"trigger": \(resource("evolution-trigger", "recoil-damage", 13)), "min_damage_taken": 294}
        """
      ),
      (
        "take 49 HP of damage, at Dusty Bowl",
        """
        {"trigger": \(resource("evolution-trigger", "take-damage", 9)), "min_damage_taken": 49,
         "location": \(resource("location", "dusty-bowl", 590))}
        """
      ),
      (
        "level up near a special rock at Eterna Forest",
        """
        {"trigger": \(levelUp), "near_special_rock": true,
         "location": \(resource("location", "eterna-forest", 8))}
        """
      ),
      (
        "use Thunder Stone, in Alola (Alolan form)",
        """
        {"trigger": \(useItem), "item": \(resource("item", "thunder-stone", 83)),
         "region": \(resource("region", "alola", 7)),
         "evolved_form": \(resource("pokemon", "next-mon-alola", 10100))}
        """
      ),
      (
        "trade for Shelmet",
        "{\"trigger\": \(trade), \"trade_species\": \(resource("pokemon-species", "shelmet", 616))}"
      ),
      (
        "level 30, another condition",
        "{\"trigger\": \(levelUp), \"min_level\": 30, \"full_moon\": true}"
      ),
      (
        "level 30",
        "{\"trigger\": \(levelUp), \"min_level\": 30, \"full_moon\": false, \"moon\": null, \"x\": \"\"}"
      ),
    ])
  func fieldInWords(words: String, detail: String) async throws {
    let next = try await tree(chain((1, "root-mon"), (2, "next-mon"), "[\(detail)]"))
    #expect(next.root.children.first?.trigger == words)
  }

  @Test func anUnknownConditionSurvivesTheCache() throws {
    let json = chain(
      (1, "root-mon"), (2, "next-mon"),
      "[{\"trigger\": \(levelUp), \"min_level\": 30, \"full_moon\": true}]")
    let decoded = try decode(EvolutionChain.self, json)
    #expect(decoded.chain.evolvesTo[0].evolutionDetails[0].otherConditions == ["full_moon"])
    // What the client stores is the decoded value encoded again: read back, it says the same.
    let again = try JSONDecoder().decode(
      EvolutionChain.self, from: JSONEncoder().encode(decoded))
    #expect(again == decoded)
  }
}
