import APIClient
import DetailFeature
import DetailModels
import Foundation
import Models
import Pages
import Testing

private func species(
  _ id: Int, _ name: String, types: [String], stats: [Int], weak: [String: Double] = [:],
  immune: [String] = []
) -> SpeciesDetailViewModel {
  let names = ["HP", "Attack", "Defense", "Sp. Atk", "Sp. Def", "Speed"]
  var detail = SpeciesDetailViewModel(
    id: id, name: name, displayName: DisplayName.of(name), genus: nil, types: types,
    heightCentimetres: 40, weightKilograms: 6, genderRatio: "",
    abilities: [.init(name: "Static", isHidden: false)],
    stats: zip(names, stats).map { .init(name: $0, value: $1) },
    baseStatTotal: stats.reduce(0, +), flavorText: nil, isBaby: false, isLegendary: false,
    isMythical: false, evolutionChainID: nil)
  detail.matchups = TypeMatchups(
    weaknesses: weak.filter { $0.value > 1 }.map { .init(type: $0.key, multiplier: $0.value) },
    resistances: weak.filter { $0.value < 1 }.map { .init(type: $0.key, multiplier: $0.value) },
    immunities: immune)
  return detail
}

private let known = [
  "pikachu": species(
    25, "pikachu", types: ["Electric"], stats: [35, 55, 40, 50, 50, 90], weak: ["Ground": 2]),
  "raichu": species(
    26, "raichu", types: ["Electric"], stats: [60, 90, 55, 90, 80, 110], weak: ["Ground": 2]),
  "twin": species(
    900, "twin", types: ["Electric"], stats: [60, 90, 55, 90, 80, 110], weak: ["Ground": 2]),
  "pelipper": species(
    279, "pelipper", types: ["Water", "Flying"], stats: [60, 50, 100, 95, 70, 65],
    weak: ["Electric": 4, "Rock": 2], immune: ["Ground"]),
]

private func compare(_ argument: String, selection: String? = nil) async throws -> ComparePage {
  let directory = PageDirectory(kinds: [CompareFeature.kind(details: FixedDetails(known: known))])
  return try #require(
    try await directory.open("compare", argument, selectionName: selection) as? ComparePage)
}

@Suite("Compare")
struct CompareTests {
  @Test func twoSideBySideTheHigherMarked() async throws {
    let page = try await compare("pikachu raichu")
    #expect(page.species.map(\.name) == ["pikachu", "raichu"])
    #expect(page.title == "Pikachu vs Raichu")
    #expect(page.matchups.isEmpty)
    guard case .table(let table) = page.document.blocks.first else {
      Issue.record("no table")
      return
    }
    let hp = try #require(table.rows.first { $0.first?.text == "HP" })
    #expect(hp[1].role == .plain && hp[2].role == .marked)
    #expect(hp[2].text.hasSuffix("60 ▲"))
  }

  @Test func equalStatsMarkNothing() async throws {
    let page = try await compare("raichu twin")
    guard case .table(let table) = page.document.blocks.first else {
      Issue.record("no table")
      return
    }
    #expect(!table.rows.contains { $0.contains { $0.role == .marked } })
  }

  @Test func threeAndTheMatchupsWhereTheyDiffer() async throws {
    let page = try await compare("pikachu raichu pelipper")
    #expect(page.species.count == 3)
    let byType = Dictionary(uniqueKeysWithValues: page.matchups.map { ($0.type, $0.factors) })
    #expect(byType["Electric"] == [1, 1, 4])
    #expect(byType["Ground"] == [2, 2, 0])
    #expect(byType["Rock"] == [1, 1, 2])
    #expect(page.matchups.first?.type == "Electric")
  }

  @Test func oneNameComparesWithTheOpenSpecies() async throws {
    let page = try await compare("raichu", selection: "pikachu")
    #expect(page.species.map(\.id) == [25, 26])
    await #expect(throws: PageError.needsSelection(kind: "compare")) {
      try await compare("raichu")
    }
  }

  @Test func backShowsTheSameByName() async throws {
    let page = try await compare("raichu", selection: "pikachu")
    #expect(
      page.address
        == PageAddress(
          kind: "compare", target: .arguments(selection: nil, words: ["pikachu", "raichu"])))
    let directory = PageDirectory(kinds: [CompareFeature.kind(details: FixedDetails(known: known))])
    let again = try await directory.show(page.address)
    #expect((again as? ComparePage) == page)
  }

  @Test func anUnknownNameIsSaid() async throws {
    await #expect(throws: PageError.unknown(kind: "Pokémon", input: "xyzzy", suggestion: nil)) {
      try await compare("pikachu xyzzy")
    }
  }

  @Test func jsonGivesTheSameFacts() async throws {
    let object = try json(try await compare("pikachu pelipper"))
    #expect(Set(object.keys) == ["species", "matchups"])
    let first = try #require((object["species"] as? [[String: Any]])?.first)
    #expect(
      Set(first.keys) == [
        "id", "name", "displayName", "types", "heightCentimetres", "weightKilograms",
        "abilities", "stats", "baseStatTotal",
      ])
  }
}
