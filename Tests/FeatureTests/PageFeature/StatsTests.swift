import APIClient
import CommandLanguage
import DetailModels
import Models
import Pages
import TestSupport
import Testing

/// A species as `open` gives it, with its pokemon's base stats for the client.
private func species(_ id: Int, _ name: String, _ stats: [Int]) -> (
  SpeciesDetailViewModel, Pokemon
) {
  let detail = SpeciesDetailViewModel(
    id: id, name: name, displayName: DisplayName.of(name), genus: nil, types: [],
    heightCentimetres: 1, weightKilograms: 1, genderRatio: "", abilities: [], stats: [],
    baseStatTotal: stats.reduce(0, +), flavorText: nil, isBaby: false, isLegendary: false,
    isMythical: false, evolutionChainID: nil)
  let pokemon = Pokemon(
    id: id, name: name, height: 1, weight: 1,
    stats: zip(StatsQuery.stats, stats).map {
      Pokemon.Stat(baseStat: $1, stat: NamedResource(name: $0, url: ""))
    })
  return (detail, pokemon)
}

private let garchomp = species(445, "garchomp", [108, 130, 95, 80, 85, 102])
private let shedinja = species(292, "shedinja", [1, 90, 45, 30, 30, 40])

private func nature(_ id: Int, _ name: String, _ raises: String, _ lowers: String, japanese: String)
  -> String
{
  #"""
  {"id":\#(id),"name":"\#(name)",
   "names":[{"name":"\#(japanese)","language":{"name":"ja","url":""}},
            {"name":"\#(name.capitalized)","language":{"name":"en","url":""}}],
   "increased_stat":{"name":"\#(raises)","url":""},"decreased_stat":{"name":"\#(lowers)","url":""}}
  """#
}

private func stats(_ arguments: String, glossary: Glossary = .slugs) async throws -> StatsPage {
  let client = try FixtureClient([
    "nature": [
      nature(35, "jolly", "speed", "special-attack", japanese: "ようき"),
      nature(1, "hardy", "attack", "attack", japanese: "がんばりや"),
      nature(3, "adamant", "attack", "special-attack", japanese: "いじっぱり"),
    ]
  ])
  await client.add(garchomp.1)
  await client.add(shedinja.1)
  let details = FixedDetails(known: ["garchomp": garchomp.0, "shedinja": shedinja.0])
  // The nature kind resolves the natures' names for stats.
  let directory = PageDirectory(kinds: [
    StatsFeature.kind(client: client, details: details), NatureFeature.kind(client: client),
  ])
  return try #require(
    try await directory.open("stats", arguments, selectionName: "garchomp", glossary: glossary)
      as? StatsPage)
}

private func value(_ page: StatsPage, _ stat: String) -> Int? {
  page.rows.first { $0.stat == stat }?.value
}

@Suite("Real stats")
struct StatsTests {
  @Test func garchompAtFiftyJollyWith252SpeedHas169Speed() async throws {
    let page = try await stats("garchomp --level 50 --nature jolly --evs 252spe")
    #expect(value(page, "speed") == 169)
    #expect(value(page, "special-attack") == 90)  // ⌊(⌊(160 + 31) / 2⌋ + 5) × 0.9⌋
    #expect(value(page, "hp") == 183)
    #expect(
      page.rows.map(\.name) == [
        "HP", "Attack", "Defense", "Special Attack", "Special Defense", "Speed",
      ])
    #expect(page.natureName == "Jolly")
    #expect(page.options == ["--level", "50", "--nature", "jolly", "--evs", "0/0/0/0/0/252"])
    #expect(page.rows.allSatisfy { $0.range50 == nil })
  }

  @Test func withoutOptionsEachStatHasItsRangeAtFiftyAndAHundred() async throws {
    let page = try await stats("")
    let speed = try #require(page.rows.last)
    #expect(speed.value == 122)  // level 50, 31 IVs, no EVs, neutral
    #expect(speed.range50 == StatsPage.Range(min: 96, max: 169))
    #expect(speed.range100 == StatsPage.Range(min: 188, max: 333))
    let hp = try #require(page.rows.first)
    #expect(hp.range100 == StatsPage.Range(min: 326, max: 420))
    #expect(page.options.isEmpty && page.nature == nil)
    guard case .table(let table) = page.document.blocks.first else {
      Issue.record("no table")
      return
    }
    #expect(table.columns.map(\.heading).suffix(2) == ["Lv 50 range", "Lv 100 range"])
  }

  @Test func shedinjaHasOneHP() async throws {
    let page = try await stats("shedinja --level 100 --evs 252hp")
    #expect(value(page, "hp") == 1)
    #expect(
      try #require(try await stats("shedinja").rows.first).range100
        == StatsPage.Range(min: 1, max: 1))
  }

  @Test func ivsByStatOrAllSixAndANeutralNatureChangesNothing() async throws {
    let byStat = try await stats("--ivs 0atk --nature hardy")
    let inOrder = try await stats("--ivs 31/0/31/31/31/31")
    #expect(byStat.rows.map(\.value) == inOrder.rows.map(\.value))
    #expect(value(byStat, "attack") == 135)
    #expect(byStat.rows.allSatisfy { $0.nature == 1 })
  }

  @Test func aNatureNamedInTheLanguageOrByItsStart() async throws {
    let japanese = try await stats(
      "--nature ようき", glossary: Glossary(language: Language.named("ja")))
    #expect(japanese.nature == "jolly" && japanese.natureName == "ようき")
    #expect(try await stats("--nature ada").nature == "adamant")
    await #expect(throws: PageError.unknown(kind: "nature", input: "jolyy", suggestion: "jolly")) {
      try await stats("--nature jolyy")
    }
  }

  @Test(arguments: [
    ("--evs 300spe", "EVs are 0 to 252 (not 300 for Speed)."),
    ("--evs 252spe,252atk,8hp", "EVs add up to at most 510 (these add up to 512)."),
    ("--ivs 32", "IVs are 0 to 31 (not 32 given for every stat)."),
    (
      "--evs 252xyz",
      "\"xyz\" is not a stat: hp, atk, def, spa, spd or spe (e.g. --evs 252spe,252atk,4hp)."
    ),
    ("--evs 4hp,8hp", "--evs gives HP twice."),
    ("--level 101", "The level is a number from 1 to 100 (not \"101\")."),
    (
      "--level",
      "\"--level\" needs a value: stats [NAME] [--level N] [--nature X] [--ivs SPREAD] [--evs SPREAD] (Generations I–II: [--dvs SPREAD] [--statexp SPREAD])."
    ),
    ("pikachu raichu", "\"stats\" takes one species (not \"pikachu\" and \"raichu\")."),
    (
      "--shiny",
      "\"stats\" takes --level, --nature, --ivs and --evs (--dvs and --statexp in Generations I–II; not \"--shiny\")."
    ),
  ])
  func spreadsBeyondTheGamesBoundsAreRefusedInOneLine(words: String, message: String) {
    #expect(throws: PageOptionsProblem(message)) {
      try StatsQuery(words: words.split(separator: " ").map(String.init))
    }
  }

  @Test func trainersShorthand() throws {
    let query = try StatsQuery(words: ["--evs=252spa,4hp,252spe", "--level=100"])
    #expect(query.evs == ["special-attack": 252, "hp": 4, "speed": 252])
    #expect(query.level == 100 && query.hasOptions)
  }
}

/// Bulbasaur with its Generation I Special (65), and games of Generations I, II and III.
private func oldStats(_ arguments: String, game: String) async throws -> StatsPage {
  var (detail, pokemon) = species(1, "bulbasaur", [45, 49, 49, 65, 65, 45])
  detail.introduced = 1
  pokemon.pastStats = [
    .init(
      generation: NamedResource(name: "generation-i", url: "generation/1/"),
      stats: [.init(baseStat: 65, stat: NamedResource(name: "special", url: "stat/9/"))])
  ]
  let client = try FixtureClient(["version-group": GameFactsFixtures.games])
  await client.add(pokemon)
  let directory = PageDirectory(kinds: [
    StatsFeature.kind(client: client, details: FixedDetails(known: ["bulbasaur": detail]))
  ])
  return try #require(
    try await directory.open("stats", arguments, game: SessionGame(group: game)) as? StatsPage)
}

@Suite("Stats in Generations I and II")
struct OldStatsTests {
  /// Red's formula with the best DVs and no stat experience: HP 230, Special 165 (today's with
  /// IV 31 would give HP 231).
  @Test func redHasDVsStatExperienceAndOneSpecial() async throws {
    let page = try await oldStats("bulbasaur --level 100", game: "red-blue")
    #expect(page.rows.map(\.stat) == ["hp", "attack", "defense", "special", "speed"])
    #expect(page.rows.map(\.value) == [230, 133, 133, 165, 125])
    #expect(page.rows.allSatisfy { $0.dv == 15 && $0.statExp == 0 && $0.iv == nil })
    #expect(page.generation == 1)
  }

  @Test func hpsDVIsMadeFromTheOthersAndStatExperienceCountsItsRoot() async throws {
    #expect(StatsPage.hpDV(["attack": 14, "defense": 15, "speed": 15, "special": 15]) == 7)
    #expect(StatsPage.hpDV([:]) == 15)
    let page = try await oldStats(
      "bulbasaur --level 50 --dvs 14/15/15/15 --statexp 65535", game: "red-blue")
    #expect(page.rows.first?.dv == 7)
    // ⌊((45 + 7) × 2 + ⌊255 / 4⌋) × 50 / 100⌋ + 60 = 143.
    #expect(page.rows.first?.value == 143)
    #expect(StatsPage.oldValue("speed", base: 45, dv: 15, statExp: 1, level: 100) == 125)
    #expect(StatsPage.oldValue("speed", base: 45, dv: 15, statExp: 25, level: 100) == 126)
  }

  @Test func goldsSpecialAttackAndDefenseShareSpecialsDVAndStatExperience() async throws {
    let page = try await oldStats(
      "bulbasaur --level 100 --dvs 15spe,8spc --statexp 10000spc", game: "gold-silver")
    let special = page.rows.filter { ["special-attack", "special-defense"].contains($0.stat) }
    #expect(special.map(\.dv) == [8, 8] && special.map(\.statExp) == [10000, 10000])
    #expect(page.rows.count == 6)
  }

  @Test func todaysOptionsAreRefusedThereAndTheirsElsewhere() async throws {
    await #expect(
      throws: PageError.refused("Natures came in Generation III: Red Blue has none (--nature).")
    ) {
      _ = try await oldStats("bulbasaur --nature jolly", game: "red-blue")
    }
    await #expect(
      throws: PageError.refused(
        "IVs came in Generation III: Gold Silver has none (--ivs): use --dvs.")
    ) {
      _ = try await oldStats("bulbasaur --ivs 31", game: "gold-silver")
    }
    await #expect(
      throws: PageError.refused(
        "DVs (--dvs) are Generations I and II's, not Ruby Sapphire's: use --ivs.")
    ) {
      _ = try await oldStats("bulbasaur --dvs 15", game: "ruby-sapphire")
    }
  }

  @Test func aBareNumberPastTheLimitSaysItSetsEveryStat() {
    #expect(throws: PageOptionsProblem("EVs are 0 to 252 (not 999 given for every stat).")) {
      _ = try StatsQuery(words: ["--evs", "999"])
    }
    #expect(throws: PageOptionsProblem("DVs are 0 to 15 (not 16 for Special).")) {
      _ = try StatsQuery(words: ["--dvs", "16spc"])
    }
  }
}
