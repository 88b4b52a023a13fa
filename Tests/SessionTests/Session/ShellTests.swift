import APIClient
import Cache
import CommandLanguage
import DetailFeature
import DetailModels
import ImageFeature
import ListFeature
import Locking
import Models
import Pages
import Presentation
import Session
import SyncFeature
import TestSupport
import Testing

/// A shell over `api` with no cache, optional images and completion, collecting progress.
func makeShell(
  api: FixtureClient = FixtureClient.world(), flags: FeatureFlags = FeatureFlags(),
  images: ImageFeature? = nil,
  completion: CompletionSource? = nil, work: BackgroundWork = BackgroundWork(),
  clearCache: @escaping @Sendable () async -> Void = {},
  progress: @escaping @Sendable (SyncProgress) -> Void = { _ in },
  pages: PageDirectory = PageDirectory(),
  saveShiny: @escaping @Sendable (Bool) -> String? = { _ in nil }
) -> Shell {
  Shell(
    dependencies: ShellDependencies(
      list: ListFeature(client: api, pageSize: 20),
      species: SpeciesKind(details: DetailFeature(client: api)),
      images: images, speciesIndex: { () async throws(APIError) in try await api.speciesIndex() },
      cacheStatistics: {
        CacheStatistics(
          entries: 0, bytes: 0, hits: 0, misses: 0, oldestEntry: nil, isPersistent: false)
      },
      clearCache: clearCache, history: { ["open 1", "evo"] }, flags: flags,
      syncProgress: progress, pages: pages, saveShiny: saveShiny),
    work: work, completion: completion)
}

extension CommandOutcome {
  var listPage: SpeciesListViewModel? {
    if case .output(.list(let page)) = self { return page }
    return nil
  }
}

@Suite("Commands move the session, and the prompt follows")
struct ShellNavigationTests {
  @Test func pagingForwardAndBack() async {
    let shell = makeShell()
    #expect(await shell.execute("list").listPage?.rows.first?.id == 1)
    #expect(await shell.prompt == "pokedex [all · page 1/3]> ")
    #expect(await shell.execute("next").listPage?.rows.first?.id == 21)
    #expect(await shell.execute("NEXT").listPage?.rows.map(\.id) == Array(41...45))
    #expect(await shell.execute("next").failure == .alreadyOnLastPage(3))
    #expect(await shell.execute("prev").listPage?.page == 2)
    #expect(await shell.execute("first").listPage?.page == 1)
    #expect(await shell.execute("prev").failure == .alreadyOnFirstPage)
    #expect(await shell.execute("last").listPage?.page == 3)
    #expect(await shell.prompt == "pokedex [all · page 3/3]> ")
  }

  @Test func aPageBeyondTheEndLeavesTheSessionWhereItWas() async {
    let shell = makeShell()
    _ = await shell.execute("page 2")
    let outcome = await shell.execute("page 9")
    #expect(outcome.failure != nil)
    #expect(await shell.state.listPage == 2)
  }

  @Test func filteringStartsAtPageOneAndTheRowsMatch() async {
    let shell = makeShell()
    _ = await shell.execute("page 2")
    let page = await shell.execute("filter genderless").listPage
    #expect(page?.rows.map(\.id) == [5, 10, 15, 20, 25, 30, 35, 40, 45])
    #expect(await shell.prompt == "pokedex [genderless · page 1/1]> ")
    if case .output(.filter(let filter)) = await shell.execute("filter") {
      #expect(filter == .genderless)
    } else {
      Issue.record("bare filter should show the filter")
    }
  }

