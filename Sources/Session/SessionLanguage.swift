import APIClient
import Locking
import Models
import Presentation

/// The language the session shows, and the tables of names its ``Glossary`` is made from: every
/// species' name (from the species resources: loaded in the background when a language is first
/// chosen, only those not cached, then kept for good), and the types' and stats' names. A table
/// holds every language, so choosing another one later costs nothing.
///
/// Choosing never waits: the glossary names what is loaded and capitalised slugs the rest, until
/// the tables come. The features ask for ``glossary()`` with each request.
public final class SessionLanguage: Sendable {
  /// How far the species names have come.
  public typealias Progress = NamesProgress

  /// Where the tables are loaded from.
  public struct Loaders: Sendable {
    /// Every species' names by id, hearing how many of how many are done.
    public var species:
      @Sendable (@escaping @Sendable (Int, Int) -> Void) async throws(APIError) -> [Int:
        NamesByLanguage]
    /// Every type's names by slug.
    public var types: @Sendable () async throws(APIError) -> [String: NamesByLanguage]
    /// Every stat's names by slug.
    public var stats: @Sendable () async throws(APIError) -> [String: NamesByLanguage]

    public init(
      species:
        @escaping @Sendable (@escaping @Sendable (Int, Int) -> Void) async throws(APIError)
        -> [Int: NamesByLanguage],
      types: @escaping @Sendable () async throws(APIError) -> [String: NamesByLanguage],
      stats: @escaping @Sendable () async throws(APIError) -> [String: NamesByLanguage]
    ) {
      self.species = species
      self.types = types
      self.stats = stats
    }

    /// Loaders of `client`'s tables.
    public static func client(_ client: any PokeAPIClient) -> Loaders {
      Loaders(
        species: { progress async throws(APIError) in
          try await client.speciesNames(progress: progress)
        },
        types: { () async throws(APIError) in try await client.typeNames() },
        stats: { () async throws(APIError) in try await client.statNames() })
    }
  }

  private struct State {
    var current: Language?
    var species: [Int: NamesByLanguage]?
    var types: [String: NamesByLanguage]?
    var stats: [String: NamesByLanguage]?
    /// Whether the species' names are loading, and how far they have come.
    var loading = false
    /// Whether the types' and stats' names are loading, and who waits for them.
    var loadingSmall = false
    var smallWaiters: [CheckedContinuation<Void, Never>] = []
    var progress: Progress?
    /// Those waiting for the tables, and what each hears of their progress.
    var waiters: [UInt64: (CheckedContinuation<Void, Never>, @Sendable (Progress) -> Void)] = [:]
    var nextWaiter: UInt64 = 0
    /// The glossary of `current` made from the tables, until either changes.
    var glossary: Glossary?
  }

  private let state: Locked<State>
  private let loaders: Loaders
  private let work: BackgroundWork

  /// A session shown in `language` (`nil`: capitalised slugs and English), its tables loaded by
  /// `loaders` as jobs of `work`.
  public init(_ language: Language?, loaders: Loaders, work: BackgroundWork) {
    state = Locked(State(current: language))
    self.loaders = loaders
    self.work = work
  }

  /// The language chosen, `nil` for none.
  public var current: Language? { state.withLock { $0.current } }

  /// How far the species names have come while they load; `nil` when they are not loading.
  public var progress: Progress? { state.withLock { $0.loading ? $0.progress : nil } }

  /// Whether the species' names have been loaded (they may still lack some that failed).
  public var hasSpeciesNames: Bool { state.withLock { $0.species != nil } }

  /// Whether the species' names are loading.
  public var isLoading: Bool { state.withLock { $0.loading } }

  /// Shows the session in `language` from now on, and starts loading the tables if they are not
  /// loaded; returns at once.
  public func choose(_ language: Language?) {
    state.withLock { state in
      state.current = language
      state.glossary = nil
    }
    loadIfNeeded()
  }

