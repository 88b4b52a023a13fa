import APIClient
import DetailModels
import Foundation
import Models
import Pages
import TestSupport
import Testing

/// Fixtures in the API's shape for the facts of older games: a few games in their order, and
/// moves and species whose values changed.
enum GameFactsFixtures {
  static func reference(_ path: String, _ name: String, _ id: Int) -> String {
    Fixtures.reference(path, name, id)
  }
  static func game(_ id: Int, _ slug: String, order: Int, generation: Int) -> String {
    let numerals = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix"]
    return #"""
      {"id":\#(id),"name":"\#(slug)","order":\#(order),"versions":[],"pokedexes":[],
       "generation":\#(reference("generation", "generation-\(numerals[generation - 1])", generation))}
      """#
  }
  static let games = [
    game(1, "red-blue", order: 1, generation: 1), game(3, "gold-silver", order: 3, generation: 2),
    game(5, "ruby-sapphire", order: 5, generation: 3),
    game(8, "diamond-pearl", order: 8, generation: 4),
    game(11, "black-white", order: 11, generation: 5), game(15, "x-y", order: 15, generation: 6),
    game(17, "sun-moon", order: 17, generation: 7),
  ]

  /// Tackle's shape: 35 power and 95 % accuracy before Black / White, 50 power before Sun / Moon.
  static let tackle = #"""
    {"id":33,"name":"tackle","names":[],"accuracy":100,"power":40,"pp":35,"priority":0,
     "effect_chance":null,"damage_class":\#(reference("move-damage-class", "physical", 2)),
     "type":\#(reference("type", "normal", 1)),"generation":\#(reference("generation", "generation-i", 1)),
     "effect_entries":[],"flavor_text_entries":[],"machines":[],"learned_by_pokemon":[],
     "past_values":[
      {"accuracy":95,"effect_chance":null,"effect_entries":[],"power":35,"pp":null,"type":null,
       "version_group":\#(reference("version-group", "black-white", 11))},
      {"accuracy":null,"effect_chance":null,"effect_entries":[],"power":50,"pp":null,"type":null,
       "version_group":\#(reference("version-group", "sun-moon", 17))}]}
    """#
  /// Bite's shape: Normal before Gold / Silver, a chance in its effect.
  static let bite = #"""
    {"id":44,"name":"bite","names":[],"accuracy":100,"power":60,"pp":25,"priority":0,
     "effect_chance":30,"damage_class":\#(reference("move-damage-class", "physical", 2)),
     "type":\#(reference("type", "dark", 17)),"generation":\#(reference("generation", "generation-i", 1)),
     "effect_entries":[{"effect":"x","short_effect":"Has a $effect_chance% chance to make the target flinch.",
       "language":\#(reference("language", "en", 9))}],
     "flavor_text_entries":[],"machines":[],"learned_by_pokemon":[],
     "past_values":[
      {"accuracy":null,"effect_chance":null,"effect_entries":[],"power":null,"pp":null,
       "type":\#(reference("type", "normal", 1)),"version_group":\#(reference("version-group", "gold-silver", 3))}]}
    """#
  /// Vine Whip's shape: physical today, Grass (special before Generation IV).
  static let vineWhip = #"""
    {"id":22,"name":"vine-whip","names":[],"accuracy":100,"power":45,"pp":25,"priority":0,
     "damage_class":\#(reference("move-damage-class", "physical", 2)),
     "type":\#(reference("type", "grass", 12)),"generation":\#(reference("generation", "generation-i", 1)),
     "effect_entries":[],"flavor_text_entries":[],"machines":[],"learned_by_pokemon":[],
     "past_values":[
      {"accuracy":null,"effect_chance":null,"effect_entries":[],"power":35,"pp":10,"type":null,
       "version_group":\#(reference("version-group", "x-y", 15))}]}
    """#
  /// Thief's shape: a move of Generation II.
  static let thief = #"""
    {"id":168,"name":"thief","names":[],"accuracy":100,"power":60,"pp":25,"priority":0,
     "damage_class":\#(reference("move-damage-class", "physical", 2)),
     "type":\#(reference("type", "dark", 17)),"generation":\#(reference("generation", "generation-ii", 2)),
     "effect_entries":[],"flavor_text_entries":[],"machines":[],"learned_by_pokemon":[],
     "past_values":[]}
    """#

  static func client() throws -> FixtureClient {
    try FixtureClient([
      "move": [tackle, bite, vineWhip, thief], "version-group": games,
    ])
  }

  /// A stat as the API lists it.
  static func stat(_ slug: String, _ value: Int) -> Pokemon.Stat {
    Pokemon.Stat(baseStat: value, stat: NamedResource(name: slug, url: "stat/\(slug)/"))
  }
  static func generation(_ number: Int) -> NamedResource {
    NamedResource(name: "generation-\(number)", url: "generation/\(number)/")
  }
  static func ability(_ slug: String, slot: Int, hidden: Bool = false) -> Pokemon.Ability {
    Pokemon.Ability(
      ability: NamedResource(name: slug, url: "ability/1/"), isHidden: hidden, slot: slot)
  }
  /// Butterfree's shape: Special 80 in Generation I, Special Attack 80 through Generation V
  /// (90 today); no hidden ability through Generation IV.
  static let butterfree = Pokemon(
    id: 12, name: "butterfree", height: 11, weight: 320,
    stats: [
      stat("hp", 60), stat("attack", 45), stat("defense", 50), stat("special-attack", 90),
      stat("special-defense", 80), stat("speed", 70),
    ],
    abilities: [ability("compound-eyes", slot: 1), ability("tinted-lens", slot: 3, hidden: true)],
    pastStats: [
      .init(generation: generation(5), stats: [stat("special-attack", 80)]),
      .init(generation: generation(1), stats: [stat("special", 80)]),
    ],
    pastAbilities: [
      .init(generation: generation(4), abilities: [.init(ability: nil, isHidden: true, slot: 3)])
    ])
  /// Gengar's shape: Levitate in its first slot through Generation VI, Cursed Body today.
  static let gengar = Pokemon(
    id: 94, name: "gengar", height: 15, weight: 405,
    abilities: [ability("cursed-body", slot: 1)],
    pastAbilities: [
      .init(
        generation: generation(6),
        abilities: [
          .init(
            ability: NamedResource(name: "levitate", url: "ability/26/"), isHidden: false, slot: 1)
        ])
    ])
}

@Suite("The facts of the session's game")
struct GameFactsTests {
  typealias F = GameFactsFixtures

  func facts(_ group: String, generation: Int?) throws -> GameFacts {
    let order = try F.games.map { try JSONDecoder().decode(VersionGroup.self, from: Data($0.utf8)) }
    return GameFacts(
      game: SessionGame(group: group), generation: generation, order: GameOrder(order))
  }

  func move(_ json: String) throws -> Move {
    try JSONDecoder().decode(Move.self, from: Data(json.utf8))
  }

  /// `past_values` hold what a move was *before* the game they name, field by field.
  @Test func aMovesPastValuesHoldBeforeTheGameTheyName() throws {
    let tackle = try move(F.tackle)
    let red = try facts("red-blue", generation: 1).move(tackle.values, past: tackle.pastValues)
    #expect(red.power == 35 && red.accuracy == 95 && red.pp == 35)
    // In X / Y (after Black / White, before Sun / Moon): the power of Sun / Moon's entry,
    // today's accuracy (no later entry names it).
    let xy = try facts("x-y", generation: 6).move(tackle.values, past: tackle.pastValues)
    #expect(xy.power == 50 && xy.accuracy == 100)
    // Black / White itself has the change it names.
    let bw = try facts("black-white", generation: 5).move(tackle.values, past: tackle.pastValues)
    #expect(bw.power == 50 && bw.accuracy == 100)
    let sm = try facts("sun-moon", generation: 7).move(tackle.values, past: tackle.pastValues)
    #expect(sm == tackle.values)
    // A game whose place is unknown keeps today's numbers.
    let unknown = try facts("legends-z", generation: 9).move(tackle.values, past: tackle.pastValues)
    #expect(unknown == tackle.values)
  }

  @Test func beforeGenerationFourADamagingMovesClassIsItsTypes() throws {
    let bite = try move(F.bite)
    let red = try facts("red-blue", generation: 1).move(bite.values, past: bite.pastValues)
    #expect(red.type == "normal" && red.damageClass == "physical")
    let gold = try facts("gold-silver", generation: 2).move(bite.values, past: bite.pastValues)
    #expect(gold.type == "dark" && gold.damageClass == "special")
    let diamond = try facts("diamond-pearl", generation: 4).move(bite.values, past: bite.pastValues)
    #expect(diamond.damageClass == "physical")
    let vineWhip = try move(F.vineWhip)
    let inRed = try facts("red-blue", generation: 1).move(
      vineWhip.values, past: vineWhip.pastValues)
    #expect(inRed.damageClass == "special" && inRed.power == 35 && inRed.pp == 10)
  }

  @Test func aMovePageInRedShowsRedsNumbersAndTodaysBeside() async throws {
    let page = try #require(
      try await directory(try F.client()).open(
        "move", "vine-whip", game: SessionGame(group: "red-blue", version: "red")) as? MovePage)
    #expect(page.type == "grass" && page.damageClass == "special")
    #expect(page.power == 35 && page.pp == 10 && page.accuracy == 100)
    #expect(page.today?.power == 45 && page.today?.damageClass == "physical")
    #expect(page.cameLater == nil)
    let object = try json(page)
    #expect((object["today"] as? [String: Any])?["pp"] as? Int == 25)
    guard case .fields(let fields) = page.document.blocks.first else {
      Issue.record("no fields")
      return
    }
    let byLabel = Dictionary(fields.map { ($0.label, $0.value) }, uniquingKeysWith: { a, _ in a })
    #expect(byLabel["Power"] == [Span("35"), Span(" (today 45)", .dim)])
    #expect(byLabel["Class"] == [Span("Special"), Span(" (today Physical)", .dim)])
    // Without a game: today's, nothing beside.
    let today = try #require(
      try await directory(try F.client()).open("move", "vine-whip") as? MovePage)
    #expect(today.power == 45 && today.today == nil && today.damageClass == "physical")
  }

  @Test func aMoveOfALaterGenerationSaysSoAndShowsTodays() async throws {
    let page = try #require(
      try await directory(try F.client()).open(
        "move", "thief", game: SessionGame(group: "red-blue")) as? MovePage)
    #expect(page.cameLater == 2)
    #expect(page.type == "dark" && page.damageClass == "physical" && page.today == nil)
    let gold = try #require(
      try await directory(try F.client()).open(
        "move", "thief", game: SessionGame(group: "gold-silver")) as? MovePage)
    #expect(gold.cameLater == nil && gold.damageClass == "special")
  }

  @Test func aChanceOfGenerationsOneAndTwoIsSaidToBeTodays() async throws {
    let red = try #require(
      try await directory(try F.client()).open(
        "move", "bite", game: SessionGame(group: "red-blue")) as? MovePage)
    #expect(red.chanceNotRecorded == true && red.effectChance == 30 && red.type == "normal")
    let ruby = try #require(
      try await directory(try F.client()).open(
        "move", "bite", game: SessionGame(group: "ruby-sapphire")) as? MovePage)
    #expect(ruby.chanceNotRecorded == nil)
  }

  /// A pokemon's `past_stats` hold *up to and including* the generation they name, stat by stat.
  @Test func aPokemonsPastStatsHoldThroughTheGenerationTheyName() {
    let slugs = { (stats: [Pokemon.Stat]) in stats.map(\.stat.name) }
    let values = { (stats: [Pokemon.Stat]) in stats.map(\.baseStat) }
    let red = F.butterfree.stats(in: 1)
    #expect(slugs(red) == ["hp", "attack", "defense", "special", "speed"])
    #expect(values(red) == [60, 45, 50, 80, 70])
    let gold = F.butterfree.stats(in: 2)
    #expect(
      slugs(gold) == ["hp", "attack", "defense", "special-attack", "special-defense", "speed"])
    #expect(values(gold) == [60, 45, 50, 80, 80, 70])
    #expect(values(F.butterfree.stats(in: 5)) == [60, 45, 50, 80, 80, 70])
    #expect(values(F.butterfree.stats(in: 6)) == [60, 45, 50, 90, 80, 70])
    #expect(F.butterfree.stats(in: nil) == F.butterfree.stats)
  }

  @Test func abilitiesCameInGenerationThreeAndChangeSlotBySlot() {
    #expect(F.butterfree.abilities(in: 1).isEmpty && F.butterfree.abilities(in: 2).isEmpty)
    #expect(F.butterfree.abilities(in: 4).map(\.ability.name) == ["compound-eyes"])
    #expect(F.butterfree.abilities(in: 5).map(\.ability.name) == ["compound-eyes", "tinted-lens"])
    #expect(F.gengar.abilities(in: 6).map(\.ability.name) == ["levitate"])
    #expect(F.gengar.abilities(in: 7).map(\.ability.name) == ["cursed-body"])
  }

  /// What `open` shows of Bulbasaur in Red: Red's Pokédex text and its Kanto number, beside
  /// the facts of Red's generation.
  @Test func aSpeciesInAGameHasTheGamesTextAndNumbersBesideItsFacts() async throws {
    let red = #"""
      {"id":1,"name":"red-blue","order":1,"versions":[\#(F.reference("version", "red", 1))],
       "pokedexes":[\#(F.reference("pokedex", "kanto", 2))],
       "generation":\#(F.reference("generation", "generation-i", 1))}
      """#
    let english = F.reference("language", "en", 9)
    let texts = #"""
      {"id":1,"name":"bulbasaur","flavor_text_entries":[
        {"flavor_text":"Today's text.","language":\#(english),
         "version":\#(F.reference("version", "scarlet", 40))},
        {"flavor_text":"Red's text.","language":\#(english),
         "version":\#(F.reference("version", "red", 1))}]}
      """#
    let kanto = #"""
      {"id":2,"name":"kanto","names":[{"name":"Kanto","language":\#(english)}],
       "pokemon_entries":[
         {"entry_number":1,"pokemon_species":\#(F.reference("pokemon-species", "bulbasaur", 1))}]}
      """#
    let client = try FixtureClient([
      "version-group": [red], "pokemon-species": [texts], "pokedex": [kanto],
    ])
    var bulbasaur = SpeciesDetailViewModel(
      id: 1, name: "bulbasaur", displayName: "Bulbasaur", genus: nil, types: ["Grass", "Poison"],
      heightCentimetres: 70, weightKilograms: 6.9, genderRatio: "",
      abilities: [.init(name: "Overgrow", isHidden: false, slug: "overgrow", slot: 1)], stats: [],
      baseStatTotal: 0, flavorText: "Today's text.", isBaby: false, isLegendary: false,
      isMythical: false, evolutionChainID: nil)
    bulbasaur.introduced = 1
    let shown = await GameFacts.species(
      bulbasaur, in: SessionGame(group: "red-blue", version: "red"), glossary: .slugs,
      client: client)
    #expect(shown.flavorText == "Red's text.")
    #expect(shown.regionalNumbers == [RegionalNumber(pokedex: "kanto", name: "Kanto", number: 1)])
    #expect(shown.gameGeneration == 1 && shown.abilities.isEmpty)
  }

  /// Steelix's shape in Red: a species of a later generation keeps today's facts, and says so.
  @Test func aSpeciesOfALaterGenerationKeepsTodaysFactsAndSaysSo() async throws {
    var steelix = SpeciesDetailViewModel(
      id: 208, name: "steelix", displayName: "Steelix", genus: nil, types: ["Steel", "Ground"],
      heightCentimetres: 920, weightKilograms: 400, genderRatio: "",
      abilities: [.init(name: "Rock Head", isHidden: false, slug: "rock-head", slot: 1)],
      stats: [.init(name: "Sp. Atk", value: 55, slug: "special-attack")], baseStatTotal: 55,
      flavorText: nil, isBaby: false, isLegendary: false, isMythical: false, evolutionChainID: nil)
    steelix.introduced = 2
    let client = try F.client()
    let red = await GameFacts.apply(
      to: steelix, in: SessionGame(group: "red-blue"), glossary: .slugs, client: client)
    #expect(red.cameLater == 2)
    #expect(red.abilities == steelix.abilities && red.stats == steelix.stats)
    let gold = await GameFacts.apply(
      to: steelix, in: SessionGame(group: "gold-silver"), glossary: .slugs, client: client)
    #expect(gold.cameLater == nil && gold.gameGeneration == 2 && gold.abilities.isEmpty)
  }

  /// Mega Charizard X's shape: a form whose oldest game with moves is of Generation VI.
  @Test func aFormCameInTheGenerationOfTheOldestGameItLearnsMovesIn() async throws {
    let mega = #"""
      {"id":10034,"name":"charizard-mega-x","moves":[
        {"move":\#(F.reference("move", "tackle", 33)),"version_group_details":[
          {"level_learned_at":1,"move_learn_method":{"name":"level-up","url":""},
           "version_group":\#(F.reference("version-group", "sun-moon", 17))},
          {"level_learned_at":1,"move_learn_method":{"name":"level-up","url":""},
           "version_group":\#(F.reference("version-group", "x-y", 15))}]}]}
      """#
    let client = try FixtureClient(["pokemon": [mega], "version-group": F.games])
    #expect(await GameFacts.formGeneration(pokemonID: 10034, client: client) == 6)
    var charizard = SpeciesDetailViewModel(
      id: 6, name: "charizard", displayName: "Charizard-Mega-X", genus: nil,
      types: ["Fire", "Dragon"], heightCentimetres: 170, weightKilograms: 110, genderRatio: "",
      abilities: [], stats: [], baseStatTotal: 0, flavorText: nil, isBaby: false,
      isLegendary: false, isMythical: false, evolutionChainID: nil,
      form: .init(
        name: "charizard-mega-x", displayName: "Charizard-Mega-X", pokemonID: 10034,
        isDefault: false))
    charizard.introduced = 1
    let red = await GameFacts.apply(
      to: charizard, in: SessionGame(group: "red-blue"), glossary: .slugs, client: client)
    #expect(red.cameLater == 6 && red.introduced == 6)
    let xy = await GameFacts.apply(
      to: charizard, in: SessionGame(group: "x-y"), glossary: .slugs, client: client)
    #expect(xy.cameLater == nil && xy.gameGeneration == 6)
  }

  /// Static (Generation III), Timid (natures came in III) and Metal Powder (first indexed in
  /// Generation II): in Red each says it came later, in Ruby / Sapphire none does.
  @Test func anAbilityANatureAndAnItemOfALaterGenerationSaySo() async throws {
    let metalPowder = #"""
      {"id":234,"name":"metal-powder","names":[],"effect_entries":[],"flavor_text_entries":[],
       "held_by_pokemon":[],"game_indices":[
         {"game_index":35,"generation":\#(F.reference("generation", "generation-ii", 2))},
         {"game_index":223,"generation":\#(F.reference("generation", "generation-iii", 3))}]}
      """#
    let client = try FixtureClient([
      "ability": [Fixtures.staticAbility], "nature": [Fixtures.timid], "item": [metalPowder],
      "version-group": F.games,
    ])
    func open(_ kind: String, _ name: String, _ game: String?) async throws -> [String: Any] {
      try json(
        try await directory(client).open(
          kind, name, game: game.map { SessionGame(group: $0) },
          gameName: game == "red-blue" ? "Red / Blue" : nil))
    }
    #expect(try await open("ability", "static", "red-blue")["cameLater"] as? Int == 3)
    #expect(try await open("ability", "static", "red-blue")["gameName"] as? String == "Red / Blue")
    #expect(try await open("nature", "timid", "red-blue")["cameLater"] as? Int == 3)
    #expect(try await open("item", "metal-powder", "red-blue")["cameLater"] as? Int == 2)
    for kind in [("ability", "static"), ("nature", "timid"), ("item", "metal-powder")] {
      #expect(try await open(kind.0, kind.1, "ruby-sapphire")["cameLater"] == nil)
      #expect(try await open(kind.0, kind.1, nil)["cameLater"] == nil)
    }
    let page = try await directory(client).open(
      "ability", "static", game: SessionGame(group: "red-blue"), gameName: "Red / Blue")
    guard case .fields(let fields) = page.document.blocks.first else {
      Issue.record("no fields")
      return
    }
    #expect(fields.first?.value.map(\.text).joined() == "came in Generation III: not in Red / Blue")
  }

  /// Under Gold / Silver, Static's holders are the species of Generations I and II: Pikachu,
  /// Raichu and Zapdos stay, Gigantamax Pikachu (a form) is left out and counted.
  @Test func aListUnderAGameKeepsTheSpeciesOfItsGenerationAndBefore() async throws {
    func generation(_ number: Int, _ species: [(String, Int)]) -> String {
      let listed = species.map { F.reference("pokemon-species", $0.0, $0.1) }
        .joined(separator: ",")
      return #"{"id":\#(number),"name":"generation-\#(number)","pokemon_species":[\#(listed)]}"#
    }
    let client = try FixtureClient([
      "ability": [Fixtures.staticAbility], "version-group": F.games,
      "generation": [
        generation(1, [("pikachu", 25), ("raichu", 26), ("zapdos", 145)]),
        generation(2, [("pichu", 172)]),
      ],
    ])
    let gold = try #require(
      try await directory(client).open("ability", "static", game: SessionGame(group: "gold-silver"))
        as? AbilityPage)
    #expect(gold.holders.map(\.id) == [25, 26] && gold.hiddenHolders.map(\.id) == [145])
    #expect(gold.leftOut == 1)
    let today = try #require(try await directory(client).open("ability", "static") as? AbilityPage)
    #expect(today.holders.map(\.id) == [25, 26, 10190] && today.leftOut == nil)
  }
}
