import APIClient
import Models

/// The game a trainer plays, kept for the session (`game red`): a version group, and one of its
/// versions when a version was chosen. The pages that differ by game answer for it.
public struct SessionGame: Codable, Sendable, Hashable {
  /// The version group's slug (`red-blue`).
  public var group: String
  /// The version's slug when one was chosen (`red`), `nil` for the whole group.
  public var version: String?

  public init(group: String, version: String? = nil) {
    self.group = group
    self.version = version
  }

  /// The versions it covers, in the game's order: the one chosen, else all the group's.
  public func versions(in order: GameOrder) -> [String] {
    version.map { [$0] } ?? order.versions(of: group)
  }
}

/// The games in the order they came out, to pick the newest of several.
public struct GameOrder: Codable, Sendable, Equatable {
  private let order: [String: Int]
  /// The game (version group) of each version.
  private let groupOfVersion: [String: NamedResource]
  /// Each game's versions, in the game's own order (`red`, `blue`).
  private let versionsOfGame: [String: [String]]
  /// Whether every game's order is known (a partial one is not worth keeping).
  public let isComplete: Bool
  /// The main-series games (version groups with a main-series Pokédex): the core games and their
  /// expansions, not the spin-offs (Colosseum, XD, Champions).
  private let mainSeries: Set<String>

  /// The order of `groups`, all the games when `complete`; `mainSeries` the names of the
  /// main-series Pokédexes (`nil`: every game counts as main series).
  public init(_ groups: [VersionGroup], complete: Bool = true, mainSeries: Set<String>? = nil) {
    self.mainSeries = Set(
      groups.filter { group in
        mainSeries.map { series in group.pokedexes.contains { series.contains($0.name) } } ?? true
      }.map(\.name))
    order = Dictionary(groups.map { ($0.name, $0.order) }, uniquingKeysWith: { first, _ in first })
    var groupOfVersion: [String: NamedResource] = [:]
    for group in groups {
      for version in group.versions {
        groupOfVersion[version.name] = NamedResource(
          name: group.name, url: "version-group/\(group.id)/")
      }
    }
    self.groupOfVersion = groupOfVersion
    versionsOfGame = Dictionary(
      groups.map { ($0.name, $0.versions.map(\.name)) }, uniquingKeysWith: { first, _ in first })
    isComplete = complete
  }

  /// The game (version group) `version` belongs to, when it is known.
  public func game(of version: String) -> NamedResource? { groupOfVersion[version] }

  /// Whether `game` (a version group's slug) is a main-series game; an unknown one is not.
  public func isMainSeries(_ game: String) -> Bool { mainSeries.contains(game) }

  /// The versions of `game` (a version group's slug) in its own order; none when it is not known.
  public func versions(of game: String) -> [String] { versionsOfGame[game] ?? [] }

  /// `versions` in their games' order: by game, oldest first, then as each game lists them;
  /// those not known last, as given.
  public func sorted(versions: [String]) -> [String] {
    func key(_ version: String) -> (Int, Int, Int) {
      guard let game = groupOfVersion[version] else { return (Int.max, Int.max, Int.max) }
      let (order, id) = rank(game)
      return (order, id, self.versions(of: game.name).firstIndex(of: version) ?? 0)
    }
    return versions.enumerated().sorted { a, b in
      let (ka, kb) = (key(a.element), key(b.element))
      return ka != kb ? ka < kb : a.offset < b.offset
    }.map(\.element)
  }

  /// Every game known (version groups' slugs), newest first.
  public var games: [String] {
    versionsOfGame.keys.sorted { (order[$0] ?? Int.min, $0) > (order[$1] ?? Int.min, $1) }
  }

  /// The name it is kept under, as a derived value.
  static let keptAs = "game-order"

  /// The most games asked for (there are about 30): a list longer than that is not the API's.
  public static let maximumGames = 200

