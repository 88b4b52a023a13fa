import CommandLanguage
import ListFeature
import Models
import Pages
import Presentation

/// A command that shows a page of the list, which the status line says it fetches.
protocol ListPageShowing: BuiltInCommand {}

extension ListPageShowing {
  func waiting(_ state: SessionState) -> String { "Fetching the species list" }
}

/// `list` (`ls`): the current page of the list under the active filters.
struct ListCommand: PlainCommand, ListPageShowing {
  static let spec = CommandSpec(
    name: "list", aliases: ["ls"], arguments: "",
    group: .list, summary: "The current page of species",
    details: """
      Shows the current page of the species list under the active gender filter: \
      a header with the filter and page, then one row per species (id and name). \
      Rows whose image is downloaded are marked.
      """,
    examples: ["list", "ls"])

  func run(on shell: isolated Shell, status: StatusLine?) async throws(CommandFailure)
    -> CommandOutcome
  {
    try await shell.showListPage(shell.state.listPage, filter: shell.state.filter)
  }
}

/// `next`: the list's next page.
struct NextCommand: PlainCommand, ListPageShowing {
  static let spec = CommandSpec(
    name: "next", aliases: [], arguments: "",
    group: .list, summary: "The next page",
    details: "Moves to the next page of the list and shows it.",
    examples: ["next"])

  func run(on shell: isolated Shell, status: StatusLine?) async throws(CommandFailure)
    -> CommandOutcome
  {
    let state = shell.state
    if let found = try await shell.pageFind(
      status: status,
      { page, count throws(CommandFailure) in
        guard page < count else { throw .alreadyOnLastPage(count) }
        return page + 1
      })
    {
      return found
    }
    if let count = state.listPageCount, state.listPage >= count {
      throw .alreadyOnLastPage(count)
    }
    return try await shell.showListPage(state.listPage + 1, filter: state.filter)
  }
}

/// `prev` (`previous`): the list's page before.
struct PreviousCommand: PlainCommand, ListPageShowing {
  static let spec = CommandSpec(
    name: "prev", aliases: ["previous"], arguments: "",
    group: .list, summary: "The page before",
    details: "Moves to the previous page of the list and shows it.",
    examples: ["prev", "previous"])

  func run(on shell: isolated Shell, status: StatusLine?) async throws(CommandFailure)
    -> CommandOutcome
  {
    if let found = try await shell.pageFind(
      status: status,
      { page, _ throws(CommandFailure) in
        guard page > 1 else { throw .alreadyOnFirstPage }
        return page - 1
      })
    {
      return found
    }
    guard shell.state.listPage > 1 else { throw .alreadyOnFirstPage }
    return try await shell.showListPage(shell.state.listPage - 1, filter: shell.state.filter)
  }
}

/// `page N`: the list's page `N` (1 or more; past the last, the list says so).
struct ListPageCommand: ListPageShowing {
  var number: Int

  static let spec = CommandSpec(
    name: "page", aliases: [], arguments: "N",
    group: .list, summary: "Jump to page N",
    details: "Jumps to page N of the list (pages start at 1) and shows it.",
    examples: ["page 3"], completion: .listPages)

  static func parse(_ arguments: Arguments, isEnabled: (Feature) -> Bool) -> ParseResult<Self> {
    guard let word = arguments.words.first else { return .fail("\"page\" needs a number: page N.") }
    guard arguments.words.count == 1 else { return .fail("\"page\" takes one number: page N.") }
    switch Arguments.number(word) {
    case .number(let number) where number >= 1: return .command(Self(number: number))
    case .number: return .fail("Page numbers start at 1.")
    case .tooLarge: return .fail("That page number is too large.")
    case .notANumber:
      return .fail("\"page\" needs a number: page N (not \(Arguments.quoted(word))).")
    }
  }

  func run(on shell: isolated Shell, status: StatusLine?) async throws(CommandFailure)
    -> CommandOutcome
  {
    if let found = try await shell.pageFind(status: status, { _, _ in number }) { return found }
    return try await shell.showListPage(number, filter: shell.state.filter)
  }
}

/// `first`: the list's first page.
struct FirstCommand: PlainCommand, ListPageShowing {
  static let spec = CommandSpec(
    name: "first", aliases: [], arguments: "",
    group: .list, summary: "The first page",
    details: "Jumps to the first page of the list and shows it.",
    examples: ["first"])

