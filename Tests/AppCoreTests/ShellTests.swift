import APIClient
import AppCore
import Cache
import DetailFeature
import FeatureFlags
import ImageFeature
import ListFeature
import Models
import Synchronization
import Testing

/// A shell over `api` with no cache, optional images and completion, collecting progress.
func makeShell(
  api: FakeAPI = FakeAPI(), flags: FeatureFlags = FeatureFlags(), images: ImageFeature? = nil,
  completion: CompletionSource? = nil, progress: @escaping @Sendable (String) -> Void = { _ in }
) -> Shell {
  Shell(
    dependencies: ShellDependencies(
      list: ListFeature(client: api, pageSize: 20), details: DetailFeature(client: api),
      images: images, speciesIndex: { () async throws(APIError) in try await api.speciesIndex() },
      cacheStatistics: {
        CacheStatistics(
          entries: 0, bytes: 0, hits: 0, misses: 0, oldestEntry: nil, isPersistent: false)
      },
      clearCache: {}, history: { ["open 1", "evo"] }, flags: flags, progress: progress),
    completion: completion)
}

extension CommandOutcome {
  var listPage: SpeciesListViewModel? {
    if case .output(.list(let page)) = self { return page }
    return nil
  }
  var failureMessage: String? {
    if case .failure(let message) = self { return message }
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
    #expect(await shell.execute("next").failureMessage == "Already on the last page (3).")
    #expect(await shell.execute("prev").listPage?.page == 2)
    #expect(await shell.execute("first").listPage?.page == 1)
    #expect(await shell.execute("prev").failureMessage == "Already on the first page.")
    #expect(await shell.execute("last").listPage?.page == 3)
    #expect(await shell.prompt == "pokedex [all · page 3/3]> ")
  }

  @Test func aPageBeyondTheEndLeavesTheSessionWhereItWas() async {
    let shell = makeShell()
    _ = await shell.execute("page 2")
    let outcome = await shell.execute("page 9")
    #expect(outcome.failureMessage != nil)
    #expect(await shell.state.page == 2)
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

  @Test func openingSelectsAndBackDeselects() async {
    let shell = makeShell()
    guard case .output(.detail(let detail, let image)) = await shell.execute("open bulba") else {
      Issue.record("open by unique prefix should show the details")
      return
    }
    #expect(detail.displayName == "Bulba-Saur")
    #expect(image == .none)
    #expect(await shell.prompt == "pokedex [all · page 1/… · #1 Bulba-Saur]> ")
    guard case .output(.evolution(let tree)) = await shell.execute("evo") else {
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
      #expect(await shell.execute(command).failureMessage?.contains("No species is open") == true)
    }
  }

  @Test func aFailedOpenKeepsThePreviousSelection() async {
    let shell = makeShell()
    _ = await shell.execute("open 2")
    #expect(await shell.execute("open 999").failureMessage != nil)
    #expect(await shell.state.selected?.id == 2)
  }

  @Test func badInputIsOneLineAndChangesNothing() async {
    let shell = makeShell()
    #expect(await shell.execute("bogus").failureMessage == #"Unknown command "bogus". Try "help"."#)
    #expect(await shell.execute("   ") == .nothing)
    #expect(await shell.execute(String(repeating: "x", count: 1 << 20)).failureMessage != nil)
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
    #expect(await shell.execute("evolution").failureMessage?.contains("turned off") == true)
    guard case .output(.help(let help)) = await shell.execute("help") else {
      Issue.record("help should answer")
      return
    }
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
    #expect(await shell.execute("download image").failureMessage?.contains("images") == true)
  }
}

@Suite("sync fetches ahead")
struct SyncTests {
  @Test func aRangeIsFetchedWithProgressAndUnknownIdsAreSkipped() async {
    let api = FakeAPI(count: 12)
    let progress = ProgressLines()
    let shell = makeShell(api: api, progress: { line in progress.append(line) })
    guard case .output(.synced(let summary)) = await shell.execute("sync 9-20") else {
      Issue.record("sync should report a summary")
      return
    }
    #expect(summary.synced == 4)
    #expect(summary.failures == [])
    #expect(CommandOutcome.output(.synced(summary)).succeeded)
    let partial = SyncSummary(range: 1...2, synced: 1, images: 0, failures: ["#2: Not found."])
    #expect(!CommandOutcome.output(.synced(partial)).succeeded)
    #expect(progress.lines.last == "Synced 4/4…")
    let calls = await api.calls
    for id in 9...12 {
      #expect(calls.contains("species \(id)"))
      #expect(calls.contains("pokemon \(id)"))
    }
    #expect(!calls.contains("species 13"))
    #expect(await shell.execute("sync --images").failureMessage?.contains("images") == true)
  }
}

/// Progress lines collected from another task.
final class ProgressLines: Sendable {
  private let storage = Mutex<[String]>([])
  func append(_ line: String) { storage.withLock { $0.append(line) } }
  var lines: [String] { storage.withLock { $0 } }
}
