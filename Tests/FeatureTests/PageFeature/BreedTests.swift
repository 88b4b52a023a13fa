import APIClient
import DetailModels
import Models
import Pages
import TestSupport
import Testing

/// Pikachu (Field and Fairy, hatching as Pichu), Marill (Azurill with Sea Incense), Magnemite
/// (no gender) and Articuno (Undiscovered), with Pikachu's moves and games of the learnsets'
/// tests.
private enum BreedFixtures {
  static func reference(_ path: String, _ name: String, _ id: Int) -> String {
    Fixtures.reference(path, name, id)
  }

  static func species(_ id: Int, _ name: String, groups: [(String, Int)], rate: Int, chain: Int)
    -> String
  {
    let listed = groups.map { reference("egg-group", $0.0, $0.1) }.joined(separator: ",")
    return #"""
      {"id":\#(id),"name":"\#(name)","egg_groups":[\#(listed)],"hatch_counter":10,
       "gender_rate":\#(rate),"evolution_chain":{"url":"https://x.test/api/v2/evolution-chain/\#(chain)/"}}
      """#
  }

  static func group(_ id: Int, _ slug: String, _ english: String, _ members: [(String, Int)])
    -> String
  {
    let listed = members.map { reference("pokemon-species", $0.0, $0.1) }.joined(separator: ",")
    return #"""
      {"id":\#(id),"name":"\#(slug)","names":[\#(Fixtures.english("name", english))],
       "pokemon_species":[\#(listed)]}
      """#
  }

  static func chain(
    _ id: Int, baby: (String, Int), next: (String, Int), item: String? = nil, isBaby: Bool = true
  ) -> String {
    let trigger = item.map { reference("item", $0, 254) } ?? "null"
    return #"""
      {"id":\#(id),"baby_trigger_item":\#(trigger),"chain":{
        "species":\#(reference("pokemon-species", baby.0, baby.1)),"is_baby":\#(isBaby),
        "evolves_to":[{"species":\#(reference("pokemon-species", next.0, next.1)),"is_baby":false,
                       "evolves_to":[]}]}}
      """#
  }

  /// Pichu, a species of Generation II.
  static let pichu = #"""
    {"id":172,"name":"pichu","egg_groups":[],"gender_rate":4,"is_baby":true,
     "generation":\#(reference("generation", "generation-ii", 2))}
    """#

  /// The learnsets' games, each with its generation when `generations`.
  static func games(generations: Bool) -> [String] {
    guard generations else { return LearnsetFixtures.games }
    let numbers = ["red-blue": 1, "scarlet-violet": 9, "red-green-japan": 1, "gold-silver": 2]
    return LearnsetFixtures.games.map { game in
      guard let slug = numbers.keys.first(where: { game.contains(#""name":"\#($0)""#) }),
        let number = numbers[slug]
      else { return game }
      return String(game.dropLast())
        + #","generation":\#(reference("generation", "generation-\(number)", number))}"#
    }
  }

  static func client(generations: Bool = false) throws -> FixtureClient {
    try FixtureClient([
      "pokemon-species": [
        species(25, "pikachu", groups: [("ground", 5), ("fairy", 6)], rate: 4, chain: 10),
        species(183, "marill", groups: [("water1", 2), ("fairy", 6)], rate: 4, chain: 90),
        species(81, "magnemite", groups: [("mineral", 10)], rate: -1, chain: 34),
        species(144, "articuno", groups: [("no-eggs", 15)], rate: -1, chain: 73), pichu,
      ],
      "egg-group": [
        group(5, "ground", "Field", [("pikachu", 25), ("eevee", 133)]),
        group(6, "fairy", "Fairy", [("pikachu", 25), ("clefairy", 35), ("marill", 183)]),
        group(2, "water1", "Water 1", [("marill", 183)]),
        group(10, "mineral", "Mineral", [("magnemite", 81)]),
        group(15, "no-eggs", "Undiscovered", [("articuno", 144)]),
      ],
      "evolution-chain": [
        chain(10, baby: ("pichu", 172), next: ("pikachu", 25)),
        chain(34, baby: ("magnemite", 81), next: ("magneton", 82), isBaby: false),
        chain(73, baby: ("articuno", 144), next: ("articuno", 144), isBaby: false),
        chain(90, baby: ("azurill", 298), next: ("marill", 183), item: "sea-incense"),
      ],
      "item": [
        #"{"id":254,"name":"sea-incense","names":[\#(Fixtures.english("name", "Sea Incense"))]}"#
      ],
      // Pichu learns what Pikachu does here: the egg moves are what hatches'.
      "pokemon": [
        LearnsetFixtures.pikachu,
        LearnsetFixtures.pikachu.replacingOccurrences(
          of: #""id":25,"name":"pikachu""#, with: #""id":172,"name":"pichu""#),
      ]
        + [(183, "marill"), (81, "magnemite"), (144, "articuno"), (298, "azurill")].map {
          #"{"id":\#($0.0),"name":"\#($0.1)","moves":[]}"#
        },
      "move": LearnsetFixtures.moves, "version-group": games(generations: generations),
      "version": LearnsetFixtures.versions,
    ])
  }

  static func detail(_ id: Int, _ name: String, ratio: String) -> SpeciesDetailViewModel {
    SpeciesDetailViewModel(
      id: id, name: name, displayName: DisplayName.of(name), genus: nil, types: [],
      heightCentimetres: 1, weightKilograms: 1, genderRatio: ratio, abilities: [], stats: [],
      baseStatTotal: 0, flavorText: nil, isBaby: false, isLegendary: false, isMythical: false,
      evolutionChainID: nil)
  }

  static let details = FixedDetails(known: [
    "pikachu": detail(25, "pikachu", ratio: "50% ♂ · 50% ♀"),
    "marill": detail(183, "marill", ratio: "50% ♂ · 50% ♀"),
    "magnemite": detail(81, "magnemite", ratio: "Genderless"),
    "articuno": detail(144, "articuno", ratio: "Genderless"),
  ])
}

@Suite("Breeding")
struct BreedTests {
  func breed(_ name: String, game: SessionGame? = nil, generations: Bool = false) async throws
    -> BreedPage
  {
    let directory = PageDirectory(kinds: [
      BreedFeature.kind(
        client: try BreedFixtures.client(generations: generations), details: BreedFixtures.details)
    ])
    return try #require(try await directory.open("breed", name, game: game) as? BreedPage)
  }

  @Test func pikachuIsFieldAndFairyHatchesAsPichuAndBreedsWithTheirMembersAndDitto()
    async throws
  {
    let page = try await breed("pikachu")
    #expect(page.eggGroups.map { page.eggGroupNames[$0] } == ["Field", "Fairy"])
    #expect(page.hatchSteps == 2805)
    #expect(page.hatchesAs?.name == "pichu" && page.incense == nil)
    #expect(page.partners == .eggGroups)
    #expect(page.breedsWith.map(\.id) == [25, 35, 132, 133, 183])
    #expect(page.game == "scarlet-violet" && page.gameName == "Scarlet / Violet")
    #expect(page.eggMoves.map(\.displayName) == ["Volt-Tackle"])
  }

  @Test func theSessionsGameNamesTheEggMovesOrSaysItHasNone() async throws {
    let red = try await breed("pikachu", game: SessionGame(group: "red-blue"))
    #expect(red.game == "red-blue" && red.choice == .session)
    let gold = try await breed("pikachu", game: SessionGame(group: "gold-silver"))
    #expect(gold.eggMoves.isEmpty && gold.noEggMovesIn == "None in Gold / Silver.")
  }

  /// Pichu came in Generation II: in Red, Pikachu's egg would hatch as Pikachu, and there was
  /// no breeding at all; in Gold, as Pichu, with Pichu's egg moves.
  @Test func whatHatchesIsTheLowestStageOfTheGameAndBreedingCameInGenerationTwo() async throws {
    let gold = try await breed(
      "pikachu", game: SessionGame(group: "gold-silver"), generations: true)
    #expect(gold.hatchesAs?.name == "pichu" && gold.cameLater == nil)
    let red = try await breed("pikachu", game: SessionGame(group: "red-blue"), generations: true)
    #expect(red.hatchesAs?.name == "pikachu" && red.cameLater == 2)
    #expect(red.eggMoves.map(\.name) == ["volt-tackle"])
    guard case .fields(let fields) = red.document.blocks.first else {
      Issue.record("no fields")
      return
    }
    #expect(fields.first?.value.map(\.text).joined() == "came in Generation II: not in Red Blue")
  }

  /// Without egg moves in the session's game, the page still names it.
  @Test func aGameWithoutEggMovesIsStillTheOneNamed() async throws {
    let gold = try await breed("pikachu", game: SessionGame(group: "gold-silver"))
    #expect(gold.game == "gold-silver" && gold.gameName == "Gold / Silver")
    #expect(gold.choice == .session && gold.eggMoves.isEmpty)
  }

  @Test func anIncenseBabyNamesTheItemAndWhatHatchesWithoutIt() async throws {
    let page = try await breed("marill")
    #expect(page.hatchesAs?.name == "azurill" && page.withoutIncense?.name == "marill")
    #expect(page.incenseName == "Sea Incense")
    guard case .fields(let fields) = page.document.blocks.first else {
      Issue.record("no fields")
      return
    }
    #expect(
      fields.last?.value.map(\.text).joined()
        == "Azurill #298 when a parent holds Sea Incense, else Marill #183")
  }

  @Test func noGenderOnlyDittoAndUndiscoveredCannotBreed() async throws {
    let magnemite = try await breed("magnemite")
    #expect(magnemite.partners == .onlyDitto && magnemite.breedsWith.isEmpty)
    let articuno = try await breed("articuno")
    #expect(articuno.partners == .cannotBreed && articuno.hatchesAs == nil)
    #expect(articuno.eggGroupNames["no-eggs"] == "Undiscovered")
  }

  @Test func anEggGroupOpensByItsEnglishNameThoughItsSlugDiffers() async throws {
    let directory = PageDirectory(kinds: [EggGroupFeature.kind(client: try BreedFixtures.client())])
    let field = try #require(try await directory.open("egg-group", "Field") as? EggGroupPage)
    #expect(field.name == "ground" && field.species.map(\.id) == [25, 133])
  }
}
