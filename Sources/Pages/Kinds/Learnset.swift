import APIClient
import CommandLanguage
import Models

/// `GET move/{id}`, the few fields a learnset row shows, apart from the move page's decoding.
public struct MoveSummary: APIResource, Hashable, MoveNumbers {
  public static let path = "move"
  public static let representation = "move-summary+languages+past"

  public var id: Int
  public var name: String
  @Localized public var names: [LocalizedText]
  public var type: NamedResource?
  public var damageClass: NamedResource?
  public var power: Int?
  public var accuracy: Int?
  public var pp: Int?
  /// The machines that teach it, by game (`machine` rows show their numbers).
  @OrEmpty public var machines: [MachineUse]
  /// What it was before games changed it.
  @OrEmpty public var pastValues: [PastMoveValues]
  /// Its effect chance today (its past ones are read with the others).
  public var effectChance: Int?

  public init(
    id: Int, name: String, names: [LocalizedText] = [], type: NamedResource? = nil,
    damageClass: NamedResource? = nil, power: Int? = nil, accuracy: Int? = nil, pp: Int? = nil,
    machines: [MachineUse] = [], pastValues: [PastMoveValues] = [], effectChance: Int? = nil
  ) {
    self.pastValues = pastValues
    self.effectChance = effectChance
    self.id = id
    self.name = name
    self.names = names
    self.type = type
    self.damageClass = damageClass
    self.power = power
    self.accuracy = accuracy
    self.pp = pp
    self.machines = machines
  }

  enum CodingKeys: String, CodingKey {
    case id, name, names, type, power, accuracy, pp, machines
    case damageClass = "damage_class"
    case pastValues = "past_values"
    case effectChance = "effect_chance"
  }

}

/// The `moves [--game NAME]` page: what the selected species (or form) learns in one game,
/// grouped by how.
public struct LearnsetPage: Page, Codable, Equatable {
  /// One move the pokemon learns, and how.
  public struct Row: Codable, Sendable, Hashable {
    /// `level-up`, `machine`, `egg`, `tutor` or another of the API's methods.
    public var method: String
    /// The level, for `level-up`.
    public var level: Int?
    /// `TM126`, for `machine`, when the machine is known.
    public var machine: String?
    public var move: String
    public var displayName: String
    public var type: String?
    /// The type's name in the page's language.
    public var typeName: String?
    public var damageClass: String?
    public var power: Int?
    public var accuracy: Int?
    public var pp: Int?
  }

  /// The pokemon's id and slug.
  public var pokemonID: Int
  public var pokemon: String
  /// The game shown (a version group's slug).
  public var game: String
  /// Every game with moves for it, newest first.
  public var games: [String]
  /// The rows, by method (level-up, machine, egg, tutor, then the others), then by level,
  /// machine number or name.
  public var rows: [Row]
  /// The pokemon's name in the page's language (`ピカチュウ`), else its slug capitalised.
  public var pokemonName: String?
  /// The game's name from the API in the page's language, else English (`スカーレット / バイオレット`,
  /// `Scarlet / Violet`); `nil` when its versions cannot be loaded.
  public var gameName: String?
  /// Said once on the page when a name is in English for want of one in the language.
  public var fallbackNote: String?
  /// How the game shown was chosen (`asked` with `--game`, the `session`'s, or the `newest`
  /// main-series game where it learns moves by level); `nil` when it learns none.
  public var choice: GameChoice?
  /// Why a machine that teaches one of the moves could not be fetched (its number shows as
  /// `—`); `nil` when every one was. Not kept: such a page is made again next time.
  public var machineFailure: APIError?

  public var partialFailure: APIError? { machineFailure }

  private enum CodingKeys: String, CodingKey {
    case pokemonID, pokemon, game, games, rows, pokemonName, gameName, fallbackNote, choice
  }

  public init(
    pokemonID: Int, pokemon: String, game: String, games: [String], rows: [Row],
    pokemonName: String? = nil, fallbackNote: String? = nil
  ) {
    self.pokemonID = pokemonID
    self.pokemon = SafeText.line(pokemon)
    self.pokemonName = pokemonName.map(SafeText.line)
    self.fallbackNote = fallbackNote
    self.game = SafeText.line(game)
    self.games = games.map(SafeText.line)
    self.rows = rows.sorted(by: Self.precedes)
  }

