import APIClient
import Locking
import Models
import Pages

/// Brings the ``FindIndex`` up to date from the API client: what the cache holds is read, what
/// it lacks is fetched (and so cached, for the pages too: the same decodings the pages use).
/// Each piece is written as it comes, so that Ctrl-C keeps what is done and the next build goes
/// on from there; a species the server does not have is marked so, not asked for again.
public struct FindIndexBuilder: Sendable {
  private let client: any PokeAPIClient
  private let index: FindIndex
  /// How many species or moves are loaded at once.
  private let width: Int

  public init(client: any PokeAPIClient, index: FindIndex, width: Int = 8) {
    self.client = client
    self.index = index
    self.width = max(1, width)
  }

  /// What the index holds after a build: how many species of how many, how many moves, and why
  /// it is not whole (the first failure), if it is not.
  public struct Coverage: Sendable, Equatable {
    /// Species indexed, and the species the server's list has.
    public var species: Int
    public var speciesTotal: Int
    /// Species the server answered "not found" for (a partial server: the mirror).
    public var speciesAbsent: Int
    public var moves: Int
    public var movesTotal: Int
    /// Moves the server answered "not found" for.
    public var movesAbsent: Int
    /// Why some are missing (offline, a failure), `nil` when every piece was had.
    public var failure: APIError?

    public init(
      species: Int, speciesTotal: Int, speciesAbsent: Int = 0, moves: Int, movesTotal: Int,
      movesAbsent: Int = 0, failure: APIError? = nil
    ) {
      self.species = species
      self.speciesTotal = speciesTotal
      self.speciesAbsent = speciesAbsent
      self.moves = moves
      self.movesTotal = movesTotal
      self.movesAbsent = movesAbsent
      self.failure = failure
    }

    /// The counts as kept beside a complete index (`188 1025 837 937 937 0`).
    var kept: String {
      [species, speciesTotal, speciesAbsent, moves, movesTotal, movesAbsent].map(String.init)
        .joined(separator: " ")
    }

    /// The counts kept beside a complete index.
    init?(kept: String) {
      let numbers = kept.split(separator: " ").compactMap { Int($0) }
      guard numbers.count == 6 else { return nil }
      self.init(
        species: numbers[0], speciesTotal: numbers[1], speciesAbsent: numbers[2],
        moves: numbers[3], movesTotal: numbers[4], movesAbsent: numbers[5])
    }

    /// Whether every species and move the server has is indexed.
    public var isComplete: Bool {
      failure == nil && species + speciesAbsent >= speciesTotal
        && moves + movesAbsent >= movesTotal
    }
  }

