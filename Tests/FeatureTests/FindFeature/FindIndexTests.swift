import FindFeature
import Testing

/// A small Pokédex written as the builder writes one, made up for the terms: Clefairy (Normal
/// until Generation VI, then Fairy), its baby Cleffa (Generation II) and Clefable (by a stone),
/// Gengar (Levitate in Generations III–VI), Gyarados (Water / Flying: ×4 from Electric, immune to
/// Ground), Mewtwo (legendary, with a Mega form of Generation VI) and Mew (mythical).
private func pokedex() async throws -> FindIndex {
  let index = try FindIndex.inMemoryIndex()
  try await index.store(
    .games([
      IndexedGame(id: 1, name: "red-blue", generation: 1),
      IndexedGame(id: 8, name: "diamond-pearl", generation: 4),
      IndexedGame(id: 25, name: "scarlet-violet", generation: 9),
    ]))
  for era in [0, 1, 4, 9] {
    var factors: [(attacking: String, defending: String, factor: Double)] = [
      ("electric", "water", 2), ("electric", "flying", 2), ("ground", "flying", 0),
      ("ground", "poison", 2), ("ice", "water", 0.5), ("ice", "flying", 2),
      ("normal", "ghost", 0), ("fighting", "ghost", 0), ("psychic", "poison", 2),
    ]
    if era == 1 { factors.append(("ghost", "psychic", 0)) }
    try await index.store(.chart(era: era, factors: factors))
  }
  try await index.store(.eggGroups(["fairy": [35, 36], "water2": [130], "amorphous": [94]]))
  try await index.store(.pokedexes(["kanto": [(35, 41), (36, 42), (94, 94), (130, 129)]]))
  try await index.store(.chain(id: 14, evolutions: [(173, 35, "level-up"), (35, 36, "use-item")]))
  try await index.store(.chain(id: 40, evolutions: [(92, 93, "level-up"), (93, 94, "trade")]))
  let eras = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
  func facts(
    _ types: (Int) -> [String], _ stats: [Int], abilities: (Int) -> [(String, Bool)] = { _ in [] }
  ) -> [Int: EraFacts] {
    Dictionary(
      uniqueKeysWithValues: eras.map { era in
        let fields: [FindField] = [.hp, .atk, .def, .spa, .spd, .spe]
        var values = Dictionary(uniqueKeysWithValues: zip(fields, stats))
        if era == 1 { values[.spd] = values[.spa] }  // Special, read by both
        return (
          era,
          EraFacts(
            types: types(era), stats: values,
            abilities: era == 1 || era == 2 ? [] : abilities(era).map { ($0.0, $0.1) })
        )
      })
  }
  func clefairyTypes(_ era: Int) -> [String] { era == 0 || era >= 6 ? ["fairy"] : ["normal"] }
  let species = [
    IndexedSpecies(
      id: 35, name: "clefairy", generation: 1, color: "pink", shape: "humanoid", chain: 14,
      pokemon: [
        IndexedPokemon(
          id: 35, name: "clefairy", isDefault: true, heightCentimetres: 60,
          weightKilograms: 7.5, eras: facts(clefairyTypes, [70, 45, 48, 60, 65, 35]),
          learned: [.init(move: 58, game: 1, method: "machine")])
      ]),
    IndexedSpecies(
      id: 36, name: "clefable", generation: 1, color: "pink", shape: "humanoid", chain: 14,
      pokemon: [
        IndexedPokemon(
          id: 36, name: "clefable", isDefault: true, heightCentimetres: 130,
          weightKilograms: 40, eras: facts(clefairyTypes, [95, 70, 73, 95, 90, 60]))
      ]),
    IndexedSpecies(
      id: 173, name: "cleffa", generation: 2, isBaby: true, color: "pink", shape: "humanoid",
      chain: 14,
      pokemon: [
        IndexedPokemon(
          id: 173, name: "cleffa", isDefault: true, heightCentimetres: 30, weightKilograms: 3,
          eras: facts(clefairyTypes, [50, 25, 28, 45, 55, 15]))
      ]),
    IndexedSpecies(
      id: 94, name: "gengar", generation: 1, color: "purple", shape: "humanoid", chain: 40,
      pokemon: [
        IndexedPokemon(
          id: 94, name: "gengar", isDefault: true, heightCentimetres: 150,
          weightKilograms: 40.5,
          eras: facts(
            { _ in ["ghost", "poison"] }, [60, 65, 60, 130, 75, 110],
            abilities: { era in
              era >= 3 && era <= 6 ? [("levitate", false)] : [("cursed-body", false)]
            }),
          learned: [.init(move: 8, game: 8, method: "tutor")])
      ]),
    IndexedSpecies(
      id: 130, name: "gyarados", generation: 1, color: "blue", shape: "squiggle", chain: 60,
      pokemon: [
        IndexedPokemon(
          id: 130, name: "gyarados", isDefault: true, heightCentimetres: 650,
          weightKilograms: 235,
          eras: facts(
            { _ in ["water", "flying"] }, [95, 125, 79, 60, 100, 81],
            abilities: { _ in [("intimidate", false), ("moxie", true)] }),
          learned: [
            .init(move: 58, game: 1, method: "machine"),
            .init(move: 58, game: 25, method: "machine"),
          ])
      ]),
    IndexedSpecies(
      id: 150, name: "mewtwo", generation: 1, isLegendary: true, color: "purple",
      shape: "upright", chain: 77,
      pokemon: [
        IndexedPokemon(
          id: 150, name: "mewtwo", isDefault: true, heightCentimetres: 200,
          weightKilograms: 122, eras: facts({ _ in ["psychic"] }, [106, 110, 90, 154, 90, 130])),
        IndexedPokemon(
          id: 10043, name: "mewtwo-mega-x", isDefault: false, heightCentimetres: 230,
          weightKilograms: 127, generation: 6,
          eras: facts({ _ in ["psychic", "fighting"] }, [106, 190, 100, 154, 100, 130])),
      ]),
    IndexedSpecies(
      id: 151, name: "mew", generation: 1, isMythical: true, color: "pink", shape: "upright",
      chain: 78,
      pokemon: [
        IndexedPokemon(
          id: 151, name: "mew", isDefault: true, heightCentimetres: 40, weightKilograms: 4,
          eras: facts({ _ in ["psychic"] }, [100, 100, 100, 100, 100, 100]),
          learned: [.init(move: 58, game: 25, method: "machine")])
      ]),
  ]
  for one in species { try await index.store(one) }
  try await index.store([
    IndexedMove(
      id: 58, name: "ice-beam", generation: 1, priority: 0,
      values: [
        0: .init(type: "ice", damageClass: "special", power: 90, accuracy: 100, pp: 10),
        1: .init(type: "ice", damageClass: "special", power: 95, accuracy: 100, pp: 10),
        25: .init(type: "ice", damageClass: "special", power: 90, accuracy: 100, pp: 10),
      ]),
    IndexedMove(
      id: 8, name: "ice-punch", generation: 1, priority: 0,
      values: [
        0: .init(type: "ice", damageClass: "physical", power: 75, accuracy: 100, pp: 15),
        1: .init(type: "ice", damageClass: "special", power: 75, accuracy: 100, pp: 15),
      ]),
    IndexedMove(
      id: 98, name: "quick-attack", generation: 1, priority: 1,
      values: [0: .init(type: "normal", damageClass: "physical", power: 40, accuracy: 100, pp: 30)]),
    IndexedMove(
      id: 398, name: "poison-jab", generation: 4, priority: 0,
      values: [0: .init(type: "poison", damageClass: "physical", power: 80, accuracy: 100, pp: 20)]),
    IndexedMove(
      id: 150, name: "splash", generation: 1, priority: 0,
      values: [0: .init(type: "normal", damageClass: "status", power: nil, accuracy: nil, pp: 40)]),
  ])
  return index
}

