import APIClient
import DetailFeature
import DetailModels
import Locking
import Models
import Pages
import SyncFeature
import TestSupport
import Testing

/// Pikachu's details as the detail feature shows them: abilities and types in words, in English
/// or, `inFrench`, in French (the slugs the same).
private struct PikachuDetails: SpeciesDetails {
  var inFrench = false

  func open(
    _ input: String, glossary: Glossary
  ) async throws(DetailError) -> SpeciesDetailViewModel {
    try await details(of: .id(25), form: nil, glossary: glossary)
  }

  func details(
    of key: SpeciesKey, form: Int?, glossary: Glossary
  ) async throws(DetailError) -> SpeciesDetailViewModel {
    var details = SpeciesDetailViewModel(
      id: 25, name: "pikachu", displayName: "Pikachu", genus: nil,
      types: [inFrench ? "Électrik" : "Electric"],
      heightCentimetres: 40, weightKilograms: 6, genderRatio: "50% ♂ · 50% ♀",
      abilities: [
        .init(name: inFrench ? "Statik" : "Static", isHidden: false, slug: "static"),
        .init(
          name: inFrench ? "Paratonnerre" : "Lightning Rod", isHidden: true, slug: "lightning-rod"),
      ],
      stats: [], baseStatTotal: 0, flavorText: nil, isBaby: false, isLegendary: false,
      isMythical: false, evolutionChainID: nil)
    details.typeSlugs = ["electric"]
    return details
  }

  func evolution(
    of key: SpeciesKey, glossary: Glossary
  ) async throws(DetailError) -> EvolutionTreeViewModel {
    EvolutionTreeViewModel(
      chainID: nil, selectedSpeciesID: 25,
      root: EvolutionNode(
        id: 25, name: "pikachu", displayName: "Pikachu", isBaby: false, isSelected: true,
        children: []))
  }
}