  func run(on shell: isolated Shell, status: StatusLine?) async throws(CommandFailure)
    -> CommandOutcome
  {
    if let found = try await shell.pageFind(status: status, { _, _ in 1 }) { return found }
    return try await shell.showListPage(1, filter: shell.state.filter)
  }
}

/// `last`: the list's last page.
struct LastCommand: PlainCommand, ListPageShowing {
  static let spec = CommandSpec(
    name: "last", aliases: [], arguments: "",
    group: .list, summary: "The last page",
    details: "Jumps to the last page of the list and shows it.",
    examples: ["last"])

  func run(on shell: isolated Shell, status: StatusLine?) async throws(CommandFailure)
    -> CommandOutcome
  {
    if let found = try await shell.pageFind(status: status, { _, count in count }) {
      return found
    }
    let count = try await shell.list { list, filter throws(ListError) in
      try await list.pageCount(filter: filter)
    }
    return try await shell.showListPage(count, filter: shell.state.filter)
  }
}

/// `filter …` changes the filters (`filter female`, `filter type water`, `filter gen 1`, `filter
/// dex kanto`, `filter all`); a bare `filter` shows them.
struct FilterCommand: ListPageShowing {
  /// The change; `nil` shows the filters.
  var change: FilterChange?

  static let spec = CommandSpec(
    name: "filter", aliases: [], arguments: "[GENDER|type|gen|dex|all]",
    group: .list, summary: "Narrow by gender, type, dex…",
    details: """
      Narrows the list and shows its first page; the filters combine. GENDER is male, \
      female or genderless: male lists species that can be male, female those that can be female, genderless those with no gender; \
      "type water" those of a type, "gen 3" (or "generation 3") those a generation \
      introduced, "dex kanto" those of a regional Pokédex, in its order and numbered as \
      in it (its name in the language too; Tab completes them). "filter type", "filter \
      gen" or "filter dex" alone clears that one, "filter gender" the gender, "filter all" \
      every filter. A bare "filter" shows the active filters. \
      search and random look only among the species the filters let through.
      """,
    examples: [
      "filter female", "filter type water", "filter gen 1", "filter dex kanto", "filter all",
      "filter",
    ],
    completion: .filterOptions(type: TypeFeature.command.name, pokedex: DexFeature.command.name))

  static func parse(_ arguments: Arguments, isEnabled: (Feature) -> Bool) -> ParseResult<Self> {
    let words = arguments.words.map { $0.lowercased() }
    guard let first = words.first else { return .command(Self(change: nil)) }
    let rest = Array(words.dropFirst())
    switch first {
    case "all":
      guard rest.isEmpty else { break }
      return .command(Self(change: .clearAll))
    case "gender":
      guard rest.isEmpty else { break }
      return .command(Self(change: .clearGender))
    case "type":
      guard rest.count <= 1 else {
        return .fail("\"filter type\" takes one type, e.g. \"filter type water\".")
      }
      return .command(Self(change: .type(rest.first.map(NameQuery.normalize))))
    case "gen", "generation":
      guard let word = rest.first else { return .command(Self(change: .generation(nil))) }
      let known = Arguments.generations
      guard rest.count == 1, let number = Int(word), known.contains(number) else {
        return .fail(
          "\"filter gen\" takes a generation from \(known.lowerBound) to \(known.upperBound), "
            + "e.g. \"filter gen 3\" (not \(Arguments.quoted(rest.joined(separator: " ")))).")
      }
      return .command(Self(change: .generation(number)))
    case "dex", "pokedex":
      // A Pokédex's name of several words is one slug (`original johto`).
      return .command(
        Self(
          change: .pokedex(rest.isEmpty ? nil : NameQuery.normalize(rest.joined(separator: " ")))
        ))
    default:
      if rest.isEmpty, let gender = GenderFilter(rawValue: first), gender != .all {
        return .command(Self(change: .gender(gender)))
      }
    }
    let names = ["all", "male", "female", "genderless", "type", "gen", "dex", "gender"]
    return .fail(
      "\"filter\" takes male, female, genderless, type NAME, gen N, dex NAME or all (not \(Arguments.quoted(arguments.rest)))."
        + (names.contains(first) ? "" : Arguments.didYouMean(first, among: names)))
  }