  static let methodOrder = ["level-up", "machine", "egg", "tutor"]

  static func precedes(_ a: Row, _ b: Row) -> Bool {
    let rank = { (row: Row) in methodOrder.firstIndex(of: row.method) ?? methodOrder.count }
    if rank(a) != rank(b) { return rank(a) < rank(b) }
    if a.method != b.method { return a.method < b.method }
    if a.level != b.level { return (a.level ?? 0) < (b.level ?? 0) }
    if a.machine != b.machine { return machineKey(a.machine) < machineKey(b.machine) }
    return a.displayName < b.displayName
  }

  /// TMs, then TRs, then HMs, each by number (`TM9` before `TM10`); unknown ones last.
  static func machineKey(_ label: String?) -> (Int, Int, String) {
    guard let label else { return (3, 0, "") }
    let letters = String(label.prefix { $0.isLetter })
    let number = Int(label.dropFirst(letters.count)) ?? Int.max
    return (["TM", "TR", "HM"].firstIndex(of: letters) ?? 3, number, label)
  }

  public var address: PageAddress {
    PageAddress(
      kind: LearnsetFeature.command.name,
      target: .selection(pokemon: pokemonID, argument: game))
  }
  public var title: String { "Moves in \(gameName ?? DisplayName.words(game))" }
  public var links: [String: [String]] {
    ["move": rows.map(\.move), "type": Array(Set(rows.compactMap(\.type))).sorted()]
  }

  public var document: PageDocument {
    var blocks: [PageDocument.Block] = []
    var methods: [String] = []
    for row in rows where !methods.contains(row.method) { methods.append(row.method) }
    for method in methods {
      let group = rows.filter { $0.method == method }
      let first: PageDocument.Table.Column? =
        switch method {
        case "level-up": .init("Lv", .right)
        case "machine": .init("TM")
        default: nil
        }
      let columns =
        (first.map { [$0] } ?? []) + [
          .init("Move"), .init("Type"), .init("Class"), .init("Power", .right),
          .init("Acc", .right), .init("PP", .right),
        ]
      let cells = group.map { row -> [Span] in
        var cells: [Span] = []
        if method == "level-up" { cells.append(Span(row.level.map(String.init) ?? "—")) }
        if method == "machine" { cells.append(Span(row.machine ?? "—", .strong)) }
        cells.append(Span(row.displayName))
        cells.append(
          row.type.map { Span(row.typeName ?? DisplayName.words($0), .type($0)) }
            ?? Span("—", .dim))
        cells.append(Span(row.damageClass.map(DisplayName.words) ?? "—"))
        cells.append(row.power.map { Span(String($0)) } ?? Span("—", .dim))
        cells.append(row.accuracy.map { Span("\($0)%") } ?? Span("—", .dim))
        cells.append(row.pp.map { Span(String($0)) } ?? Span("—", .dim))
        return cells
      }
      let heading =
        switch method {
        case "level-up": "By level"
        case "machine": "By TM, TR or HM"
        case "egg": "From eggs"
        case "tutor": "From tutors"
        default: DisplayName.words(method)
        }
      blocks.append(
        .table(.init(heading: "\(heading) · \(group.count)", columns: columns, rows: cells)))
    }
    if rows.isEmpty {
      blocks.append(.paragraph(heading: "No moves", text: "None are listed for this game."))
    }
    let hint = GameChoice.hint(
      choice, newest: "Newest with level-up moves", command: "moves",
      others: games.filter { $0 != game }.count)
    blocks += PageDocument.note(fallbackNote)
    if machineFailure != nil {
      blocks.append(.hint("Some machines could not be fetched: their numbers show as —."))
    }
    blocks.append(.hint("\(hint) · move NAME · back"))
    return PageDocument(
      title: "\(pokemonName ?? DisplayName.of(pokemon)) · moves",
      subtitle: "\(gameName ?? DisplayName.words(game)) · \(rows.count) moves", blocks: blocks)
  }
}

