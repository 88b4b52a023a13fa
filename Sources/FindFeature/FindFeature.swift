import APIClient
import Cache
import Locking
import Models
import Pages

/// `find`: a query's names resolved as every kind resolves them (slugs, English names, the
/// session's language, unique prefixes, did-you-mean), the index built or completed first, then
/// one page of rows from it, in the session's game.
public struct FindFeature: Sendable {
  private let client: any PokeAPIClient
  private let pages: PageDirectory
  /// Rows per page: a screen of 24 lines holds them with the title, the query, the columns'
  /// headings and the hint.
  public let pageSize: Int
  /// Opens the index, on first use (a session that never asks opens nothing).
  private let openIndex: @Sendable () throws -> FindIndex
  private let opened = Locked<FindIndex?>(nil)
  /// What the session's build reached: a build whose pass ended (whole, or with what could not
  /// be had) is not tried again in the session; one cut short by Ctrl-C is.
  private let lastBuild = Locked<FindIndexBuilder.Coverage?>(nil)

  /// The feature over `client`, resolving names through `pages`, its index opened by
  /// `openIndex` when first needed.
  public init(
    client: any PokeAPIClient, pages: PageDirectory, pageSize: Int = 18,
    openIndex: @escaping @Sendable () throws -> FindIndex
  ) {
    self.client = client
    self.pages = pages
    self.pageSize = max(1, pageSize)
    self.openIndex = openIndex
  }

  /// The index, opened the first time.
  func index() throws(PageError) -> FindIndex {
    do {
      return try opened.withLock { opened in
        if let opened { return opened }
        let index = try openIndex()
        opened = index
        return index
      }
    } catch {
      throw Self.indexFailure(error)
    }
  }

  /// Brings the index up to date after `sync` fetched species `ids`: they are written again
  /// from their answers, and what else it lacks is fetched (the games, charts and moves every
  /// query reads). What it then holds, in words (`151 of 1025 species, 937 of 937 moves`); `nil`
  /// when it could not be brought up to date.
  public func update(
    species ids: [Int], progress: @escaping @Sendable (String) -> Void = { _ in }
  ) async -> String? {
    guard let index = try? index() else { return nil }
    lastBuild.withLock { $0 = nil }
    guard
      let coverage = try? await FindIndexBuilder(client: client, index: index).build(
        only: ids, progress: progress)
    else { return nil }
    let species =
      coverage.speciesAbsent > 0
      ? "\(coverage.species) species (all the server has of \(coverage.speciesTotal))"
      : "\(coverage.species) of \(coverage.speciesTotal) species"
    return "\(species), \(coverage.moves) of \(coverage.movesTotal) moves"
  }

  /// What the index holds, in words, for `cache` (`151 of 1025 species, 937 of 937 moves,
  /// 5.2 MB`; `not built yet: the first find builds it`).
  public func summary() async -> String? {
    guard let index = try? index(), let counts = try? await index.counts() else { return nil }
    guard counts.species + counts.moves > 0 else {
      return "not built yet: the first find builds it"
    }
    let species = (try? await index.meta("species-total")).flatMap { $0 }.map { " of \($0)" } ?? ""
    let moves = (try? await index.meta("moves-total")).flatMap { $0 }.map { " of \($0)" } ?? ""
    let size = await index.bytes().map { ", " + Measures.bytes($0) } ?? ""
    return "\(counts.species)\(species) species, \(counts.moves)\(moves) moves\(size)"
  }

  /// A failure of the index's own file, in one line.
  static func indexFailure(_ error: any Error) -> PageError {
    let detail = (error as? SQLiteError).map { ": \($0.message)" } ?? ""
    return .refused("find's index could not be read or written\(detail).")
  }

  /// Why the index is not whole, in a few words (`offline`).
  static func words(_ failure: APIError) -> String {
    switch failure {
    case .offline, .notCached, .timedOut: "offline"
    case .cancelled: "interrupted"
    case .notFound: "the server lacks some"
    case .rateLimited: "the server asked to slow down"
    default: "the server failed"
    }
  }

  /// Lets the index go at the session's end: its connection closes (the cache's store, closed
  /// after it, then decides what log is left).
  public func close() {
    opened.withLock { $0 = nil }
  }

  /// Forgets the index (the cache was cleared): the next `find` builds it again.
  public func clearIndex() async {
    guard let index = try? index() else { return }
    try? await index.removeAll()
    lastBuild.withLock { $0 = nil }
  }

  /// Where and how a query is asked: the session's language and game, the species the gender
  /// filter lets through, the page.
  public struct Asking: Sendable {
    public var glossary: Glossary
    public var game: SessionGame?
    /// The game's name as the session shows it (`Red / Blue`).
    public var gameName: String?
    /// The session's gender filter, which `species` are the species of; `.all`: no filter.
    public var gender: GenderFilter
    public var species: Set<Int>?
    public var page: Int

    public init(
      glossary: Glossary = .slugs, game: SessionGame? = nil, gameName: String? = nil,
      gender: GenderFilter = .all, species: Set<Int>? = nil, page: Int = 1
    ) {
      self.glossary = glossary
      self.game = game
      self.gameName = gameName
      self.gender = gender
      self.species = species
      self.page = page
    }
  }