  /// Every game's order and which are main series: the lists of games and of Pokédexes, then
  /// each of them, together (two waves), kept as one derived value (one read next time instead
  /// of some seventy). When some cannot be had, those that can are used (and not kept), the
  /// others ranking below them by id; Ctrl-C is passed on.
  public static func load(_ client: any PokeAPIClient) async throws(APIError) -> GameOrder {
    do {
      return try await client.derived(keptAs) { () async throws(APIError) in
        Derived(try await fetch(client, strictly: true))
      }
    } catch .cancelled {
      throw .cancelled
    } catch {
      return try await fetch(client, strictly: false)
    }
  }

  /// The games' order when it is needed to tell the newest of `games` (version groups' slugs:
  /// those of a page's texts or prices) or `anyway` (to name a game), `nil` for one game or
  /// none, or when it cannot be had (the last listed then stands in); Ctrl-C is passed on.
  public static func loadIfNeeded(
    for games: [String?], anyway: Bool = false, _ client: any PokeAPIClient
  ) async throws(APIError) -> GameOrder? {
    guard anyway || Set(games.compactMap { $0 }).count > 1 else { return nil }
    do {
      return try await load(client)
    } catch .cancelled {
      throw .cancelled
    } catch {
      return nil
    }
  }

  /// The order of `games` (version groups' slugs: a page's texts'), to tell their newest: the
  /// whole order when it is kept, else those games alone, asked for together (a small cached
  /// request each, one round trip, where the whole order costs two and some seventy requests);
  /// `nil` for one game or none, or when they cannot be had (the last listed then stands in).
  /// Ctrl-C is passed on.
  public static func ranking(
    _ games: [String?], _ client: any PokeAPIClient
  ) async throws(APIError) -> GameOrder? {
    let named = Array(Set(games.compactMap { $0 })).sorted()
    guard named.count > 1 else { return nil }
    if let kept = await kept(client) { return kept }
    let found = try await each(
      VersionGroup.self, named.map { NamedResource(name: $0, url: "") }, client, strictly: false)
    return found.isEmpty ? nil : GameOrder(found, complete: false)
  }

  /// The games' order when it is kept (one read, never a request; an interactive session loads
  /// it at launch, a script with its first page that needs it), else `nil`: for a page whose
  /// one request should stay one (`ability static`), its texts' newest then the last listed.
  public static func kept(_ client: any PokeAPIClient) async -> GameOrder? {
    try? await client.derived(keptAs) { () async throws(APIError) -> Derived<GameOrder> in
      throw .notCached(resource: "the games' order")
    }
  }

  /// ``load(_:)`` as a result, for `async let` (whose errors are untyped).
  public static func loaded(_ client: any PokeAPIClient) async -> Result<GameOrder, APIError> {
    do throws(APIError) {
      return .success(try await load(client))
    } catch {
      return .failure(error)
    }
  }

  /// The games' order from the API; `strictly`, any game that cannot be had fails it.
  private static func fetch(
    _ client: any PokeAPIClient, strictly: Bool
  ) async throws(APIError) -> GameOrder {
    let names: [NamedResource]
    do {
      names = try await client.names(of: VersionGroup.path)
    } catch .cancelled {
      throw .cancelled
    } catch {
      if strictly { throw error }
      return GameOrder([], complete: false)
    }
    let wanted = Array(names.prefix(Self.maximumGames))
    // Every Pokédex is asked for with the games (one wave, not one after them): which are main
    // series tells the core games from the spin-offs.
    async let series = pokedexes(client, strictly: strictly)
    let found = try await each(VersionGroup.self, wanted, client, strictly: strictly)
    let known = try await series.get()
    let named = Set(found.flatMap { $0.pokedexes.map(\.name) })
    // Without the Pokédexes, every game counts as main series rather than none.
    return GameOrder(
      found, complete: found.count == names.count && named.isSubset(of: known.keys),
      mainSeries: known.isEmpty ? nil : Set(known.filter(\.value).keys))
  }

