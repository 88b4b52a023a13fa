import APIClient
import CommandLanguage
import DetailModels
import Models

/// `GET pokemon-species/{id}`, what breeding needs only: its egg groups, hatch counter, gender
/// rate and chain (apart from the details' decoding of the same URL).
public struct BreedingFacts: APIResource, Hashable {
  public static let path = "pokemon-species"
  public static let representation = "breeding"

  public var id: Int
  public var name: String
  /// The egg groups' slugs (`field`, `fairy`; `no-eggs` for those that cannot breed).
  public var eggGroups: [String]
  /// Egg cycles: an egg hatches after 255 × (counter + 1) steps.
  public var hatchCounter: Int?
  public var genderRate: Int
  public var evolutionChainID: Int?

  public init(
    id: Int, name: String, eggGroups: [String], hatchCounter: Int?, genderRate: Int,
    evolutionChainID: Int?
  ) {
    self.id = id
    self.name = name
    self.eggGroups = eggGroups
    self.hatchCounter = hatchCounter
    self.genderRate = genderRate
    self.evolutionChainID = evolutionChainID
  }

  enum CodingKeys: String, CodingKey {
    case id, name
    case eggGroups = "egg_groups"
    case hatchCounter = "hatch_counter"
    case genderRate = "gender_rate"
    case evolutionChain = "evolution_chain"
    case evolutionChainID = "chain"
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    id = try c.decode(Int.self, forKey: .id)
    name = try c.decode(String.self, forKey: .name)
    // The API's references, or the slugs alone as they are kept.
    if let slugs = try? c.decode([String].self, forKey: .eggGroups) {
      eggGroups = slugs
    } else {
      eggGroups = try c.decodeIfPresent([NamedResource].self, forKey: .eggGroups)?.map(\.name) ?? []
    }
    hatchCounter = try c.decodeIfPresent(Int.self, forKey: .hatchCounter)
    genderRate = try c.decodeIfPresent(Int.self, forKey: .genderRate) ?? -1
    evolutionChainID =
      try c.decodeIfPresent(Int.self, forKey: .evolutionChainID)
      ?? c.decodeIfPresent(ResourceReference.self, forKey: .evolutionChain)?.id
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(id, forKey: .id)
    try c.encode(name, forKey: .name)
    try c.encode(eggGroups, forKey: .eggGroups)
    try c.encodeIfPresent(hatchCounter, forKey: .hatchCounter)
    try c.encode(genderRate, forKey: .genderRate)
    try c.encodeIfPresent(evolutionChainID, forKey: .evolutionChainID)
  }

  /// The steps its egg takes to hatch: 255 × (counter + 1).
  public var hatchSteps: Int? { hatchCounter.map { 255 * ($0 + 1) } }
}

/// `GET egg-group/{id or name}`: its names and the species in it.
public struct EggGroup: APIResource, Hashable {
  public static let path = "egg-group"
  public static let representation = "egg-group+languages"

  public var id: Int
  public var name: String
  @Localized public var names: [LocalizedText]
  @OrEmpty public var species: [NamedResource]

  public init(id: Int, name: String, names: [LocalizedText] = [], species: [NamedResource]) {
    self.id = id
    self.name = name
    self.names = names
    self.species = species
  }

  enum CodingKeys: String, CodingKey {
    case id, name, names
    case species = "pokemon_species"
  }

}

/// `GET evolution-chain/{id}`, what an egg hatches as only: the chain's first stage, whether it
/// is a baby, the stage after it, and the incense a parent must hold for the baby (apart from the
/// evolution tree's decoding of the same URL).
public struct EggChain: APIResource, Hashable {
  public static let path = "evolution-chain"
  public static let representation = "egg"

  public var id: Int
  /// Chains have no name: their id stands for it.
  public var name: String { String(id) }
  /// The chain's first species.
  public var first: NamedResource
  public var firstIsBaby: Bool
  /// What the first evolves into, when it evolves into one species only.
  public var next: NamedResource?
  /// `sea-incense`: a parent holds it, or the egg hatches as ``next``.
  public var babyTriggerItem: String?

  public init(
    id: Int, first: NamedResource, firstIsBaby: Bool, next: NamedResource?,
    babyTriggerItem: String?
  ) {
    self.id = id
    self.first = first
    self.firstIsBaby = firstIsBaby
    self.next = next
    self.babyTriggerItem = babyTriggerItem
  }

  private struct Link: Decodable {
    var species: NamedResource
    var isBaby: Bool?
    var evolvesTo: [Link]?