/// The learnset pages over `client`.
public enum LearnsetFeature {
  /// The `moves` command: its words, help, arguments and feature flag.
  public static let command = CommandSpec.page(
    "moves", aliases: ["learnset"], arguments: .gameOption,
    group: .species, summary: "The moves it learns",
    details: """
      Lists the moves the selected species (or form) learns in one game, grouped by how: \
      by level, by TM, TR or HM (with its number), from eggs, from tutors. Each row gives \
      the move's type, class, power, accuracy and PP. It shows your game (see "game"), \
      else the newest main-series game where it learns moves by level, unless --game names \
      another (Tab completes the games); the page says which.
      """,
    examples: ["open pikachu", "moves", "moves --game red-blue"], feature: .moves)

  /// The kind with its command, for the list of kinds (``PageKinds``).
  public static let declaration = PageKindDeclaration(command) { services in
    kind(client: services.client)
  }

  /// `moves [--game NAME]`, about the selected species or form: its moves, then the moves'
  /// numbers together, then the machines that teach them in that game together.
  public static func kind(client: any PokeAPIClient) -> PageKind {
    PageKind(
      command, example: "--game scarlet-violet",
      // The games, for completion; their order is loaded (and kept) with them, so that in an
      // interactive session the first move page or learnset does not wait for it.
      names: { () async throws(APIError) in
        let games = try await client.names(of: VersionGroup.path)
        _ = try await GameOrder.load(client)
        return games
      },
      show: { request async throws(PageError) in
        try await page(request, client: client)
      })
  }

  static func page(_ request: PageRequest, client: any PokeAPIClient) async throws(PageError)
    -> LearnsetPage
  {
    guard case .selection(let id, let argument) = request.target else {
      throw .invalidName(kind: LearnsetFeature.command.name, example: "--game scarlet-violet")
    }
    // Its games, newest first, kept apart from its moves: a warm learnset is two small reads.
    let known: LearnsetGames
    do throws(APIError) {
      known = try await client.derived("learnset-games+level/\(id)") {
        () async throws(APIError) -> Derived<LearnsetGames> in
        async let order = GameOrder.loaded(client)
        let learnset: Learnset
        do throws(APIError) {
          learnset = try await client.resource(Learnset.self, String(id))
        } catch {
          _ = await order
          throw error
        }
        let gameOrder = try (await order).get()
        let games = learnset.games.sorted { gameOrder.rank($0) > gameOrder.rank($1) }
        let byLevel = Set(
          learnset.moves.flatMap(\.details).filter { $0.method == "level-up" }.map(\.game.name))
        return Derived(
          LearnsetGames(
            pokemon: learnset.name, games: games,
            byLevel: games.map(\.name).filter(byLevel.contains)),
          keep: gameOrder.isComplete)
      }
    } catch {
      throw .api(error)
    }
    let catalog: GameCatalog
    do throws(APIError) {
      catalog = try await GameCatalog.load(client)
    } catch {
      throw .api(error)
    }
    let shown = request.glossary.species(id, slug: known.pokemon)
    let byLevel = Set(known.byLevel ?? known.games.map(\.name))
    guard
      let chosen = try await catalog.choose(
        typed: argument, session: request.game,
        among: known.games.map { (group: $0.name, versions: catalog.order.versions(of: $0.name)) },
        usual: byLevel.contains, statement: "\(shown) learns no moves", verb: "does",
        client: client, glossary: request.glossary)
    else {
      return LearnsetPage(pokemonID: id, pokemon: known.pokemon, game: "", games: [], rows: [])
    }
    let game = chosen.group
    // The game's name, together with the moves.
    async let named = catalog.named(chosen, client: client, glossary: request.glossary)
    do {
      let language = request.glossary.language.map { "/" + $0.code } ?? ""
      // The moves' numbers are the game's (`+past`): kept apart from pages made before.
      var page = try await client.derived("learnset+past/\(id)/\(game)\(language)") {
        () async throws(APIError) -> Derived<LearnsetPage> in
        async let generation = GameFacts.generation(of: SessionGame(group: game), client: client)
        let learnset = try await client.resource(Learnset.self, String(id))
        let facts = GameFacts(
          game: SessionGame(group: game), generation: await generation, order: catalog.order)
        return try await rows(
          of: learnset, in: facts, games: known.games, request: request, client: client)
      }
      // Named after it is read: the names of the moment (the species' may be loading).
      if request.glossary.language != nil {
        page.pokemonName = request.glossary.species(page.pokemonID, slug: page.pokemon)
      }
      page.gameName = await named.name
      page.choice = chosen.choice
      return page
    } catch {
      throw .api(error)
    }
  }