  /// The resources `references` name, together; `strictly`, any that cannot be had fails
  /// them all, else it is left out. Ctrl-C is passed on.
  private static func each<R: APIResource>(
    _ type: R.Type, _ references: [NamedResource], _ client: any PokeAPIClient, strictly: Bool
  ) async throws(APIError) -> [R] {
    try await APIRequests.together(references) {
      (reference: NamedResource) async throws(APIError) -> R? in
      do throws(APIError) {
        return try await client.resource(R.self, reference.id.map(String.init) ?? reference.name)
      } catch .cancelled {
        throw .cancelled
      } catch {
        if strictly { throw error }
        return nil
      }
    }.compactMap { $0 }
  }

  /// Whether each Pokédex is main series, by name; `strictly`, any that cannot be had fails it.
  private static func pokedexes(
    _ client: any PokeAPIClient, strictly: Bool
  ) async -> Result<[String: Bool], APIError> {
    do throws(APIError) {
      let names: [NamedResource]
      do {
        names = try await client.names(of: PokedexSeries.path)
      } catch .cancelled {
        throw .cancelled
      } catch {
        if strictly { throw error }
        return .success([:])
      }
      let dexes = try await each(
        PokedexSeries.self, Array(names.prefix(maximumGames)), client, strictly: strictly)
      return .success(
        Dictionary(
          dexes.map { ($0.name, $0.isMainSeries) }, uniquingKeysWith: { first, _ in first }))
    } catch {
      return .failure(error)
    }
  }

  /// The newest of `games` (slugs with their ids): by order where known, else by id.
  public func newest(_ games: [NamedResource]) -> NamedResource? {
    games.max { rank($0) < rank($1) }
  }

  /// A sort key for a game known by its slug alone (a text's game): its order, unknown games
  /// (and none) below every known one.
  public func rank(of game: String?) -> Int { game.flatMap { order[$0] } ?? Int.min }

  /// A sort key: the known order first, the id when it is not known.
  public func rank(_ game: NamedResource) -> (Int, Int) {
    (order[game.name] ?? Int.min, game.id ?? 0)
  }
}

/// The names of games in a language. A version (`scarlet`) has names of its own; a game (a
/// version group, `scarlet-violet`) has none in the API, so it is named by its versions.
public enum GameNames {
  /// The names of `versions` (slugs) in the glossary's language (English without one), loaded
  /// together (a small request each, cached); none for those that cannot be loaded.
  public static func versions(
    _ versions: [String], glossary: Glossary, client: any PokeAPIClient
  ) async -> [String: String] {
    await client.names(of: VersionKind.self, versions, in: glossary.language ?? .english)
  }

  /// The game `slug` (a version group) in the glossary's language (English without one): its
  /// versions' names, `スカーレット / バイオレット`, `Sword: The Isle of Armor / Shield: The Isle of
  /// Armor`; `nil` when they cannot be loaded.
  public static func game(
    _ slug: String, glossary: Glossary, client: any PokeAPIClient
  ) async -> String? {
    guard !slug.isEmpty, let group = try? await client.resource(VersionGroup.self, slug)
    else { return nil }
    let slugs = group.versions.map(\.name)
    let names = await versions(slugs, glossary: glossary, client: client)
    guard !slugs.isEmpty, slugs.allSatisfy({ names[$0] != nil }) else { return nil }
    return slugs.compactMap { names[$0] }.joined(separator: " / ")
  }
}

/// Every game a user may name, by version group or version, by slug or by the versions' names
/// (in the language and in English): what `game NAME` and `--game NAME` resolve among, and how
/// a page names a game. The versions' names are loaded as they are needed: all of them to
/// resolve a typed name (``namingAll(_:glossary:)``), those of a game or two to name it
/// (``naming(_:client:glossary:)``), none for a page that only picks the newest game.
public struct GameCatalog: Sendable {
  /// The games' order, their versions and which are main series.
  public let order: GameOrder
  /// The versions' names loaded so far in the language (English without one), by slug.
  public let names: [String: String]
  /// The versions' English names loaded so far, by slug.
  let english: [String: String]