  /// Builds what is missing; `progress` hears a line to show while it works. With `only`,
  /// those species (just synced) are written again from their answers, with the chains, moves
  /// and parts the index lacks; the species outside them it lacks are left for `find`.
  ///
  /// Nothing is written from a part that could not be had: species need the games (their forms'
  /// generations, the eras' count), moves the games and their order; a species written without
  /// its colour or shape gets them when they come. Without them the pass goes on to what it can
  /// write, and says why it is not whole.
  public func build(
    only: [Int]? = nil, progress: @escaping @Sendable (String) -> Void = { _ in }
  ) async throws(APIError) -> Coverage {
    // A complete index says how much it holds in one read.
    if only == nil, let kept = try? await index.meta("complete"),
      let coverage = Coverage(kept: kept)
    {
      return coverage
    }
    // Whole again only once this pass says so.
    try await write { try await index.setMeta("complete", "") }
    let done = try await indexDone()
    let failures = Locked<APIError?>(nil)
    let note: @Sendable (APIError) -> Void = { error in
      guard error != .cancelled else { return }
      failures.withLock { if $0 == nil { $0 = error } }
    }
    func attempt<T>(_ body: () async throws(APIError) -> T) async throws(APIError) -> T? {
      do {
        return try await body()
      } catch {
        if error == .cancelled { throw .cancelled }
        note(error)
        return nil
      }
    }
    progress("Building the find index: the games and the type charts")
    // The parts every species row reads first: games (for forms' generations and the moves'
    // numbers), charts, colours and shapes, egg groups, Pokédexes.
    let games = try await attempt { () async throws(APIError) -> [IndexedGame] in
      if done["games"] != nil, let kept = try? await index.games(), !kept.isEmpty { return kept }
      let games = try await loadGames()
      try await store(.games(games))
      return games
    }
    if let games {
      _ = try await attempt { () async throws(APIError) in
        for era in [0] + Set(games.compactMap(\.generation)).sorted()
        where done["chart/\(era)"] == nil {
          try await store(try await chart(era: era))
        }
      }
    }
    // A species written without its colour or shape is given it when the part is had: the
    // part is asked for again until then.
    let colors = try await attempt { () async throws(APIError) in
      let groups = try await speciesGroups(SpeciesGroup<ColorKind>.self)
      if done["colors"] == nil { try await store(.colors(groups)) }
      return groups
    }
    let shapes = try await attempt { () async throws(APIError) in
      let groups = try await speciesGroups(SpeciesGroup<ShapeKind>.self)
      if done["shapes"] == nil { try await store(.shapes(groups)) }
      return groups
    }
    for (key, groups) in [("colors", colors), ("shapes", shapes)] where groups == nil {
      try await write { try await index.unmark(key) }
    }
    _ = try await attempt { () async throws(APIError) in
      if done["egg-groups"] == nil { try await store(.eggGroups(try await eggGroups())) }
      if done["pokedexes"] == nil { try await store(.pokedexes(try await pokedexes())) }
    }

    // The species, then their chains, then the moves: each step goes on when the one before
    // could not be done whole (offline, what the cache holds is indexed).
    let speciesIDs = try await attempt { () async throws(APIError) in
      try await client.speciesIndex().map(\.id).filter { $0 < 10_000 }
    }
    if let speciesIDs { try? await index.setMeta("species-total", String(speciesIDs.count)) }
    var chains: Set<Int> = []
    if let speciesIDs, let games {
      let context = SpeciesContext(
        colors: Self.byMember(colors ?? [:]), shapes: Self.byMember(shapes ?? [:]),
        generations: Dictionary(
          games.map { ($0.id, $0.generation ?? 0) }, uniquingKeysWith: { a, _ in a }))
      let wanted = only.map { Set($0) }
      let found = try await attempt { () async throws(APIError) in
        try await each(
          speciesIDs.filter { wanted?.contains($0) ?? (done["species/\($0)"] == nil) },
          label: "species", progress: progress, note: note
        ) { id async throws(APIError) -> Int? in
          try await self.species(id, context: context)
        }
      }
      chains = Set((found ?? []).compactMap { $0 })
    }
    let known = (try? await Set(indexDone().keys)) ?? Set(done.keys)
    _ = try await attempt { () async throws(APIError) in
      // The chains of the species just written, again; the others' when missing.
      let missing = chains.union(
        try await chainsOfIndexedSpecies().filter { !known.contains("chain/\($0)") }
      ).sorted()
      _ = try await each(missing, label: "evolution chains", progress: progress, note: note) {
        id async throws(APIError) -> Int? in
        try await self.store(try await self.chain(id))
        return nil
      }
    }
    let moveIDs = try await attempt { () async throws(APIError) in
      try await client.names(of: Move.path).compactMap(\.id)
    }
    if let moveIDs { try? await index.setMeta("moves-total", String(moveIDs.count)) }
    if let moveIDs, let games {
      // Today's numbers where a game's place among the games cannot be had would be shown as
      // the game's: the moves wait for the order.
      if let order = try await attempt({ () async throws(APIError) in
        try await GameOrder.load(client)
      }) {
        _ = try await attempt { () async throws(APIError) in
          try await each(
            moveIDs.filter { !known.contains("move/\($0)") }, label: "moves",
            progress: progress, note: note
          ) { id async throws(APIError) -> Int? in
            try await self.move(id, games: games, order: order)
            return nil
          }
        }
      }
    }
    let result = try await coverage(
      done: (try? await index.done()) ?? done, speciesTotal: speciesIDs?.count,
      movesTotal: moveIDs?.count, failure: failures.withLock { $0 })
    if result.isComplete { try? await index.setMeta("complete", result.kept) }
    return result
  }

  /// How much the index holds.
  private func coverage(
    done: [String: Bool], speciesTotal: Int?, movesTotal: Int?, failure: APIError?
  ) async throws(APIError) -> Coverage {
    var species = 0
    var absent = 0
    var moves = 0
    var movesAbsent = 0
    for (key, present) in done {
      if key.hasPrefix("species/") {
        if present { species += 1 } else { absent += 1 }
      } else if key.hasPrefix("move/") {
        if present { moves += 1 } else { movesAbsent += 1 }
      }
    }
    let keptSpecies = (try? await index.meta("species-total")).flatMap { $0.flatMap(Int.init) }
    let keptMoves = (try? await index.meta("moves-total")).flatMap { $0.flatMap(Int.init) }
    return Coverage(
      species: species, speciesTotal: speciesTotal ?? keptSpecies ?? species + absent,
      speciesAbsent: absent, moves: moves,
      movesTotal: movesTotal ?? keptMoves ?? moves + movesAbsent, movesAbsent: movesAbsent,
      failure: failure)
  }

