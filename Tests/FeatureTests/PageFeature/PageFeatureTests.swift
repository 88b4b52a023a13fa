import APIClient
import DetailModels
import Foundation
import Models
import Pages
import TestSupport
import Testing

/// The directory of every kind over fixtures in the API's shape.
func directory(_ client: FixtureClient) -> PageDirectory {
  PageDirectory(kinds: [
    AbilityFeature.kind(client: client), MoveFeature.kind(client: client),
    TypeFeature.kind(client: client), TypeFeature.chart(client: client),
    ItemFeature.kind(client: client), NatureFeature.kind(client: client),
    NatureFeature.table(client: client),
  ])
}

func client(extraNames: [String: [String]] = [:]) throws -> FixtureClient {
  try FixtureClient(
    [
      "ability": [Fixtures.staticAbility, Fixtures.silentAbility],
      "move": [Fixtures.firePunch, Fixtures.quickGuard],
      "machine": [Fixtures.machine1900],
      "type": [Fixtures.fire, Fixtures.water, Fixtures.ghost, Fixtures.stellar],
      "item": [Fixtures.leftovers, Fixtures.potion],
      "nature": [Fixtures.timid, Fixtures.hardy],
    ], extraNames: extraNames)
}

func open<P: Page>(_ kind: String, _ name: String?, as type: P.Type) async throws -> P {
  let page = try await directory(try client()).open(kind, name)
  return try #require(page as? P)
}

func json(_ page: some Page) throws -> [String: Any] {
  let data = try JSONEncoder().encode(page)
  return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
}

