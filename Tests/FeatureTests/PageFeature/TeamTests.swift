import APIClient
import CommandLanguage
import DetailModels
import Locking
import Models
import TestSupport
import Testing

@testable import Pages

/// A small type chart in the API's shape: each type's defending relations and its pokemon.
private enum TeamFixtures {
  static func reference(_ path: String, _ name: String, _ id: Int) -> String {
    #"{"name":"\#(name)","url":"https://x.test/api/v2/\#(path)/\#(id)/"}"#
  }

  static let ids = ["ground": 5, "rock": 6, "fire": 10, "water": 11, "grass": 12, "electric": 13]

  static func type(
    _ name: String, double: [String] = [], half: [String] = [], none: [String] = [],
    pokemon: [(String, Int)] = [], since: Int? = nil,
    through: (generation: Int, double: [String], half: [String])? = nil
  ) -> String {
    func list(_ names: [String]) -> String {
      "[" + names.map { reference("type", $0, ids[$0]!) }.joined(separator: ",") + "]"
    }
    func relations(_ double: [String], _ half: [String], _ none: [String]) -> String {
      #"""
      {"double_damage_from":\#(list(double)),"half_damage_from":\#(list(half)),
      "no_damage_from":\#(list(none)),"double_damage_to":[],"half_damage_to":[],"no_damage_to":[]}
      """#
    }
    let members = pokemon.map { #"{"slot":1,"pokemon":\#(reference("pokemon", $0.0, $0.1))}"# }
    let past = through.map { past in
      #"[{"generation":\#(reference("generation", "g", past.generation)),"damage_relations":"#
        + relations(past.double, past.half, []) + "}]"
    }
    return #"""
      {"id":\#(ids[name]!),"name":"\#(name)","names":[],
      "damage_relations":\#(relations(double, half, none)),
      "generation":\#(since.map { reference("generation", "g", $0) } ?? "null"),
      "past_damage_relations":\#(past ?? "[]"),
      "pokemon":[\#(members.joined(separator: ","))]}
      """#
  }

  /// The real relations among these six types.
  static let types = [
    type(
      "ground", double: ["water", "grass"], half: ["rock"], none: ["electric"],
      pokemon: [("rocky", 74)]),
    type("rock", double: ["water", "grass", "ground"], half: ["fire"], pokemon: [("rocky", 74)]),
    // Made up for the tests of a past generation: water hit fire ×1 through Generation I.
    type(
      "fire", double: ["water", "ground", "rock"], half: ["fire", "grass"],
      pokemon: [("charmander", 4), ("vulpix", 37)],
      through: (1, double: ["ground", "rock"], half: ["fire", "grass"])),
    type(
      "water", double: ["grass", "electric"], half: ["fire", "water"],
      pokemon: [("squirtle", 7), ("squirtle-form", 10_001)]),
    type(
      "grass", double: ["fire"], half: ["water", "grass", "electric", "ground"],
      pokemon: [("bulbasaur", 1)]),
    // Made up too: electric came in Generation II.
    type(
      "electric", double: ["ground"], half: ["electric"], pokemon: [("pikachu", 25)], since: 2),
  ]

  static let redBlue =
    #"{"id":1,"name":"red-blue","order":1,"versions":[],"pokedexes":[\#(reference("pokedex", "kanto", 2))]}"#
  /// A game of Generation I.
  static let yellow =
    #"{"id":2,"name":"yellow","order":2,"versions":[],"pokedexes":[],"generation":\#(reference("generation", "generation-i", 1))}"#
  static let kanto = #"""
    {"id":2,"name":"kanto","is_main_series":true,"names":[],"pokemon_entries":[
    {"entry_number":1,"pokemon_species":\#(reference("pokemon-species", "bulbasaur", 1))},
    {"entry_number":25,"pokemon_species":\#(reference("pokemon-species", "pikachu", 25))}]}
    """#

  static func member(
    _ id: Int, _ name: String, _ types: [String],
    through past: (generation: Int, types: [String])? = nil
  ) -> SpeciesDetailViewModel {
    var detail = SpeciesDetailViewModel(
      id: id, name: name, displayName: DisplayName.of(name), genus: nil,
      types: types.map(DisplayName.of), heightCentimetres: 40, weightKilograms: 6,
      genderRatio: "", abilities: [], stats: [], baseStatTotal: 0, flavorText: nil,
      isBaby: false, isLegendary: false, isMythical: false, evolutionChainID: nil)
    detail.typeSlugs = types
    detail.pastTypeSlugs = past.map { [.init(throughGeneration: $0.generation, slugs: $0.types)] }
    return detail
  }

  static let species = [
    member(4, "charmander", ["fire"]), member(37, "vulpix", ["fire"]),
    member(74, "rocky", ["rock", "ground"], through: (1, ["rock"])),
    member(7, "squirtle", ["water"]),
    member(25, "pikachu", ["electric"]), member(1, "bulbasaur", ["grass"]),
    member(43, "oddish", ["grass"]),
  ]

  /// Opened by name and by id, as the detail feature opens them.
  static let details = FixedDetails(
    known: Dictionary(
      uniqueKeysWithValues: species.flatMap { [($0.name, $0), (String($0.id), $0)] }))

  /// The members named, as `team add` keeps them.
  static func members(_ names: [String]) -> [TeamMember] {
    names.map { name in TeamMember(species.first { $0.name == name }!) }
  }
}

/// A team whose changes are kept in a list a test reads.
private final class Kept: Sendable {
  /// Each change kept, by the members' names.
  let saved = Locked<[[String]]>([])
}

private func team(
  _ members: [String] = [], kept: Kept = Kept(), game: SessionGame? = nil
) throws -> (PageDirectory, TeamRoster, FixtureClient) {
  let client = try FixtureClient(
    [
      "type": TeamFixtures.types, "version-group": [TeamFixtures.redBlue, TeamFixtures.yellow],
      "pokedex": [TeamFixtures.kanto],
    ])
  let roster = TeamRoster(TeamFixtures.members(members)) { members in
    kept.saved.withLock { $0.append(members.map(\.name)) }
    return nil
  }
  let directory = PageDirectory(kinds: [
    TeamFeature.kind(client: client, details: TeamFixtures.details, roster: roster),
    CompareFeature.kind(details: TeamFixtures.details, team: roster, client: client),
  ])
  return (directory, roster, client)
}

private func show(
  _ directory: PageDirectory, _ words: String?, selection: String? = nil,
  game: SessionGame? = nil
) async throws -> TeamPage {
  try #require(
    try await directory.open("team", words, selectionName: selection, game: game) as? TeamPage)
}

@Suite("Team")
struct TeamTests {
  @Test func coverageOfTheTypesAsTheChartHasIt() async throws {
    let (directory, _, _) = try team(["charmander", "vulpix", "rocky"])
    let page = try await show(directory, nil)
    #expect(page.members.map(\.name) == ["charmander", "vulpix", "rocky"])
    #expect(page.members.map(\.slot) == [1, 2, 3])
    let factors = Dictionary(uniqueKeysWithValues: page.defense.map { ($0.type, $0.factors) })
    #expect(factors["water"] == [2, 2, 4])
    #expect(factors["electric"] == [1, 1, 0])
    #expect(factors["grass"] == [0.5, 0.5, 4])
    #expect(page.sharedWeaknesses == ["ground", "water"])
    #expect(page.unresisted == ["ground", "water"])
    #expect(page.offense.superEffective == ["rock", "fire", "grass", "electric"])
    #expect(page.offense.notSuperEffective == ["ground", "water"])
    // Grass resists ground and water and hits both; water resists water and hits ground; ground
    // (only on the team already) is passed over for electric.
    #expect(page.suggestions.map(\.type) == ["grass", "water", "electric"])
    #expect(page.suggestions[0].resists == ["ground", "water"])
    #expect(page.suggestions[0].hits == ["ground", "water"])
    #expect(
      page.suggestions.map { $0.species.map(\.name) } == [["bulbasaur"], ["squirtle"], ["pikachu"]])
    // The coverage table counts the members by factor: water takes ×4 on one, ×2 on two.
    let table = page.coverageTable
    let water = try #require(page.defense.firstIndex { $0.type == "water" })
    #expect(table.rows[0][water + 1].text == "1")
    #expect(table.rows[1][water + 1].text == "2")
    #expect(table.rows[4][water + 1].text == "·")
  }

  @Test func withAGameItsPokedexesGiveTheSuggestedSpecies() async throws {
    let (directory, _, client) = try team(["charmander", "vulpix", "rocky"])
    let page = try await show(directory, nil, game: SessionGame(group: "red-blue", version: "red"))
    // Squirtle is not in this Kanto: water has nobody to suggest.
    #expect(page.suggestions.map(\.type) == ["grass", "electric"])
    #expect(page.game == "Red")
    #expect(await client.count("pokedex/2") == 1)
  }

  @Test func aGameOfAPastGenerationHasItsTypesAndChart() async throws {
    let (directory, _, _) = try team(["charmander", "rocky", "squirtle"])
    let page = try await show(directory, nil, game: SessionGame(group: "yellow"))
    #expect(page.generation == 1)
    // Electric came later: no column, no suggestion; Rocky was Rock alone then.
    #expect(page.defense.map(\.type) == ["ground", "rock", "fire", "water", "grass"])
    #expect(page.members.map(\.types) == [["fire"], ["rock"], ["water"]])
    let factors = Dictionary(uniqueKeysWithValues: page.defense.map { ($0.type, $0.factors) })
    // Water hit fire ×1 then, and Rocky ×2 (not ×4: no ground).
    #expect(factors["water"] == [1, 2, 0.5])
    #expect(factors["grass"] == [0.5, 2, 2])
    #expect(page.coverageTable.heading?.hasSuffix("(Generation I)") == true)
    #expect(!page.suggestions.map(\.type).contains("electric"))
    // Today's chart without a game.
    let today = try await show(directory, nil)
    #expect(today.generation == nil)
    #expect(today.members.map(\.types) == [["fire"], ["rock", "ground"], ["water"]])
    #expect(today.defense.first { $0.type == "water" }?.factors == [2, 4, 0.5])
  }

  @Test func aSpeciesInAGameOfAPastGenerationHasItsTypesAndMatchupsThen() async throws {
    let (_, _, client) = try team()
    let rocky = TeamFixtures.species.first { $0.name == "rocky" }!
    let then = await GameFacts.apply(
      to: rocky, in: SessionGame(group: "yellow"), glossary: .slugs, client: client)
    #expect(then.typesGeneration == 1)
    #expect(then.typeSlugs == ["rock"] && then.types == ["Rock"])
    #expect(then.todayTypes == ["Rock", "Ground"])
    #expect(then.matchups?.weaknesses.map(\.type) == ["Ground", "Water", "Grass"])
    #expect(then.matchups?.weaknesses.map(\.multiplier) == [2, 2, 2])
    #expect(then.matchups?.resistances.map(\.type) == ["Fire"])
    #expect(then.matchups?.immunities == [])
    // A game whose generation the API does not say leaves the details as they were.
    let unknown = await GameFacts.apply(
      to: rocky, in: SessionGame(group: "red-blue"), glossary: .slugs, client: client)
    #expect(unknown == rocky)
    // A type that came later (electric here) leaves it as today: not a species of that game.
    let pikachu = TeamFixtures.species.first { $0.name == "pikachu" }!
    let later = await GameFacts.apply(
      to: pikachu, in: SessionGame(group: "yellow"), glossary: .slugs, client: client)
    #expect(later.types == pikachu.types && later.typeSlugs == pikachu.typeSlugs)
    #expect(later.typesGeneration == nil && later.matchups == pikachu.matchups)
  }

  @Test func typePagesInAGameOfAPastGenerationHaveItsChart() async throws {
    let (_, _, client) = try team()
    let directory = PageDirectory(kinds: [
      TypeFeature.kind(client: client), TypeFeature.chart(client: client),
    ])
    let yellow = SessionGame(group: "yellow")
    let fire = try #require(try await directory.open("type", "fire", game: yellow) as? TypePage)
    #expect(fire.chartGeneration == 1 && fire.cameLater == nil)
    #expect(fire.defending.double == ["ground", "rock"])
    #expect(fire.attacking.double == ["grass"])
    let today = try #require(try await directory.open("type", "fire") as? TypePage)
    #expect(today.chartGeneration == nil)
    #expect(today.defending.double == ["water", "ground", "rock"])
    // Electric came later: today's matchups, saying when it came.
    let electric = try #require(
      try await directory.open("type", "electric", game: yellow) as? TypePage)
    #expect(electric.chartGeneration == nil && electric.cameLater == 2)
    #expect(electric.defending.double == ["ground"])
    let chart = try #require(try await directory.open("types", nil, game: yellow) as? TypeChartPage)
    #expect(chart.generation == 1)
    #expect(chart.types == ["ground", "rock", "fire", "water", "grass"])
    #expect(chart.factors[3][2] == 1)  // water on fire, then
    let now = try #require(try await directory.open("types", nil) as? TypeChartPage)
    #expect(now.generation == nil && now.types.count == 6 && now.factors[3][2] == 2)
  }

  @Test func addKeepsTheTeamAndSaysWhatChanged() async throws {
    let kept = Kept()
    let (directory, roster, _) = try team(kept: kept)
    let page = try await show(directory, "add charmander squirtle")
    #expect(page.members.map(\.name) == ["charmander", "squirtle"])
    #expect(page.change == "Added Charmander and Squirtle")
    #expect(await roster.members.map(\.name) == ["charmander", "squirtle"])
    #expect(await roster.members.map(\.species) == [4, 7])
    #expect(kept.saved.withLock { $0 } == [["charmander", "squirtle"]])
  }

  @Test func addRefusesAMemberTwiceAndASeventh() async throws {
    let kept = Kept()
    let (directory, roster, _) = try team(
      ["charmander", "vulpix", "rocky", "squirtle", "pikachu"], kept: kept)
    await #expect(throws: PageError.refused("Charmander is on the team already.")) {
      _ = try await show(directory, "add 4")
    }
    await #expect(
      throws: PageError.refused("Only 1 more fits (six at most); the team has 5.")
    ) {
      _ = try await show(directory, "add bulbasaur oddish")
    }
    _ = try await show(directory, "add bulbasaur")
    await #expect(
      throws: PageError.refused("The team is full (six); \"team remove N\" makes room.")
    ) {
      _ = try await show(directory, "add", selection: "oddish")
    }
    #expect(await roster.members.count == 6)
    #expect(kept.saved.withLock { $0.count } == 1)
  }

  @Test func addWithoutANameAddsTheOpenSpecies() async throws {
    let (directory, _, _) = try team()
    await #expect(throws: PageError.needsSelection(kind: "team add")) {
      _ = try await show(directory, "add")
    }
    let page = try await show(directory, "add", selection: "pikachu")
    #expect(page.members.map(\.name) == ["pikachu"])
  }

  @Test func anUnknownNameAddsNothing() async throws {
    let (directory, roster, _) = try team(["pikachu"])
    await #expect(throws: PageError.unknown(kind: "Pokémon", input: "missingno", suggestion: nil)) {
      _ = try await show(directory, "add bulbasaur missingno")
    }
    #expect(await roster.members.map(\.name) == ["pikachu"])
  }

  @Test func removeBySlotOrNameAndClear() async throws {
    let kept = Kept()
    let (directory, roster, _) = try team(["charmander", "vulpix", "rocky"], kept: kept)
    var page = try await show(directory, "remove 2")
    #expect(page.members.map(\.name) == ["charmander", "rocky"])
    #expect(page.members.map(\.slot) == [1, 2])
    #expect(page.change == "Removed Vulpix")
    page = try await show(directory, "remove rocky")
    #expect(page.members.map(\.name) == ["charmander"])
    await #expect(throws: PageError.refused("No slot 4: the team has 1 (team remove 1…1).")) {
      _ = try await show(directory, "remove 4")
    }
    await #expect(throws: PageError.refused("Pikachu is not on the team.")) {
      _ = try await show(directory, "remove pikachu")
    }
    page = try await show(directory, "clear")
    #expect(page.members.isEmpty && page.suggestions.isEmpty && page.unresisted.isEmpty)
    #expect(await roster.members.isEmpty)
    #expect(kept.saved.withLock { $0 } == [["charmander", "rocky"], ["charmander"], []])
    await #expect(throws: PageError.refused("The team is empty already.")) {
      _ = try await show(directory, "clear")
    }
  }

  @Test func backShowsTheTeamAsItIsThen() async throws {
    let (directory, _, _) = try team(["pikachu"])
    let added = try await show(directory, "add squirtle")
    let again = try #require(try await directory.show(added.address) as? TeamPage)
    #expect(again.members.map(\.name) == ["pikachu", "squirtle"])
    #expect(again.change == nil)
  }

  @Test func compareTeamComparesEveryMember() async throws {
    let (directory, _, _) = try team(["charmander", "vulpix", "rocky", "squirtle"])
    let page = try #require(try await directory.open("compare", "team") as? ComparePage)
    #expect(page.species.map(\.name) == ["charmander", "vulpix", "rocky", "squirtle"])
    #expect(page.isTeam == true)
    #expect(page.address.target == .arguments(selection: nil, words: ["team"]))
    let lonely = try team(["pikachu"]).0
    await #expect(
      throws: PageError.refused(
        "\"compare team\" needs two members; the team has 1 (team add NAME).")
    ) {
      _ = try await lonely.open("compare", "team")
    }
  }

  @Test func compareInAGameOfAPastGenerationHasItsTypesAndChart() async throws {
    let (directory, _, _) = try team(["charmander", "rocky"])
    let yellow = SessionGame(group: "yellow")
    let page = try #require(
      try await directory.open("compare", "team", game: yellow) as? ComparePage)
    #expect(page.generation == 1)
    #expect(page.species.map(\.types) == [["Fire"], ["Rock"]])
    #expect(page.matchups.first { $0.type == "Water" }?.factors == [1, 2])
    #expect(page.isTeam == true)
    // With a species not of that generation (electric came later), all as today.
    let mixed = try #require(
      try await directory.open("compare", "rocky pikachu", game: yellow) as? ComparePage)
    #expect(mixed.generation == nil)
    #expect(mixed.species.map(\.types) == [["Rock", "Ground"], ["Electric"]])
  }

  @Test func theWordsTeamTakes() throws {
    #expect(try TeamAction(words: []) == .show)
    #expect(try TeamAction(words: ["add", "pikachu", "raichu"]) == .add(["pikachu", "raichu"]))
    #expect(try TeamAction(words: ["remove", "2"]) == .remove("2"))
    #expect(try TeamAction(words: ["clear"]) == .clear)
    // Names read as open reads them, and kept so for the trail.
    let added = try TeamAction(words: ["add", "#25", "mr.mime"])
    #expect(added == .add(["25", "mrmime"]) && added.words == ["add", "25", "mrmime"])
    #expect(try TeamAction(words: ["rm", "2"]).words == ["remove", "2"])
    #expect(throws: PageOptionsProblem.self) { try TeamAction(words: ["remove"]) }
    #expect(throws: PageOptionsProblem.self) { try TeamAction(words: ["clear", "now"]) }
    #expect(throws: PageOptionsProblem.self) { try TeamAction(words: ["pikachu"]) }
    #expect(throws: PageOptionsProblem.self) {
      try TeamAction(words: ["add"] + Array(repeating: "a", count: 7))
    }
  }
}

@Suite("Team suggestions")
struct TeamSuggestionTests {
  private func link(_ id: Int, _ next: [ChainLink] = []) -> ChainLink {
    ChainLink(
      species: NamedResource(name: "s\(id)", url: "https://x.test/pokemon-species/\(id)/"),
      evolvesTo: next)
  }

  @Test func aSpeciesEvolvesWhenItsLinkLeadsFurther() {
    let chain = link(10, [link(11, [link(12)])])
    #expect(TeamFeature.evolves(10, in: chain))
    #expect(TeamFeature.evolves(11, in: chain))
    #expect(!TeamFeature.evolves(12, in: chain))
  }

  /// What a trainer would pick: Butterfree before Caterpie and Metapod (issue 50: the team's
  /// suggestions were Caterpie, Metapod, Kakuna), the strongest of the fully evolved first,
  /// those whose facts could not be had last, in the Pokédex's order.
  @Test func fullyEvolvedFirstThenTheHighestTotal() {
    let species = [10, 11, 12, 13, 15, 2000].map { SpeciesSummary(id: $0, name: "s\($0)") }
    let strength: [Int: TeamFeature.Strength] = [
      10: .init(fullyEvolved: false, total: 195), 11: .init(fullyEvolved: false, total: 205),
      12: .init(fullyEvolved: true, total: 395), 13: .init(fullyEvolved: false, total: 195),
      15: .init(fullyEvolved: true, total: 395),
    ]
    #expect(
      TeamFeature.ranked(species, by: strength).map(\.id) == [12, 15, 11, 10, 13, 2000])
  }
}