  /// A read or write of the index's own, its failure said as the index's (not the server's).
  private func write<T>(_ body: () async throws -> T) async throws(APIError) -> T {
    do {
      return try await body()
    } catch {
      throw Self.indexFailure
    }
  }

  /// How a failure of the index's own SQLite file is said: the server is not at fault.
  static let indexFailure = APIError.invalidData(resource: "the find index (its SQLite file)")

  private func indexDone() async throws(APIError) -> [String: Bool] {
    try await write { try await index.done() }
  }

  private func store(_ part: IndexedPart) async throws(APIError) {
    try await write { try await index.store(part) }
  }

  /// Runs `load` for each of `ids`, `width` at a time, telling `progress` how far it is. An
  /// answer the cache lacks offline is noted and the others go on (each costs a read); any other
  /// failure (the network down, Ctrl-C) stops new ones from starting and is thrown once those
  /// started are done.
  private func each(
    _ ids: [Int], label: String, progress: @escaping @Sendable (String) -> Void,
    note: (APIError) -> Void, _ load: @escaping @Sendable (Int) async throws(APIError) -> Int?
  ) async throws(APIError) -> [Int?] {
    guard !ids.isEmpty else { return [] }
    let width = width
    let outcome = await withTaskGroup(of: Result<Int?, APIError>.self) { group in
      var pending = ids[...]
      func startNext() {
        guard let id = pending.popFirst() else { return }
        group.addTask { await Self.result(of: load, id) }
      }
      for _ in 0..<width { startNext() }
      var results: [Int?] = []
      var missing: APIError?
      var failure: APIError?
      var count = 0
      for await result in group {
        count += 1
        progress("Building the find index: \(label) \(count)/\(ids.count)")
        switch result {
        case .success(let value): results.append(value)
        case .failure(let error) where error.isNotCachedOrNotFound:
          if missing == nil { missing = error }
        case .failure(let error): if failure == nil { failure = error }
        }
        if failure == nil, !Task.isCancelled { startNext() } else { pending = [] }
      }
      if Task.isCancelled { failure = .cancelled }
      return (results, missing, failure)
    }
    if let missing = outcome.1 { note(missing) }
    if let failure = outcome.2 { throw failure }
    return outcome.0
  }

  private static func result(
    of load: @Sendable (Int) async throws(APIError) -> Int?, _ id: Int
  ) async -> Result<Int?, APIError> {
    do throws(APIError) {
      return .success(try await load(id))
    } catch {
      return .failure(error)
    }
  }

  // MARK: The pieces

  /// What a species' rows read besides its own answers.
  struct SpeciesContext: Sendable {
    var colors: [Int: String]
    var shapes: [Int: String]
    /// Each game's generation, by the game's id.
    var generations: [Int: Int]
  }

  /// Loads and writes one species with its pokemon; its chain's id. A species the server does
  /// not have is marked so.
  private func species(_ id: Int, context: SpeciesContext) async throws(APIError) -> Int? {
    let species: Species
    do {
      species = try await client.species(.id(id))
    } catch .notFound {
      try await write { try await index.markAbsent(species: id) }
      return nil
    }
    let varieties =
      species.varieties.isEmpty
      ? [
        Species.Variety(
          isDefault: true, pokemon: NamedResource(name: species.name, url: "pokemon/\(id)/"))
      ]
      : species.varieties
    let client = client
    let pokemon = try await APIRequests.together(varieties) {
      variety async throws(APIError) -> IndexedPokemon? in
      guard let pokemonID = variety.pokemon.id else { return nil }
      do throws(APIError) {
        let facts = try await client.pokemon(id: pokemonID)
        let learnset = try await client.resource(Learnset.self, String(pokemonID))
        return Self.pokemon(
          facts, isDefault: variety.isDefault, learnset: learnset,
          speciesGeneration: species.generation?.id, generations: context.generations)
      } catch .notFound {
        return nil  // a form the server does not have
      }
    }.compactMap { $0 }
    // A species without its usual pokemon is not whole: not marked, asked again next time.
    guard pokemon.contains(where: \.isDefault) else {
      throw .notFound(resource: "the pokemon of species #\(id)")
    }
    let record = IndexedSpecies(
      id: species.id, name: SafeText.line(species.name), generation: species.generation?.id,
      isLegendary: species.isLegendary, isMythical: species.isMythical, isBaby: species.isBaby,
      color: context.colors[species.id], shape: context.shapes[species.id],
      chain: species.evolutionChainID, pokemon: pokemon)
    try await write { try await index.store(record) }
    return species.evolutionChainID
  }