@Suite("Ability pages")
struct AbilityPageTests {
  /// Early Bird's shape: Sword / Shield's text listed before Let's Go's. With the games' order
  /// not kept (a script's first page), the order of its texts' games alone is asked for: the
  /// newest is Sword / Shield's, not the last listed.
  @Test func theNewestTextByItsGamesOrderInAFreshCache() async throws {
    func group(_ id: Int, _ slug: String) -> String {
      Fixtures.reference("version-group", slug, id)
    }
    let earlyBird = #"""
      {"id":48,"name":"early-bird","names":[],"effect_entries":[],"pokemon":[],
       "flavor_text_entries":[
         \#(Fixtures.english("flavor_text", "Sword and Shield's.", extra: #""version_group":\#(group(20, "sword-shield")),"#)),
         \#(Fixtures.english("flavor_text", "Let's Go's.", extra: #""version_group":\#(group(19, "lets-go")),"#))]}
      """#
    let games = [(19, "lets-go", 21), (20, "sword-shield", 22)]
      .map { #"{"id":\#($0.0),"name":"\#($0.1)","order":\#($0.2),"versions":[]}"# }
    let client = try FixtureClient(["ability": [earlyBird], "version-group": games])
    let page = try #require(
      try await PageDirectory(kinds: [AbilityFeature.kind(client: client)]).open(
        "ability", "early-bird") as? AbilityPage)
    #expect(page.flavorText == "Sword and Shield's.")
    let requests = await client.requests
    #expect(
      requests.filter { $0.hasPrefix("version-group/") }.sorted() == [
        "version-group/lets-go", "version-group/sword-shield",
      ])
  }

  @Test func normalAndHiddenHoldersApartEachOnceSpeciesBeforeForms() async throws {
    let page = try await open("ability", "static", as: AbilityPage.self)
    #expect(page.holders.map(\.name) == ["pikachu", "raichu", "pikachu-gmax"])
    #expect(page.hiddenHolders.map(\.name) == ["zapdos"])
    #expect(page.holders.map(\.label) == ["#25 Pikachu", "#26 Raichu", "Pikachu-Gmax"])
  }

  @Test func theEnglishShortEffectTheNewestFlavourTextAndTheGeneration() async throws {
    let page = try await open("ability", "Static", as: AbilityPage.self)
    #expect(page.displayName == "Static")
    #expect(page.effect == "Has a 30% chance of paralyzing attacking Pokémon on contact.")
    #expect(page.flavorText == "The Pokémon is charged with static electricity.")
    #expect(page.generation == "Generation III")
    #expect(page.document.subtitle == "Ability · Generation III")
    #expect(page.links["open"] == ["pikachu", "raichu", "pikachu-gmax", "zapdos"])
  }

  @Test func withoutEnglishTextsTheSlugInWordsAndNoDescription() async throws {
    let page = try await open("ability", "mute-thing", as: AbilityPage.self)
    #expect(page.displayName == "Mute Thing")
    #expect(page.effect == nil)
    guard case .fields(let fields) = page.document.blocks.first else {
      Issue.record("no fields")
      return
    }
    #expect(fields.map(\.label) == ["Effect"])
    #expect(fields[0].value == [Span("no description", .dim)])
  }

  @Test func jsonHasTheDocumentedKeys() async throws {
    let page = try await open("ability", "static", as: AbilityPage.self)
    let object = try json(page)
    #expect(
      Set(object.keys) == [
        "name", "displayName", "id", "effect", "flavorText", "generation", "holders",
        "hiddenHolders", "language",
      ])
    #expect((object["hiddenHolders"] as? [[String: Any]])?.first?["id"] as? Int == 145)
  }
}

@Suite("Move pages")
struct MovePageTests {
  @Test func effectChanceFilledInAndTheNewestGamesMachine() async throws {
    let page = try await open("move", "fire punch", as: MovePage.self)
    #expect(page.effect == "Has a 10% chance to burn the target.")
    #expect(page.machine == MovePage.MachineLabel(item: "TM67", versionGroup: "scarlet-violet"))
    #expect(page.flavorText == "The target is punched with a fiery fist.")
    #expect(page.type == "fire" && page.damageClass == "physical")
    #expect(page.power == 75 && page.accuracy == 100 && page.pp == 15 && page.priority == 0)
    #expect(page.speciesCount == 2)
    #expect(page.learnedBy.map(\.id) == [4, 151, 10034])
    #expect(page.links["type"] == ["fire"])
  }

  @Test func theMachineIsAskedForOnceTheMoveNamesIt() async throws {
    let client = try client()
    _ = try await directory(client).open("move", "fire-punch")
    let requests = await client.requests
    #expect(requests.contains("machine/1900"))
    #expect(!requests.contains("machine/1300"))
  }

  @Test func aStatusMoveWithoutPowerAccuracyOrMachine() async throws {
    let page = try await open("move", "quick-guard", as: MovePage.self)
    #expect(page.power == nil && page.accuracy == nil && page.machine == nil)
    guard case .fields(let fields) = page.document.blocks.first else {
      Issue.record("no fields")
      return
    }
    let byLabel = Dictionary(fields.map { ($0.label, $0.value) }, uniquingKeysWith: { a, _ in a })
    #expect(byLabel["Power"] == [Span("—", .dim)])
    #expect(byLabel["Priority"] == [Span("+3")])
    #expect(byLabel["Machine"] == nil)
    #expect(byLabel["Learned by"] == [Span("0 species")])
  }

  @Test func withoutAChanceTheEffectLeavesItOut() {
    #expect(
      MovePage.fillingChance("Has a $effect_chance% chance to burn the target.", nil)
        == "Has a chance to burn the target.")
    #expect(MovePage.fillingChance("Burns ($effect_chance%).", 30) == "Burns (30%).")
  }

  @Test func aMachineThatFailsLeavesTheMachineOut() async throws {
    let client = try FixtureClient(["move": [Fixtures.firePunch]])
    let page = try await directory(client).open("move", "fire-punch")
    #expect((page as? MovePage)?.machine == nil)
    #expect((page as? MovePage)?.effect == "Has a 10% chance to burn the target.")
  }
}

@Suite("Type pages and the chart")
struct TypePageTests {
  /// Tab (and `filter type`) offered `shadow` and `unknown`, which filter to 0 species: the
  /// API's types above 10000 are not listed, and still open by name.
  @Test func theTypesOfNoSpeciesAreNotListed() async throws {
    let shadow = #"{"id":10002,"name":"shadow","names":[],"damage_relations":{},"pokemon":[]}"#
    let client = try FixtureClient(["type": [Fixtures.fire, shadow]])
    let directory = PageDirectory(kinds: [TypeFeature.kind(client: client)])
    #expect(try await directory.names(of: "type").map(\.name) == ["fire"])
    #expect(try await directory.open("type", "shadow").title == "Shadow")
  }

  @Test func attackingAndDefendingFactorsAndItsSpeciesApartFromForms() async throws {
    let page = try await open("type", "FIRE", as: TypePage.self)
    #expect(page.attacking.double == ["grass", "ice"])
    #expect(page.attacking.half == ["water", "fire"])
    #expect(page.attacking.none.isEmpty)
    #expect(page.defending.double == ["water"])
    #expect(page.defending.half == ["fire", "grass"])
    #expect(page.species.map(\.name) == ["charmander", "vulpix"])
    #expect(page.forms.map(\.name) == ["marowak-alola"])
  }

  @Test func theChartCrossesEveryTypeLeavingOutThoseWithoutRelations() async throws {
    let page = try await open("types", nil, as: TypeChartPage.self)
    #expect(page.types == ["ghost", "fire", "water"])
    func factor(_ attacker: String, _ defender: String) -> Double {
      page.factors[page.types.firstIndex(of: attacker)!][page.types.firstIndex(of: defender)!]
    }
    #expect(factor("water", "fire") == 2)
    #expect(factor("fire", "water") == 0.5)
    #expect(factor("fire", "fire") == 0.5)
    #expect(factor("ghost", "ghost") == 2)
    #expect(factor("ghost", "fire") == 1)
    // Its cells: a dot for ×1, the factor otherwise.
    guard case .table(let table) = page.document.blocks.first else {
      Issue.record("no table")
      return
    }
    #expect(table.columns.map(\.heading) == ["", "Gho", "Fir", "Wat"])
    #expect(table.rows[2].map(\.text) == ["Water", "·", "2", "½"])
  }
}

@Suite("Item pages")
struct ItemPageTests {
  @Test func heldInTheWildAndTheNewestShopPrice() async throws {
    let page = try await open("item", "leftovers", as: ItemPage.self)
    #expect(page.heldBy.map(\.species.name) == ["snorlax", "munchlax"])
    #expect(page.heldBy.map(\.rarity) == [nil, 50])
    #expect(page.cost == 4000)
    #expect(page.category == "held-items")
    #expect(page.effect == "Held: Restores 1/16 max HP each turn.")
    #expect(page.flavorText == "HP is slowly restored.")
  }

  /// TM01's shape: sold in Red-Blue (id 1), Sword-Shield (id 20) and Japan's Blue (id 29, the
  /// oldest game of all by order); texts listed with an older game's last.
  @Test func theNewestGameByTheGamesOrderNotByID() async throws {
    func group(_ id: Int, _ slug: String) -> String {
      Fixtures.reference("version-group", slug, id)
    }
    let tm01 = #"""
      {"id":305,"name":"tm01","names":[],"prices":[
         {"purchase_price":3000,"version_group":\#(group(1, "red-blue"))},
         {"purchase_price":40000,"version_group":\#(group(20, "sword-shield"))},
         {"purchase_price":3000,"version_group":\#(group(29, "blue-japan"))}],
       "effect_entries":[],"held_by_pokemon":[],
       "flavor_text_entries":[
         \#(Fixtures.english("text", "Sword and Shield's.", extra: #""version_group":\#(group(20, "sword-shield")),"#)),
         \#(Fixtures.english("text", "Let's Go's.", extra: #""version_group":\#(group(19, "lets-go")),"#))]}
      """#
    let games = [
      (1, "red-blue", 3), (19, "lets-go", 21), (20, "sword-shield", 22), (29, "blue-japan", 2),
    ]
    .map { #"{"id":\#($0.0),"name":"\#($0.1)","order":\#($0.2),"versions":[]}"# }
    let client = try FixtureClient(["item": [tm01], "version-group": games])
    let page = try #require(
      try await PageDirectory(kinds: [ItemFeature.kind(client: client)]).open("item", "tm01")
        as? ItemPage)
    #expect(page.cost == 40000)
    #expect(page.flavorText == "Sword and Shield's.")
  }

  /// Snorlax holds Leftovers 100 % of the time in Ruby, 5 % in Sun: not "100 %" for both.
  @Test func aChanceThatDiffersByVersionIsToldPerVersionAndTheSessionsGameNarrowsIt()
    async throws
  {
    let games = [
      (5, "ruby-sapphire", 8, ["ruby", "sapphire"]), (15, "x-y", 15, ["x", "y"]),
      (17, "sun-moon", 17, ["sun", "moon"]),
    ]
    .map { id, name, order, versions in
      let listed = versions.map { Fixtures.reference("version", $0, 1) }.joined(separator: ",")
      return #"{"id":\#(id),"name":"\#(name)","order":\#(order),"versions":[\#(listed)]}"#
    }
    let client = try FixtureClient(["item": [Fixtures.leftovers], "version-group": games])
    let directory = PageDirectory(kinds: [ItemFeature.kind(client: client)])
    let page = try #require(try await directory.open("item", "leftovers") as? ItemPage)
    let snorlax = try #require(page.heldBy.first)
    #expect(snorlax.rarity == nil)
    #expect(snorlax.chances.map(\.rarity) == [5, 100])
    #expect(snorlax.chances.map(\.versions) == [["sun"], ["ruby"]])
    #expect(page.heldBy.last?.rarity == 50 && page.heldBy.last?.chances == [])
    #expect(
      page.document.blocks.contains(
        .names(
          heading: "Held in the wild by",
          [Span("#143 Snorlax (5–100%)"), Span("#446 Munchlax (50%)")],
          none: "no wild Pokémon")))
    #expect(
      page.document.blocks.contains(
        .fields([.init("#143 Snorlax", [Span("5% in Sun; "), Span("100% in Ruby")])])))

    let sun = try #require(
      try await directory.open("item", "leftovers", game: SessionGame(group: "sun-moon"))
        as? ItemPage)
    #expect(sun.heldBy.map(\.species.name) == ["snorlax"])
    #expect(sun.heldBy.map(\.rarity) == [5])
    #expect(
      sun.document.blocks.contains(
        .names(
          heading: "Held in the wild in Sun / Moon by", [Span("#143 Snorlax (5%)")],
          none: "no wild Pokémon in Sun / Moon")))
  }

  @Test func theSessionsGamesPriceOrThatItIsNotSoldThere() async throws {
    let directory = directory(try client())
    let red = try #require(
      try await directory.open("item", "leftovers", game: SessionGame(group: "red-blue"))
        as? ItemPage)
    #expect(red.cost == 200 && red.costGame == "red-blue")
    let violet = try #require(
      try await directory.open(
        "item", "leftovers", game: SessionGame(group: "scarlet-violet", version: "violet"))
        as? ItemPage)
    #expect(violet.cost == nil)
    #expect(
      violet.document.blocks.contains { block in
        guard case .fields(let fields) = block else { return false }
        return fields.contains {
          $0.label == "Cost" && $0.value.map(\.text).joined().hasPrefix("not sold in shops in ")
        }
      })
  }

  @Test func theCategoryIsNamedFromTheAPI() async throws {
    let client = try FixtureClient([
      "item": [Fixtures.leftovers],
      "item-category": [
        #"{"id":12,"name":"held-items","names":[\#(Fixtures.english("name", "Held items"))]}"#
      ],
    ])
    let page = try #require(
      try await PageDirectory(kinds: [ItemFeature.kind(client: client)]).open(
        "item", "leftovers") as? ItemPage)
    #expect(page.categoryName == "Held items")
    #expect(
      page.document.blocks.contains { block in
        guard case .fields(let fields) = block else { return false }
        return fields.contains { $0.label == "Category" && $0.value.map(\.text) == ["Held items"] }
      })
  }

  @Test func theOlderCostAndNoHolders() async throws {
    let page = try await open("item", "potion", as: ItemPage.self)
    #expect(page.cost == 300)
    #expect(page.heldBy.isEmpty)
    #expect(
      page.document.blocks.contains(
        .names(heading: "Held in the wild by", [], none: "no wild Pokémon")))
  }
}

@Suite("Nature pages")
struct NaturePageTests {
  @Test func raisesLowersLikesAndDislikes() async throws {
    let page = try await open("nature", "timid", as: NaturePage.self)
    #expect(page.nature.raises == "speed" && page.nature.lowers == "attack")
    #expect(page.nature.likes == "sweet" && page.nature.dislikes == "spicy")
  }

  @Test func aNeutralNatureChangesNothing() async throws {
    let page = try await open("nature", "hardy", as: NaturePage.self)
    #expect(page.nature.raises == nil && page.nature.lowers == nil && page.nature.likes == nil)
    #expect(page.document.subtitle == "Nature · neutral")
  }

  @Test func theTableListsEveryNatureByID() async throws {
    let page = try await open("natures", nil, as: NaturesPage.self)
    #expect(page.natures.map(\.name) == ["hardy", "timid"])
    guard case .table(let table) = page.document.blocks.first else {
      Issue.record("no table")
      return
    }
    #expect(table.rows[1].map(\.text) == ["Timid", "Speed", "Attack", "Sweet", "Spicy"])
  }
}

@Suite("Opening a page by name")
struct PageDirectoryTests {
  /// The requests for the page, besides the games' order its texts' newest needs (kept once
  /// loaded, else its texts' games alone).
  func pageRequests(_ client: FixtureClient) async -> [String] {
    await client.requests.filter { request in
      !["derived game-order", "version-group?limit=100000", "pokedex?limit=100000"].contains(
        request)
        && !request.hasPrefix("version-group/")
    }
  }

  @Test func anExactNameIsOneRequest() async throws {
    let client = try client()
    _ = try await directory(client).open("ability", "Static")
    #expect(await pageRequests(client) == ["ability/static"])
  }

  @Test func anotherNameReadsTheNamesThenTheOneItMeans() async throws {
    let client = try client()
    _ = try await directory(client).open("ability", "stat")
    #expect(
      await pageRequests(client) == ["ability/stat", "ability?limit=100000", "ability/static"])
  }

  @Test func anIDOpensWithoutTheNames() async throws {
    let client = try client()
    let page = try await directory(client).open("ability", "9")
    #expect(page.title == "Static")
    #expect(await pageRequests(client) == ["ability/9"])
  }

  @Test func theStartOfExactlyOneNameOpensIt() async throws {
    let page = try await directory(try client()).open("ability", "stat")
    #expect(page.address == PageAddress(kind: "ability", key: "static"))
  }

  @Test func severalNamesStartingSoAreListed() async throws {
    let client = try client(extraNames: ["ability": ["stall", "stamina"]])
    await #expect(
      throws: PageError.ambiguous(
        kind: "ability", input: "sta", candidates: ["stall", "stamina", "static"], total: 3)
    ) {
      try await directory(client).open("ability", "sta")
    }
  }

  @Test func aNearNameIsSuggested() async throws {
    await #expect(throws: PageError.unknown(kind: "ability", input: "statik", suggestion: "static"))
    {
      try await directory(try client()).open("ability", "statik")
    }
    await #expect(throws: PageError.unknown(kind: "move", input: "xyzzy", suggestion: nil)) {
      try await directory(try client()).open("move", "xyzzy")
    }
  }

  @Test func slugsWithDoubleHyphensAreFoundAsTyped() async throws {
    let client = try FixtureClient([
      "move": [#"{"id":700,"name":"supersonic-skystrike--physical"}"#]
    ])
    let page = try await directory(client).open("move", "Supersonic Skystrike Physical")
    #expect(page.address.target == .resource("supersonic-skystrike--physical"))
    let prefixed = try await directory(client).open("move", "supersonic")
    #expect(prefixed.address.target == .resource("supersonic-skystrike--physical"))
  }

  @Test func nothingOrTooMuchIsRefusedBeforeAnyRequest() async throws {
    let client = try client()
    await #expect(throws: PageError.invalidName(kind: "item", example: "leftovers")) {
      try await directory(client).open("item", "  '. ")
    }
    await #expect(throws: PageError.invalidName(kind: "item", example: "leftovers")) {
      try await directory(client).open("item", String(repeating: "a", count: 101))
    }
    #expect(await client.requests.isEmpty)
  }

  @Test func anAPIFailureStaysAPIFailure() async throws {
    let client = try FixtureClient([:])
    await #expect(throws: PageError.api(.notFound(resource: "the nature index"))) {
      try await directory(client).open("nature", "timid")
    }
  }
}

@Suite("Each page in JSON, as docs/JSON-OUTPUT.md lists it")
struct PageJSONTests {
  /// The keys documented for each kind (optional ones may be absent).
  static let documented: [String: (required: Set<String>, optional: Set<String>)] = [
    "ability": (
      ["name", "displayName", "id", "holders", "hiddenHolders", "language"],
      ["effect", "flavorText", "generation", "fallbackNote"]
    ),
    "move": (
      ["name", "displayName", "id", "priority", "speciesCount", "learnedBy", "language"],
      [
        "type", "typeName", "damageClass", "power", "accuracy", "pp", "effect", "flavorText",
        "generation", "machine", "fallbackNote", "gameName", "noMachineInGame", "effectChance",
        "today", "cameLater", "chanceNotRecorded",
      ]
    ),
    "type": (
      [
        "name", "displayName", "id", "attacking", "defending", "species", "forms", "typeNames",
        "language",
      ], ["generation", "fallbackNote"]
    ),
    "types": (["types", "factors", "labels"], ["fallbackNote"]),
    "item": (
      ["name", "displayName", "id", "heldBy", "language"],
      [
        "category", "categoryName", "cost", "costGame", "costGameName", "gameName", "effect",
        "flavorText",
        "fallbackNote",
      ]
    ),
    "nature": (
      ["name", "displayName", "id", "statNames"], ["raises", "lowers", "likes", "dislikes"]
    ),
    "natures": (["natures"], []),
  ]

  @Test(
    arguments: [
      ("ability", "static"), ("ability", "mute-thing"), ("move", "fire-punch"),
      ("move", "quick-guard"), ("type", "fire"), ("types", nil), ("item", "leftovers"),
      ("item", "potion"), ("nature", "timid"), ("nature", "hardy"), ("natures", nil),
    ] as [(String, String?)])
  func keys(kind: String, name: String?) async throws {
    let page = try await directory(try client()).open(kind, name)
    #expect(page.address.kind == kind)
    let object = try json(page)
    let keys = try #require(Self.documented[kind])
    #expect(keys.required.isSubset(of: object.keys), "\(kind) \(name ?? "")")
    #expect(
      Set(object.keys).subtracting(keys.required).isSubset(of: keys.optional),
      "\(kind): \(Set(object.keys).subtracting(keys.required).subtracting(keys.optional))")
  }
}

@Suite("The species page as a document")
struct SpeciesPageTests {
  private static let raichu = SpeciesDetailViewModel(
    id: 26, name: "raichu", displayName: "Raichu", genus: "Mouse Pokémon", types: ["Electric"],
    heightCentimetres: 80, weightKilograms: 30, genderRatio: "50% ♂ · 50% ♀",
    abilities: [.init(name: "Static", isHidden: false, slug: "static", slot: 1)],
    stats: [.init(name: "Speed", value: 110, slug: "speed")], baseStatTotal: 110,
    flavorText: "Its tail discharges electricity.", isBaby: false, isLegendary: false,
    isMythical: false, evolutionChainID: 10,
    forms: [
      .init(name: "raichu", displayName: "Raichu", pokemonID: 26, isDefault: true),
      .init(name: "raichu-alola", displayName: "Raichu-Alola", pokemonID: 10100, isDefault: false),
    ])

  @Test func shorterShapesCutTheFormsThenTheTipThenGoCompact() throws {
    let shapes = SpeciesPage.shapes(Self.raichu, tip: "Tip: download image.")
    #expect(shapes.fitting.count == 4)
    let labels = shapes.fitting.map { shape -> [String] in
      shape.blocks.flatMap { block -> [String] in
        guard case .facts(let facts) = block else { return [] }
        return facts.map(\.label)
      }
    }
    #expect(labels[0] == ["Type", "Height", "Weight", "Gender", "Abilities", "Forms"])
    #expect(labels[3] == ["Type", "Size", "Gender", "Abilities", "Forms"])
    func hasTip(_ document: PageDocument) -> Bool {
      document.blocks.contains { $0 == .text("Tip: download image.", .action) }
    }
    #expect(hasTip(shapes.fitting[1]) && !hasTip(shapes.fitting[2]))
    #expect(shapes.fitting[3].tight && !shapes.fitting[2].tight)
    // The form shown is marked and kept first when the forms are cut.
    guard case .facts(let facts) = shapes.fitting[0].blocks[0],
      case .items(let forms, let maxLines, let kept) = facts.last?.value
    else {
      Issue.record("no forms")
      return
    }
    #expect(forms.map { $0.map(\.text).joined() } == ["Raichu ◀", "Raichu-Alola"])
    #expect(maxLines == 2 && kept == [0])
    #expect(shapes.fitting[0].badges.map(\.text).joined() == "  #26")
    #expect(
      shapes.fitting[0].blocks.contains { $0 == .text("“Its tail discharges electricity.”", .dim) })
  }
}