    enum CodingKeys: String, CodingKey {
      case species
      case isBaby = "is_baby"
      case evolvesTo = "evolves_to"
    }
  }

  enum CodingKeys: String, CodingKey {
    case id, chain, first, firstIsBaby, next
    case babyTriggerItem = "baby_trigger_item"
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    id = try c.decode(Int.self, forKey: .id)
    if let chain = try c.decodeIfPresent(Link.self, forKey: .chain) {
      first = chain.species
      firstIsBaby = chain.isBaby ?? false
      next = chain.evolvesTo?.count == 1 ? chain.evolvesTo?.first?.species : nil
      babyTriggerItem = try c.decodeIfPresent(NamedResource.self, forKey: .babyTriggerItem)?.name
    } else {
      // As it is kept.
      first = try c.decode(NamedResource.self, forKey: .first)
      firstIsBaby = try c.decode(Bool.self, forKey: .firstIsBaby)
      next = try c.decodeIfPresent(NamedResource.self, forKey: .next)
      babyTriggerItem = try c.decodeIfPresent(String.self, forKey: .babyTriggerItem)
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(id, forKey: .id)
    try c.encode(first, forKey: .first)
    try c.encode(firstIsBaby, forKey: .firstIsBaby)
    try c.encodeIfPresent(next, forKey: .next)
    try c.encodeIfPresent(babyTriggerItem, forKey: .babyTriggerItem)
  }
}

/// A species as a breeding page lists it.
public struct BreedingSpecies: Codable, Sendable, Hashable {
  public var id: Int
  public var name: String
  /// In the page's language (its capitalised slug when the language's name is not loaded).
  public var displayName: String

  /// The species a reference names, when its url ends in an id.
  init?(_ reference: NamedResource, glossary: Glossary) {
    guard let id = reference.id else { return nil }
    self.id = id
    name = SafeText.line(reference.name)
    displayName = glossary.species(id, slug: reference.name)
  }
}

/// The `breed [NAME]` page: how a species breeds.
public struct BreedPage: Page, Codable, Equatable {
  /// Who it breeds with.
  public enum Partners: String, Codable, Sendable {
    /// The species of its egg groups, and Ditto.
    case eggGroups
    /// It is genderless: Ditto only.
    case onlyDitto
    /// Ditto itself: any species that can breed, but Ditto.
    case anyButDitto
    /// Its egg group is Undiscovered.
    case cannotBreed
  }

  public var id: Int
  public var name: String
  public var displayName: String
  /// The egg groups' slugs and their names in the language.
  public var eggGroups: [String]
  public var eggGroupNames: [String: String]
  public var hatchSteps: Int?
  public var genderRatio: String
  /// What its egg hatches as (its chain's first stage), and when that one needs its parent
  /// to hold an incense, the item and what hatches without it.
  public var hatchesAs: BreedingSpecies?
  public var incense: String?
  public var incenseName: String?
  public var withoutIncense: BreedingSpecies?
  public var partners: Partners
  /// The species it can breed with (its egg groups' members, Ditto among them), by id; empty
  /// but for `eggGroups`.
  public var breedsWith: [BreedingSpecies]
  /// The game whose egg moves are shown (a version group's slug), its name, and how it was
  /// chosen; `nil` when it has none in any game.
  public var game: String?
  public var gameName: String?
  public var choice: GameChoice?
  /// Its egg moves there, by name: `{name, displayName}`.
  public var eggMoves: [BreedingMove]
  /// Said when the session's game has no egg moves for it.
  public var noEggMovesIn: String?
  /// With a game, the generation of what came after it: the species' (Lucario in Gold: 4),
  /// else breeding's in Generation I (2). The page is then today's.
  public var cameLater: Int?
  /// The session's game, when one is played.
  public var sessionGameName: String?
  /// Under a game, how many partners were left out: species of later games.
  public var leftOut: Int?

  /// A move learnt from an egg.
  public struct BreedingMove: Codable, Sendable, Hashable {
    public var name: String
    public var displayName: String
  }

  public var address: PageAddress {
    PageAddress(
      kind: BreedFeature.command.name,
      target: .arguments(selection: nil, words: [name]))
  }
  public var title: String { "\(displayName) · breeding" }
  public var links: [String: [String]] {
    [
      "open": ([hatchesAs, withoutIncense].compactMap { $0?.name } + breedsWith.map(\.name)),
      "egg-group": eggGroups, "move": eggMoves.map(\.name),
    ]
  }

