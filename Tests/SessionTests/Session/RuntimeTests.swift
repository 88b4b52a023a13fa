import APIClient
import Cache
import CommandLanguage
import DetailFeature
import DetailModels
import Foundation
import ListFeature
import Locking
import Models
import Pages
import Presentation
import Session
import Synchronization
import Terminal
import TestSupport
import Testing

/// A session wired like the real one, over a fake API, writing to files instead of a terminal.
struct TestSession {
  let api: FixtureClient
  let work = BackgroundWork()
  let shell: Shell
  let names: SpeciesNames
  let notices: NoticeBoard
  let loop: SessionLoop
  let output: CapturedFile
  let errors: CapturedFile

  init(
    api: FixtureClient = FixtureClient.world(), settleLimit: Duration = .seconds(3),
    details wrap: (any SpeciesDetails, NoticeBoard) -> any SpeciesDetails = { details, _ in details
    },
    loadNames: (@Sendable () async throws(APIError) -> [SpeciesSummary])? = nil,
    text: Bool = true
  ) throws {
    self.api = api
    let work = work
    output = try CapturedFile()
    errors = try CapturedFile()
    let console = Console(output: output.descriptor, error: errors.descriptor, statusAllowed: false)
    let notices = NoticeBoard(show: { console.printAsync($0) })
    self.notices = notices
    let details = wrap(
      DetailFeature(client: api, warmUp: { name, job in work.start(name, job) }),
      notices)
    if let loadNames {
      names = SpeciesNames(work: work, load: loadNames)
    } else {
      names = SpeciesNames(work: work) { () async throws(APIError) in try await api.speciesIndex() }
    }
    shell = Shell(
      dependencies: ShellDependencies(
        list: ListFeature(client: api), species: SpeciesKind(details: details), images: nil,
        speciesIndex: { () async throws(APIError) in try await api.speciesIndex() },
        cacheStatistics: {
          CacheStatistics(
            entries: 0, bytes: 0, hits: 0, misses: 0, oldestEntry: nil, isPersistent: false)
        },
        clearCache: {}, history: { [] }, flags: FeatureFlags()),
      work: work)
    loop = SessionLoop(
      shell: shell, work: work, names: names, notices: notices, console: console,
      render: { outcome, _ in
        switch outcome {
        case .output(let output): "\(output)"
        case .failure(let failure): "failed: \(failure)"
        case .nothing, .quit: nil
        }
      }, failuresToStandardError: text, settleLimit: settleLimit)
  }
}

/// A temporary file opened for writing, read back by the test.
final class CapturedFile: Sendable {
  let url: URL
  let descriptor: Int32

  init() throws {
    url = FileManager.default.temporaryDirectory.appending(path: "pokedex-\(UUID().uuidString)")
    descriptor = open(url.path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
    guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
  }

  deinit {
    close(descriptor)
    try? FileManager.default.removeItem(at: url)
  }

  var text: String { (try? String(contentsOf: url, encoding: .utf8)) ?? "" }
}

/// A line editor that hands out scripted lines; before each, it runs `beforeLine`.
final class ScriptedEditor: LineEditor {
  private let lines: Locked<[String]>
  private let beforeLine: @Sendable () async -> Void

  init(
    _ lines: [String], history: [String] = [],
    beforeLine: @escaping @Sendable () async -> Void = {}
  ) {
    self.lines = Locked(lines)
    self.history = Locked(history)
    self.beforeLine = beforeLine
  }

  func readLine(prompt: String) async -> LineEvent {
    await beforeLine()
    return lines.withLock { $0.isEmpty ? .endOfInput : .line($0.removeFirst()) }
  }

  private let history: Locked<[String]>
  func addHistory(_ line: String) { history.withLock { $0.append(line) } }
  let mistyped = Locked<[String]>([])
  func markMistyped(_ line: String) { mistyped.withLock { $0.append(line) } }
  func historyEntries() -> [String] { history.withLock { $0 } }
  func printAbovePrompt(_ text: String, otherwise: () -> Void) { otherwise() }
  func updatePrompt(_ prompt: String) {}
}

/// A type-ahead on /dev/null: no terminal, so it changes nothing.
func noTypeAhead() -> TypeAhead {
  TypeAhead(descriptor: open("/dev/null", O_RDONLY | O_CLOEXEC))
}

@Suite("Background work has one owner", .timeLimit(.minutes(1)))
struct BackgroundWorkTests {
  @Test func nothingRunningMeansNoWaitAtAll() async {
    let work = BackgroundWork()
    // An hour-long deadline: only returning at once passes within the time limit.
    #expect(await work.waitUntilIdle(within: .seconds(3600)))
  }