/// The ids `index` finds for `terms`, in order, on every page.
private func ids(in index: FindIndex, _ terms: [FindPlan.Term]) async throws -> [Int] {
  try await index.answer(FindPlan(terms: terms, pageSize: nil)).rows.map(\.id)
}

/// The ids `plan` finds, in order, on every page.
private func ids(
  _ terms: [FindPlan.Term], sort: [FindSort] = [], forms: Bool = false, generation: Int? = nil,
  game: Int? = nil, species: Set<Int>? = nil, subject: FindQuery.Subject = .species
) async throws -> [Int] {
  let plan = FindPlan(
    subject: subject, terms: terms, sort: sort, forms: forms, generation: generation, game: game,
    species: species, pageSize: nil)
  return try await pokedex().answer(plan).rows.map(\.id)
}

@Suite("find's index: each term as SQL")
struct FindIndexTests {
  @Test func typesAreTheEras() async throws {
    #expect(try await ids([.init(.type, .slugs(["fairy"]))]) == [35, 36, 173])
    // In Red: Normal, and Cleffa (Generation II) is not there yet.
    #expect(try await ids([.init(.type, .slugs(["fairy"]))], generation: 1).isEmpty)
    #expect(try await ids([.init(.type, .slugs(["normal"]))], generation: 1) == [35, 36])
    // Either, and not.
    #expect(try await ids([.init(.type, .slugs(["water", "ghost"]))]) == [94, 130])
    #expect(
      try await ids([
        .init(.type, .slugs(["psychic"]), negated: true), .init(.gen, .within([1...1])),
      ])
        == [35, 36, 94, 130])
  }

  @Test func generationsAndRanges() async throws {
    #expect(try await ids([.init(.gen, .within([2...2]))]) == [173])
    #expect(try await ids([.init(.gen, .within([1...1]), negated: true)]) == [173])
    #expect(try await ids([.init(.gen, .within([2...3, 1...1]))]).count == 7)
  }

  @Test func statsComparedAndSorted() async throws {
    #expect(try await ids([.init(.spe, .compare(.greater, 100))]) == [94, 150])
    #expect(
      try await ids(
        [.init(.spe, .compare(.greaterOrEqual, 100))], sort: [FindSort(.spe, descending: true)])
        == [150, 94, 151])
    #expect(
      try await ids([
        .init(.spe, .compare(.notEqual, 100)), .init(.spe, .compare(.lessOrEqual, 35)),
      ]) == [35, 173])
    // Generation I: one Special, which spd reads too, and a total of five stats.
    #expect(try await ids([.init(.spd, .compare(.equal, 130))], generation: 1) == [94])
    let plan = FindPlan(terms: [.init(.bst, .compare(.greater, 0))], generation: 1, pageSize: nil)
    let mewtwo = try await pokedex().answer(plan).rows.first { $0.id == 150 }
    let special: Double = 106 + 110 + 90 + 154 + 130  // one Special, no Sp. Def
    #expect(mewtwo?.values[.bst] == special)
    #expect(try await ids([.init(.bst, .compare(.equal, 680))]) == [150])
  }

  @Test func sizes() async throws {
    #expect(try await ids([.init(.height, .compare(.greater, 200))]) == [130])
    #expect(try await ids([.init(.weight, .compare(.less, 5))]) == [151, 173])
  }

  @Test func matchupsFromTheTypesAndTheChart() async throws {
    #expect(try await ids([.init(.weak, .slugs(["electric"]))]) == [130])
    #expect(try await ids([.init(.immune, .slugs(["ground"]))]) == [130])
    // ×0 is not a resistance; Water / Flying takes ×1 from Ice.
    #expect(try await ids([.init(.resists, .slugs(["ground"]))]).isEmpty)
    #expect(try await ids([.init(.weak, .slugs(["ice"]))]).isEmpty)
    #expect(try await ids([.init(.resists, .slugs(["ice"]))]).isEmpty)
    #expect(try await ids([.init(.immune, .slugs(["normal", "ground"]))]) == [94, 130])
    #expect(try await ids([.init(.weak, .slugs(["ground", "psychic"]))]) == [94])
    // Generation I's chart: Ghost does nothing to Psychic.
    #expect(try await ids([.init(.immune, .slugs(["ghost"]))], generation: 1) == [150, 151])
    #expect(try await ids([.init(.immune, .slugs(["ghost"]))]).isEmpty)
  }

  @Test func abilitiesOfTheEra() async throws {
    #expect(try await ids([.init(.ability, .slugs(["levitate"]))]).isEmpty)
    #expect(try await ids([.init(.ability, .slugs(["levitate"]))], generation: 4) == [94])
    #expect(try await ids([.init(.ability, .slugs(["intimidate"]))], generation: 2).isEmpty)
    #expect(try await ids([.init(.hidden, .slugs(["moxie"]))]) == [130])
    #expect(try await ids([.init(.hidden, .slugs(["intimidate"]))]).isEmpty)
  }

  @Test func learnsetsInTheGameByMethod() async throws {
    #expect(try await ids([.init(.learns, .moves([.init(move: 58)]))]) == [35, 130, 151])
    #expect(
      try await ids([.init(.learns, .moves([.init(move: 58)]))], generation: 1, game: 1) == [
        35, 130,
      ])
    #expect(
      try await ids(
        [.init(.learns, .moves([.init(move: 58, method: "level-up")]))], generation: 1, game: 1
      ).isEmpty)
    #expect(
      try await ids([.init(.learns, .moves([.init(move: 58, method: "machine"), .init(move: 8)]))])
        == [35, 94, 130, 151])
    #expect(
      try await ids([.init(.learns, .moves([.init(move: 58)]), negated: true)])
        == [36, 173, 94, 150]
        .sorted())
  }

  @Test func speciesFacts() async throws {
    #expect(try await ids([.init(.legendary, .present)]) == [150])
    #expect(try await ids([.init(.mythical, .present)]) == [151])
    #expect(try await ids([.init(.baby, .present)]) == [173])
    #expect(
      try await ids([.init(.color, .slugs(["pink"])), .init(.shape, .slugs(["upright"]))]) == [151])
    #expect(try await ids([.init(.egg, .slugs(["fairy", "water2"]))]) == [35, 36, 130])
    #expect(
      try await ids([.init(.dex, .slugs(["kanto"])), .init(.spe, .compare(.less, 60))]) == [35])
  }

  @Test func evolutionsInTheGame() async throws {
    #expect(try await ids([.init(.final, .present)]) == [36, 94, 130, 150, 151])
    #expect(try await ids([.init(.evolves, .present)]) == [35, 173])
    #expect(try await ids([.init(.evolves, .slugs(["use-item"]))]) == [35])
    #expect(try await ids([.init(.evolves, .slugs(["trade"]))]).isEmpty)
    // In Red, Cleffa is not there, nor is anything it evolves into missing.
    #expect(try await ids([.init(.final, .present)], generation: 1) == [36, 94, 130, 150, 151])
  }

  @Test func formsAreRowsOfTheirOwnInTheirGeneration() async throws {
    #expect(try await ids([.init(.type, .slugs(["fighting"]))]).isEmpty)
    #expect(try await ids([.init(.type, .slugs(["fighting"]))], forms: true) == [10043])
    #expect(try await ids([.init(.type, .slugs(["fighting"]))], forms: true, generation: 4).isEmpty)
    #expect(try await ids([.init(.type, .slugs(["psychic"]))], forms: true) == [150, 10043, 151])
  }

  @Test func theGenderFilterOnTopAndPages() async throws {
    #expect(try await ids([.init(.gen, .within([1...9]))], species: [35, 94, 999]) == [35, 94])
    let index = try await pokedex()
    let plan = FindPlan(terms: [.init(.gen, .within([1...9]))], page: 3, pageSize: 3)
    let third = try await index.answer(plan)
    #expect(third.total == 7 && third.rows.map(\.id) == [173])
    var past = plan
    past.page = 9
    let none = try await index.answer(past)
    #expect(none.rows.isEmpty && none.total == 7)
  }

  @Test func theRowsCarryTheirTypesAndTheNumbersNamed() async throws {
    let plan = FindPlan(
      terms: [.init(.spe, .compare(.greater, 100))], sort: [FindSort(.bst, descending: true)],
      pageSize: nil)
    #expect(plan.shownFields == [.spe, .bst])
    let rows = try await pokedex().answer(plan).rows
    #expect(rows.map(\.types) == [["psychic"], ["ghost", "poison"]])
    #expect(rows.map { $0.values[.spe] } == [130, 110])
    #expect(rows.map { $0.values[.bst] } == [680, 500])
  }

  @Test func movesByTheirNumbersInTheGame() async throws {
    func moves(
      _ terms: [FindPlan.Term], sort: [FindSort] = [], generation: Int? = nil, game: Int? = nil
    )
      async throws -> [Int]
    {
      try await ids(terms, sort: sort, generation: generation, game: game, subject: .moves)
    }
    #expect(try await moves([.init(.type, .slugs(["ice"]))]) == [8, 58])
    #expect(try await moves([.init(.moveClass, .slugs(["physical"]))]) == [8, 98, 398])
    // In Red, Ice Punch was special, Ice Beam had 95 power, and Poison Jab was not there.
    #expect(
      try await moves([.init(.moveClass, .slugs(["physical"]))], generation: 1, game: 1) == [98])
    #expect(
      try await moves([.init(.power, .compare(.greater, 90))], generation: 1, game: 1) == [58])
    #expect(try await moves([.init(.power, .compare(.greater, 90))]).isEmpty)
    #expect(try await moves([.init(.priority, .compare(.greater, 0))]) == [98])
    #expect(try await moves([.init(.gen, .within([4...4]))]) == [398])
    // No power: not more than 50, so a negated comparison holds.
    #expect(try await moves([.init(.power, .compare(.greater, 50), negated: true)]) == [98, 150])
    #expect(try await moves([.init(.pp, .compare(.equal, 10))], sort: [FindSort(.power)]) == [58])
    #expect(try await moves([.init(.learnedBy, .species([130]))]) == [58])
    #expect(
      try await moves([.init(.learnedBy, .species([94, 151]))], generation: 9, game: 25) == [58])
    #expect(try await moves([.init(.learnedBy, .species([94]))], generation: 4, game: 8) == [8])
  }

  @Test func aBuildLeftOffIsKnownByWhatWasMarkedDone() async throws {
    let index = try await pokedex()
    let done = try await index.done()
    #expect(done["species/35"] == true && done["move/58"] == true && done["chain/14"] == true)
    #expect(done["species/1"] == nil)
    // A species the server no longer has: marked so, and what was kept of it goes.
    try await index.markAbsent(species: 94)
    #expect(try await index.done()["species/94"] == false)
    #expect(try await ids(in: index, [.init(.type, .slugs(["ghost"]))]).isEmpty)
    #expect(try await index.moveID("ice-beam") == 58)
    #expect(try await index.holds("fairy", as: .type))
    #expect(try await index.holds("intimidate", as: .ability))
    #expect(try await !index.holds("static", as: .ability))
    #expect(try await index.holds("use-item", as: .evolves))
    #expect(try await index.holds("pink", as: .color))
    #expect(try await index.games().map(\.name) == ["red-blue", "diamond-pearl", "scarlet-violet"])
    #expect(try await index.generation(ofGame: "diamond-pearl") == 4)
    try await index.removeAll()
    #expect(try await index.done().isEmpty)
    #expect(try await index.counts().species == 0)
  }

  @Test func theQueryAsSlugs() {
    let plan = FindPlan(
      terms: [
        .init(.type, .slugs(["fire", "water"]), negated: true),
        .init(.spe, .compare(.greaterOrEqual, 100)), .init(.gen, .within([1...3, 5...5])),
        .init(.legendary, .present),
      ], sort: [FindSort(.bst, descending: true)])
    #expect(
      plan.words(all: true) == [
        "-type:fire|water", "spe>=100", "gen:1-3|5", "legendary", "sort:-bst", "--all",
      ])
  }

  @Test func aSpeciesWrittenAgainLeavesNothingOfAFormThatIsGone() async throws {
    let index = try await pokedex()
    let today = EraFacts(types: ["psychic"], stats: [.spe: 130], abilities: [])
    try await index.store(
      IndexedSpecies(
        id: 150, name: "mewtwo", generation: 1, isLegendary: true,
        pokemon: [
          IndexedPokemon(
            id: 150, name: "mewtwo", isDefault: true, heightCentimetres: 200,
            weightKilograms: 122, eras: [0: today])
        ]))
    let plan = FindPlan(terms: [.init(.type, .slugs(["fighting"]))], forms: true, pageSize: nil)
    #expect(try await index.answer(plan).rows.isEmpty)
  }

  @Test func aPagePastAnyNumberAsksPastTheEnd() async throws {
    let plan = FindPlan(terms: [.init(.gen, .within([1...9]))], page: .max, pageSize: 18)
    let answer = try await pokedex().answer(plan)
    #expect(answer.rows.isEmpty && answer.total == 7)
  }
}
