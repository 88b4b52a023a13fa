import APIClient
import Foundation
import Models
import Pages
import TestSupport
import Testing

/// Pikachu's moves in three games: all four methods in Scarlet-Violet and in Red-Blue, and a
/// game whose id is the highest but which came out early (Red-Green Japan).
enum LearnsetFixtures {
  static func reference(_ path: String, _ name: String, _ id: Int) -> String {
    Fixtures.reference(path, name, id)
  }

  static func detail(_ level: Int, _ method: String, _ game: String, _ gameID: Int) -> String {
    #"{"level_learned_at":\#(level),"move_learn_method":\#(reference("move-learn-method", method, 1)),"order":null,"version_group":\#(reference("version-group", game, gameID))}"#
  }

  static let pikachu = #"""
    {"id":25,"name":"pikachu","moves":[
      {"move":\#(reference("move", "thunder-shock", 84)),"version_group_details":[
        \#(detail(1, "level-up", "red-blue", 1)),\#(detail(1, "level-up", "scarlet-violet", 25)),
        \#(detail(1, "level-up", "red-green-japan", 28))]},
      {"move":\#(reference("move", "thunder", 87)),"version_group_details":[
        \#(detail(43, "level-up", "red-blue", 1)),\#(detail(44, "level-up", "scarlet-violet", 25))]},
      {"move":\#(reference("move", "thunderbolt", 85)),"version_group_details":[
        \#(detail(0, "machine", "red-blue", 1)),\#(detail(0, "machine", "scarlet-violet", 25))]},
      {"move":\#(reference("move", "body-slam", 34)),"version_group_details":[
        \#(detail(0, "machine", "red-blue", 1)),\#(detail(0, "tutor", "scarlet-violet", 25))]},
      {"move":\#(reference("move", "volt-tackle", 344)),"version_group_details":[
        \#(detail(0, "egg", "scarlet-violet", 25)),\#(detail(0, "egg", "red-blue", 1))]},
      {"move":\#(reference("move", "surf", 57)),"version_group_details":[
        \#(detail(0, "tutor", "red-blue", 1))]}]}
    """#

  static func move(
    _ id: Int, _ name: String, _ type: String, _ power: String, machines: String = ""
  ) -> String {
    #"""
    {"id":\#(id),"name":"\#(name)","names":[\#(Fixtures.english("name", name.capitalized))],
     "type":\#(reference("type", type, 13)),"damage_class":\#(reference("move-damage-class", "special", 3)),
     "power":\#(power),"accuracy":100,"pp":15,"machines":[\#(machines)]}
    """#
  }

  static func machineUse(_ id: Int, _ game: String, _ gameID: Int) -> String {
    #"{"machine":{"url":"https://x.test/api/v2/machine/\#(id)/"},"version_group":\#(reference("version-group", game, gameID))}"#
  }

  static let moves = [
    move(84, "thunder-shock", "electric", "40"),
    move(87, "thunder", "electric", "110"),
    move(
      85, "thunderbolt", "electric", "90",
      machines: machineUse(1, "red-blue", 1) + "," + machineUse(1900, "scarlet-violet", 25)),
    move(34, "body-slam", "normal", "85", machines: machineUse(2, "red-blue", 1)),
    move(344, "volt-tackle", "electric", "120"),
    move(57, "surf", "water", "90"),
  ]

  static func machine(_ id: Int, _ item: String, _ game: String, _ gameID: Int) -> String {
    #"{"id":\#(id),"item":\#(reference("item", item, 300 + id)),"version_group":\#(reference("version-group", game, gameID))}"#
  }

  static let machines = [
    machine(1, "tm24", "red-blue", 1), machine(2, "tm08", "red-blue", 1),
    machine(1900, "tm126", "scarlet-violet", 25),
  ]

  static func game(_ id: Int, _ slug: String, order: Int, _ versions: [(String, Int)]) -> String {
    let listed = versions.map { reference("version", $0.0, $0.1) }.joined(separator: ",")
    return #"{"id":\#(id),"name":"\#(slug)","order":\#(order),"versions":[\#(listed)]}"#
  }

  static let games = [
    game(1, "red-blue", order: 1, [("red", 1), ("blue", 2)]),
    game(25, "scarlet-violet", order: 27, [("scarlet", 40), ("violet", 41)]),
    game(28, "red-green-japan", order: 2, [("red-japan", 44), ("green-japan", 45)]),
    game(3, "gold-silver", order: 3, [("gold", 4), ("silver", 5)]),
  ]

  static let versions = [
    ("red", 1, "Red"), ("blue", 2, "Blue"), ("scarlet", 40, "Scarlet"), ("violet", 41, "Violet"),
    ("red-japan", 44, "Red"), ("green-japan", 45, "Green"), ("gold", 4, "Gold"),
    ("silver", 5, "Silver"),
  ].map { #"{"id":\#($0.1),"name":"\#($0.0)","names":[\#(Fixtures.english("name", $0.2))]}"# }

  static func client() throws -> FixtureClient {
    try FixtureClient([
      "pokemon": [pikachu], "move": moves, "machine": machines, "version-group": games,
      "version": versions,
    ])
  }
}

@Suite("Learnsets")
struct LearnsetTests {
  func learnset(_ argument: String? = nil, client: FixtureClient? = nil) async throws
    -> LearnsetPage
  {
    let directory = PageDirectory(kinds: [
      LearnsetFeature.kind(client: try client ?? LearnsetFixtures.client())
    ])
    let page = try await directory.open("moves", argument, selection: 25)
    return try #require(page as? LearnsetPage)
  }

  @Test func theSessionsGameIsShownUnlessGameNamesAnother() async throws {
    let directory = PageDirectory(kinds: [
      LearnsetFeature.kind(client: try LearnsetFixtures.client())
    ])
    func open(_ argument: String?, game: SessionGame) async throws -> LearnsetPage {
      try #require(
        try await directory.open("moves", argument, selection: 25, game: game) as? LearnsetPage)
    }
    let red = try await open(nil, game: SessionGame(group: "red-blue", version: "red"))
    #expect(red.game == "red-blue" && red.choice == .session)
    #expect(
      red.document.blocks.last
        == .hint(
          "Your game (game off: the newest) · moves --game NAME: 2 more · move NAME · back"
        ))
    let asked = try await open("scarlet-violet", game: SessionGame(group: "red-blue"))
    #expect(asked.game == "scarlet-violet" && asked.choice == .asked)
    await #expect(
      throws: PageError.notIn(
        statement: "Pikachu learns no moves", game: "Gold / Silver",
        elsewhere: ["Scarlet / Violet", "Red / Green", "Red / Blue"], verb: "does")
    ) {
      try await open(nil, game: SessionGame(group: "gold-silver"))
    }
  }

  @Test func theNewestGameByItsOrderNotItsID() async throws {
    let page = try await learnset()
    #expect(page.game == "scarlet-violet")
    #expect(page.games == ["scarlet-violet", "red-green-japan", "red-blue"])
  }

  @Test func groupedByMethodLevelsInOrderMachinesNumbered() async throws {
    let page = try await learnset()
    #expect(page.rows.map(\.method) == ["level-up", "level-up", "machine", "egg", "tutor"])
    #expect(
      page.rows.map(\.move) == [
        "thunder-shock", "thunder", "thunderbolt", "volt-tackle", "body-slam",
      ])
    #expect(page.rows.map(\.level) == [1, 44, nil, nil, nil])
    #expect(page.rows[2].machine == "TM126")
    #expect(page.rows[2].power == 90 && page.rows[2].type == "electric")
    #expect(
      page.address
        == PageAddress(kind: "moves", target: .selection(pokemon: 25, argument: "scarlet-violet")))
  }

  @Test func anotherGameByTheStartOfItsName() async throws {
    let page = try await learnset("red-b")
    #expect(page.game == "red-blue")
    #expect(page.rows.filter { $0.method == "machine" }.map(\.machine) == ["TM08", "TM24"])
    #expect(page.rows.filter { $0.method == "tutor" }.map(\.move) == ["surf"])
  }

  @Test func aGameItHasNoMovesInIsSaidWithANearOne() async throws {
    await #expect(
      throws: PageError.unknown(kind: "game", input: "red-bleu", suggestion: "red-blue")
    ) {
      try await learnset("red-bleu")
    }
    // A version names its game: red is Red / Blue's, Japan's Red is red-japan.
    #expect(try await learnset("red").game == "red-blue")
    #expect(try await learnset("red-japan").game == "red-green-japan")
    await #expect(
      throws: PageError.ambiguous(
        kind: "game", input: "red-", candidates: ["red-green-japan", "red-japan", "red-blue"],
        total: 3)
    ) {
      try await learnset("red-")
    }
  }

  @Test func theMovesAreAskedForTogetherAndEachOnce() async throws {
    let client = try LearnsetFixtures.client()
    _ = try await learnset(client: client)
    let requests = await client.requests
    #expect(
      requests.filter { $0.hasPrefix("move/") }.sorted() == [
        "move/34", "move/344", "move/84", "move/85", "move/87",
      ])
    #expect(requests.filter { $0.hasPrefix("machine/") } == ["machine/1900"])
  }

  @Test func withoutTheGamesTheyAreOrderedByID() async throws {
    let client = try FixtureClient([
      "pokemon": [LearnsetFixtures.pikachu], "move": LearnsetFixtures.moves,
    ])
    #expect(try await learnset(client: client).game == "red-green-japan")
  }

  @Test func nothingSelectedIsSaid() async throws {
    let directory = PageDirectory(kinds: [
      LearnsetFeature.kind(client: try LearnsetFixtures.client())
    ])
    await #expect(throws: PageError.needsSelection(kind: "moves")) {
      try await directory.open("moves", nil)
    }
  }

  @Test func jsonAsDocumented() async throws {
    let object = try json(try await learnset())
    #expect(
      Set(object.keys) == ["pokemonID", "pokemon", "game", "games", "rows", "gameName", "choice"])
    let row = try #require((object["rows"] as? [[String: Any]])?.first)
    #expect(
      Set(row.keys).isSubset(of: [
        "method", "level", "machine", "move", "displayName", "type", "typeName", "damageClass",
        "power", "accuracy", "pp",
      ]))
    #expect(row["level"] as? Int == 1)
  }

  @Test func storedCompactlyAndReadBackTheSame() throws {
    let decoder = JSONDecoder()
    let learnset = try decoder.decode(Learnset.self, from: Data(LearnsetFixtures.pikachu.utf8))
    let stored = try JSONEncoder().encode(learnset)
    #expect(try decoder.decode(Learnset.self, from: stored) == learnset)
    #expect(stored.count < LearnsetFixtures.pikachu.utf8.count / 2)
  }
}

@Suite("The games' order")
struct GameOrderTests {
  @Test func aGameThatCannotBeHadRanksBelowTheOthers() async throws {
    // red-green-japan (id 28) is listed but cannot be fetched: it no longer beats Scarlet-Violet.
    let client = try FixtureClient(
      ["version-group": Array(LearnsetFixtures.games.prefix(2))],
      extraNames: ["version-group": ["red-green-japan"]])
    let order = try await GameOrder.load(client)
    let games = [
      NamedResource(name: "red-green-japan", url: "https://x.test/api/v2/version-group/28/"),
      NamedResource(name: "scarlet-violet", url: "https://x.test/api/v2/version-group/25/"),
      NamedResource(name: "red-blue", url: "https://x.test/api/v2/version-group/1/"),
    ]
    #expect(order.newest(games)?.name == "scarlet-violet")
  }
}