  @Test func theLastJobToFinishWakesTheWaiter() async {
    let work = BackgroundWork()
    let (gate, open) = AsyncStream.makeStream(of: Void.self)
    let finished = Atomic(false)
    work.start("held") {
      for await _ in gate { break }
      finished.store(true, ordering: .sequentiallyConsistent)
    }
    #expect(work.running == ["held"])
    async let idle = work.waitUntilIdle(within: .seconds(3600))
    open.yield()
    #expect(await idle)
    let finishedNow = finished.load(ordering: .sequentiallyConsistent)
    #expect(finishedNow)
    #expect(work.running.isEmpty)
  }

  @Test func theDeadlineBoundsTheWaitAndCancelAllStopsTheJob() async {
    let work = BackgroundWork()
    let cancelled = Atomic(false)
    work.start("forever") {
      do {
        try await Task.sleep(for: .seconds(3600))
      } catch {
        cancelled.store(true, ordering: .sequentiallyConsistent)
      }
    }
    #expect(await work.waitUntilIdle(within: .milliseconds(50)) == false)
    await work.cancelAll()
    let cancelledNow = cancelled.load(ordering: .sequentiallyConsistent)
    #expect(cancelledNow)
    #expect(work.running.isEmpty)
  }
}

@Suite("The session runtime", .timeLimit(.minutes(1)))
struct SessionRuntimeTests {
  @Test func aScriptThatStartsNoWorkEndsWithoutWaiting() async throws {
    // An hour to settle: the script only ends within the time limit if nothing is waited for.
    let session = try TestSession(settleLimit: .seconds(3600))
    #expect(await session.loop.runScript(["list", "next", "filter genderless"].async))
    #expect(session.work.running.isEmpty)
  }

  @Test func aScriptsTextOutputsAreSetApartByABlankLine() async throws {
    let session = try TestSession()
    #expect(await !session.loop.runScript(["list", "page 99", "next"].async))
    let lines = session.output.text.split(separator: "\n", omittingEmptySubsequences: false)
    // Two outputs, one blank line between them (none before the first, none for the failure).
    #expect(lines.count == 4)
    #expect(lines.first?.isEmpty == false)
    #expect(lines[1].isEmpty)
    #expect(lines[2].isEmpty == false)
    #expect(session.errors.text.hasPrefix("failed"))
  }

  @Test func jsonOutputsAreOneALineWithNothingBetween() async throws {
    let session = try TestSession(text: false)
    #expect(await session.loop.runScript(["list", "next"].async))
    let lines = session.output.text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 3)
    #expect(lines.prefix(2).allSatisfy { !$0.isEmpty })
  }

  @Test func workACommandStartedIsAwaitedBeforeAScriptEnds() async throws {
    let api = FixtureClient.world()
    await api.set(chainDelay: .milliseconds(300))
    let session = try TestSession(api: api, settleLimit: .seconds(30))
    #expect(await session.loop.runScript(["open 2"].async))
    // `open` warmed the chain in the background; the script waited for it.
    #expect(await api.requests.contains("evolution-chain/1 done"))
  }

  @Test func theWaitAtTheEndOfAScriptIsBounded() async throws {
    let api = FixtureClient.world()
    await api.set(chainDelay: .seconds(3600))
    let session = try TestSession(api: api, settleLimit: .milliseconds(100))
    #expect(await session.loop.runScript(["open 2"].async))
    #expect(await !api.requests.contains("evolution-chain/1 done"))
  }

  @Test func quitCancelsTheWorkStillRunning() async throws {
    let api = FixtureClient.world()
    await api.set(chainDelay: .seconds(3600))
    let session = try TestSession(api: api)
    await session.loop.runInteractive(
      editor: ScriptedEditor(["open 2", "quit"]), typeAhead: noTypeAhead(),
      interrupts: nil)
    #expect(await api.requests.contains("evolution-chain/1 cancelled"))
    #expect(session.work.running.isEmpty)
  }

  @Test func theNamesLoadAgainAfterACommandSucceeds() async throws {
    let attempts = Atomic(0)
    let api = FixtureClient.world()
    let session = try TestSession(
      api: api,
      loadNames: { () async throws(APIError) in
        // Down at launch, up afterwards.
        if attempts.add(1, ordering: .sequentiallyConsistent).newValue == 1 { throw .offline }
        return try await api.speciesIndex()
      })
    let work = session.work
    let editor = ScriptedEditor(["bogus", "list", "quit"]) {
      await work.waitUntilIdle(within: .seconds(10))
    }
    await session.loop.runInteractive(
      editor: editor, typeAhead: noTypeAhead(), interrupts: nil)
    // Once at launch (failed), not after the failed `bogus`, once after `list`.
    let attemptsNow = attempts.load(ordering: .sequentiallyConsistent)
    #expect(attemptsNow == 2)
    #expect(session.names.names?.first?.name == "bulba-saur")
  }

