import CommandLanguage
import FindFeature
import ListFeature
import Models
import Pages
import Presentation

/// `find TERMS…` (`find moves TERMS…`): the species (or moves) whose facts meet every term, as
/// a list page paged by `next`, `prev` and `page N`, in the session's game and language, the
/// gender filter on top.
struct FindCommand: BuiltInCommand {
  var query: FindQuery

  static let spec = CommandSpec(
    name: "find", aliases: [], arguments: "[moves] TERMS…",
    group: .list, summary: "Species or moves by any fact",
    details: """
      Lists the species whose facts meet every term, from an index of the whole Pokédex kept \
      in the cache (built on first use, or by sync; offline after). Terms: type:fire, \
      type:fire|water (either), -type:water (not: a leading "-" negates any term), gen:1 or \
      gen:1-3, dex:kanto, ability:levitate, hidden:intimidate, learns:ice-beam (or \
      learns:ice-beam/machine, /level-up, /egg, /tutor), the base stats hp atk def spa spd \
      spe bst compared with < <= = >= > != (spe>100), height>200 (cm), weight<10 (kg), \
      weak:ice, resists:ground, immune:ground, egg:dragon, color:blue, shape:quadruped, \
      legendary, mythical, baby, final, evolves, evolves:trade, evolves:item, forms (forms \
      as rows of their own), sort:spe or sort:-bst. "find moves" asks the moves: type:, \
      class:physical|special|status, power, accuracy, pp, priority, gen:, \
      learnedby:charizard, sort:. Under a game its facts count (types, stats, abilities, \
      learnsets, chart, what exists). Names in any form "open" takes, in the language too; \
      --all lists every row on one page. "next", "prev" and "page N" page the rows, "open" \
      opens one, "back" returns to them.
      """,
    examples: [
      "find type:water spe>100", "find resists:ground resists:fighting",
      "find learns:ice-beam -type:water|ice sort:-spa", "find legendary gen:1-3 sort:-bst",
      "find moves type:fire class:physical power>=90",
    ],
    completion: .findTerms(
      species: FindField.completions(for: .species), moves: FindField.completions(for: .moves),
      kinds: [
        "type": TypeFeature.command.name, "weak": TypeFeature.command.name,
        "resists": TypeFeature.command.name, "immune": TypeFeature.command.name,
        "ability": AbilityFeature.command.name, "hidden": AbilityFeature.command.name,
        "learns": MoveFeature.command.name, "dex": DexFeature.command.name,
        "egg": EggGroupFeature.command.name,
      ],
      choices: [
        "class": ["physical", "special", "status"],
        "evolves": [
          "level-up", "trade", "use-item", "shed", "spin", "three-critical-hits",
          "take-damage", "other", "agile-style-move", "strong-style-move", "recoil-damage",
        ],
        "color": [
          "black", "blue", "brown", "gray", "green", "pink", "purple", "red", "white",
          "yellow",
        ],
        "shape": [
          "ball", "squiggle", "fish", "arms", "blob", "upright", "legs", "quadruped",
          "wings", "tentacles", "heads", "humanoid", "bug-wings", "armor",
        ],
      ]))

  static func parse(_ arguments: Arguments, isEnabled: (Feature) -> Bool) -> ParseResult<Self> {
    do throws(FindProblem) {
      return .command(Self(query: try FindQuery(words: arguments.words)))
    } catch {
      return .fail(error.message)
    }
  }

  func waiting(_ state: SessionState) -> String { "Finding" }

  func run(on shell: isolated Shell, status: StatusLine?) async throws(CommandFailure)
    -> CommandOutcome
  {
    try await shell.showFind(query, page: 1, status: status)
  }

  static func == (lhs: Self, rhs: Self) -> Bool { lhs.query.words == rhs.query.words }
  func hash(into hasher: inout Hasher) { hasher.combine(query.words) }
}

extension FindField {
  /// What Tab offers for the fields of `subject`: `type:` for a field that takes names,
  /// `spe>` for a number, the flags alone.
  static func completions(for subject: FindQuery.Subject) -> [String] {
    allCases.filter { $0.subjects.contains(subject) }.map { field in
      switch field.shape {
      case .names, .range: field.rawValue + ":"
      case .number: field.rawValue + ">"
      case .flag, .flagOrNames: field.rawValue
      }
    } + ["sort:"]
  }
}

extension SessionState {
  /// The `find` shown last, when the trail ends with one: its words, page and page count
  /// (`next`, `prev` and `page N` then page it).
  var findShown: (words: [String], page: Int, pageCount: Int)? {
    guard case .find(let words, let page, let count)? = trail.last else { return nil }
    return (words, page, count)
  }
}

extension Shell {
  /// When the trail ends with a `find`, the page of it that `target` picks from its page and
  /// page count (`next`: the one after); `nil` when it does not (the list is paged).
  func pageFind(
    status: StatusLine?, _ target: (_ page: Int, _ count: Int) throws(CommandFailure) -> Int
  ) async throws(CommandFailure) -> CommandOutcome? {
    guard let (words, page, count) = state.findShown else { return nil }
    return try await showFind(words, page: try target(page, count), status: status)
  }
}

extension Shell {
  /// Page `number` of the `find` typed as `words` (as the trail keeps it).
  func showFind(
    _ words: [String], page number: Int, status: StatusLine?
  ) async throws(CommandFailure) -> CommandOutcome {
    let query: FindQuery
    do throws(FindProblem) {
      query = try FindQuery(words: words)
    } catch {
      throw .page(.refused(error.message))
    }
    return try await showFind(query, page: number, status: status)
  }

  /// Page `number` of `query`'s rows, in the session's game and language, under its gender
  /// filter; it goes on the trail (replacing the same query's other page).
  func showFind(
    _ query: FindQuery, page number: Int, status: StatusLine?
  ) async throws(CommandFailure) -> CommandOutcome {
    guard let find = dependencies.find else { throw .page(.refused("find is not available.")) }
    // Rows are named, and `learnedby:` resolves, in the language: its names are loaded first.
    if let language = dependencies.language, language.current != nil, !language.hasSpeciesNames {
      await waitForSpeciesNames(language, status: status)
      if Task.isCancelled { throw .cancelled }
    }
    // The gender filter is of species: moves have none.
    let gender = query.subject == .species ? state.filter.gender : .all
    var species: Set<Int>?
    if gender != .all {
      species = Set(
        try await list { list, _ throws(ListError) in
          try await list.members(of: ListFilter(gender: gender))
        }.map(\.id))
    }
    let asking = FindFeature.Asking(
      glossary: await glossary(), game: state.game, gameName: state.gameName, gender: gender,
      species: species,
      page: number)
    let result: FindResult
    do {
      result = try await find.find(query, asking) { status?.waitFor($0) }
    } catch {
      throw .page(error)
    }
    if Task.isCancelled { throw .cancelled }
    if number > result.pageCount {
      throw .list(.pageAfterLast(page: number, lastPage: result.pageCount))
    }
    // Kept as slugs: `back` and `next` read them whatever the language then.
    state.visit(
      .find(
        words: result.query + (query.all ? ["--all"] : []), page: result.page,
        pageCount: result.pageCount))
    links = result.links
    return .output(.page(ShownPage(result)))
  }
}
