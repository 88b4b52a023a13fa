import APIClient
import Cache
import CommandLanguage
import DetailFeature
import DetailModels
import ListFeature
import Locking
import Models
import Pages
import Presentation
import Session
import TestSupport
import Testing

/// Loaders that count their calls and hold the species' names until released.
private final class CountingLoaders: Sendable {
  let speciesCalls = Locked(0)
  let smallCalls = Locked(0)
  let released = Locked<CheckedContinuation<Void, Never>?>(nil)
  let hold: Bool

  init(hold: Bool = false) { self.hold = hold }

  var loaders: SessionLanguage.Loaders {
    SessionLanguage.Loaders(
      species: { [self] progress async throws(APIError) in
        speciesCalls.withLock { $0 += 1 }
        progress(1, 3)
        if hold {
          await withCheckedContinuation { continuation in released.withLock { $0 = continuation } }
        }
        progress(3, 3)
        return [
          1: ["ja-hrkt": "モンイチ", "fr": "Monéun", "en": "Mon One"],
          2: ["ko": "몬둘", "en": "Mon Two"],
        ]
      },
      types: { [self] () async throws(APIError) in
        smallCalls.withLock { $0 += 1 }
        return ["normal": ["ja": "ノーマル", "fr": "Normal"]]
      },
      stats: { () async throws(APIError) in ["speed": ["ja": "すばやさ"]] })
  }

  func release() async {
    let deadline = ContinuousClock.now + .seconds(10)
    while ContinuousClock.now < deadline {
      if let continuation = released.withLock({ $0 }) {
        continuation.resume()
        return
      }
      await Task.yield()
    }
  }
}

private func languageShell(
  _ language: SessionLanguage, saved: Locked<[String?]>, api: FixtureClient = FixtureClient.world(),
  work: BackgroundWork
) -> Shell {
  return Shell(
    dependencies: ShellDependencies(
      list: ListFeature(client: api, pageSize: 20),
      species: SpeciesKind(details: DetailFeature(client: api)),
      images: nil, speciesIndex: { () async throws(APIError) in try await api.speciesIndex() },
      cacheStatistics: {
        CacheStatistics(
          entries: 0, bytes: 0, hits: 0, misses: 0, oldestEntry: nil, isPersistent: false)
      },
      clearCache: {}, history: { [] }, flags: FeatureFlags(), language: language,
      saveLanguage: { chosen in
        saved.withLock { $0.append(chosen?.code) }
        return nil
      }),
    work: work)
}

@Suite("Choosing a language")
struct SessionLanguageTests {
  @Test func choosingReturnsAtOnceAndTheNamesLoadOnceForEveryLanguage() async throws {
    let counting = CountingLoaders()
    let work = BackgroundWork()
    let language = SessionLanguage(nil, loaders: counting.loaders, work: work)
    let saved = Locked<[String?]>([])
    let shell = languageShell(language, saved: saved, work: work)

    #expect(await language.glossary() == .slugs)
    #expect(counting.speciesCalls.withLock { $0 } == 0)

    let chosen = await shell.execute("lang ja")
    guard case .output(.language(let report)) = chosen else {
      Issue.record("no report: \(chosen)")
      return
    }
    #expect(report.changed && report.current?.code == "ja")
    #expect(saved.withLock { $0 } == ["ja"])
    await work.waitUntilIdle(within: .seconds(5))
    let japanese = await language.glossary()
    // `ja` has no name of its own here: its kana name stands in; Mon Two's English one.
    #expect(japanese.species == [1: "モンイチ", 2: "Mon Two"])
    #expect(japanese.type("normal") == "ノーマル" && japanese.stat("speed") == "すばやさ")

    _ = await shell.execute("lang FR")
    await work.waitUntilIdle(within: .seconds(5))
    #expect(await language.glossary().species[1] == "Monéun")
    // Every language came with the first load: none is loaded again.
    #expect(counting.speciesCalls.withLock { $0 } == 1)
    #expect(counting.smallCalls.withLock { $0 } == 1)

    _ = await shell.execute("lang off")
    #expect(await language.glossary() == .slugs)
    #expect(saved.withLock { $0 } == ["ja", "fr", nil])
    guard case .output(.language(let shown)) = await shell.execute("lang") else {
      Issue.record("no report")
      return
    }
    #expect(shown.current == nil && !shown.changed)
  }