  @Test func aRefusedLineIsNotKeptInTheHistory() async throws {
    let session = try TestSession()
    let paste = String(repeating: "x", count: 9_000)
    let editor = ScriptedEditor(["open 1", paste, "bogus\u{7}", "quit"])
    await session.loop.runInteractive(editor: editor, typeAhead: noTypeAhead(), interrupts: nil)
    #expect(editor.historyEntries() == ["open 1", "quit"])
  }

  @Test func tabLoadsTheNamesWhenTheyAreMissing() async throws {
    let session = try TestSession()
    let completion = CompletionSource(flags: FeatureFlags(), names: session.names)
    #expect(completion.words("open bul", isTab: false) == ["(loading)"])
    #expect(session.names.names == nil, "a suggestion as you type loads nothing")
    #expect(completion.words("open bul") == ["(loading)"])
    await session.work.waitUntilIdle(within: .seconds(10))
    #expect(completion.words("open bul") == ["bulba-saur"])
  }

  @Test func cacheClearStopsTheLoadsInFlightFirst() async throws {
    let api = FixtureClient.world()
    await api.set(chainDelay: .seconds(3600))
    let work = BackgroundWork()
    let clearedWhileLoading = Atomic(true)
    let shell = Shell(
      dependencies: ShellDependencies(
        list: ListFeature(client: api),
        species: SpeciesKind(
          details: DetailFeature(client: api, warmUp: { name, job in work.start(name, job) })),
        images: nil, speciesIndex: { () async throws(APIError) in try await api.speciesIndex() },
        cacheStatistics: {
          CacheStatistics(
            entries: 0, bytes: 0, hits: 0, misses: 0, oldestEntry: nil, isPersistent: false)
        },
        clearCache: { clearedWhileLoading.store(!work.running.isEmpty, ordering: .relaxed) },
        history: { [] }, flags: FeatureFlags()),
      work: work)
    _ = await shell.execute("open 2")
    #expect(!work.running.isEmpty)
    #expect(await shell.execute("cache clear") == .output(.cacheCleared))
    let clearedWhileLoadingNow = clearedWhileLoading.load(ordering: .relaxed)
    #expect(!clearedWhileLoadingNow)
    #expect(await api.requests.contains("evolution-chain/1 cancelled"))
  }

  @Test func noticesOfTwoCommandsAreBothShownEachOnce() async throws {
    let session = try TestSession(details: { details, notices in
      NoticingDetails(base: details, notices: notices)
    })
    #expect(await session.loop.runScript(["open 2", "open 3"].async))
    let stale = session.errors.text.components(separatedBy: "\n").filter {
      $0 == "Offline: showing data cached 1 hour ago."
    }
    // Each `open` reads two stale answers: one notice per command, not one per answer, and
    // not one for the whole session.
    #expect(stale.count == 2)
  }
}

/// Details that report two stale answers per `open`, as the live client would offline.
struct NoticingDetails: SpeciesDetails {
  let base: any SpeciesDetails
  let notices: NoticeBoard

  func open(
    _ input: String, glossary: Glossary
  ) async throws(DetailError) -> SpeciesDetailViewModel {
    notices.post("Offline: showing data cached 1 hour ago.", kind: "Offline")
    notices.post("Offline: showing data cached 1 hour ago.", kind: "Offline")
    return try await base.open(input, glossary: glossary)
  }

  func details(
    of key: SpeciesKey, form: Int?, glossary: Glossary
  ) async throws(DetailError) -> SpeciesDetailViewModel {
    try await base.details(of: key, form: form, glossary: glossary)
  }

  func evolution(
    of key: SpeciesKey, glossary: Glossary
  ) async throws(DetailError) -> EvolutionTreeViewModel {
    try await base.evolution(of: key, glossary: glossary)
  }
}

extension Array where Element: Sendable {
  var async: AsyncStream<Element> {
    AsyncStream { continuation in
      for element in self { continuation.yield(element) }
      continuation.finish()
    }
  }
}