  func run(on shell: isolated Shell, status: StatusLine?) async throws(CommandFailure)
    -> CommandOutcome
  {
    switch change {
    case nil: return .output(.filter(shell.state.filter))
    case .type(let typed?):
      return try await filter(by: typed, kind: TypeFeature.command.name, on: shell, status) {
        .type($0)
      }
    case .pokedex(let typed?):
      return try await filter(by: typed, kind: DexFeature.command.name, on: shell, status) {
        .pokedex($0)
      }
    case let change?:
      return try await shell.showListPage(1, filter: change.applied(to: shell.state.filter))
    }
  }

  /// The list filtered by the `kind` resource `typed` names: as typed first (one request); else
  /// found as `kind NAME` finds it: in the language too (`feu`, `カントー`), or a did-you-mean.
  private func filter(
    by typed: String, kind: String, on shell: isolated Shell, _ status: StatusLine?,
    change: (String) -> FilterChange
  ) async throws(CommandFailure) -> CommandOutcome {
    do {
      return try await shell.showListPage(1, filter: change(typed).applied(to: shell.state.filter))
    } catch .list(.api(.notFound)) {
      let slug: String
      do {
        slug = try await shell.dependencies.pages.slug(
          of: kind, named: typed, glossary: await shell.glossary(),
          progress: { status?.waitFor($0) })
      } catch {
        throw .page(error)
      }
      return try await shell.showListPage(1, filter: change(slug).applied(to: shell.state.filter))
    }
  }
}

/// `search TEXT`: the species whose names hold TEXT, among all of them.
struct SearchCommand: BuiltInCommand {
  /// The rest of the line, trimmed, inner spaces kept, case kept.
  var text: String

  static let spec = CommandSpec(
    name: "search", aliases: [], arguments: "TEXT",
    group: .list, summary: "Species whose names hold TEXT",
    details: """
      Lists every species whose name contains TEXT, in any case, among all species, \
      not only the pages seen so far.
      """,
    examples: ["search chu", "search mime"], feature: .search, completion: .searchText)

  static func parse(_ arguments: Arguments, isEnabled: (Feature) -> Bool) -> ParseResult<Self> {
    arguments.rest.isEmpty
      ? .fail("\"search\" needs some text: search TEXT.")
      : .command(Self(text: Arguments.unquoted(arguments.rest)))
  }

  func waiting(_ state: SessionState) -> String { "Fetching the species index" }

  func run(on shell: isolated Shell, status: StatusLine?) async throws(CommandFailure)
    -> CommandOutcome
  {
    // A search in a language looks among the names in it: they are loaded first (counted).
    if let language = shell.dependencies.language, language.current != nil,
      !language.hasSpeciesNames
    {
      await shell.waitForSpeciesNames(language, status: status)
      if Task.isCancelled { throw .cancelled }
    }
    let downloaded = await shell.downloadedIDs()
    let (text, glossary) = (self.text, await shell.glossary())
    let result = try await shell.list { list, filter throws(ListError) in
      try await list.search(text, filter: filter, downloaded: downloaded, glossary: glossary)
    }
    return .output(.rows(result))
  }
}

/// `random [N]`: N random species, 1…50 (1 by default).
struct RandomCommand: BuiltInCommand {
  var count: Int

  static let spec = CommandSpec(
    name: "random", aliases: [], arguments: "[N]",
    group: .list, summary: "N species at random",
    details: "Lists N random species, from 1 to 50 (1 if N is left out).",
    examples: ["random", "random 5"], feature: .random, completion: .count(1...50))

  static func parse(_ arguments: Arguments, isEnabled: (Feature) -> Bool) -> ParseResult<Self> {
    guard let word = arguments.words.first else { return .command(Self(count: 1)) }
    guard arguments.words.count == 1 else {
      return .fail("\"random\" takes one number from 1 to 50.")
    }
    if case .number(let count) = Arguments.number(word), (1...50).contains(count) {
      return .command(Self(count: count))
    }
    return .fail("\"random\" takes a number from 1 to 50 (not \(Arguments.quoted(word))).")
  }

  func waiting(_ state: SessionState) -> String { "Fetching the species index" }

  func run(on shell: isolated Shell, status: StatusLine?) async throws(CommandFailure)
    -> CommandOutcome
  {
    let downloaded = await shell.downloadedIDs()
    let (count, glossary) = (self.count, await shell.glossary())
    let result = try await shell.list { list, filter throws(ListError) in
      try await list.random(
        count: count, filter: filter, downloaded: downloaded, glossary: glossary)
    }
    return .output(.rows(result))
  }
}
