import APIClient
import CommandLanguage
import DetailFeature
import FeatureFlags
import ImageFeature
import ListFeature
import Models

/// A pokedex session: it parses each line, runs the command against the features, changes the
/// ``SessionState`` (only commands change it) and returns a ``CommandOutcome`` for a renderer.
public actor Shell {
  /// The navigation state; the prompt is derived from it.
  public private(set) var state = SessionState()
  private let dependencies: ShellDependencies
  private let completion: CompletionSource?

  /// A shell over `dependencies`; `completion`, when given, is kept up to date with the
  /// species names and whether `download image` applies.
  public init(dependencies: ShellDependencies, completion: CompletionSource? = nil) {
    self.dependencies = dependencies
    self.completion = completion
  }

  /// The prompt for the current state.
  public var prompt: String { state.prompt }

  private var flags: FeatureFlags { dependencies.flags }

  /// Parses and runs one input line.
  public func execute(_ line: String) async -> CommandOutcome {
    let flags = self.flags
    switch CommandParser.parse(line, isEnabled: { flags.isEnabled($0) }) {
    case .empty: return .nothing
    case .failure(let failure): return .failure(failure.message)
    case .disabled(let disabled): return .failure(disabled.message)
    case .command(let command): return await run(command)
    }
  }

  /// Loads, in the background, what makes the first commands instant: the first page, the
  /// three gender lists and the species index (which then feeds name completion). Failures
  /// are silent here; the command that needs the data reports them.
  public func prefetch() {
    let list = dependencies.list
    let index = dependencies.speciesIndex
    Task { [weak self] in
      if let names = try? await index().map(\.name) {
        self?.completion?.setSpeciesNames(names)
      }
    }
    Task {
      await withTaskGroup(of: Void.self) { group in
        for filter in GenderFilter.allCases where filter != .all {
          group.addTask { _ = try? await list.page(1, filter: filter) }
        }
        group.addTask { [weak self] in
          guard let first = try? await list.page(1, filter: .all) else { return }
          await self?.learnPageCount(first.pageCount, filter: .all)
        }
      }
    }
  }

  /// Fills in the page count for the prompt when a prefetch learnt it before any command did.
  private func learnPageCount(_ count: Int, filter: GenderFilter) {
    if state.pageCount == nil, state.filter == filter { state.pageCount = count }
  }

  /// Runs one typed command.
  public func run(_ command: Command) async -> CommandOutcome {
    do {
      return try await perform(command)
    } catch {
      return .failure(error.message)
    }
  }

  // MARK: - Commands

  private func perform(_ command: Command) async throws(ShellError) -> CommandOutcome {
    switch command {
    case .list: return try await showPage(state.page, filter: state.filter)
    case .next:
      if let count = state.pageCount, state.page >= count {
        throw .message("Already on the last page (\(count)).")
      }
      return try await showPage(state.page + 1, filter: state.filter)
    case .previous:
      guard state.page > 1 else { throw .message("Already on the first page.") }
      return try await showPage(state.page - 1, filter: state.filter)
    case .page(let number): return try await showPage(number, filter: state.filter)
    case .first: return try await showPage(1, filter: state.filter)
    case .last:
      let count = try await ShellError.wrap { () async throws(ListError) in
        try await dependencies.list.pageCount(filter: state.filter)
      }
      return try await showPage(count, filter: state.filter)
    case .filter(nil): return .output(.filter(state.filter))
    case .filter(let filter?): return try await showPage(1, filter: filter)
    case .open(let input): return try await open(input)
    case .info:
      let selected = try requireSelection()
      let detail = try await ShellError.wrap { () async throws(DetailError) in
        try await dependencies.details.details(of: .id(selected.id))
      }
      return .output(.detail(detail, image: await detailImage(for: selected.id)))
    case .evolution:
      let selected = try requireSelection()
      let tree = try await ShellError.wrap { () async throws(DetailError) in
        try await dependencies.details.evolution(of: .id(selected.id))
      }
      return .output(.evolution(tree))
    case .downloadImage: return try await downloadImage()
    case .image: return try await showImage()
    case .back:
      let page = try await showPage(state.page, filter: state.filter)
      state.selected = nil
      await refreshCompletion()
      return page
    case .search(let text):
      let downloaded = await downloadedIDs()
      let result = try await ShellError.wrap { () async throws(ListError) in
        try await dependencies.list.search(text, downloaded: downloaded)
      }
      return .output(.rows(result))
    case .random(let count):
      let downloaded = await downloadedIDs()
      let result = try await ShellError.wrap { () async throws(ListError) in
        try await dependencies.list.random(count: count, downloaded: downloaded)
      }
      return .output(.rows(result))
    case .history: return .output(.history(dependencies.history()))
    case .cache(clear: false): return .output(.cache(await dependencies.cacheStatistics()))
    case .cache(clear: true):
      await dependencies.clearCache()
      return .output(.cacheCleared)
    case .sync(let range, let images): return try await sync(range: range, images: images)
    case .flags: return .output(.flags(flags.entries))
    case .help(nil):
      let flags = self.flags
      return .output(.help(CommandParser.helpText(isEnabled: { flags.isEnabled($0) })))
    case .help(let name?):
      let flags = self.flags
      guard let text = CommandParser.helpText(for: name, isEnabled: { flags.isEnabled($0) })
      else { throw .message("No help for \"\(name)\".") }
      return .output(.help(text))
    case .quit: return .quit
    }
  }

  private func showPage(_ number: Int, filter: GenderFilter) async throws(ShellError)
    -> CommandOutcome
  {
    let downloaded = await downloadedIDs()
    let page = try await ShellError.wrap { () async throws(ListError) in
      try await dependencies.list.page(number, filter: filter, downloaded: downloaded)
    }
    state.page = page.page
    state.pageCount = page.pageCount
    state.filter = filter
    return .output(.list(page))
  }

  private func open(_ input: String) async throws(ShellError) -> CommandOutcome {
    let detail = try await ShellError.wrap { () async throws(DetailError) in
      try await dependencies.details.open(input)
    }
    state.selected = SpeciesSummary(id: detail.id, name: detail.name)
    await refreshCompletion()
    return .output(.detail(detail, image: await detailImage(for: detail.id)))
  }

  private func downloadImage() async throws(ShellError) -> CommandOutcome {
    let selected = try requireSelection()
    let images = try requireImages()
    let outcome = try await ShellError.wrap { () async throws(ImageFeatureError) in
      try await images.download(speciesID: selected.id)
    }
    await refreshCompletion()
    switch outcome {
    case .downloaded(let stored): return .output(.downloaded(speciesID: selected.id, stored))
    case .alreadyStored(let url):
      return .output(.alreadyDownloaded(speciesID: selected.id, path: url.path))
    }
  }

  private func showImage() async throws(ShellError) -> CommandOutcome {
    let selected = try requireSelection()
    let images = try requireImages()
    let stored = try await ShellError.wrap { () async throws(ImageFeatureError) in
      try await images.storedImage(speciesID: selected.id)
    }
    guard let stored else {
      throw .message(
        "No image of \(selected.displayName) yet; \"download image\" fetches it.")
    }
    return .output(.image(speciesID: selected.id, stored))
  }

  private func sync(range: ClosedRange<Int>?, images: Bool) async throws(ShellError)
    -> CommandOutcome
  {
    if images { _ = try requireImages() }
    let index = try await ShellError.wrap { () async throws(APIError) in
      try await dependencies.speciesIndex()
    }
    let known = Set(index.map(\.id)).sorted()
    let range = range ?? 1...(known.last { $0 < 10000 } ?? 1)
    // Walks the index, not the typed range: `sync 1-99999999999` must not loop for minutes.
    let ids = known.filter { range.contains($0) }
    guard !ids.isEmpty else {
      throw .message("No species in \(range.lowerBound)-\(range.upperBound).")
    }
    let summary = await Synchronizer(
      details: dependencies.details, images: images ? dependencies.images : nil,
      progress: dependencies.progress
    ).run(ids: ids)
    await refreshCompletion()
    return .output(.synced(summary))
  }

  // MARK: - Helpers

  private func requireSelection() throws(ShellError) -> SpeciesSummary {
    guard let selected = state.selected else {
      throw .message("No species is open; try \"open 133\" or \"open eevee\".")
    }
    return selected
  }

  /// The image feature when it exists and its flag is on.
  private var availableImages: ImageFeature? {
    flags.isEnabled(.images) ? dependencies.images : nil
  }

  private func requireImages() throws(ShellError) -> ImageFeature {
    guard let images = availableImages else {
      throw .message("The images feature is turned off (\"flags\" shows why).")
    }
    return images
  }

  private func downloadedIDs() async -> Set<Int> {
    guard let images = availableImages else { return [] }
    return await images.downloadedIDs()
  }

  private func detailImage(for id: Int) async -> DetailImage {
    guard let images = availableImages else { return .none }
    if let stored = try? await images.storedImage(speciesID: id) { return .image(stored) }
    return .downloadHint
  }

  private func refreshCompletion() async {
    guard let completion else { return }
    var offers = false
    if let selected = state.selected, availableImages != nil {
      offers = await !downloadedIDs().contains(selected.id)
    }
    completion.setOffersDownloadImage(offers)
  }
}

/// A failure of one command, as one line.
enum ShellError: Error {
  case message(String)

  var message: String {
    switch self {
    case .message(let text): text
    }
  }

  /// Runs a feature call, turning its typed error into one line.
  static func wrap<T, E: Error & OneLineError>(
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws(E) -> T
  ) async throws(ShellError) -> T {
    do {
      return try await body()
    } catch {
      throw .message(error.oneLine)
    }
  }
}

/// Errors that read as one sentence.
protocol OneLineError: Error {
  var oneLine: String { get }
}

extension APIError: OneLineError { var oneLine: String { message } }
extension ListError: OneLineError { var oneLine: String { message } }
extension DetailError: OneLineError { var oneLine: String { message } }
extension ImageFeatureError: OneLineError { var oneLine: String { description } }