@Suite("Names for completion: species and forms")
struct SpeciesNamesTests {
  @Test func theNamesComeSortedAndTheirTypesFollowWithoutHoldingThemBack() async {
    let work = BackgroundWork()
    let typesMayAnswer = Locked(false)
    let names = SpeciesNames(
      work: work,
      load: { () async throws(APIError) in
        [SpeciesSummary(id: 25, name: "pikachu"), SpeciesSummary(id: 1, name: "bulbasaur")]
      },
      types: { () async throws(APIError) in
        while !typesMayAnswer.withLock({ $0 }) { try? await Task.sleep(for: .milliseconds(5)) }
        return [25: ["Electric"], 1: ["Grass", "Poison"]]
      })
    names.loadIfNeeded()
    while names.names == nil { try? await Task.sleep(for: .milliseconds(5)) }
    #expect(
      names.names == [NameEntry(name: "bulbasaur", id: 1), NameEntry(name: "pikachu", id: 25)])
    typesMayAnswer.withLock { $0 = true }
    #expect(await work.waitUntilIdle(within: .seconds(5)))
    #expect(names.names?.map(\.types) == [["Grass", "Poison"], ["Electric"]])
  }

  @Test func formsThatFailedToLoadAreAskedForAgainWhileTheSpeciesComplete() async {
    let work = BackgroundWork()
    let formsAnswer = Locked(false)
    // The second load's forms answer once the test has looked (its loads run in the background,
    // at their own pace).
    let gate = AsyncStream<Void>.makeStream()
    let names = SpeciesNames(
      work: work,
      load: { () async throws(APIError) in [SpeciesSummary(id: 26, name: "raichu")] },
      forms: { () async throws(APIError) in
        guard formsAnswer.withLock({ $0 }) else { throw .offline }
        for await _ in gate.stream { break }
        return [SpeciesSummary(id: 10100, name: "raichu-alola")]
      })
    names.loadIfNeeded()
    #expect(await work.waitUntilIdle(within: .seconds(5)))
    #expect(names.names?.map(\.name) == ["raichu"])
    formsAnswer.withLock { $0 = true }
    names.loadIfNeeded()
    #expect(names.names?.map(\.name) == ["raichu"], "the species stay offered while the forms load")
    gate.continuation.yield()
    gate.continuation.finish()
    #expect(await work.waitUntilIdle(within: .seconds(5)))
    #expect(names.names?.map(\.name) == ["raichu", "raichu-alola"])
    // Complete now: nothing more to load.
    names.loadIfNeeded()
    #expect(await work.waitUntilIdle(within: .seconds(5)))
    #expect(names.names?.map(\.name) == ["raichu", "raichu-alola"])
  }
}

@Suite("Names: a load that began offline")
struct NamesLoadedAgainTests {
  @Test func aLoadThatFellShortWhileTheCommandSucceededStartsOver() async {
    // The forms fail the first time; meanwhile a command succeeded (loadIfNeeded during the
    // load): the load starts over by itself, and the forms arrive without another command.
    let work = BackgroundWork()
    let attempts = Locked(0)
    let gate = AsyncStream<Void>.makeStream()
    let names = SpeciesNames(
      work: work,
      load: { () async throws(APIError) in [SpeciesSummary(id: 26, name: "raichu")] },
      forms: { () async throws(APIError) in
        let attempt = attempts.withLock { count in
          count += 1
          return count
        }
        if attempt == 1 {
          for await _ in gate.stream { break }
          throw .offline
        }
        return [SpeciesSummary(id: 10100, name: "raichu-alola")]
      })
    names.loadIfNeeded()
    names.loadIfNeeded()  // a command succeeded while the first load was under way
    gate.continuation.yield()
    #expect(await work.waitUntilIdle(within: .seconds(5)))
    #expect(names.names?.map(\.name) == ["raichu", "raichu-alola"])
    #expect(attempts.withLock { $0 } == 2)
  }
}

extension CompletionSource {
  /// The words offered for `line`; `["(loading)"]` while the names load.
  func words(_ line: String, isTab: Bool = true) -> [String] {
    switch completions(for: line, isTab: isTab) {
    case .items(let items): items.map(\.word)
    case .message: ["(loading)"]
    }
  }
}

@Suite("The first launch")
struct FirstLaunchTests {
  @Test func saysWhereToStartWhenTheHistoryIsEmpty() async throws {
    let session = try TestSession()
    await session.loop.runInteractive(
      editor: ScriptedEditor([]), typeAhead: noTypeAhead(), interrupts: nil)
    #expect(session.output.text == SessionLoop.firstLaunchLine + "\n")
  }

  @Test func saysNothingOnceThereIsAHistory() async throws {
    let session = try TestSession()
    await session.loop.runInteractive(
      editor: ScriptedEditor([], history: ["list"]), typeAhead: noTypeAhead(), interrupts: nil)
    #expect(session.output.text.isEmpty)
  }
}

@Suite("Lines that failed on their own text")
struct MistypedLineTests {
  @Test func theyAreMarkedSoTheEditorNeverSuggestsThem() async throws {
    let session = try TestSession()
    let editor = ScriptedEditor(["quit now", "list", "page 999", "open 1; nosuch"])
    await session.loop.runInteractive(editor: editor, typeAhead: noTypeAhead(), interrupts: nil)
    #expect(editor.mistyped.withLock { $0 } == ["quit now", "page 999", "open 1; nosuch"])
    #expect(editor.historyEntries().count == 4)
  }
}