private func client() throws -> FixtureClient {
  let game = #"{"name":"red-blue","url":"https://x.test/api/v2/version-group/1/"}"#
  return try FixtureClient([
    "ability": [#"{"id":9,"name":"static"}"#, #"{"id":31,"name":"lightning-rod"}"#],
    "type": [#"{"id":13,"name":"electric","damage_relations":{}}"#],
    "pokemon": [
      #"""
      {"id":25,"name":"pikachu","moves":[{"move":{"name":"thunder-shock","url":"https://x.test/api/v2/move/84/"},
       "version_group_details":[{"level_learned_at":1,"move_learn_method":{"name":"level-up"},"version_group":\#(game)}]}]}
      """#
    ],
    "move": [#"{"id":84,"name":"thunder-shock"}"#],
  ])
}

private func sync(
  _ client: FixtureClient, kinds: [PageKind], inFrench: Bool = false
) -> SyncFeature {
  SyncFeature(
    species: SpeciesKind(details: PikachuDetails(inFrench: inFrench)), images: nil,
    pages: PageDirectory(kinds: kinds))
}

@Suite("sync stores the pages a species links to")
struct PageSyncTests {
  @Test func theAbilitiesTypesAndLearnsetOfEachSpecies() async throws {
    let client = try client()
    let kinds = [
      AbilityFeature.kind(client: client), TypeFeature.kind(client: client),
      LearnsetFeature.kind(client: client),
    ]
    let plain = await sync(client, kinds: kinds).run(ids: [25], withImages: false)
    #expect(plain.synced == 1 && plain.isComplete)
    // Requests, not the reads of kept values (the games' order, for the texts' newest).
    let requests = Set(await client.requests.filter { !$0.hasPrefix("derived ") })
    #expect(
      requests.isSuperset(of: [
        "ability/static", "ability/lightning-rod", "type/electric", "pokemon/25", "move/84",
      ]))
    // `--moves`, kept for scripts, asks for nothing more.
    let before = await client.requests.filter { !$0.hasPrefix("derived ") }.count
    let withMoves = await sync(client, kinds: kinds).run(
      ids: [25], withImages: false, withMoves: true)
    #expect(withMoves.isComplete)
    let after = await client.requests.filter { !$0.hasPrefix("derived ") }.count
    #expect(after - before == before)
  }

  @Test func inALanguageThePagesAreAskedForBySlugNotByTheNamesShown() async throws {
    let client = try client()
    let kinds = [AbilityFeature.kind(client: client), TypeFeature.kind(client: client)]
    let summary = await sync(client, kinds: kinds, inFrench: true).run(
      ids: [25], withImages: false)
    #expect(summary.synced == 1 && summary.isComplete)
    #expect(
      Set(await client.requests.filter { !$0.hasPrefix("derived ") }) == [
        "ability/static", "ability/lightning-rod", "type/electric",
      ])
  }

  /// `game red` then `sync`: `open` offline shows Red's Pokédex text, so sync loads it.
  @Test func withAGameItsPokedexTextOfEachSpecies() async throws {
    let client = try client()
    let asked = Locked<[String]>([])
    let species = SpeciesKind(details: PikachuDetails(inFrench: false)) { detail, game, _ in
      asked.withLock { $0.append("\(detail.id) \(game.version ?? game.group)") }
      return detail
    }
    let feature = SyncFeature(
      species: species, images: nil,
      pages: PageDirectory(kinds: [TypeFeature.kind(client: client)]))
    _ = await feature.run(ids: [25], withImages: false)
    #expect(asked.withLock { $0 } == [])
    let summary = await feature.run(
      ids: [25], withImages: false,
      in: PageContext(game: SessionGame(group: "red-blue", version: "red")))
    #expect(summary.synced == 1)
    #expect(asked.withLock { $0 } == ["25 red"])
  }

  @Test func onlyTheKindsItIsGiven() async throws {
    let client = try client()
    _ = await sync(client, kinds: [TypeFeature.kind(client: client)]).run(
      ids: [25], withImages: false, withMoves: true)
    #expect(await client.requests == ["type/electric"])
  }

  @Test func aPageThatFailsFailsTheSpecies() async throws {
    let client = try FixtureClient(["type": [#"{"id":13,"name":"electric"}"#]])
    let summary = await sync(client, kinds: [AbilityFeature.kind(client: client)]).run(
      ids: [25], withImages: false)
    #expect(summary.synced == 0)
    #expect(
      summary.failures.first?.reason == .pages(.api(.notFound(resource: #"ability "static""#)))
        || summary.failures.first?.reason
          == .pages(.api(.notFound(resource: #"ability "lightning-rod""#)))
    )
  }

  /// `sync --moves` stores what `moves` shows offline: a learnset whose machine could not be
  /// fetched shows `—` for its number, so the species is not synced.
  @Test func aLearnsetWhoseMachineFailedFailsTheSpecies() async throws {
    let game = #"{"name":"red-blue","url":"https://x.test/api/v2/version-group/1/"}"#
    let client = try FixtureClient([
      "pokemon": [
        #"""
        {"id":25,"name":"pikachu","moves":[{"move":{"name":"thunderbolt","url":"https://x.test/api/v2/move/85/"},
         "version_group_details":[{"level_learned_at":0,"move_learn_method":{"name":"machine"},"version_group":\#(game)}]}]}
        """#
      ],
      "move": [
        #"""
        {"id":85,"name":"thunderbolt","machines":[{"machine":{"url":"https://x.test/api/v2/machine/24/"},
         "version_group":\#(game)}]}
        """#
      ],
    ])
    let summary = await sync(client, kinds: [LearnsetFeature.kind(client: client)]).run(
      ids: [25], withImages: false, withMoves: true)
    #expect(summary.synced == 0)
    #expect(summary.failures.first?.reason == .pages(.api(.notFound(resource: "machine #24"))))
    #expect(await client.requests.contains("machine/24"))
  }

  /// `sync` then stores every page of the kinds not about one species: each name's and the
  /// whole kinds', so that `ability NAME` opens offline for any ability.
  @Test func everyPageOfTheKindsNotAboutOneSpecies() async throws {
    let client = try FixtureClient([
      "ability": [
        #"{"id":9,"name":"static"}"#, #"{"id":31,"name":"lightning-rod"}"#,
        #"{"id":65,"name":"overgrow"}"#,
      ],
      "type": [#"{"id":13,"name":"electric","damage_relations":{}}"#],
    ])
    let feature = sync(
      client,
      kinds: [
        AbilityFeature.kind(client: client), TypeFeature.kind(client: client),
        LearnsetFeature.kind(client: client),
      ])
    let lines = Locked<[String]>([])
    let kinds = await feature.syncEveryKind(in: PageContext()) { line in
      lines.withLock { $0.append(line) }
    }
    #expect(kinds == SyncFeature.KindPages(pages: 4))
    let requests = Set(await client.requests)
    #expect(
      requests.isSuperset(of: [
        "ability/static", "ability/lightning-rod", "ability/overgrow", "type/electric",
      ]))
    // The learnset is about one species: not asked for here.
    #expect(!requests.contains { $0.hasPrefix("pokemon/") })
    #expect(lines.withLock { $0.last } == "Syncing the pages of every kind 4/4")
  }
}
