import APIClient
import CommandLanguage
import DetailModels
import ImageFeature
import ListFeature
import Models
import Pages
import Presentation
import SyncFeature

/// The session engine: it parses each line into a command (``SessionCommands``), runs it, which
/// changes the ``SessionState`` (only commands change it), and returns a ``CommandOutcome`` for
/// a renderer. Each command's work is its own type's (`Commands/`); the shell holds the state
/// and the steps several commands share.
///
/// It never starts a task of its own: work that outlives a command (the loads at launch, an
/// `open` warming its evolution chain) is a job of the session's ``BackgroundWork``.
public actor Shell {
  /// The navigation state; the prompt is derived from it.
  public internal(set) var state = SessionState()
  let dependencies: ShellDependencies
  let work: BackgroundWork
  private let completion: CompletionSource?
  var promptObserver: (@Sendable (String) -> Void)?
  var promptColumns: @Sendable () -> Int? = { nil }
  /// The slugs the page shown last names, by the command that opens them, for completion.
  var links: [String: [String]] = [:]
  /// The forms (`pokemon` ids) whose picture the image server does not have: `download image`
  /// drew their species' instead.
  var formsWithoutImage: Set<Int> = []

  /// A shell over `dependencies` whose background jobs belong to `work`; `completion`, when
  /// given, is told whether `download image` applies.
  public init(
    dependencies: ShellDependencies, work: BackgroundWork, completion: CompletionSource? = nil,
    state: SessionState = SessionState()
  ) {
    self.state = state
    self.dependencies = dependencies
    self.work = work
    self.completion = completion
  }

  /// The prompt for the current state.
  public var prompt: String { state.prompt }

  /// Shows a demo's step in the prompt (`step 2/9`), or none.
  public func setStep(_ step: String?) { state.step = step }

  /// The prompt for the current state, at most half of `columns` wide.
  public func prompt(columns: Int?) -> String { state.prompt(columns: columns) }

  /// Has `observer` hear the new prompt, at most half of `columns()` wide, when background work
  /// changes it (the page count arrived while the prompt was shown).
  public func observePrompt(
    columns: @escaping @Sendable () -> Int? = { nil },
    _ observer: @escaping @Sendable (String) -> Void
  ) {
    promptColumns = columns
    promptObserver = observer
  }

  var flags: FeatureFlags { dependencies.flags }

  /// Parses and runs one input line. `status`, when given, hears what the command waits for
  /// and how far a `sync` has come.
  public func execute(_ line: String, status: StatusLine? = nil) async -> CommandOutcome {
    let flags = self.flags
    switch dependencies.commands.parse(line, isEnabled: { flags.isEnabled($0) }) {
    case .empty: return .nothing
    case .failure(let failure): return .failure(.usage(failure))
    case .disabled(let disabled): return .failure(.disabled(disabled))
    case .command(let command):
      status?.waitFor(command.waiting(state))
      let outcome: CommandOutcome
      do {
        outcome = try await command.run(on: self, status: status)
      } catch {
        outcome = .failure(error)
      }
      await refreshCompletion()
      return outcome
    }
  }

  /// Loads, as jobs of the session, what makes the first commands instant: the first page and
  /// the three gender lists. Failures are silent here; the command that needs the data reports
  /// them.
  public func prefetch() {
    let (list, language) = (dependencies.list, dependencies.language)
    for filter in GenderFilter.allCases where filter != .all {
      work.start("page 1 of \(filter.rawValue)") {
        _ = try? await list.page(
          1, filter: ListFilter(gender: filter), glossary: await language?.glossary() ?? .slugs)
      }
    }
    work.start("page 1") { [weak self] in
      guard
        let first = try? await list.page(
          1, filter: .none, glossary: await language?.glossary() ?? .slugs)
      else { return }
      await self?.learnListPageCount(first.pageCount, filter: .none)
    }
  }

  /// Fills in the page count for the prompt when a prefetch learnt it before any command did.
  func learnListPageCount(_ count: Int, filter: ListFilter) async {
    guard state.listPageCount == nil, state.filter == filter else { return }
    state.listPageCount = count
    promptObserver?(state.prompt(columns: promptColumns()))
    await refreshCompletion()
  }

  // MARK: - Steps several commands share

  /// The list's page `number` under `filter`, `marked` marked, its rows' types named in the
  /// language shown; it goes on the trail.
  func showListPage(
    _ number: Int, filter: ListFilter, marking marked: Int? = nil
  ) async throws(CommandFailure) -> CommandOutcome {
    let downloaded = await downloadedIDs()
    let glossary = await glossary()
    var page = try await list { list, _ throws(ListError) in
      try await list.page(number, filter: filter, downloaded: downloaded, glossary: glossary)
    }
    page.marked = marked
    let types = dependencies.speciesTypes()
    if !types.isEmpty {
      for index in page.rows.indices {
        let shown = types[page.rows[index].id] ?? []
        page.rows[index].types = shown
        if glossary.language != nil {
          page.rows[index].typeSlugs = shown.map { $0.lowercased() }
          page.rows[index].types = shown.map { glossary.type($0.lowercased()) }
        }
      }
    }
    state.listPage = page.page
    state.listPageCount = page.pageCount
    state.filter = filter
    state.visit(.list(listPage: page.page, filter: filter))
    links = ["open": page.rows.map(\.name)]
    return .output(.list(page))
  }

  /// The details of `species` (its form `form`) again, selecting it.
  func showSpecies(
    _ species: SpeciesSummary, form: Int?
  ) async throws(CommandFailure) -> CommandOutcome {
    let context = await context()
    let detail = try await details { kind throws(DetailError) in
      try await kind.details(of: .id(species.id), form: form, in: context)
    }
    return await select(detail)
  }

  /// Waits for the species' names of the language shown (loading them if a script has not), the
  /// status line counting them.
  func waitForSpeciesNames(_ language: SessionLanguage, status: StatusLine?) async {
    guard let shown = language.current else { return }
    await language.ensureSpeciesNames { progress in
      status?.waitFor(
        "Loading the \(shown.englishName) names of the species \(progress.done)/\(progress.total)")
    }
  }

  /// The glossary of the language shown now.
  func glossary() async -> Glossary {
    await dependencies.language?.glossary() ?? .slugs
  }

  /// What pages are shown in now: the language shown and the game played.
  func context() async -> PageContext {
    PageContext(glossary: await glossary(), game: state.game, gameName: state.gameName)
  }

  /// Selects the species `detail` shows (as ``SpeciesKind`` made it, in the session's
  /// ``context()``), puts it on the trail and shows it.
  func select(_ detail: SpeciesDetailViewModel) async -> CommandOutcome {
    var summary = SpeciesSummary(id: detail.id, name: detail.form?.name ?? detail.name)
    if detail.language != nil, detail.form == nil { summary.shownName = detail.displayName }
    state.selected = summary
    state.selectedForm = detail.form?.pokemonID
    state.visit(.species(summary, form: detail.form?.pokemonID))
    links = [
      "ability": detail.abilities.map { NameQuery.normalize($0.slug) },
      "type": detail.typeSlugs,
    ]
    return .output(
      .detail(
        detail,
        image: await detailImage(for: detail.form?.pokemonID ?? detail.id, species: detail.id)))
  }

  /// Runs a list-feature call, its failure becoming a ``CommandFailure``.
  func list<T>(
    _ body: (ListFeature, ListFilter) async throws(ListError) -> T
  ) async throws(CommandFailure) -> T {
    do {
      return try await body(dependencies.list, state.filter)
    } catch {
      throw .list(error)
    }
  }

  /// Runs a call of the species page's kind, its failure becoming a ``CommandFailure``.
  func details<T>(
    _ body: (SpeciesKind) async throws(DetailError) -> T
  ) async throws(CommandFailure) -> T {
    do {
      return try await body(dependencies.species)
    } catch {
      throw .detail(error)
    }
  }

  func requireSelection() throws(CommandFailure) -> SpeciesSummary {
    guard let selected = state.selected else { throw .noSelection }
    return selected
  }

  /// Tells completion what applies now: whether a species is open, its image downloaded, and
  /// the page count.
  private func refreshCompletion() async {
    guard let completion else { return }
    var downloaded = false
    // `download image` applies while the session's picture (shiny or not) is not downloaded.
    if let selected = state.selected, let images = availableImages {
      let id = state.selectedForm ?? selected.id
      downloaded =
        (try? await images.storedImage(
          speciesID: id, variant: SpriteVariant(shiny: state.shiny))) != nil
    }
    completion.update(
      hasSelection: state.selected != nil, imageDownloaded: downloaded,
      listPageCount: state.listPageCount, canGoBack: state.canGoBack, links: links)
  }
}