  public var document: PageDocument {
    var fields: [PageDocument.Field] =
      GameFacts.laterField(cameLater, gameName: sessionGameName) + [
        .init(
          "Egg groups",
          [
            Span(
              eggGroups.map { eggGroupNames[$0] ?? DisplayName.words($0) }.joined(separator: ", "))
          ]
        ),
        .init("Gender", [Span(genderRatio)]),
      ]
    if let hatchSteps { fields.append(.init("Hatches", [Span("after \(hatchSteps) steps")])) }
    if let hatchesAs {
      var text = "\(hatchesAs.displayName) #\(hatchesAs.id)"
      if let incense, let withoutIncense {
        text +=
          " when a parent holds \(incenseName ?? DisplayName.words(incense)), else \(withoutIncense.displayName) #\(withoutIncense.id)"
      }
      fields.append(.init("Egg", [Span(text)]))
    }
    var blocks: [PageDocument.Block] = [.fields(fields)]
    switch partners {
    case .eggGroups:
      blocks.append(
        .names(
          heading: "Breeds with",
          breedsWith.map { Span($0.displayName) }, none: "None listed."))
    case .onlyDitto:
      blocks.append(.paragraph(heading: "Breeds with", text: "Only with Ditto (it has no gender)."))
    case .anyButDitto:
      blocks.append(
        .paragraph(heading: "Breeds with", text: "Any species that can breed, but another Ditto."))
    case .cannotBreed:
      blocks.append(.paragraph(heading: "Breeds with", text: "None: it cannot breed."))
    }
    let gameLabel = gameName ?? game.map(DisplayName.words)
    if let noEggMovesIn {
      blocks.append(.paragraph(heading: "Egg moves", text: noEggMovesIn))
    } else if let gameLabel {
      blocks.append(
        .names(
          heading: "Egg moves in \(gameLabel)",
          eggMoves.map { Span($0.displayName) }, none: "None."))
    } else {
      blocks.append(.paragraph(heading: "Egg moves", text: "None in any game."))
    }
    blocks += GameFacts.leftOutHint(leftOut, gameName: sessionGameName)
    blocks.append(.hint("egg-group NAME · moves · back"))
    return PageDocument(title: title, subtitle: "Breeding", blocks: blocks)
  }
}

/// The moves' names, for ``ResourceNames``.
private enum EggMoveKind: NamedKind {
  static let path = "move"
}

/// The items' names (incenses), for ``ResourceNames``.
private enum IncenseKind: NamedKind {
  static let path = "item"
}

/// What `breed` is asked about: a species, else the open one.
struct BreedSpecies: PageOptions {
  var species: String?

  init(words: [String]) throws(PageOptionsProblem) {
    guard words.count <= 1 else {
      throw PageOptionsProblem("\"breed\" takes one species (or none).")
    }
    species = words.first
  }

  var words: [String] { species.map { [$0] } ?? [] }
}

/// The breeding page over the species' details and the client.
public enum BreedFeature {
  /// The flag that turns breeding's pages off (`breed` and `egg-group`).
  public static let feature: Feature = "breeding"

  /// The `breed` command: its words, help, arguments and feature flag.
  public static let command = CommandSpec.page(
    "breed",
    arguments: .speciesAndOptions(
      syntax: "[NAME]", options: [], values: [:], reading: BreedSpecies.self),
    group: .species, summary: "How it breeds, and with whom",
    details: """
      Shows how the open species (or NAME) breeds: its egg groups, its gender ratio, the \
      steps its egg takes to hatch and what it hatches as (the first of its evolutions; when \
      that one needs an incense, the item and what hatches without it), the species it can \
      breed with (its egg groups' members; only Ditto for a species without gender; none \
      for the Undiscovered group), and its egg moves in your game (see "game"), else in the \
      newest game that has them.
      """,
    examples: ["breed pikachu", "open 133", "breed"], feature: BreedFeature.feature)

  /// The kind with its command, for the list of kinds (``PageKinds``).
  public static let declaration = PageKindDeclaration(command) { services in
    kind(client: services.client, details: services.details)
  }

  /// `breed [NAME]`.
  public static func kind(client: any PokeAPIClient, details: any SpeciesDetails) -> PageKind {
    PageKind(command, example: "pikachu", names: nil) {
      request async throws(PageError) in
      try await page(request, client: client, details: details)
    }
  }

