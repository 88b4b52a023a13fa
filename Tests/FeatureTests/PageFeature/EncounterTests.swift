import APIClient
import Foundation
import Models
import Pages
import TestSupport
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

  // Blue listed before Red, as the API sometimes lists a game's versions.
  static let pikachu = #"""
    [
      {"location_area":\#(reference("location-area", "viridian-forest-area", 321)),"version_details":[
        \#(version("blue", 2, [way("walk", 3, 5, 5)])),
        \#(version("red", 1, [way("walk", 3, 3, 5), way("walk", 5, 5, 5)]))]},
      {"location_area":\#(reference("location-area", "power-plant-area", 330)),"version_details":[
        \#(version("red", 1, [way("walk", 20, 24, 25, ["time-night"]), way("walk", 20, 24, 25, ["time-day"])]))]},
      {"location_area":\#(reference("location-area", "kanto-route-2-area", 296)),"version_details":[
        \#(version("red", 1, [way("walk", 4, 4, 5, ["backlot-not-mentioned"]), way("walk", 4, 4, 4), way("walk", 4, 4, 1)])),
        \#(version("blue", 2, [way("walk", 6, 6, 20, ["time-morning"]), way("walk", 6, 6, 10, ["radio-off", "time-morning"]), way("walk", 6, 6, 10, ["radio-off", "time-day"]), way("walk", 6, 6, 10, ["time-day", "radio-off"])]))]},
      {"location_area":\#(reference("location-area", "pallet-town-area", 285)),"version_details":[
        \#(version("yellow", 3, [way("gift", 5, 5, 100)]))]}
    ]
    """#

  static let games = [
    #"{"id":1,"name":"red-blue","order":1,"versions":[\#(reference("version", "red", 1)),\#(reference("version", "blue", 2))]}"#,
    #"{"id":2,"name":"yellow","order":2,"versions":[\#(reference("version", "yellow", 3))]}"#,
    #"{"id":3,"name":"gold-silver","order":3,"versions":[\#(reference("version", "gold", 4)),\#(reference("version", "silver", 5))]}"#,
  ]

  static let versions = [
    #"{"id":1,"name":"red","names":[\#(Fixtures.english("name", "Red"))]}"#,
    #"{"id":2,"name":"blue","names":[\#(Fixtures.english("name", "Blue"))]}"#,
    #"{"id":3,"name":"yellow","names":[\#(Fixtures.english("name", "Yellow"))]}"#,
    #"{"id":4,"name":"gold","names":[\#(Fixtures.english("name", "Gold"))]}"#,
    #"{"id":5,"name":"silver","names":[\#(Fixtures.english("name", "Silver"))]}"#,
  ]

  static let areas = [
    #"{"id":321,"name":"viridian-forest-area","names":[\#(Fixtures.english("name", "Viridian Forest"))]}"#,
    #"{"id":330,"name":"power-plant-area","names":[]}"#,
    #"{"id":296,"name":"kanto-route-2-area","names":[\#(Fixtures.english("name", "Road 2"))],"location":\#(reference("location", "kanto-route-2", 89))}"#,
    #"{"id":285,"name":"pallet-town-area","names":[\#(Fixtures.english("name", "Pallet Town"))]}"#,
  ]

  static let locations = [
    #"{"id":89,"name":"kanto-route-2","names":[\#(Fixtures.english("name", "Route 2"))]}"#
  ]

  static func client() throws -> FixtureClient {
    try FixtureClient(
      [
        "version-group": games, "version": versions, "location-area": areas,
        "location": locations,
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

  @Test func theNewestGameWhereItLivesInTheWildByDefaultWithItsVersions() async throws {
    // Yellow is newer, but has it only as a gift; without the Pokédexes every game counts as
    // main series.
    let shown = try await page()
    #expect(shown.game == "red-blue" && shown.versions == ["red", "blue"])
    #expect(shown.games == ["yellow", "red-blue"])
    #expect(shown.choice == .newest && shown.gameName == "Red / Blue")
    let yellow = try await page("yellow")
    #expect(yellow.rows.map(\.method) == ["gift"] && yellow.rows.first?.place == "Pallet Town")
    #expect(yellow.gameName == "Yellow")
  }

  @Test func eachChanceIsOneVersionsAndVersionsAreInTheGamesOrder() async throws {
    let page = try await page("red-blue")
    #expect(page.game == "red-blue" && page.versions == ["red", "blue"])
    #expect(page.gameName == "Red / Blue")
    // Red's two 5% slots make 10% at levels 3 to 5; Blue's one 5% slot: a row each.
    let forest = page.rows.filter { $0.area == "viridian-forest-area" }
    #expect(forest.map(\.chance) == [10, 5])
    #expect(forest.map(\.versions) == [["red"], ["blue"]])
    #expect(forest.allSatisfy { $0.minLevel == 3 && $0.maxLevel == 5 })
    // The Power Plant: Red only, by day and at night alike, one row; the place named from its slug.
    let plant = try #require(page.rows.first { $0.area == "power-plant-area" })
    #expect(plant.place == "Power Plant")
    #expect(plant.versions == ["red"])
    #expect(Set(plant.conditions) == ["time-night", "time-day"])
  }

  @Test func waysThatDifferStayApart() async throws {
    let route = try await page("red-blue").rows.filter { $0.area == "kanto-route-2-area" }
    // Red: a way with a condition (5%) and one without (4 + 1%) are two rows, not one.
    let red = route.filter { $0.versions == ["red"] }
    #expect(red.map(\.conditions) == [["backlot-not-mentioned"], []])
    #expect(red.map(\.chance) == [5, 5])
    // Blue: in the morning 20%; in the morning with the radio off 10%; by day with the radio
    // off 10 + 10%: three ways at level 6, none merged into another.
    let blue = route.filter { $0.versions == ["blue"] }
    #expect(
      blue.map(\.conditions) == [
        ["time-morning"], ["radio-off", "time-morning"], ["radio-off", "time-day"],
      ])
    #expect(blue.map(\.chance) == [20, 10, 20])
  }

  @Test func aPlaceIsNamedAsItsLocationWhenItIsItsOwnArea() async throws {
    let route = try #require(
      try await page("red-blue").rows.first { $0.area == "kanto-route-2-area" })
    #expect(route.place == "Route 2")
  }

  @Test func placesAreInTheOrderPeopleReadNumbers() {
    func row(_ place: String, _ method: String = "walk") -> EncounterPage.Row {
      EncounterPage.Row(
        place: place, area: place, method: method, minLevel: 1, maxLevel: 2, chance: 5,
        conditions: [], versions: ["red"])
    }
    let rows = [row("Route 12"), row("Route 1"), row("Route 2", "surf"), row("route 2")]
    #expect(
      EncounterPage.readingOrder(rows).map { "\($0.place) \($0.method)" } == [
        "Route 1 walk", "Route 2 surf", "route 2 walk", "Route 12 walk",
      ])
  }

  @Test func anAreaWithoutANameOfItsOwnIsItsLocationsWithItsPart() {
    var words = Localizer(Glossary(language: .english))
    let location = NamedResource(name: "alola-route-2", url: "location/1/")
    func place(_ slug: String) -> String {
      LocationArea(id: 1, name: slug, names: [], location: location)
        .place(&words, location: "Route 2")
    }
    #expect(place("alola-route-2-main") == "Route 2 (main)")
    #expect(place("alola-route-2-hauoli-outskirts") == "Route 2 (hauoli outskirts)")
    #expect(place("alola-route-2-area") == "Route 2")
    #expect(place("somewhere-else") == "Route 2 (somewhere else)")
  }

  /// Gold / Silver's region with an area whose encounters are Crystal's only: the API records
  /// nothing for Gold / Silver, so the page says the data lacks it (no rows, `noData`).
  @Test func aGameTheAPIRecordsNoPlacesForSaysSo() async throws {
    func client(areaVersion: String) throws -> FixtureClient {
      try FixtureClient(
        [
          "version-group": [
            EncounterFixtures.games[0], EncounterFixtures.games[1],
            #"{"id":3,"name":"gold-silver","order":3,"versions":[\#(EncounterFixtures.reference("version", "gold", 4)),\#(EncounterFixtures.reference("version", "silver", 5))],"regions":[\#(EncounterFixtures.reference("region", "johto", 2))]}"#,
          ],
          "version": EncounterFixtures.versions,
          "location-area": EncounterFixtures.areas + [
            #"{"id":500,"name":"violet-city-area","names":[],"pokemon_encounters":[{"pokemon":\#(EncounterFixtures.reference("pokemon", "rattata", 19)),"version_details":[{"version":\#(EncounterFixtures.reference("version", areaVersion, 6)),"max_chance":10,"encounter_details":[]}]}]}"#
          ],
          "location": EncounterFixtures.locations + [
            #"{"id":60,"name":"violet-city","areas":[\#(EncounterFixtures.reference("location-area", "violet-city-area", 500))]}"#
          ],
          "region": [
            #"{"id":2,"name":"johto","locations":[\#(EncounterFixtures.reference("location", "violet-city", 60))]}"#
          ],
          "pokemon-species": [#"{"id":25,"name":"pikachu","gender_rate":4}"#],
        ], encounters: [25: EncounterFixtures.pikachu])
    }
    let directory = PageDirectory(kinds: [
      EncounterFeature.kind(client: try client(areaVersion: "crystal"))
    ])
    let page = try #require(
      try await directory.open("where", "gold-silver", selection: 25) as? EncounterPage)
    #expect(page.noData == true && page.rows.isEmpty && page.game == "gold-silver")
    #expect(try json(page)["noData"] as? Bool == true)
    // Where the region records Gold, Pikachu is simply not there.
    let recorded = PageDirectory(kinds: [
      EncounterFeature.kind(client: try client(areaVersion: "gold"))
    ])
    await #expect(throws: PageError.self) {
      try await recorded.open("where", "gold-silver", selection: 25)
    }
  }

  @Test func aVersionNarrowsThePageToIt() async throws {
    let blue = try await page("blue")
    #expect(blue.game == "red-blue" && blue.versions == ["blue"])
    #expect(blue.rows.allSatisfy { $0.versions == ["blue"] })
    #expect(blue.title == "Where in Blue")
    // back shows it again narrowed as it was.
    #expect(
      blue.address == PageAddress(kind: "where", target: .selection(pokemon: 25, argument: "blue")))
    #expect(try await page("Red").versions == ["red"])
  }

  @Test func aGameWhereItIsNotFoundNamesTheGamesWhereItIs() async throws {
    await #expect(
      throws: PageError.notIn(
        statement: "Pikachu is not found in the wild", game: "Gold / Silver",
        elsewhere: ["Yellow", "Red / Blue"], verb: "is")
    ) {
      try await page("gold-silver")
    }
    await #expect(
      throws: PageError.notIn(
        statement: "Pichu is not found in the wild", game: "Silver", elsewhere: [], verb: "is")
    ) {
      try await page("silver", selection: 172)
    }
    await #expect(
      throws: PageError.unknown(kind: "game", input: "golden-age", suggestion: nil)
    ) {
      try await page("golden-age")
    }
  }

  func page(
    _ argument: String? = nil, game: SessionGame?, client: FixtureClient? = nil
  ) async throws -> EncounterPage {
    let directory = PageDirectory(kinds: [
      EncounterFeature.kind(client: try client ?? EncounterFixtures.client())
    ])
    return try #require(
      try await directory.open("where", argument, selection: 25, game: game) as? EncounterPage)
  }

  @Test func theSessionsGameIsShownAndAVersionNarrowsIt() async throws {
    let red = try await page(game: SessionGame(group: "red-blue", version: "red"))
    #expect(red.game == "red-blue" && red.versions == ["red"] && red.choice == .session)
    #expect(red.rows.allSatisfy { $0.versions == ["red"] })
    let both = try await page(game: SessionGame(group: "red-blue"))
    #expect(both.versions == ["red", "blue"] && both.gameName == "Red / Blue")
    // --game overrides it for one command.
    let asked = try await page("yellow", game: SessionGame(group: "red-blue"))
    #expect(asked.game == "yellow" && asked.choice == .asked)
    await #expect(
      throws: PageError.notIn(
        statement: "Pikachu is not found in the wild", game: "Gold / Silver",
        elsewhere: ["Yellow", "Red / Blue"], verb: "is")
    ) {
      try await page(game: SessionGame(group: "gold-silver"))
    }
  }

  @Test func byDefaultTheNewestMainSeriesGameWhereItLivesInTheWild() async throws {
    // Yellow (newer) has Pikachu only as a gift, and a newer spin-off has it in the wild: the
    // default is Red / Blue, walking, in a game with a main-series Pokédex.
    let dex = { (name: String, id: Int) in
      Fixtures.reference("pokedex", name, id)
    }
    let games = [
      #"{"id":1,"name":"red-blue","order":1,"versions":[\#(EncounterFixtures.reference("version", "red", 1)),\#(EncounterFixtures.reference("version", "blue", 2))],"pokedexes":[\#(dex("kanto", 2))]}"#,
      #"{"id":2,"name":"yellow","order":2,"versions":[\#(EncounterFixtures.reference("version", "yellow", 3))],"pokedexes":[\#(dex("kanto", 2))]}"#,
      #"{"id":12,"name":"colosseum","order":3,"versions":[\#(EncounterFixtures.reference("version", "colosseum", 19))],"pokedexes":[]}"#,
    ]
    let encounters = #"""
      [
        {"location_area":\#(EncounterFixtures.reference("location-area", "viridian-forest-area", 321)),"version_details":[
          \#(EncounterFixtures.version("red", 1, [EncounterFixtures.way("walk", 3, 5, 5)]))]},
        {"location_area":\#(EncounterFixtures.reference("location-area", "pallet-town-area", 285)),"version_details":[
          \#(EncounterFixtures.version("yellow", 3, [EncounterFixtures.way("gift", 5, 5, 100)])),
          \#(EncounterFixtures.version("colosseum", 19, [EncounterFixtures.way("walk", 5, 5, 100)]))]}
      ]
      """#
    let client = try FixtureClient(
      [
        "version-group": games, "location-area": EncounterFixtures.areas,
        "pokedex": [#"{"id":2,"name":"kanto","is_main_series":true}"#],
        "pokemon-species": [#"{"id":25,"name":"pikachu","gender_rate":4}"#],
      ], encounters: [25: encounters])
    let page = try await page(game: nil, client: client)
    #expect(page.game == "red-blue" && page.choice == .newest)
    #expect(page.games == ["colosseum", "yellow", "red-blue"])
  }

  @Test func theHintSaysHowTheGameWasChosenWithin80Columns() async throws {
    let hint = try #require(try await page().document.blocks.last)
    guard case .hint(let text) = hint else {
      Issue.record("no hint")
      return
    }
    #expect(text == "Newest with it in the wild · where --game NAME: 1 more · back")
    for choice in [GameChoice.newest, .session, .asked] {
      let line =
        GameChoice.hint(choice, newest: "Newest with it in the wild", command: "where", others: 99)
        + " · back"
      #expect(line.count <= 80, "\(line)")
      let moves =
        GameChoice.hint(choice, newest: "Newest with level-up moves", command: "moves", others: 99)
        + " · move NAME · back"
      #expect(moves.count <= 80, "\(moves)")
    }
  }

  @Test func conditionsItDoesNotWordAreNamedFromTheAPI() {
    let names = [
      "story-progress-before-hall-of-fame": "Before entering the Hall of Fame",
      "story-progress-after-hall-of-fame": "After entering the Hall of Fame",
      "headbutt-tree-secret": "Headbutt Tree (Secret)", "time-day": "During the day",
    ]
    #expect(
      EncounterPage.conditions(["headbutt-tree-secret", "time-day"], names: names) == [
        "Headbutt Tree (Secret)", "by day",
      ])
    #expect(
      EncounterPage.conditions(
        ["story-progress-before-hall-of-fame", "story-progress-after-hall-of-fame"], names: names)
        == ["Before entering the Hall of Fame or After entering the Hall of Fame"])
    #expect(EncounterPage.isWorded("time-night") && !EncounterPage.isWorded("headbutt-tree-secret"))
    // The values of any kind are alternatives: never listed as if all held at once.
    #expect(EncounterPage.conditions(["swarm-no", "swarm-yes"]) == ["no swarm or in a swarm"])
    #expect(
      EncounterPage.conditions(
        ["slot2-none", "slot2-emerald"],
        names: [
          "slot2-none": "No game in slot 2", "slot2-emerald": "Emerald in slot 2",
        ]) == ["No game in slot 2 or Emerald in slot 2"])
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
    let object = try json(try await page("red-blue"))
    #expect(
      Set(object.keys) == [
        "pokemonID", "pokemon", "game", "versions", "games", "rows", "gameName", "versionNames",
        "choice",
      ])
    let row = try #require((object["rows"] as? [[String: Any]])?.first)
    #expect(
      Set(row.keys) == [
        "place", "area", "method", "minLevel", "maxLevel", "chance", "conditions", "versions",
      ])
  }
}
