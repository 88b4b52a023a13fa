import APIClient
import Locking
import Models
import Presentation

/// The language the session shows, and the tables of names its ``Glossary`` is made from: every
/// species' name (from the species resources, only those not cached, then kept for good), and
/// the types' and stats' names. A table holds every language, so choosing another one later
/// costs nothing.
///
/// Choosing never waits. An interactive session loads the species' names in the background as
/// soon as a language is in use; a script loads them only when a command needs them to find a
/// name (``ensureSpeciesNames(progress:)``), so that a script that opens species by id does not
/// wait for a thousand answers. Until they come, the glossary names what is loaded and
/// capitalised slugs the rest. The features ask for ``glossary()`` with each request.
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
    /// The species' names in one language when a table of them is kept, without loading any.
    public var kept: @Sendable (Language) async throws(APIError) -> [Int: String]

    public init(
      species:
        @escaping @Sendable (@escaping @Sendable (Int, Int) -> Void) async throws(APIError)
        -> [Int: NamesByLanguage],
      types: @escaping @Sendable () async throws(APIError) -> [String: NamesByLanguage],
      stats: @escaping @Sendable () async throws(APIError) -> [String: NamesByLanguage],
      kept: @escaping @Sendable (Language) async throws(APIError) -> [Int: String] = {
        _ async throws(APIError) in throw .notCached(resource: "the species' names")
      }
    ) {
      self.species = species
      self.types = types
      self.stats = stats
      self.kept = kept
    }

    /// Loaders of `client`'s tables.
    public static func client(_ client: any PokeAPIClient) -> Loaders {
      Loaders(
        species: { progress async throws(APIError) in
          try await client.speciesNames(progress: progress)
        },
        types: { () async throws(APIError) in try await client.typeNames() },
        stats: { () async throws(APIError) in try await client.statNames() },
        kept: { language async throws(APIError) in
          try await client.keptSpeciesNames(in: language)
        })
    }
  }

  /// The tables one can wait for.
  private enum Table: Sendable {
    /// The species' names.
    case species
    /// The types' and stats' names.
    case small
  }

  /// One caller waiting for a table, and what it hears of the species' progress.
  private struct Waiter {
    var continuation: CheckedContinuation<Void, Never>
    var progress: @Sendable (Progress) -> Void
  }

  private struct State {
    var current: Language?
    var species: [Int: NamesByLanguage]?
    /// The species' names in one language, read from a kept table (by language code), and the
    /// languages whose kept table was looked for.
    var kept: [String: [Int: String]] = [:]
    var lookedForKept: Set<String> = []
    var types: [String: NamesByLanguage]?
    var stats: [String: NamesByLanguage]?
    /// Whether the species' names are loading, and how far they have come.
    var loading = false
    var progress: Progress?
    /// Whether the types' and stats' names are loading, and whether a load of them has ended.
    var loadingSmall = false
    var settledSmall = false
    /// Those waiting for the species' names, and for the types' and stats'.
    var waiters: [UInt64: Waiter] = [:]
    var smallWaiters: [UInt64: Waiter] = [:]
    var nextWaiter: UInt64 = 0
    /// The glossary of `current` made from the tables, until either changes.
    var glossary: Glossary?

    /// Whether `table` is loading.
    func isLoading(_ table: Table) -> Bool {
      switch table {
      case .species: loading
      case .small: loadingSmall
      }
    }

    /// Those waiting for `table`.
    subscript(waiting table: Table) -> [UInt64: Waiter] {
      get {
        switch table {
        case .species: waiters
        case .small: smallWaiters
        }
      }
      set {
        switch table {
        case .species: waiters = newValue
        case .small: smallWaiters = newValue
        }
      }
    }
  }

  private let state: Locked<State>
  private let loaders: Loaders
  private let work: BackgroundWork
  private let loadsSpeciesInBackground: Bool

  /// A session shown in `language` (`nil`: capitalised slugs and English), its tables loaded by
  /// `loaders` as jobs of `work`; the species' names as soon as a language is in use when
  /// `inBackground` (an interactive session), else only when a command needs them.
  public init(
    _ language: Language?, loaders: Loaders, work: BackgroundWork, inBackground: Bool = true
  ) {
    state = Locked(State(current: language))
    self.loaders = loaders
    self.work = work
    loadsSpeciesInBackground = inBackground
  }

  /// The language chosen, `nil` for none.
  public var current: Language? { state.withLock { $0.current } }

  /// How far the species names have come while they load; `nil` when they are not loading.
  public var progress: Progress? { state.withLock { $0.loading ? $0.progress : nil } }

  /// Whether the species' names have been loaded, or read for the language shown (they may
  /// still lack some that failed).
  public var hasSpeciesNames: Bool {
    state.withLock { state in
      state.species != nil || state.current.map { state.kept[$0.code] != nil } ?? false
    }
  }

  /// Shows the session in `language` from now on, and starts loading the tables if they are not
  /// loaded; returns at once.
  public func choose(_ language: Language?) {
    state.withLock { state in
      state.current = language
      state.glossary = nil
    }
    loadIfNeeded(species: loadsSpeciesInBackground)
  }

  /// Starts loading the types' and stats' names (a few small answers), and the species' (an
  /// answer per species) when `species`, unless a language is not chosen or they are loaded or
  /// loading (a load that failed is tried again).
  func loadIfNeeded(species wanted: Bool) {
    let (small, species) = state.withLock { state in
      guard state.current != nil else { return (false, false) }
      let small = !state.loadingSmall && (state.types == nil || state.stats == nil)
      let species = wanted && !state.loading && state.species == nil
      if small {
        state.loadingSmall = true
      }
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
          state.settledSmall = true
          state.glossary = nil
          defer { state.smallWaiters = [:] }
          return state.smallWaiters.values
        }
        for waiter in waiters { waiter.continuation.resume() }
      }
    }
    guard species else { return }
    work.start("species names") { [state] in
      let species = try? await loaders.species { done, total in
        let progress = Progress(done: done, total: total)
        let listeners = state.withLock { state in
          state.progress = progress
          return state.waiters.values.map(\.progress)
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
      for waiter in waiters { waiter.continuation.resume() }
    }
  }

  /// Loads the species' names if they are not loaded (a script's first need of them), and waits
  /// until they are, or until the caller is cancelled, `progress` hearing how far they have come
  /// (at once with what came before). Returns at once without a language.
  public func ensureSpeciesNames(progress: @escaping @Sendable (Progress) -> Void = { _ in }) async
  {
    if hasSpeciesNames { return }
    loadIfNeeded(species: true)
    await wait(for: .species, progress: progress)
  }

  /// Waits, cancellably, while `table` is loading.
  private func wait(
    for table: Table, progress: @escaping @Sendable (Progress) -> Void = { _ in }
  ) async {
    let id = state.withLock { state in
      state.nextWaiter += 1
      return state.nextWaiter
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let (now, sofar) = state.withLock { state in
          guard state.isLoading(table), !Task.isCancelled else { return (true, Progress?.none) }
          state[waiting: table][id] = Waiter(continuation: continuation, progress: progress)
          return (false, state.progress)
        }
        if now { return continuation.resume() }
        // What came before it waited, at once.
        if let sofar { progress(sofar) }
      }
    } onCancel: { [state] in
      state.withLock { $0[waiting: table].removeValue(forKey: id) }?.continuation.resume()
    }
  }

  /// The glossary of the language chosen, from what the tables hold now. Until a first load of
  /// the types' and stats' names (a few small answers kept for good) has ended, each call asks
  /// for it and waits (cancellably), whoever asked first: a page must not show English types
  /// because another caller started the load. Later calls do not wait for a load tried again
  /// after a failure.
  public func glossary() async -> Glossary {
    // The species' names in this language, when a table of them is kept: one small read,
    // before anything is loaded.
    let lookFor = state.withLock { state -> Language? in
      guard let language = state.current, state.species == nil,
        state.lookedForKept.insert(language.code).inserted
      else { return nil }
      return language
    }
    if let lookFor, let names = try? await loaders.kept(lookFor) {
      state.withLock { state in
        state.kept[lookFor.code] = names
        state.glossary = nil
      }
    }
    let hasNames = hasSpeciesNames
    loadIfNeeded(species: loadsSpeciesInBackground && !hasNames)
    if !state.withLock({ $0.settledSmall }) { await wait(for: .small) }
    return currentGlossary()
  }

  /// The glossary from what the tables hold now, without waiting.
  public func currentGlossary() -> Glossary {
    state.withLock { state in
      if let made = state.glossary { return made }
      guard let language = state.current else { return .slugs }
      let made = Glossary(
        language: language,
        species: state.species.map { Self.pick($0, language) } ?? state.kept[language.code]
          ?? [:],
        types: Self.pick(state.types ?? [:], language),
        stats: Self.pick(state.stats ?? [:], language))
      // Half-loaded tables are not kept: the next glossary picks up what came since.
      if !state.loading, !state.loadingSmall { state.glossary = made }
      return made
    }
  }

  /// Each entry's name in `language` (``Language/pick(from:)``).
  static func pick<Key: Hashable>(
    _ table: [Key: NamesByLanguage], _ language: Language
  ) -> [Key: String] {
    table.compactMapValues(language.pick(from:))
  }
}