  static func page(
    _ request: PageRequest, client: any PokeAPIClient, details: any SpeciesDetails
  ) async throws(PageError) -> BreedPage {
    let (selection, asked) = try request.arguments(
      BreedSpecies.self, kind: BreedFeature.command.name, example: "pikachu")
    let detail = try await SpeciesPages.one(
      asked.species, selection: selection, details: details, glossary: request.glossary,
      kind: BreedFeature.command.name,
      example: "pikachu")
    let glossary = request.glossary
    let language = glossary.language ?? .english
    let facts: BreedingFacts
    do throws(APIError) {
      facts = try await client.resource(BreedingFacts.self, String(detail.id))
    } catch {
      throw .api(error)
    }
    // The chain (and what hatches in the game), the egg groups and the game's generation
    // together; then the egg moves of what hatches.
    async let chain = APIRequests.result(
      of: { (id: Int?) async throws(APIError) -> EggChain? in
        guard let id else { return nil }
        return try await client.resource(EggChain.self, String(id))
      }, facts.evolutionChainID)
    async let groups = APIRequests.result(
      of: { (slugs: [String]) async throws(APIError) in
        try await APIRequests.together(slugs) { slug async throws(APIError) in
          try await client.resource(EggGroup.self, slug)
        }
      }, facts.eggGroups)
    async let generation = GameFacts.generation(of: request.game, client: client)
    async let introduced = GameFacts.introduced(detail, client: client)
    async let existing = GameFacts.speciesResult(of: request.game, client: client)

    func get<T>(_ result: Result<T, APIError>) throws(PageError) -> T {
      switch result {
      case .success(let value): return value
      case .failure(let error): throw .api(error)
      }
    }
    let gameGeneration = await generation
    // What came after the game: the species (Lucario in Gold), else breeding (in Red).
    let later = GameFacts.cameLater(await introduced, generation: gameGeneration)
    let cameLater =
      later ?? GameFacts.cameLater(GameFacts.breedingGeneration, generation: gameGeneration)
    if Task.isCancelled { throw .api(.cancelled) }
    let bred = NamedResource(
      name: detail.name, url: "pokemon-species/\(detail.id)/")
    // A species of a later generation breeds as today.
    let root = try await hatching(
      get(await chain), of: bred, inGeneration: later == nil ? gameGeneration : nil,
      client: client)
    let cannotBreed = facts.eggGroups.contains(where: EggGroupPage.cannotBreed)
    let hatchesAs =
      cannotBreed ? nil : root.flatMap { BreedingSpecies($0.first, glossary: glossary) }
    // The egg moves of what hatches (a form hatches as its own form: Alolan Vulpix), asked for
    // while the egg groups come.
    let hatched = hatchesAs.map { $0.id == detail.id ? detail.form?.pokemonID ?? $0.id : $0.id }
    async let moves = BreedFeature.eggMoves(
      pokemonID: hatched ?? detail.form?.pokemonID ?? detail.id, request: request, client: client)

    let eggGroups = try get(await groups)
    let members = eggGroups.flatMap(\.species)
    // Named from the groups themselves (in the language, else English).
    var localizer = Localizer(glossary)
    let groupNames = Dictionary(
      eggGroups.map { ($0.name, localizer.name($0.names, slug: $0.name)) },
      uniquingKeysWith: { first, _ in first })

    let partners: BreedPage.Partners
    var breedsWith: [BreedingSpecies] = []
    if cannotBreed {
      partners = .cannotBreed
    } else if facts.eggGroups == ["ditto"] {
      partners = .anyButDitto
    } else if facts.genderRate < 0 {
      partners = .onlyDitto
    } else {
      partners = .eggGroups
      var seen: Set<Int> = []
      for member in members + [NamedResource(name: "ditto", url: "pokemon-species/132/")] {
        guard let species = BreedingSpecies(member, glossary: glossary),
          seen.insert(species.id).inserted
        else { continue }
        breedsWith.append(species)
      }
      breedsWith.sort { $0.id < $1.id }
    }

    func species(_ reference: NamedResource) -> BreedingSpecies? {
      BreedingSpecies(reference, glossary: glossary)
    }
    let (chosen, eggMoves, noEggMovesIn) = try await moves.get()
    // Under a game, the partners of its generation and before (a later species is today's).
    let ofTheGame = later == nil ? try get(await existing) : nil
    let partnersThen = GameFacts.keeping(breedsWith, existing: ofTheGame, id: \.id)
    var incense: String?
    var incenseName: String?
    var withoutIncense: BreedingSpecies?
    if let root, hatchesAs != nil, root.firstIsBaby, let item = root.babyTriggerItem,
      let next = root.next.flatMap(species)
    {
      incense = item
      withoutIncense = next
      incenseName = await client.names(of: IncenseKind.self, [item], in: language)[item]
    }
    return BreedPage(
      id: detail.id, name: detail.form?.name ?? detail.name, displayName: detail.displayName,
      eggGroups: facts.eggGroups, eggGroupNames: groupNames, hatchSteps: facts.hatchSteps,
      genderRatio: detail.genderRatio, hatchesAs: hatchesAs, incense: incense,
      incenseName: incenseName, withoutIncense: withoutIncense, partners: partners,
      breedsWith: partnersThen.kept, game: chosen?.group, gameName: chosen?.name,
      choice: chosen?.choice, eggMoves: eggMoves, noEggMovesIn: noEggMovesIn,
      cameLater: cameLater,
      sessionGameName: GameFacts.name(of: request),
      leftOut: ofTheGame == nil ? nil : partnersThen.leftOut)
  }