  /// A pokemon's facts in every era the games have, and its learnset.
  static func pokemon(
    _ pokemon: Pokemon, isDefault: Bool, learnset: Learnset, speciesGeneration: Int?,
    generations: [Int: Int]
  ) -> IndexedPokemon {
    var eras: [Int: EraFacts] = [0: facts(pokemon, era: nil)]
    let newest = max(generations.values.max() ?? 0, speciesGeneration ?? 0)
    if newest > 0 {
      for generation in 1...newest { eras[generation] = facts(pokemon, era: generation) }
    }
    var learned: Set<IndexedPokemon.Learned> = []
    // A game's id is read from its address once per pokemon, not once per move (a pokemon's
    // learnset names some thirty games in a thousand rows).
    var gameIDs: [String: Int?] = [:]
    var methods: [String: String] = [:]
    for move in learnset.moves {
      guard let moveID = move.move.id else { continue }
      for detail in move.details {
        let game: Int?
        if let known = gameIDs[detail.game.name] {
          game = known
        } else {
          game = detail.game.id
          gameIDs[detail.game.name] = game
        }
        guard let game else { continue }
        let method: String
        if let known = methods[detail.method] {
          method = known
        } else {
          method = SafeText.line(detail.method)
          methods[detail.method] = method
        }
        learned.insert(.init(move: moveID, game: game, method: method))
      }
    }
    // A form came in its species' generation, or that of the oldest game it learns moves in
    // when later (Mega Charizard X: Generation VI), as its pages say.
    var generation: Int?
    if !isDefault, let first = learned.compactMap({ generations[$0.game] }).min() {
      generation = max(speciesGeneration ?? first, first)
    }
    return IndexedPokemon(
      id: pokemon.id, name: SafeText.line(pokemon.name), isDefault: isDefault,
      heightCentimetres: pokemon.heightCentimetres, weightKilograms: pokemon.weightKilograms,
      generation: generation, eras: eras,
      learned: learned.sorted { ($0.move, $0.game, $0.method) < ($1.move, $1.game, $1.method) })
  }

  /// A pokemon's types, stats and abilities in `era` (`nil`: today), as its pages read them.
  static func facts(_ pokemon: Pokemon, era: Int?) -> EraFacts {
    var stats: [FindField: Int] = [:]
    for stat in pokemon.stats(in: era) {
      switch stat.stat.name {
      case "hp": stats[.hp] = stat.baseStat
      case "attack": stats[.atk] = stat.baseStat
      case "defense": stats[.def] = stat.baseStat
      case "special-attack": stats[.spa] = stat.baseStat
      case "special-defense": stats[.spd] = stat.baseStat
      case "speed": stats[.spe] = stat.baseStat
      case "special":
        stats[.spa] = stat.baseStat
        stats[.spd] = stat.baseStat
      default: break
      }
    }
    return EraFacts(
      types: pokemon.types(in: era).map { SafeText.line($0.type.name) }, stats: stats,
      abilities: pokemon.abilities(in: era).map { (SafeText.line($0.ability.name), $0.isHidden) })
  }

  /// Every game with its generation.
  private func loadGames() async throws(APIError) -> [IndexedGame] {
    let client = client
    return try await APIRequests.together(try await client.names(of: VersionGroup.path)) {
      reference async throws(APIError) -> IndexedGame in
      let group = try await client.resource(
        VersionGroup.self, reference.id.map(String.init) ?? reference.name)
      return IndexedGame(
        id: group.id, name: SafeText.line(group.name), generation: group.generation?.id)
    }
  }

  /// The chart of `era` (0 today), its factors other than ×1.
  private func chart(era: Int) async throws(APIError) -> IndexedPart {
    let chart = try await TypeChart.load(client, generation: era == 0 ? nil : era)
    var factors: [(attacking: String, defending: String, factor: Double)] = []
    for attacking in chart.types {
      for defending in chart.types {
        let factor = chart.factor(attacking, on: [defending])
        if factor != 1 { factors.append((attacking, defending, factor)) }
      }
    }
    return .chart(era: era, factors: factors)
  }