  public init(order: GameOrder, names: [String: String] = [:], english: [String: String] = [:]) {
    self.order = order
    self.names = names
    self.english = english
  }

  /// The catalogue of every game, its versions' names not loaded yet: the games' order (one
  /// read once kept).
  public static func load(_ client: any PokeAPIClient) async throws(APIError) -> GameCatalog {
    GameCatalog(order: try await GameOrder.load(client))
  }

  /// ``load(_:)`` as a result, for `async let` (whose errors are untyped).
  public static func loaded(_ client: any PokeAPIClient) async -> Result<GameCatalog, APIError> {
    do throws(APIError) {
      return .success(try await load(client))
    } catch {
      return .failure(error)
    }
  }

  /// The catalogue with the names of `versions` too, in the glossary's language and in
  /// English, loaded together (a small cached request each).
  public func naming(
    _ versions: [String], client: any PokeAPIClient, glossary: Glossary
  ) async -> GameCatalog {
    let missing = Array(Set(versions.filter { names[$0] == nil || english[$0] == nil }))
    guard !missing.isEmpty else { return self }
    async let inEnglish = GameNames.versions(missing, glossary: .slugs, client: client)
    let inLanguage =
      glossary.language == nil || glossary.language == .english
      ? [:] : await GameNames.versions(missing, glossary: glossary, client: client)
    let englishNames = await inEnglish
    return GameCatalog(
      order: order,
      names: names.merging(inLanguage.isEmpty ? englishNames : inLanguage) { old, _ in old },
      english: english.merging(englishNames) { old, _ in old })
  }

  /// The catalogue with every version's names: what a typed name is resolved among.
  public func namingAll(_ client: any PokeAPIClient, glossary: Glossary) async -> GameCatalog {
    await naming(order.games.flatMap(order.versions(of:)), client: client, glossary: glossary)
  }

  /// The catalogue with the names of `games`' versions (version groups' slugs).
  public func naming(
    games: [String], client: any PokeAPIClient, glossary: Glossary
  ) async -> GameCatalog {
    await naming(games.flatMap(order.versions(of:)), client: client, glossary: glossary)
  }

  /// What `typed` names among every game (and `others`, games the order does not know):
  /// a version group or a version, by slug or name, or the start of exactly one.
  public func resolve(_ typed: String, others: [SessionGame] = []) -> Resolution {
    var entries: [(value: SessionGame, names: [String])] = []
    var groups: [String] = []
    for group in order.games + others.map(\.group) where !groups.contains(group) {
      groups.append(group)
    }
    for group in groups {
      let versions = Array(
        Set(order.versions(of: group) + others.filter { $0.group == group }.compactMap(\.version))
      )
      .sorted()
      func names(_ version: String) -> [String] {
        [version] + [self.names[version], english[version]].compactMap { $0 }
      }
      // A game of one version is that version (`yellow`): one entry, named by both.
      guard versions.count > 1 else {
        entries.append((SessionGame(group: group), [group] + versions.flatMap(names)))
        continue
      }
      // A game of several versions is also named as a page names it (`Red / Blue`).
      let ordered = order.versions(of: group).isEmpty ? versions : order.versions(of: group)
      let joined = [self.names, english].map { table in
        ordered.compactMap { table[$0] }.joined(separator: " / ")
      }.filter { !$0.isEmpty }
      entries.append((SessionGame(group: group), [group] + joined))
      for version in versions {
        entries.append((SessionGame(group: group, version: version), names(version)))
      }
    }
    return NameResolver(entries).resolve(typed)
  }

  /// What ``resolve(_:others:)`` answers.
  public typealias Resolution = NameResolver<SessionGame>.Resolution

  /// `game` in words from the API's names: its version's (`Red`), else its versions' (`Red /
  /// Blue`), else its slug in words.
  public func label(_ game: SessionGame) -> String {
    let versions = game.versions(in: order)
    guard !versions.isEmpty else { return DisplayName.words(game.version ?? game.group) }
    return versions.map { names[$0] ?? DisplayName.words($0) }.joined(separator: " / ")
  }