  @Test(.timeLimit(.minutes(1)))
  func everyGlossaryWaitsForTheFirstLoadOfTheTypesNamesWhoeverStartedIt() async throws {
    let typesAsked = Locked<CheckedContinuation<Void, Never>?>(nil)
    let loaders = SessionLanguage.Loaders(
      species: { _ async throws(APIError) in [:] },
      types: { () async throws(APIError) in
        await withCheckedContinuation { continuation in typesAsked.withLock { $0 = continuation } }
        return ["normal": ["ja": "ノーマル"]]
      },
      stats: { () async throws(APIError) in [:] })
    let work = BackgroundWork()
    let language = SessionLanguage(
      Language.named("ja"), loaders: loaders, work: work, inBackground: false)
    // Another caller (the prompt, say) starts the load and waits for it ...
    let first = Task { await language.glossary() }
    while typesAsked.withLock({ $0 }) == nil { await Task.yield() }
    // ... and a page's glossary, asked for meanwhile, waits for it too.
    let page = Task { await language.glossary() }
    for _ in 0..<1_000 { await Task.yield() }
    typesAsked.withLock { $0 }?.resume()
    #expect(await page.value.type("normal") == "ノーマル")
    #expect(await first.value.type("normal") == "ノーマル")
  }

  @Test func aNameInTheLanguageOpensOnceItsNamesHaveLoadedTheWaitCounted() async throws {
    let counting = CountingLoaders(hold: true)
    let work = BackgroundWork()
    let language = SessionLanguage(Language.named("ja"), loaders: counting.loaders, work: work)
    let shell = languageShell(language, saved: Locked([]), work: work)
    let status = StatusLine(waitingFor: "Fetching")
    async let opened = shell.execute("open モンイチ", status: status)
    // While the names are held back, the status line counts them.
    let deadline = ContinuousClock.now + .seconds(10)
    while status.text(at: .now + .seconds(1))?.contains("1/3") != true, .now < deadline {
      await Task.yield()
    }
    #expect(status.text(at: .now + .seconds(1))?.contains("names of the species 1/3") == true)
    await counting.release()
    let outcome = await opened
    guard case .output(.detail(let detail, _)) = outcome else {
      Issue.record("not opened: \(outcome)")
      return
    }
    #expect(detail.id == 1)
    #expect(await shell.prompt.contains("#1 "))
  }

  @Test func aScriptLoadsTheSpeciesNamesOnlyWhenACommandNeedsThem() async throws {
    let counting = CountingLoaders()
    let work = BackgroundWork()
    let language = SessionLanguage(
      Language.named("ja"), loaders: counting.loaders, work: work, inBackground: false)
    let shell = languageShell(language, saved: Locked([]), work: work)
    guard case .output(.detail(let byID, _)) = await shell.execute("open 2") else {
      Issue.record("not opened by id")
      return
    }
    await work.waitUntilIdle(within: .seconds(5))
    #expect(byID.id == 2 && counting.speciesCalls.withLock { $0 } == 0)
    // What looks like a typo of a slug may be a name in the language (Glurak, Charizard in
    // German, is near golurk): the names are loaded before it is refused.
    guard case .failure = await shell.execute("open mon-22x") else {
      Issue.record("a typo opened something")
      return
    }
    #expect(counting.speciesCalls.withLock { $0 } == 1)
    // A name in the language needs them: they are loaded once.
    guard case .output(.detail(let byName, _)) = await shell.execute("open ﾓﾝｲﾁ") else {
      Issue.record("not opened by its Japanese name")
      return
    }
    #expect(byName.id == 1 && counting.speciesCalls.withLock { $0 } == 1)
  }

  @Test func theOpenSpeciesIsNamedAgainWhenTheLanguageChanges() async throws {
    let work = BackgroundWork()
    let language = SessionLanguage(
      Language.named("ja"), loaders: CountingLoaders().loaders, work: work)
    let shell = languageShell(language, saved: Locked([]), work: work)
    _ = await language.glossary()
    await work.waitUntilIdle(within: .seconds(5))
    _ = await shell.execute("open 1")
    #expect(await shell.prompt.contains("#1 モンイチ"))
    _ = await shell.execute("lang fr")
    #expect(await shell.prompt.contains("#1 Monéun"))
    _ = await shell.execute("lang off")
    let prompt = await shell.prompt
    #expect(prompt.contains("#1 Bulba-Saur"), "\(prompt)")  // the fake API's slug, capitalised
  }

  @Test func anUnknownCodeIsOneLineWithTheNearestCode() async {
    let work = BackgroundWork()
    let language = SessionLanguage(nil, loaders: CountingLoaders().loaders, work: work)
    let outcome = await languageShell(language, saved: Locked([]), work: work).execute(
      "lang jp")
    guard case .failure(let failure) = outcome else {
      Issue.record("accepted: \(outcome)")
      return
    }
    #expect("\(failure)".contains("Did you mean \"ja\"?"))
  }
}