  /// A pokemon's name and the games with moves for it, newest first, and those where it learns
  /// moves by level (`nil` as kept before they were: all of them).
  struct LearnsetGames: Codable, Sendable {
    var pokemon: String
    var games: [NamedResource]
    var byLevel: [String]?
  }

  /// The page of `learnset` in the game of `facts`: its moves' numbers together (the status
  /// line counts them), each as that game has it, then the machines that teach them in that
  /// game together. Kept only when every machine was found (one that fails shows as "—") and
  /// the game's generation and the whole games' order were known.
  private static func rows(
    of learnset: Learnset, in facts: GameFacts, games: [NamedResource], request: PageRequest,
    client: any PokeAPIClient
  ) async throws(APIError) -> Derived<LearnsetPage> {
    let game = facts.game.group
    let learnt = learnset.moves.flatMap { learned in
      learned.details.filter { $0.game.name == game }.map { (learned.move, $0) }
    }
    var seen: Set<String> = []
    let distinct = learnt.map(\.0).filter { seen.insert($0.name).inserted }
    request.progress("Fetching \(distinct.count) moves")
    let summaries = try await APIRequests.together(
      distinct,
      progress: { done, total in request.progress("Fetching \(total) moves … \(done)/\(total)") }
    ) { move async throws(APIError) in
      try await client.resource(MoveSummary.self, move.id.map(String.init) ?? move.name)
    }
    let byName = Dictionary(
      summaries.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    let machineIDs = Set(
      learnt.filter { $0.1.method == "machine" }.compactMap { move, _ in
        byName[move.name]?.machines.first { $0.versionGroup.name == game }?.machine.id
      })
    let machines = try await APIRequests.together(Array(machineIDs)) {
      id async throws(APIError) -> Result<Machine, APIError> in
      do throws(APIError) {
        return .success(try await client.resource(Machine.self, String(id)))
      } catch .cancelled {
        throw .cancelled
      } catch {
        return .failure(error)
      }
    }
    let failure = machines.lazy.compactMap { result -> APIError? in
      if case .failure(let error) = result { return error }
      return nil
    }.first
    let labels = Dictionary(
      machines.compactMap { try? $0.get() }.map { ($0.id, $0.label) },
      uniquingKeysWith: { first, _ in first })
    var words = Localizer(request.glossary)
    let rows = learnt.map { move, detail in
      let summary = byName[move.name]
      let values = summary.map { facts.move($0) }
      let machineID = summary?.machines.first { $0.versionGroup.name == game }?.machine.id
      return LearnsetPage.Row(
        method: SafeText.line(detail.method),
        level: detail.method == "level-up" ? detail.level : nil,
        machine: detail.method == "machine" ? machineID.flatMap { labels[$0] } : nil,
        move: SafeText.line(move.name),
        displayName: words.name(summary?.names ?? [], slug: move.name),
        type: values?.type, typeName: values?.type.map(request.glossary.type),
        damageClass: values?.damageClass, power: values?.power, accuracy: values?.accuracy,
        pp: values?.pp)
    }
    var page = LearnsetPage(
      pokemonID: learnset.id, pokemon: learnset.name, game: game, games: games.map(\.name),
      rows: rows, fallbackNote: words.note)
    page.machineFailure = failure
    return Derived(
      page, keep: failure == nil && facts.generation != nil && facts.order?.isComplete == true)
  }
}