  /// A game by those of its `versions` that have something for a page (`Let’s Go, Eevee!`), by
  /// all of them when none is given.
  public func label(versions: [String], of group: String) -> String {
    guard !versions.isEmpty else { return label(SessionGame(group: group)) }
    return versions.map { names[$0] ?? DisplayName.words($0) }.joined(separator: " / ")
  }

  /// `versions` (in the games' order) by their games: a game's name when all its versions are
  /// there (`Black / White`), else its versions' (`Ultra Sun`), the games apart by commas.
  public func label(versions: [String]) -> String {
    var games: [(group: String?, versions: [String])] = []
    for version in versions {
      let group = order.game(of: version)?.name
      if let last = games.last, last.group != nil, last.group == group {
        games[games.count - 1].versions.append(version)
      } else {
        games.append((group, [version]))
      }
    }
    return games.map { game in
      guard let group = game.group, Set(order.versions(of: group)) != Set(game.versions) else {
        return game.group.map { label(SessionGame(group: $0)) }
          ?? game.versions.map { names[$0] ?? DisplayName.words($0) }.joined(separator: " / ")
      }
      return label(versions: game.versions, of: group)
    }.joined(separator: ", ")
  }

  /// The `PageError` for a name of no game, or of several.
  public func failure(_ resolution: Resolution, typed: String) -> PageError? {
    switch resolution {
    case .found: return nil
    case .ambiguous(let candidates, let total):
      return .ambiguous(
        kind: "game", input: SafeText.line(typed),
        candidates: candidates.map { SafeText.line($0.version ?? $0.group) }, total: total)
    case .unknown(let suggestion):
      return .unknown(
        kind: "game", input: SafeText.line(typed),
        suggestion: suggestion.map { SafeText.line($0.version ?? $0.group) })
    }
  }
}

/// How a page came to show the game it shows, which it says.
public enum GameChoice: String, Codable, Sendable {
  /// Named with `--game`.
  case asked
  /// The session's game (`game NAME`).
  case session
  /// None named: the newest main-series game with data of the usual kind for the page.
  case newest
}

extension GameChoice {
  /// A page's hint of how its game was chosen and how to choose another, short enough for 80
  /// columns with the page's own: `Newest with it in the wild · where --game NAME: 18 more`;
  /// `newest` says what the newest (main-series) game is of.
  public static func hint(
    _ choice: GameChoice?, newest: String, command: String, others: Int
  ) -> String {
    // What each part offers: "game off" the newest game, --game the others with data.
    let chosen: String =
      switch choice {
      case .session: "Your game (game off: the newest)"
      case .asked: "The game you asked for"
      case .newest, nil: newest
      }
    let elsewhere = others == 0 ? "another game" : "\(others) more"
    return "\(chosen) · \(command) --game NAME: \(elsewhere)"
  }
}

/// The game a page about a species shows, and its versions with data.
public struct ChosenGame: Sendable, Equatable {
  /// The version group's slug.
  public var group: String
  /// Its versions shown, in the game's order: those with data, or the one asked for.
  public var versions: [String]
  public var choice: GameChoice
  /// Its name from the API (`Red / Blue`; `Blue` when only Blue is shown).
  public var name: String?
  /// Its versions' names, by slug.
  public var versionNames: [String: String] = [:]
  /// Whether the API records nothing of this kind for the game at all (no encounters in
  /// Scarlet / Violet): the page says so rather than that the species is not there.
  public var noData = false

  public init(group: String, versions: [String], choice: GameChoice) {
    self.group = group
    self.versions = versions
    self.choice = choice
  }
}

