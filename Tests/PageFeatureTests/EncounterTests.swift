import APIClient
import APIFixtures
import EncounterFeature
import Foundation
import Models
import Pages
import Testing

/// Pikachu found in two games (Red-Blue's two versions, and Yellow as a gift), in three places
/// with several methods and conditions; Pichu found nowhere.
enum EncounterFixtures {
  static func reference(_ path: String, _ name: String, _ id: Int) -> String {
    Fixtures.reference(path, name, id)
  }

  static func way(
    _ method: String, _ min: Int, _ max: Int, _ chance: Int, _ conditions: [String] = []
  ) -> String {
    let values = conditions.enumerated().map { reference("encounter-condition-value", $1, $0 + 1) }
    return #"""
      {"chance":\#(chance),"min_level":\#(min),"max_level":\#(max),"method":\#(reference("encounter-method", method, 1)),"condition_values":[\#(values.joined(separator: ","))]}
      """#
  }

  static func version(_ name: String, _ id: Int, _ ways: [String]) -> String {
    #"{"version":\#(reference("version", name, id)),"max_chance":100,"encounter_details":[\#(ways.joined(separator: ","))]}"#
  }

  static let pikachu = #"""
    [
      {"location_area":\#(reference("location-area", "viridian-forest-area", 321)),"version_details":[
        \#(version("red", 1, [way("walk", 3, 3, 5), way("walk", 5, 5, 5)])),
        \#(version("blue", 2, [way("walk", 3, 5, 5)]))]},
      {"location_area":\#(reference("location-area", "power-plant-area", 330)),"version_details":[
        \#(version("red", 1, [way("walk", 20, 24, 25, ["time-night"]), way("walk", 20, 24, 25, ["time-day"])]))]},
      {"location_area":\#(reference("location-area", "pallet-town-area", 285)),"version_details":[
        \#(version("yellow", 3, [way("gift", 5, 5, 100)]))]}
    ]
    """#

  static let games = [
    #"{"id":1,"name":"red-blue","order":1,"versions":[\#(reference("version", "red", 1)),\#(reference("version", "blue", 2))]}"#,
    #"{"id":2,"name":"yellow","order":2,"versions":[\#(reference("version", "yellow", 3))]}"#,
  ]

  static let areas = [
    #"{"id":321,"name":"viridian-forest-area","names":[\#(Fixtures.english("name", "Viridian Forest"))]}"#,
    #"{"id":330,"name":"power-plant-area","names":[]}"#,
    #"{"id":285,"name":"pallet-town-area","names":[\#(Fixtures.english("name", "Pallet Town"))]}"#,
  ]

  static func client() throws -> FixtureClient {
    try FixtureClient(
      [
        "version-group": games, "location-area": areas,
        "pokemon-species": [
          #"{"id":25,"name":"pikachu","gender_rate":4,"evolves_from_species":\#(reference("pokemon-species", "pichu", 172))}"#,
          #"{"id":172,"name":"pichu","gender_rate":4}"#,
        ],
      ], encounters: [25: pikachu])
  }
}

@Suite("Where to find a species")
struct EncounterTests {
  func page(_ argument: String? = nil, selection: Int = 25) async throws -> EncounterPage {
    let directory = PageDirectory(kinds: [
      EncounterFeature.kind(client: try EncounterFixtures.client())
    ])
    return try #require(
      try await directory.open("where", argument, selection: selection) as? EncounterPage)
  }

  @Test func theNewestGameByDefaultWithItsVersions() async throws {
    let page = try await page()
    #expect(page.game == "yellow" && page.versions == ["yellow"])
    #expect(page.games == ["yellow", "red-blue"])
    #expect(page.rows.map(\.method) == ["gift"])
    #expect(page.rows.first?.place == "Pallet Town")
  }

  @Test func slotsAddUpLevelsSpanAndConditionsAreKept() async throws {
    let page = try await page("red")
    #expect(page.game == "red-blue" && page.versions == ["red", "blue"])
    let forest = try #require(page.rows.first { $0.area == "viridian-forest-area" })
    // Red's two 5% slots make 10%; Blue's one 5%: the highest is shown, levels 3 to 5.
    #expect(forest.chance == 10 && forest.minLevel == 3 && forest.maxLevel == 5)
    #expect(forest.versions == ["red", "blue"])
    // The Power Plant: Red only, by day and at night alike, one row; the place named from its slug.
    let plant = try #require(page.rows.first { $0.area == "power-plant-area" })
    #expect(plant.place == "Power Plant")
    #expect(plant.versions == ["red"])
    #expect(Set(plant.conditions) == ["time-night", "time-day"])
    #expect(page.rows.count == 2)
  }

  @Test func conditionsAndMethodsInWords() {
    #expect(EncounterPage.method("old-rod") == "fishing, Old Rod")
    #expect(EncounterPage.method("walk") == "walking")
    #expect(EncounterPage.condition("time-night") == "at night")
    #expect(EncounterPage.condition("swarm-yes") == "in a swarm")
    #expect(EncounterPage.condition("slot2-ruby") == "with Pokémon Ruby in slot 2")
    #expect(
      EncounterPage.conditions(["weather-rain", "weather-fog", "time-day"]) == [
        "weather: rain or fog", "by day",
      ])
  }

  @Test func aVersionNamesItsGame() async throws {
    #expect(try await page("blue").game == "red-blue")
    await #expect(
      throws: PageError.unknown(
        kind: "game where Pikachu is found", input: "gold", suggestion: nil)
    ) {
      try await page("gold")
    }
  }

  @Test func foundNowhereSaysHowItIsObtained() async throws {
    let page = try await page(selection: 172)
    #expect(page.game.isEmpty && page.rows.isEmpty)
    #expect(page.evolvesFrom == nil)
    let pikachu = PageDirectory(kinds: [
      EncounterFeature.kind(
        client: try FixtureClient([
          "pokemon-species": [
            #"{"id":25,"name":"pikachu","gender_rate":4,"evolves_from_species":{"name":"pichu","url":"https://x.test/api/v2/pokemon-species/172/"}}"#
          ]
        ]))
    ])
    let nowhere = try #require(
      try await pikachu.open("where", nil, selection: 25) as? EncounterPage)
    #expect(nowhere.evolvesFrom == "pichu")
    guard case .paragraph(_, let text) = nowhere.document.blocks.first else {
      Issue.record("no paragraph")
      return
    }
    #expect(text == "Pikachu is not found in the wild in any game. It evolves from Pichu.")
  }

  @Test func jsonAsDocumented() async throws {
    let object = try json(try await page("red"))
    #expect(
      Set(object.keys) == ["pokemonID", "pokemon", "game", "versions", "games", "rows"])
    let row = try #require((object["rows"] as? [[String: Any]])?.first)
    #expect(
      Set(row.keys) == [
        "place", "area", "method", "minLevel", "maxLevel", "chance", "conditions", "versions",
      ])
  }
}
