import APIClient
import CommandLanguage
import DetailModels
import ImageFeature
import ListFeature
import Models
import Pages
import Presentation
import SyncFeature

/// The session engine: it parses each line, runs the command against the features, changes the
/// ``SessionState`` (only commands change it) and returns a ``CommandOutcome`` for a renderer.
///
/// It never starts a task of its own: work that outlives a command (the loads at launch, an
/// `open` warming its evolution chain) is a job of the session's ``BackgroundWork``.
public actor Shell {
  /// The navigation state; the prompt is derived from it.
  public private(set) var state = SessionState()
  private let dependencies: ShellDependencies
  private let work: BackgroundWork
  private let completion: CompletionSource?
  private var promptObserver: (@Sendable (String) -> Void)?
  private var promptColumns: @Sendable () -> Int? = { nil }
  /// The slugs the page shown last names, by the command that opens them, for completion.
  private var links: [String: [String]] = [:]
  /// The forms (`pokemon` ids) whose picture the image server does not have: `download image`
  /// drew their species' instead.
  private var formsWithoutImage: Set<Int> = []

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

  private var flags: FeatureFlags { dependencies.flags }

  /// Parses and runs one input line. `status`, when given, hears what the command waits for
  /// and how far a `sync` has come.
  public func execute(_ line: String, status: StatusLine? = nil) async -> CommandOutcome {
    let flags = self.flags
    switch dependencies.commands.parse(line, isEnabled: { flags.isEnabled($0) }) {
    case .empty: return .nothing
    case .failure(let failure): return .failure(.usage(failure))
    case .disabled(let disabled): return .failure(.disabled(disabled))
    case .command(let command):
      let outcome = await run(command, typed: Self.argumentText(of: line), status: status)
      await refreshCompletion()
      return outcome
    }
  }

  /// Loads, as jobs of the session, what makes the first commands instant: the first page and
  /// the three gender lists. Failures are silent here; the command that needs the data reports
  /// them.
  public func prefetch() {
    let list = dependencies.list
    for filter in GenderFilter.allCases where filter != .all {
      work.start("page 1 of \(filter.rawValue)") {
        _ = try? await list.page(1, filter: ListFilter(gender: filter))
      }
    }
    work.start("page 1") { [weak self] in
      guard let first = try? await list.page(1, filter: .none) else { return }
      await self?.learnListPageCount(first.pageCount, filter: .none)
    }
  }

  /// Fills in the page count for the prompt when a prefetch learnt it before any command did.
  private func learnListPageCount(_ count: Int, filter: ListFilter) async {
    guard state.listPageCount == nil, state.filter == filter else { return }
    state.listPageCount = count
    promptObserver?(state.prompt(columns: promptColumns()))
    await refreshCompletion()
  }

  /// Runs one typed command.
  /// Runs one typed command; `typed` is its argument as the user typed it (messages echo it so).
  public func run(
    _ command: Command, typed: String? = nil, status: StatusLine? = nil
  ) async -> CommandOutcome {
    status?.waitFor(waitingDescription(command))
    do {
      return try await perform(command, typed: typed, status: status)
    } catch {
      return .failure(error)
    }
  }

  /// What `command` waits for, in words, for the status line.
  private func waitingDescription(_ command: Command) -> String {
    let name = state.selected.map { "#\($0.id) \($0.displayName)" } ?? "the species"
    switch command {
    case .list, .next, .previous, .listPage, .first, .last, .filter:
      return "Fetching the species list"
    case .back: return "Going back"
    case .show(let kind, let name?): return "Fetching \(kind) \(SafeText.line(name))"
    case .show(let kind, nil): return "Fetching the \(kind)"
    case .open(let input):
      return "Fetching \(Int(input) != nil ? "species #" : "")\(SafeText.line(input))"
    case .info: return "Fetching \(name)"
    case .evolution(images: false): return "Fetching the evolution of \(name)"
    case .evolution(images: true): return "Downloading the images of \(name)'s evolutions"
    case .downloadImage(let shiny, let female):
      let variant = SpriteVariant(shiny: shiny || state.shiny, female: female)
      return "Downloading the \(variant == .standard ? "" : "\(variant) ")image of \(name)"
    case .image: return "Reading the image of \(name)"
    case .search, .random, .sync: return "Fetching the species index"
    case .cache(clear: true): return "Clearing the cache"
    case .cache(clear: false): return "Reading the cache"
    case .history, .clear, .pager, .shiny, .flags, .help, .quit, .language: return "Working"
    case .game: return "Fetching the games"
    case .doctor: return "Checking the terminal, the network and the cache"
    }
  }

  // MARK: - Commands

  private func perform(
    _ command: Command, typed: String?, status: StatusLine?
  ) async throws(CommandFailure) -> CommandOutcome {
    switch command {
    case .list: return try await showListPage(state.listPage, filter: state.filter)
    case .next:
      if let count = state.listPageCount, state.listPage >= count {
        throw .alreadyOnLastPage(count)
      }
      return try await showListPage(state.listPage + 1, filter: state.filter)
    case .previous:
      guard state.listPage > 1 else { throw .alreadyOnFirstPage }
      return try await showListPage(state.listPage - 1, filter: state.filter)
    case .listPage(let number): return try await showListPage(number, filter: state.filter)
    case .first: return try await showListPage(1, filter: state.filter)
    case .last:
      let count = try await list { list, filter throws(ListError) in
        try await list.pageCount(filter: filter)
      }
      return try await showListPage(count, filter: state.filter)
    case .filter(nil): return .output(.filter(state.filter))
    case .filter(.type(let typed?)):
      return try await filterByName(typed, kind: "type", status: status) { .type($0) }
    case .filter(.pokedex(let typed?)):
      return try await filterByName(typed, kind: CommandParser.pokedexKind, status: status) {
        .pokedex($0)
      }
    case .filter(let change?):
      return try await showListPage(1, filter: change.applied(to: state.filter))
    case .open(let input): return try await open(input, typed: typed, status: status)
    case .info:
      let selected = try requireSelection()
      return try await showSpecies(selected, form: state.selectedForm)
    case .evolution(let download):
      let selected = try requireSelection()
      let tree = try await details { details throws(DetailError) in
        try await details.evolution(of: .id(selected.id))
      }
      if download { _ = try requireImages() }
      return .output(.evolution(tree, images: await images(of: tree, downloading: download)))
    case .downloadImage(let shiny, let female):
      return try await downloadImage(SpriteVariant(shiny: shiny || state.shiny, female: female))
    case .image: return try await showImage()
    case .back: return try await goBack(status: status)
    case .show(let kind, let name): return try await openPage(kind, name, status: status)
    case .search(let text):
      // A search in a language looks among the names in it: they are loaded first (counted).
      if let language = dependencies.language, language.current != nil,
        !language.hasSpeciesNames
      {
        await waitForSpeciesNames(language, status: status)
        if Task.isCancelled { throw .cancelled }
      }
      let downloaded = await downloadedIDs()
      let result = try await list { list, filter throws(ListError) in
        try await list.search(text, filter: filter, downloaded: downloaded)
      }
      return .output(.rows(result))
    case .random(let count):
      let downloaded = await downloadedIDs()
      let result = try await list { list, filter throws(ListError) in
        try await list.random(count: count, filter: filter, downloaded: downloaded)
      }
      return .output(.rows(result))
    case .history(let count):
      let entries = dependencies.history()
      let shown = entries.suffix(min(count ?? entries.count, entries.count))
      return .output(.history(Array(shown), firstNumber: entries.count - shown.count + 1))
    case .clear: return .output(.clear)
    case .pager(let on):
      if let on { state.paging = on }
      return .output(.pager(state.paging))
    case .shiny(let on):
      _ = try requireImages()
      guard let on, on != state.shiny else { return .output(.shiny(state.shiny, saveWarning: nil)) }
      state.shiny = on
      return .output(.shiny(on, saveWarning: dependencies.saveShiny(on)))
    case .cache(clear: false): return .output(.cache(await dependencies.cacheStatistics()))
    case .cache(clear: true):
      // Loads in flight stop first, so none can put an answer back after the cache is emptied.
      await work.cancelAll()
      await dependencies.clearCache()
      return .output(.cacheCleared)
    case .sync(let range, let images, let moves):
      return try await sync(range: range, images: images, moves: moves, status: status)
    case .flags: return .output(.flags(flags.entries))
    case .language(let change): return .output(.language(changeLanguage(change)))
    case .game(let change): return .output(.game(try await changeGame(change)))
    case .doctor:
      guard let doctor = dependencies.doctor else {
        return .output(.doctor(DoctorReport(checks: [])))
      }
      return .output(.doctor(await doctor.run()))
    case .help(nil):
      let flags = self.flags
      return .output(
        .commands(dependencies.commands.commandHelp(isEnabled: { flags.isEnabled($0) })))
    case .help(let name?):
      let flags = self.flags
      guard let text = dependencies.commands.helpText(for: name, isEnabled: { flags.isEnabled($0) })
      else { throw .noHelp(name) }
      return .output(.help(text))
    case .quit: return .quit
    }
  }

  /// The list filtered by the `kind` resource `typed` names: as typed first (one request); else
  /// found as `kind NAME` finds it: in the language too (`feu`, `カントー`), or a did-you-mean.
  private func filterByName(
    _ typed: String, kind: String, status: StatusLine?,
    change: (String) -> FilterChange
  ) async throws(CommandFailure) -> CommandOutcome {
    do {
      return try await showListPage(1, filter: change(typed).applied(to: state.filter))
    } catch .list(.api(.notFound)) {
      let slug: String
      do {
        slug = try await dependencies.pages.slug(
          of: kind, named: typed, glossary: await glossary(), progress: { status?.waitFor($0) })
      } catch {
        throw .page(error)
      }
      return try await showListPage(1, filter: change(slug).applied(to: state.filter))
    }
  }

  private func showListPage(
    _ number: Int, filter: ListFilter, marking marked: Int? = nil
  ) async throws(CommandFailure) -> CommandOutcome {
    let downloaded = await downloadedIDs()
    var page = try await list { list, _ throws(ListError) in
      try await list.page(number, filter: filter, downloaded: downloaded)
    }
    page.marked = marked
    let types = dependencies.speciesTypes()
    if !types.isEmpty {
      let glossary = await glossary()
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

  /// After `back` to a page: the species selected is the one the trail walked from (the last
  /// species before it, unless a list page came after that one), so that `moves` or `info`
  /// are about the species the page was opened from.
  private func selectAlongTheTrail() {
    for stop in state.trail.reversed() {
      switch stop {
      case .species(let species, let form):
        state.selected = species
        state.selectedForm = form
        return
      case .list:
        state.selected = nil
        state.selectedForm = nil
        return
      case .page: continue
      }
    }
  }

  /// The details of `species` (its form `form`) again, selecting it.
  private func showSpecies(
    _ species: SpeciesSummary, form: Int?
  ) async throws(CommandFailure) -> CommandOutcome {
    let detail = try await details { details throws(DetailError) in
      try await details.details(of: .id(species.id), form: form)
    }
    return await select(detail)
  }

  /// `lang`: chooses a language (kept for the next sessions), or tells which is shown.
  private func changeLanguage(_ change: LanguageChange?) -> LanguageReport {
    guard let language = dependencies.language else {
      return LanguageReport(current: nil, changed: false, progress: nil)
    }
    guard let change else {
      return LanguageReport(
        current: language.current, changed: false, progress: language.progress)
    }
    let chosen: Language? =
      switch change {
      case .choose(let chosen): chosen
      case .off: nil
      }
    language.choose(chosen)
    // The species shown, and those on the trail, are named in the new language (or by their
    // slugs again).
    let glossary = language.currentGlossary()
    func renamed(_ species: SpeciesSummary) -> SpeciesSummary {
      var species = species
      species.shownName = chosen == nil ? nil : glossary.species[species.id]
      return species
    }
    renameShown(renamed)
    // The open species' name while every species' names load: from its own answer (cached),
    // the prompt redrawn with it (`#6 Dracaufeu`, not `#6 Charizard` until the next command).
    if chosen != nil, let selected = state.selected, selected.shownName == nil {
      let details = dependencies.details
      work.start("the open species' name in the language") { [weak self] in
        guard let detail = try? await details.details(of: .id(selected.id), form: nil),
          detail.language != nil
        else { return }
        await self?.rename(selected.id, to: detail.displayName, in: chosen)
      }
    }
    return LanguageReport(
      current: chosen, changed: true, progress: language.progress,
      saveWarning: dependencies.saveLanguage(chosen))
  }

  /// Names species `id`, open and on the trail, `name`, while `language` is still the one
  /// shown, and tells the prompt's observer.
  private func rename(_ id: Int, to name: String, in language: Language?) {
    guard dependencies.language?.current == language, state.selected?.id == id else { return }
    renameShown { species in
      var species = species
      if species.id == id { species.shownName = name }
      return species
    }
    promptObserver?(state.prompt(columns: promptColumns()))
  }

  /// Renames the species shown by name: the open one, and those on the trail (forms keep
  /// theirs).
  private func renameShown(_ renamed: (SpeciesSummary) -> SpeciesSummary) {
    state.selected = state.selected.map(renamed)
    state.trail = state.trail.map { stop in
      guard case .species(let species, let form) = stop, form == nil else { return stop }
      return .species(renamed(species), form: form)
    }
  }

  /// `game`: chooses the game the session plays (kept for the next sessions), clears it, or
  /// tells which it is.
  private func changeGame(_ change: GameChange?) async throws(CommandFailure) -> GameReport {
    switch change {
    case nil:
      return GameReport(game: state.game, name: state.gameName, changed: false)
    case .off:
      state.game = nil
      state.gameName = nil
      return GameReport(
        game: nil, name: nil, changed: true, saveWarning: dependencies.saveGame(nil, nil))
    case .choose(let typed):
      let catalog: GameCatalog
      do {
        catalog = try await dependencies.games(await glossary())
      } catch {
        throw .page(.api(error))
      }
      let resolution = catalog.resolve(typed)
      if let failure = catalog.failure(resolution, typed: typed) { throw .page(failure) }
      guard case .found(let game) = resolution else {
        throw .page(.api(.notFound(resource: typed)))
      }
      let name = catalog.label(game)
      state.game = game
      state.gameName = name
      return GameReport(
        game: game, name: name, changed: true, saveWarning: dependencies.saveGame(game, name))
    }
  }

  /// Waits for the species' names of the language shown (loading them if a script has not), the
  /// status line counting them.
  private func waitForSpeciesNames(_ language: SessionLanguage, status: StatusLine?) async {
    guard let shown = language.current else { return }
    await language.ensureSpeciesNames { progress in
      status?.waitFor(
        "Loading the \(shown.englishName) names of the species \(progress.done)/\(progress.total)")
    }
  }

  /// The glossary of the language shown now.
  private func glossary() async -> Glossary {
    await dependencies.language?.glossary() ?? .slugs
  }

  /// Selects the species `detail` shows, puts it on the trail and shows it.
  private func select(_ detail: SpeciesDetailViewModel) async -> CommandOutcome {
    var detail = detail
    // The Pokédex text of the game played, when it has one, the numbers in its Pokédexes, and
    // the types and type chart of its generation.
    if let game = state.game {
      let (glossary, id) = (await glossary(), detail.id)
      async let text = dependencies.gameFlavorText(id, game, glossary)
      async let numbers = dependencies.regionalNumbers(id, game, glossary)
      async let typed = dependencies.gameFacts(detail, game, glossary)
      detail = await typed
      detail.gameName = state.gameName
      if let text = await text { detail.flavorText = text }
      detail.regionalNumbers = await numbers
    }
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

  /// A page of another kind, put on the trail.
  private func openPage(_ kind: String, _ name: String?, status: StatusLine?)
    async throws(CommandFailure) -> CommandOutcome
  {
    let page: any Page
    do {
      page = try await dependencies.pages.open(
        kind, name, selection: state.selectedForm ?? state.selected?.id,
        selectionName: state.selected?.name, glossary: await glossary(), game: state.game,
        gameName: state.gameName, progress: { status?.waitFor($0) })
    } catch {
      throw .page(error)
    }
    // Ctrl-C: the page is not shown, so it does not go on the trail.
    if Task.isCancelled { throw .cancelled }
    state.visit(.page(page.address, title: page.title))
    links = page.links
    return .output(.page(ShownPage(page)))
  }

  /// The page before the one shown, on the trail, shown again; from a species shown first, the
  /// list page that holds it, the species marked there.
  private func goBack(status: StatusLine?) async throws(CommandFailure) -> CommandOutcome {
    guard state.canGoBack, let current = state.trail.last else { throw .nothingToGoBackTo }
    let before = state.trail.dropLast().last
    var kept = Array(state.trail.dropLast(before == nil ? 1 : 2))
    let outcome: CommandOutcome
    switch before {
    case nil, .list:
      var number = state.listPage
      var filter = state.filter
      if case .list(let page, let listFilter) = before {
        number = page
        filter = listFilter
      }
      var marked: Int?
      if case .species(let species, _) = current {
        marked = species.id
        let holding = try? await dependencies.list.pageHolding(
          speciesID: species.id, filter: filter)
        number = holding ?? number
      }
      outcome = try await showListPage(number, filter: filter, marking: marked)
      state.selected = nil
      state.selectedForm = nil
    case .species(let species, let form):
      outcome = try await showSpecies(species, form: form)
    case .page(let address, _):
      let page: any Page
      do {
        page = try await dependencies.pages.show(
          address, glossary: await glossary(), game: state.game, gameName: state.gameName,
          progress: { status?.waitFor($0) })
      } catch {
        throw .page(error)
      }
      if Task.isCancelled { throw .cancelled }
      links = page.links
      kept.append(.page(page.address, title: page.title))
      state.trail = kept
      selectAlongTheTrail()
      return .output(.page(ShownPage(page)))
    }
    // Showing it put it back on the trail after the page left; what came before stays.
    if let shown = state.trail.last { kept.append(shown) }
    state.trail = kept
    return outcome
  }

  /// `open`: by id, slug or prefix, or by a name in the language shown; a name not found while
  /// the names of that language load is looked up again once they have (the status line counts
  /// them).
  private func open(
    _ input: String, typed: String?, status: StatusLine?
  ) async throws(CommandFailure) -> CommandOutcome {
    let detail: SpeciesDetailViewModel
    let namesWereLoaded = dependencies.language?.hasSpeciesNames ?? true
    do {
      detail = try await dependencies.details.open(input)
    } catch {
      // A name the slugs do not know may be one in the language, even one near a slug
      // (Glurak, Charizard in German, is near golurk): its names are loaded (counted), and it
      // is looked up again. A script cannot wait for a background load it does not see.
      guard case .unknown = error, !namesWereLoaded, let language = dependencies.language,
        language.current != nil
      else { throw .detail(error.echoing(typed)) }
      await waitForSpeciesNames(language, status: status)
      if Task.isCancelled { throw .cancelled }
      do {
        detail = try await dependencies.details.open(input)
      } catch {
        throw .detail(error.echoing(typed))
      }
    }
    return await select(detail)
  }

  /// Downloads the image of the species or form shown, of `variant` (a form's own, `{pokemon
  /// id}.png`; where there is none, its species' one; where the image server has no picture of
  /// that variant, the one standing in for it: each said) and draws it beside the details.
  private func downloadImage(_ variant: SpriteVariant) async throws(CommandFailure)
    -> CommandOutcome
  {
    let selected = try requireSelection()
    let images = try requireImages()
    let form = state.selectedForm
    let detail = try? await dependencies.details.details(of: .id(selected.id), form: form)
    var imageID = form ?? selected.id
    var formWithoutImage: String?
    let (outcome, shown): (DownloadOutcome, SpriteVariant)
    do {
      do {
        (outcome, shown) = try await Self.download(imageID, variant, images)
      } catch let error where form != nil && error.meansNoImageOfItsOwn {
        formWithoutImage = detail?.displayName ?? selected.displayName
        formsWithoutImage.insert(imageID)
        imageID = selected.id
        (outcome, shown) = try await Self.download(imageID, variant, images)
      }
    } catch {
      throw .image(error)
    }
    let stored: StoredImage
    switch outcome {
    case .downloaded(let image): stored = image
    case .alreadyStored(let url):
      let image: StoredImage?
      do {
        image = try await images.storedImage(speciesID: imageID, variant: shown)
      } catch {
        throw .image(error)
      }
      guard let image else { throw .image(.unreadableFile(path: url.path)) }
      stored = image
    }
    let fetched = if case .downloaded = outcome { true } else { false }
    return .output(
      .downloaded(
        ImageDownload(
          imageID: imageID, stored: stored, fetched: fetched, details: detail,
          formWithoutImage: formWithoutImage, variantAsked: shown == variant ? nil : variant)))
  }

  /// The picture of `id` of `variant`, else of the variants standing in for it, and which it is.
  private static func download(
    _ id: Int, _ variant: SpriteVariant, _ images: ImageFeature
  ) async throws(ImageFeatureError) -> (DownloadOutcome, SpriteVariant) {
    var shown = variant
    while true {
      do {
        return (try await images.download(speciesID: id, variant: shown), shown)
      } catch .notFound(let id) {
        // Offline, a variant not downloaded is not one the server lacks: that is said as it is.
        guard let fallback = shown.fallback else { throw .notFound(speciesID: id) }
        shown = fallback
      }
    }
  }

  /// Draws the stored image of the species or form shown.
  private func showImage() async throws(CommandFailure) -> CommandOutcome {
    let selected = try requireSelection()
    let images = try requireImages()
    let imageID = state.selectedForm ?? selected.id
    let stored: StoredImage?
    do {
      stored = try await images.storedImage(speciesID: imageID, preferring: preferredVariants)
    } catch {
      throw .image(error)
    }
    guard let stored else { throw .noImageYet(displayName: selected.displayName) }
    return .output(.image(speciesID: imageID, stored))
  }

  private func sync(
    range: ClosedRange<Int>?, images: Bool, moves: Bool, status: StatusLine?
  ) async throws(CommandFailure) -> CommandOutcome {
    if images { _ = try requireImages() }
    let index: [SpeciesSummary]
    do {
      index = try await dependencies.speciesIndex()
    } catch {
      throw .api(error)
    }
    let ids: [Int]
    do {
      ids = try SyncFeature.ids(in: range, index: index)
    } catch {
      throw .sync(error)
    }
    let progress = dependencies.syncProgress
    let summary = await dependencies.sync.run(
      ids: ids, withImages: images, withMoves: moves, game: state.game
    ) {
      step in
      status?.report(step)
      progress(step)
    }
    if summary.cancelled { throw .syncCancelled(summary) }
    return .output(.synced(summary))
  }

  // MARK: - Helpers

  /// The text after the command word, as typed (trimmed, without quotes around it).
  static func argumentText(of line: String) -> String {
    let text = line.drop { $0.isWhitespace }.drop { !$0.isWhitespace }
    return CommandParser.unquotedArgument(
      String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed()))
  }

  /// Runs a list-feature call, its failure becoming a ``CommandFailure``.
  private func list<T>(
    _ body: (ListFeature, ListFilter) async throws(ListError) -> T
  ) async throws(CommandFailure) -> T {
    do {
      return try await body(dependencies.list, state.filter)
    } catch {
      throw .list(error)
    }
  }

  /// Runs a detail-feature call, its failure becoming a ``CommandFailure``.
  private func details<T>(
    _ body: (any SpeciesDetails) async throws(DetailError) -> T
  ) async throws(CommandFailure) -> T {
    do {
      return try await body(dependencies.details)
    } catch {
      throw .detail(error)
    }
  }

  private func requireSelection() throws(CommandFailure) -> SpeciesSummary {
    guard let selected = state.selected else { throw .noSelection }
    return selected
  }

  /// The image feature when it exists and its flag is on.
  private var availableImages: ImageFeature? {
    flags.isEnabled(.images) ? dependencies.images : nil
  }

  private func requireImages() throws(CommandFailure) -> ImageFeature {
    guard let images = availableImages else {
      throw .disabled(DisabledFeature(feature: .images, command: "image"))
    }
    return images
  }

  private func downloadedIDs() async -> Set<Int> {
    guard let images = availableImages else { return [] }
    return await images.downloadedIDs()
  }

  /// The tree's members' stored images, after downloading the missing ones when `downloading`
  /// (at most four at once, within the client's own bound; each failure kept, the rest go on).
  private func images(
    of tree: EvolutionTreeViewModel, downloading: Bool
  ) async -> EvolutionImages {
    guard let images = availableImages else { return .none }
    var members: [(id: Int, name: String)] = []
    for row in tree.rows where !members.contains(where: { $0.id == row.id }) {
      members.append((row.id, row.displayName))
    }
    var failures: [EvolutionImages.Failure] = []
    if downloading {
      let downloaded = await images.downloadedIDs()
      let missing = members.filter { !downloaded.contains($0.id) }
      failures = await withTaskGroup(of: EvolutionImages.Failure?.self) { group in
        var next = 0
        func startNext() {
          guard next < missing.count else { return }
          let member = missing[next]
          next += 1
          // Caught by `APIRequests.result`, not in this closure (docs/RELIABILITY.md).
          _ = group.addTaskUnlessCancelled {
            let download = { (id: Int) async throws(ImageFeatureError) in
              _ = try await images.download(speciesID: id)
            }
            guard case .failure(let error) = await APIRequests.result(of: download, member.id)
            else { return nil }
            return .init(speciesID: member.id, displayName: member.name, error: error)
          }
        }
        for _ in 0..<4 { startNext() }
        var failed: [EvolutionImages.Failure] = []
        while let result = await group.next() {
          if let failure = result { failed.append(failure) }
          startNext()
        }
        let order = missing.map(\.id)
        return failed.sorted {
          order.firstIndex(of: $0.speciesID)! < order.firstIndex(of: $1.speciesID)!
        }
      }
    }
    // Ctrl-C: the command's result is dropped anyway; decode nothing.
    if Task.isCancelled { return EvolutionImages(failures: failures) }
    var stored: [Int: StoredImage] = [:]
    for member in members {
      if let image = try? await images.storedImage(
        speciesID: member.id, preferring: preferredVariants)
      {
        stored[member.id] = image
      }
    }
    return EvolutionImages(stored: stored, failures: failures)
  }

  private func detailImage(for id: Int, species: Int? = nil) async -> DetailImage {
    guard let images = availableImages else { return .none }
    let variants = preferredVariants
    if let stored = try? await images.storedImage(speciesID: id, preferring: variants) {
      return .image(stored)
    }
    // A form the image server has no picture of: its species' picture, and no tip to download
    // what cannot be had.
    if formsWithoutImage.contains(id), let species {
      if let stored = try? await images.storedImage(speciesID: species, preferring: variants) {
        return .image(stored)
      }
      return .none
    }
    return .downloadHint
  }

  /// The pictures of a species to show, in order: the session's (shiny or not) first.
  private var preferredVariants: [SpriteVariant] { SpriteVariant.preferred(shiny: state.shiny) }

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

extension ImageFeatureError {
  /// The image server has none (or, offline, none was downloaded): a form then shows its
  /// species' image.
  var meansNoImageOfItsOwn: Bool {
    switch self {
    case .notFound, .notDownloadedOffline: true
    default: false
    }
  }
}

extension DetailError {
  /// The same failure naming the input as the user typed it (the parser normalises names:
  /// `open ../../etc/passwd` must not be echoed as `//etc/passwd`).
  func echoing(_ typed: String?) -> DetailError {
    guard let typed, !typed.isEmpty else { return self }
    switch self {
    case .unknown(_, let suggestion): return .unknown(input: typed, suggestion: suggestion)
    case .ambiguous(_, let candidates, let total):
      return .ambiguous(input: typed, candidates: candidates, total: total)
    case .invalidID: return .invalidID(typed)
    case .api, .emptyInput, .inputTooLong, .notServed: return self
    }
  }
}