  /// Starts loading the tables when a language is chosen and they are not loaded or loading (a
  /// load that failed is tried again): the types' and stats' (a few small answers) apart from
  /// the species' (one answer per species).
  public func loadIfNeeded() {
    let (small, species) = state.withLock { state in
      guard state.current != nil else { return (false, false) }
      let small = !state.loadingSmall && (state.types == nil || state.stats == nil)
      let species = !state.loading && state.species == nil
      if small { state.loadingSmall = true }
      if species {
        state.loading = true
        state.progress = nil
      }
      return (small, species)
    }
    let loaders = loaders
    if small {
      work.start("type and stat names") { [state] in
        async let types = try? loaders.types()
        let stats = try? await loaders.stats()
        let typeNames = await types
        let waiters = state.withLock { state in
          state.types = typeNames ?? state.types
          state.stats = stats ?? state.stats
          state.loadingSmall = false
          state.glossary = nil
          defer { state.smallWaiters = [] }
          return state.smallWaiters
        }
        for waiter in waiters { waiter.resume() }
      }
    }
    guard species else { return }
    work.start("species names") { [state] in
      let species = try? await loaders.species { done, total in
        let progress = Progress(done: done, total: total)
        let listeners = state.withLock { state in
          state.progress = progress
          return state.waiters.values.map(\.1)
        }
        for listener in listeners { listener(progress) }
      }
      let waiters = state.withLock { state in
        state.species = species ?? state.species
        state.loading = false
        state.glossary = nil
        defer { state.waiters = [:] }
        return state.waiters.values
      }
      for (waiter, _) in waiters { waiter.resume() }
    }
  }

  /// Waits until the species' names are no longer loading (at once when they are not), or until the
  /// caller is cancelled, `progress` hearing how far the species have come.
  public func waitForNames(progress: @escaping @Sendable (Progress) -> Void = { _ in }) async {
    let id = state.withLock { state in
      state.nextWaiter += 1
      return state.nextWaiter
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let (now, sofar) = state.withLock { state in
          guard state.loading, !Task.isCancelled else { return (true, Progress?.none) }
          state.waiters[id] = (continuation, progress)
          return (false, state.progress)
        }
        if now { return continuation.resume() }
        // What came before it waited, at once.
        if let sofar { progress(sofar) }
      }
    } onCancel: { [state] in
      state.withLock { $0.waiters.removeValue(forKey: id) }?.0.resume()
    }
  }

  /// The glossary of the language chosen, from what the tables hold now: the first asks for
  /// them, and waits for the types' and stats' names (a few small answers, kept for good), not
  /// for the species'.
  public func glossary() async -> Glossary {
    loadIfNeeded()
    await withCheckedContinuation { continuation in
      let now = state.withLock { state in
        guard state.loadingSmall else { return true }
        state.smallWaiters.append(continuation)
        return false
      }
      if now { continuation.resume() }
    }
    return currentGlossary()
  }

  /// The glossary from what the tables hold now, without waiting.
  public func currentGlossary() -> Glossary {
    state.withLock { state in
      if let made = state.glossary { return made }
      guard let language = state.current else { return .slugs }
      let made = Glossary(
        language: language,
        species: Self.pick(state.species ?? [:], language),
        types: Self.pick(state.types ?? [:], language),
        stats: Self.pick(state.stats ?? [:], language))
      // Half-loaded tables are not kept: the next glossary picks up what came since.
      if !state.loading, !state.loadingSmall { state.glossary = made }
      return made
    }
  }

  /// Each entry's name in `language`, else in English.
  static func pick<Key: Hashable>(
    _ table: [Key: NamesByLanguage], _ language: Language
  ) -> [Key: String] {
    table.compactMapValues { names in
      names[language.code] ?? language.nearLanguages.lazy.compactMap { names[$0] }.first
        ?? names[Language.english.code]
    }
  }
}