  /// The page of `query`'s rows, as `asking` says; the index built or completed first, with
  /// `progress` told how far.
  public func find(
    _ query: FindQuery, _ asking: Asking, progress: @escaping @Sendable (String) -> Void = { _ in }
  ) async throws(PageError) -> FindResult {
    let index = try index()
    let resolved = try await resolve(query, glossary: asking.glossary, progress: progress)
    let coverage: FindIndexBuilder.Coverage
    if let last = lastBuild.withLock({ $0 }) {
      // Built already in this session, as far as it could be: asked again only by `sync`.
      coverage = last
    } else {
      do throws(APIError) {
        coverage = try await FindIndexBuilder(client: client, index: index).build(
          progress: progress)
      } catch {
        throw .api(error)
      }
      lastBuild.withLock { $0 = coverage }
    }
    var plan = resolved
    // The gender filter is of species: moves have none.
    plan.species = query.subject == .species ? asking.species : nil
    plan.page = max(1, asking.page)
    plan.pageSize = query.all ? nil : pageSize
    if let game = asking.game {
      // The game's facts, or none: never today's said to be the game's.
      guard let id = try? await index.gameID(game.group),
        let generation = try? await index.generation(ofGame: game.group)
      else {
        let why = coverage.failure.map(Self.words) ?? "not built"
        let name = asking.gameName ?? game.group
        throw .refused(
          "find cannot answer for \(name) yet: its index has no games (\(why)). "
            + "Sync to get them, or \"game off\".")
      }
      plan.game = id
      plan.generation = generation
    }
    let answer: FindAnswer
    do {
      answer = try await index.answer(plan)
    } catch {
      throw Self.indexFailure(error)
    }
    var moveNames: [String: String] = [:]
    if query.subject == .moves, let language = asking.glossary.language {
      moveNames =
        (try? await pages.localNames(of: MoveFeature.command.name, in: language)) ?? [:]
    }
    var result = FindResult(
      query: query, typed: query.words, plan: plan, answer: answer, glossary: asking.glossary,
      gender: asking.gender, coverage: coverage, game: asking.game?.group,
      gameName: asking.gameName, moveNames: moveNames)
    result.inMemory = index.inMemory
    return result
  }

  // MARK: Names

  /// `query` with every name it holds resolved to the index's slugs and ids.
  func resolve(
    _ query: FindQuery, glossary: Glossary, progress: @escaping @Sendable (String) -> Void
  ) async throws(PageError) -> FindPlan {
    var plan = FindPlan(subject: query.subject, sort: query.sort, forms: query.listsForms)
    for term in query.terms {
      let (test, names) = try await resolve(term, glossary: glossary, progress: progress)
      plan.terms.append(
        FindPlan.Term(
          term.field, test, negated: term.negated,
          word: FindPlan.Term.word(term.field, test, negated: term.negated, names: names)))
    }
    return plan
  }

  /// What `term` tests, and the slugs of the moves or species it names.
  private func resolve(
    _ term: FindTerm, glossary: Glossary, progress: @escaping @Sendable (String) -> Void
  ) async throws(PageError) -> (FindPlan.Test, [String]?) {
    switch term.test {
    case .present: return (.present, nil)
    case .compare(let comparison, let number): return (.compare(comparison, number), nil)
    case .within(let ranges): return (.within(ranges), nil)
    case .anyOf(let names):
      var named: [String] = []
      var slugs: [String] = []
      var moves: [FindPlan.LearntMove] = []
      var species: [Int] = []
      for name in names {
        // A slug the index holds needs nothing else (offline too); other names are resolved as
        // the pages resolve them.
        let folded = NameQuery.normalize(name)
        if term.field != .learns, let index = try? index(),
          (try? await index.holds(folded, as: term.field)) == true
        {
          slugs.append(folded)
          continue
        }
        switch term.field {
        case .type, .weak, .resists, .immune:
          slugs.append(try await slug(TypeFeature.command.name, name, glossary, progress))
        case .ability, .hidden:
          slugs.append(try await slug(AbilityFeature.command.name, name, glossary, progress))
        case .dex: slugs.append(try await slug(DexFeature.command.name, name, glossary, progress))
        case .egg:
          slugs.append(try await slug(EggGroupFeature.command.name, name, glossary, progress))
        case .color: slugs.append(try await among(ColorKind.path, name, noun: "colour"))
        case .shape: slugs.append(try await among(ShapeKind.path, name, noun: "shape"))
        case .evolves: slugs.append(try await trigger(name))
        case .moveClass:
          slugs.append(
            try Self.pick(name, among: ["physical", "special", "status"], noun: "class"))
        case .learns:
          let (move, slug) = try await learnt(name, glossary, progress)
          moves.append(move)
          named.append(slug)
        case .learnedBy:
          let (id, slug) = try await self.species(name, glossary)
          species.append(id)
          named.append(slug)
        default: slugs.append(NameQuery.normalize(name))
        }
      }
      switch term.field {
      case .learns: return (.moves(moves), named)
      case .learnedBy: return (.species(species), named)
      default: return (.slugs(slugs), nil)
      }
    }
  }