  /// `filter type` finds the type as `type NAME` does: a did-you-mean, not "Not found".
  @Test func aFilterTypeIsFoundAsTheTypePageFindsIt() async {
    let types = PageKind(
      TypeFeature.command, example: "fire",
      names: { () async throws(APIError) in
        ["fire", "water"].map { NamedResource(name: $0, url: "type/\($0)/") }
      },
      show: { _ async throws(PageError) in throw .api(.offline) })
    let shell = makeShell(pages: PageDirectory(kinds: [types]))
    #expect(
      await shell.execute("filter type fier").failure
        == .page(.unknown(kind: "type", input: "fier", suggestion: "fire")))
    #expect(await shell.state.filter == .none)
  }

  @Test func openingSelectsAndBackDeselects() async {
    let shell = makeShell()
    guard case .output(.detail(let detail, let image)) = await shell.execute("open bulba") else {
      Issue.record("open by unique prefix should show the details")
      return
    }
    #expect(detail.displayName == "Bulba-Saur")
    #expect(image == .none)
    #expect(await shell.prompt == "pokedex [all · page 1/… · #1 Bulba-Saur]> ")
    guard case .output(.evolution(let tree, _)) = await shell.execute("evo") else {
      Issue.record("evo should show the tree")
      return
    }
    #expect(tree.rows.map(\.id) == [1, 2, 3])
    #expect(tree.rows.first?.isSelected == true)
    #expect(await shell.execute("back").listPage?.page == 1)
    #expect(await shell.state.selected == nil)
  }

  @Test func commandsThatNeedASelectionSaySo() async {
    let shell = makeShell()
    for command in ["info", "evolution", "image", "download image"] {
      #expect(await shell.execute(command).failure == .noSelection)
    }
  }

  @Test func aFailedOpenKeepsThePreviousSelection() async {
    let shell = makeShell()
    _ = await shell.execute("open 2")
    #expect(await shell.execute("open 999").failure != nil)
    #expect(await shell.state.selected?.id == 2)
  }

  @Test func failuresEchoTheNameAsTyped() async {
    let shell = makeShell()
    #expect(
      await shell.execute("open ../../etc/passwd").failure
        == .detail(.unknown(input: "../../etc/passwd", suggestion: nil)))
    #expect(
      await shell.execute("open  Mon ").failure
        == .detail(
          .ambiguous(
            input: "Mon", candidates: (2...9).map { "mon-\($0)" }, total: 44)))
  }

  @Test func badInputIsOneLineAndChangesNothing() async {
    let shell = makeShell()
    #expect(
      await shell.execute("bogus").failure
        == .usage(ParseFailure(#"Unknown command "bogus". Try "help"."#)))
    #expect(await shell.execute("   ") == .nothing)
    #expect(await shell.execute(String(repeating: "x", count: 1 << 20)).failure != nil)
    #expect(await shell.state == SessionState())
  }
}

@Suite("Feature flags reach the shell")
struct ShellFlagTests {
  @Test func aDisabledCommandIsRefusedAndHiddenFromHelp() async {
    var flags = FeatureFlags()
    flags.set(.evolution, enabled: false, source: .commandLine)
    let shell = makeShell(flags: flags)
    _ = await shell.execute("open 1")
    #expect(
      await shell.execute("evolution").failure
        == .disabled(DisabledFeature(feature: .evolution, command: "evolution")))
    guard case .output(.commands(let listing)) = await shell.execute("help") else {
      Issue.record("help should answer")
      return
    }
    let help = listing.text(width: 80)
    #expect(!help.contains("evolution"))
    #expect(help.contains("search"))
  }

  @Test func imagesOffMeansNoHintAndARefusal() async {
    let shell = makeShell()
    guard case .output(.detail(_, let image)) = await shell.execute("open 1") else {
      Issue.record("open should answer")
      return
    }
    #expect(image == .none)
    #expect(
      await shell.execute("download image").failure
        == .disabled(DisabledFeature(feature: .images, command: "image")))
  }
}

@Suite("sync fetches ahead")
struct SyncTests {
  @Test func aRangeIsFetchedWithProgressAndUnknownIdsAreSkipped() async {
    let api = FixtureClient.world(count: 12)
    let progress = ProgressLines()
    let shell = makeShell(api: api, progress: { step in progress.append(step) })
    guard case .output(.synced(let summary)) = await shell.execute("sync 9-20") else {
      Issue.record("sync should report a summary")
      return
    }
    #expect(summary.synced == 4)
    #expect(summary.failures == [])
    #expect(CommandOutcome.output(.synced(summary)).succeeded)
    let failure = SyncFailure(id: 2, reason: .details(.api(.notFound(resource: "species #2"))))
    let partial = SyncSummary(range: 1...2, synced: 1, images: 0, failures: [failure])
    #expect(!CommandOutcome.output(.synced(partial)).succeeded)
    #expect(progress.lines.first == SyncProgress(done: 0, failed: 0, total: 4))
    #expect(progress.lines.last == SyncProgress(done: 4, failed: 0, total: 4))
    let calls = await api.requests
    for id in 9...12 {
      #expect(calls.contains("pokemon-species/\(id)"))
      #expect(calls.contains("pokemon/\(id)"))
    }
    #expect(!calls.contains("pokemon-species/13"))
    guard case .disabled = await shell.execute("sync --images").failure else {
      Issue.record("sync --images without images should be refused")
      return
    }
  }
}