  /// What an egg of `bred`'s `chain` hatches as in the games of `generation` (`nil`: today's):
  /// its first stage, else, when that one came after the game (Mime Jr. in Gold / Silver), the
  /// next (the one bred, where the first branches: Hitmonlee for Tyrogue), with no incense. As it
  /// is when the first stage's generation cannot be had.
  static func hatching(
    _ chain: EggChain?, of bred: NamedResource, inGeneration generation: Int?,
    client: any PokeAPIClient
  ) async throws(PageError) -> EggChain? {
    guard let chain, let generation, let id = chain.first.id, chain.first.name != bred.name
    else { return chain }
    let first: Species
    do throws(APIError) {
      first = try await client.species(.id(id))
    } catch .cancelled {
      throw .api(.cancelled)
    } catch {
      return chain
    }
    guard let introduced = first.generation?.id, introduced > generation else { return chain }
    // Where the first stage branches (Tyrogue), the species bred is the next stage of its line.
    return EggChain(
      id: chain.id, first: chain.next ?? bred, firstIsBaby: false, next: nil,
      babyTriggerItem: nil)
  }

  /// Its egg moves in the session's game, else in the newest game that has some: the game, the
  /// moves by name, or a line saying the session's game has none.
  static func eggMoves(
    pokemonID: Int, request: PageRequest, client: any PokeAPIClient
  ) async -> Result<(ChosenGame?, [BreedPage.BreedingMove], String?), PageError> {
    let learnset: Learnset
    let catalog: GameCatalog
    do throws(APIError) {
      async let loaded = GameCatalog.loaded(client)
      learnset = try await client.resource(Learnset.self, String(pokemonID))
      catalog = try await loaded.get()
    } catch {
      return .failure(.api(error))
    }
    let byGame = Dictionary(
      grouping: learnset.moves.flatMap { move in
        move.details.filter { $0.method == "egg" }.map {
          (game: $0.game.name, move: move.move.name)
        }
      }, by: \.game)
    let available = byGame.keys.map { (group: $0, versions: catalog.order.versions(of: $0)) }
    var chosen: ChosenGame?
    do throws(PageError) {
      chosen = try await catalog.choose(
        typed: nil, session: request.game, among: available, statement: "no egg moves",
        verb: "has", client: client, glossary: request.glossary)
    } catch .notIn(_, let game, _, _) {
      // The session's game, named, though it has none.
      var shown = request.game.map { session in
        ChosenGame(
          group: session.group,
          versions: session.version.map { [$0] } ?? catalog.order.versions(of: session.group),
          choice: .session)
      }
      if let chosen = shown {
        shown = await catalog.named(chosen, client: client, glossary: request.glossary)
      }
      return .success((shown, [], "None in \(game)."))
    } catch {
      return .failure(error)
    }
    guard let picked = chosen else { return .success((nil, [], nil)) }
    chosen = await catalog.named(picked, client: client, glossary: request.glossary)
    let slugs = Array(Set(byGame[picked.group]?.map(\.move) ?? [])).sorted()
    let names = await client.names(
      of: EggMoveKind.self, slugs, in: request.glossary.language ?? .english)
    let moves = slugs.map {
      BreedPage.BreedingMove(name: $0, displayName: names[$0] ?? DisplayName.words($0))
    }.sorted { $0.displayName < $1.displayName }
    return .success((chosen, moves, nil))
  }
}