extension GameCatalog {
  /// The game a page shows among `available` (the games with data for it, each with its
  /// versions that have some): the one `typed` names (`--game`), else the session's `game`,
  /// else the newest main-series game `usual` accepts (it has data of the usual kind for the
  /// page), else the newest main-series game, else the newest. A game named (or the session's)
  /// without data is `notIn`: "`statement` in GAME; it `verb` in …" naming those with data.
  /// `nil` when there are none and none was named. The names needed are loaded: every
  /// version's to resolve `typed`, those of the games an error names; ``named(_:client:glossary:)``
  /// names the game chosen.
  public func choose(
    typed: String?, session game: SessionGame?,
    among available: [(group: String, versions: [String])],
    usual: (String) -> Bool = { _ in true }, statement: String, verb: String,
    client: any PokeAPIClient, glossary: Glossary,
    recorded: ((_ group: String) async throws(APIError) -> Bool)? = nil
  ) async throws(PageError) -> ChosenGame? {
    let newestFirst = available.sorted {
      order.rank(NamedResource(name: $0.group, url: ""))
        > order.rank(NamedResource(name: $1.group, url: ""))
    }.map { (group: $0.group, versions: order.sorted(versions: $0.versions)) }
    var catalog = self
    var wanted: SessionGame?
    var choice = GameChoice.newest
    if let typed {
      catalog = await catalog.namingAll(client, glossary: glossary)
      let others = newestFirst.flatMap { entry in
        [SessionGame(group: entry.group)]
          + entry.versions.map { SessionGame(group: entry.group, version: $0) }
      }
      let resolution = catalog.resolve(typed, others: others)
      if let failure = catalog.failure(resolution, typed: typed) { throw failure }
      if case .found(let found) = resolution { wanted = found }
      choice = .asked
    } else if let game {
      wanted = game
      choice = .session
    }
    var chosen: ChosenGame?
    if let wanted {
      if let entry = newestFirst.first(where: { $0.group == wanted.group }) {
        if let version = wanted.version {
          if entry.versions.contains(version) {
            chosen = ChosenGame(group: entry.group, versions: [version], choice: choice)
          }
        } else {
          chosen = ChosenGame(group: entry.group, versions: entry.versions, choice: choice)
        }
      }
      if chosen == nil, let recorded {
        // A game the API records nothing of is not one the species is missing from.
        let versions = wanted.version.map { [$0] } ?? order.versions(of: wanted.group)
        do throws(APIError) {
          if try await !recorded(wanted.group) {
            chosen = ChosenGame(group: wanted.group, versions: versions, choice: choice)
            chosen?.noData = true
            return chosen
          }
        } catch {
          throw .api(error)
        }
      }
      if chosen == nil {
        let groups = [wanted.group] + newestFirst.map(\.group)
        catalog = await catalog.naming(games: groups, client: client, glossary: glossary)
        throw .notIn(
          statement: statement, game: catalog.label(wanted),
          elsewhere: newestFirst.map { catalog.label(versions: $0.versions, of: $0.group) },
          verb: verb)
      }
    } else {
      let main = newestFirst.filter { order.isMainSeries($0.group) }
      guard
        let pick = main.first(where: { usual($0.group) }) ?? main.first ?? newestFirst.first
      else { return nil }
      chosen = ChosenGame(group: pick.group, versions: pick.versions, choice: .newest)
    }
    return chosen
  }

  /// `chosen` with its name and its versions' names from the API (loaded: a small cached
  /// request each), for a page to load together with its own data.
  public func named(
    _ chosen: ChosenGame, client: any PokeAPIClient, glossary: Glossary
  ) async -> ChosenGame {
    let catalog = await naming(chosen.versions, client: client, glossary: glossary)
    var named = chosen
    named.name = catalog.label(
      SessionGame(
        group: chosen.group,
        version: chosen.versions.count == 1 && order.versions(of: chosen.group).count > 1
          ? chosen.versions.first : nil))
    named.versionNames = Dictionary(
      chosen.versions.compactMap { version in catalog.names[version].map { (version, $0) } },
      uniquingKeysWith: { first, _ in first })
    return named
  }
}