  /// The species of each colour or shape (`Group`'s kind), by its slug.
  private func speciesGroups<Kind>(
    _ group: SpeciesGroup<Kind>.Type
  ) async throws(APIError) -> [String: [Int]] {
    let client = client
    let groups = try await APIRequests.together(try await client.names(of: Kind.path)) {
      reference async throws(APIError) -> (String, [Int]) in
      let group = try await client.resource(
        SpeciesGroup<Kind>.self, reference.id.map(String.init) ?? reference.name)
      return (SafeText.line(group.name), group.species.compactMap(\.id))
    }
    return Dictionary(groups, uniquingKeysWith: { a, _ in a })
  }

  private func eggGroups() async throws(APIError) -> [String: [Int]] {
    let client = client
    let groups = try await APIRequests.together(try await client.names(of: EggGroup.path)) {
      reference async throws(APIError) -> (String, [Int]) in
      let group = try await client.resource(
        EggGroup.self, reference.id.map(String.init) ?? reference.name)
      return (SafeText.line(group.name), group.species.compactMap(\.id))
    }
    return Dictionary(groups, uniquingKeysWith: { a, _ in a })
  }

  private func pokedexes() async throws(APIError) -> [String: [(species: Int, number: Int)]] {
    let client = client
    let dexes = try await APIRequests.together(try await client.names(of: Pokedex.path)) {
      reference async throws(APIError) -> (String, [(species: Int, number: Int)]) in
      let pokedex = try await client.resource(
        Pokedex.self, reference.id.map(String.init) ?? reference.name)
      return (
        SafeText.line(pokedex.name), pokedex.entries.map { ($0.species.id, $0.number) }
      )
    }
    return Dictionary(dexes, uniquingKeysWith: { a, _ in a })
  }

  /// A chain's evolutions, each by its triggers (`other` when the API names none).
  private func chain(_ id: Int) async throws(APIError) -> IndexedPart {
    let chain: EvolutionChain
    do {
      chain = try await client.evolutionChain(id: id)
    } catch .notFound {
      return .chain(id: id, evolutions: [])  // the server has none: nothing evolves by it
    }
    var evolutions: [(from: Int, to: Int, trigger: String)] = []
    func walk(_ link: ChainLink) {
      for next in link.evolvesTo {
        if let from = link.species.id, let to = next.species.id {
          let triggers = Set(next.evolutionDetails.compactMap { $0.trigger?.name })
          for trigger in triggers.isEmpty ? ["other"] : triggers.sorted() {
            evolutions.append((from, to, SafeText.line(trigger)))
          }
        }
        walk(next)
      }
    }
    walk(chain.chain)
    return .chain(id: id, evolutions: evolutions)
  }

  /// The chains of the species already indexed (a build interrupted after them).
  private func chainsOfIndexedSpecies() async throws(APIError) -> Set<Int> {
    try await write { try await index.chains() }
  }

  /// Loads and writes one move with its numbers today and in each game.
  private func move(
    _ id: Int, games: [IndexedGame], order: GameOrder?
  ) async throws(APIError) {
    let move: Move
    do {
      move = try await client.resource(Move.self, String(id))
    } catch .notFound {
      try await write { try await index.markAbsent(move: id) }
      return
    }
    var values: [Int: IndexedMove.Numbers] = [0: Self.numbers(move.values)]
    for game in games {
      let facts = GameFacts(
        game: SessionGame(group: game.name), generation: game.generation, order: order)
      values[game.id] = Self.numbers(facts.move(move))
    }
    let record = IndexedMove(
      id: move.id, name: SafeText.line(move.name), generation: move.generation?.id,
      priority: move.priority, values: values)
    try await write { try await index.store([record]) }
  }

  static func numbers(_ values: MoveValues) -> IndexedMove.Numbers {
    IndexedMove.Numbers(
      type: values.type, damageClass: values.damageClass, power: values.power,
      accuracy: values.accuracy, pp: values.pp)
  }

  /// Each species' group slug, by species id.
  static func byMember(_ groups: [String: [Int]]) -> [Int: String] {
    var members: [Int: String] = [:]
    for (slug, species) in groups.sorted(by: { $0.key < $1.key }) {
      for id in species where members[id] == nil { members[id] = slug }
    }
    return members
  }
}

extension APIError {
  /// An answer the cache lacks offline, or the server does not have.
  var isNotCachedOrNotFound: Bool {
    switch self {
    case .notCached, .notFound: true
    default: false
    }
  }
}