  private func slug(
    _ kind: String, _ name: String, _ glossary: Glossary,
    _ progress: @escaping @Sendable (String) -> Void
  ) async throws(PageError) -> String {
    try await pages.slug(of: kind, named: name, glossary: glossary, progress: progress)
  }

  /// The move `name` names, and the method after its `/` (`ice-beam/machine`).
  private func learnt(
    _ name: String, _ glossary: Glossary, _ progress: @escaping @Sendable (String) -> Void
  ) async throws(PageError) -> (FindPlan.LearntMove, slug: String) {
    var parts = name.split(separator: "/", maxSplits: 1).map(String.init)
    let method = parts.count > 1 ? parts.removeLast() : nil
    let typed = NameQuery.normalize(parts.first ?? name)
    if let index = try? index(), let id = try? await index.moveID(typed) {
      let learnt = FindPlan.LearntMove(
        move: id, method: try method.map { typed throws(PageError) in try Self.method(typed) })
      return (learnt, typed)
    }
    let slug = try await self.slug(
      MoveFeature.command.name, parts.first ?? name, glossary, progress)
    let moves: [NamedResource]
    do {
      moves = try await client.names(of: Move.path)
    } catch {
      throw .api(error)
    }
    guard let id = moves.first(where: { $0.name == slug })?.id else {
      throw .unknown(kind: MoveFeature.command.name, input: slug, suggestion: nil)
    }
    let learnt = FindPlan.LearntMove(
      move: id, method: try method.map { typed throws(PageError) in try Self.method(typed) })
    return (learnt, slug)
  }

  /// How a move is learnt, by the API's slug or a trainer's word (`level`, `tm`, `breeding`).
  static func method(_ typed: String) throws(PageError) -> String {
    let words = [
      "level": "level-up", "levelup": "level-up", "tm": "machine", "hm": "machine",
      "tr": "machine", "breeding": "egg", "eggs": "egg", "tutors": "tutor",
    ]
    let folded = NameQuery.normalize(typed).replacingOccurrences(of: " ", with: "-")
    if let method = words[folded.replacingOccurrences(of: "-", with: "")] { return method }
    return try pick(typed, among: ["level-up", "machine", "egg", "tutor"], noun: "learn method")
  }

  /// The evolution trigger `name` names (`trade`, `item` for `use-item`).
  private func trigger(_ name: String) async throws(PageError) -> String {
    let aliases = ["item": "use-item", "stone": "use-item", "level": "level-up"]
    if let trigger = aliases[NameQuery.normalize(name)] { return trigger }
    return try await among("evolution-trigger", name, noun: "evolution trigger")
  }

  /// The slug of the `path` resource `name` names, among the server's.
  private func among(_ path: String, _ name: String, noun: String) async throws(PageError)
    -> String
  {
    let names: [NamedResource]
    do {
      names = try await client.names(of: path)
    } catch {
      throw .api(error)
    }
    return try Self.pick(name, among: names.map(\.name), noun: noun)
  }

  /// The one of `slugs` that `typed` names (exactly, or the only one it starts), else a
  /// did-you-mean.
  static func pick(_ typed: String, among slugs: [String], noun: String) throws(PageError)
    -> String
  {
    switch NameResolver(slugs.map { ($0, [$0]) }).resolve(typed) {
    case .found(let slug): return slug
    case .ambiguous(let candidates, let total):
      throw .ambiguous(
        kind: noun, input: SafeText.line(typed), candidates: candidates, total: total)
    case .unknown(let suggestion):
      throw .unknown(kind: noun, input: SafeText.line(typed), suggestion: suggestion)
    }
  }

  /// The species `name` names: an id, a slug, its English name or its name in the language.
  private func species(
    _ name: String, _ glossary: Glossary
  ) async throws(PageError) -> (id: Int, slug: String) {
    let index: [SpeciesSummary]
    do {
      index = try await client.speciesIndex()
    } catch {
      throw .api(error)
    }
    if let id = Int(name.hasPrefix("#") ? String(name.dropFirst()) : name),
      let found = index.first(where: { $0.id == id })
    {
      return (id, found.name)
    }
    let entries = index.map { summary in
      (summary.id, [summary.name] + [glossary.species[summary.id]].compactMap { $0 })
    }
    switch NameResolver(entries).resolve(name) {
    case .found(let id): return (id, index.first { $0.id == id }?.name ?? String(id))
    case .ambiguous(let candidates, let total):
      throw .ambiguous(
        kind: "Pokémon", input: SafeText.line(name),
        candidates: candidates.map { id in
          glossary.species(id, slug: index.first { $0.id == id }?.name ?? String(id))
        }, total: total)
    case .unknown(let suggestion):
      throw .unknown(
        kind: "Pokémon", input: SafeText.line(name),
        suggestion: suggestion.map { id in
          glossary.species(id, slug: index.first { $0.id == id }?.name ?? String(id))
        })
    }
  }
}