extension SyncTests {
  @Test func ctrlCStopsASyncThatSaysHowFarItCameWithoutCountingWhatItInterrupted() async throws {
    let api = FixtureClient.world(count: 12)
    await api.set(chainDelay: .seconds(60))  // no species can finish
    let progress = ProgressLines()
    let shell = makeShell(api: api, progress: { step in progress.append(step) })
    let task = Task { await shell.execute("sync 1-12") }
    while await !api.requests.contains(where: { $0.hasPrefix("evolution-chain/") }) {
      try await Task.sleep(for: .milliseconds(5))
    }
    task.cancel()
    let failure = await task.value.failure
    guard case .syncCancelled(let summary) = failure else {
      Issue.record("expected a cancelled sync, got \(String(describing: failure))")
      return
    }
    #expect(summary.synced == 0)
    #expect(summary.requested == 12)
    #expect(summary.failures.isEmpty, "interrupted species are not failures")
    #expect(failure?.isCancellation == true)
  }
}

/// Progress reports collected from another task.
final class ProgressLines: Sendable {
  private let storage = Locked<[SyncProgress]>([])
  func append(_ step: SyncProgress) { storage.withLock { $0.append(step) } }
  var lines: [SyncProgress] { storage.withLock { $0 } }
}

/// Details whose every species is rate-limited the first `refusals` times it is asked for.
actor RateLimitedDetails: SpeciesDetails {
  let base: DetailFeature
  let refusals: Int
  private var asked: [Int: Int] = [:]

  init(base: DetailFeature, refusals: Int) {
    self.base = base
    self.refusals = refusals
  }

  private func gate(_ key: SpeciesKey) throws(DetailError) {
    guard case .id(let id) = key else { return }
    asked[id, default: 0] += 1
    if asked[id, default: 0] <= refusals { throw .api(.rateLimited) }
  }

  func open(
    _ input: String, glossary: Glossary
  ) async throws(DetailError) -> SpeciesDetailViewModel {
    try await base.open(input, glossary: glossary)
  }

  func details(
    of key: SpeciesKey, form: Int?, glossary: Glossary
  ) async throws(DetailError) -> SpeciesDetailViewModel {
    try gate(key)
    return try await base.details(of: key, form: form, glossary: glossary)
  }

  func evolution(
    of key: SpeciesKey, glossary: Glossary
  ) async throws(DetailError) -> EvolutionTreeViewModel {
    try await base.evolution(of: key, glossary: glossary)
  }
}

@Suite("A sync counts only what reached the disk")
struct UnstoredSyncTests {
  @Test func speciesSyncedAfterTheDiskFilledUpAreReportedNotStored() async {
    // One species at a time; the disk fills up while species 3 is synced.
    let counter = Locked(0)
    let sync = SyncFeature(
      species: SpeciesKind(details: DetailFeature(client: FixtureClient.world(count: 12))),
      images: nil, width: 1,
      unsaved: {
        counter.withLock { calls in
          calls += 1
          // Asked before and after each species: calls 5 and 6 are species 3's.
          return calls >= 6 ? UnsavedAnswers(count: calls - 5, reason: .diskFull) : UnsavedAnswers()
        }
      })
    let summary = await sync.run(ids: [1, 2, 3, 4], withImages: false)
    #expect(summary.synced == 2)
    #expect(summary.failures.map(\.id) == [3, 4])
    #expect(summary.failures.first?.reason == .notStored(.diskFull))
    #expect(!summary.isComplete)
  }
}

@Suite("A rate-limited sync keeps going")
struct RateLimitedSyncTests {
  @Test func everySpeciesIsSyncedOnlyLater() async {
    let details = RateLimitedDetails(
      base: DetailFeature(client: FixtureClient.world(count: 12)), refusals: 2)
    let sync = SyncFeature(
      species: SpeciesKind(details: details), images: nil, retryPause: .milliseconds(5))
    let summary = await sync.run(ids: Array(1...10), withImages: false)
    #expect(summary.synced == 10)
    #expect(summary.failures == [])
  }

  @Test func itGivesUpAfterABoundedNumberOfTries() async {
    let details = RateLimitedDetails(
      base: DetailFeature(client: FixtureClient.world(count: 12)), refusals: 50)
    let sync = SyncFeature(
      species: SpeciesKind(details: details), images: nil, retryPause: .milliseconds(1))
    let summary = await sync.run(ids: [1, 2], withImages: false)
    #expect(summary.synced == 0)
    #expect(summary.failures.map(\.id) == [1, 2])
  }
}
