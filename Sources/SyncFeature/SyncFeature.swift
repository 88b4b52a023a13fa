import APIClient
import Cache
import DetailModels
import ImageFeature
import Models
import Pages

/// `sync`: fetches species ahead of time (details, pokemon, evolution chain, the pages of their
/// abilities and types, optionally their learnsets and images) so that they work offline, a few
/// species at a time, reporting progress as it goes.
///
/// It composes the detail and image features and the pages through their interfaces: what
/// `open`, `evolution`, `ability`, `type`, `moves` and `download image` would fetch is exactly
/// what `sync` fetches.
public struct SyncFeature: Sendable {
  private let species: SpeciesKind
  private let images: ImageFeature?
  /// Species synced at once: enough to keep the transport's bound of requests in flight busy
  /// (each species waits on one or two requests at a time), which then sets the pace.
  public let width: Int

  /// The first pause before a rate-limited species is tried again; it doubles each time.
  public let retryPause: Duration

  /// The answers the cache could not write to disk so far (``ResponseCache/unsaved``): a
  /// species during whose sync that count grew is not counted as synced.
  public typealias Unsaved = @Sendable () async -> UnsavedAnswers

  private let unsaved: Unsaved
  private let pages: PageDirectory
  /// A sync of the species `species` shows, downloading images with `images` when it is given,
  /// and checking with `unsaved` that what it fetched was stored; the pages of each species'
  /// abilities and types (and its learnset, when asked) come from `pages`, whose kinds are
  /// those to store.
  public init(
    species: SpeciesKind, images: ImageFeature?, width: Int = 12,
    retryPause: Duration = .seconds(1), unsaved: @escaping Unsaved = { UnsavedAnswers() },
    pages: PageDirectory = PageDirectory()
  ) {
    self.pages = pages
    self.species = species
    self.images = images
    self.width = max(1, width)
    self.retryPause = retryPause
    self.unsaved = unsaved
  }

  /// The species of `index` that `range` names, in id order; the whole index (below the forms,
  /// whose ids start at 10001) when `range` is `nil`.
  ///
  /// It walks the index rather than the typed range: `sync 1-99999999999` must not loop.
  public static func ids(
    in range: ClosedRange<Int>?, index: [SpeciesSummary]
  ) throws(SyncError) -> [Int] {
    let known = Set(index.map(\.id)).sorted()
    let range = range ?? 1...(known.last { $0 < 10000 } ?? 1)
    let ids = known.filter { range.contains($0) }
    guard !ids.isEmpty else { throw .noSpecies(in: range) }
    return ids
  }

  /// Syncs `ids` (ascending), `width` species at a time, with images when `withImages` and the
  /// feature has an image feature, with their learnsets (and so their moves) when `withMoves`,
  /// where they live and how they breed when `withPagesAboutThem`.
  /// In `context`'s game (the session's), what `open` shows there too (its Pokédex text, its
  /// numbers, its generation's facts) and that game's learnsets. `progress` hears after every
  /// species. Cancelling the task stops starting new species; the summary then covers those
  /// done.
  public func run(
    ids: [Int], withImages: Bool, withMoves: Bool = true, withPagesAboutThem: Bool = true,
    in context: PageContext = PageContext(),
    progress: @escaping @Sendable (SyncProgress) -> Void = { _ in }
  ) async -> SyncSummary {
    let images = withImages ? self.images : nil
    let scope = Scope(learnset: withMoves, aboutIt: withPagesAboutThem)
    var results: [SpeciesResult] = []
    var failed = 0
    progress(SyncProgress(done: 0, failed: 0, total: ids.count))
    await withTaskGroup(of: SpeciesResult.self) { group in
      var pending = ids[...]
      func startNext() {
        guard let id = pending.popFirst() else { return }
        group.addTask { await sync(id, images: images, scope: scope, context: context) }
      }
      for _ in 0..<width { startNext() }
      for await result in group {
        results.append(result)
        if result.failure != nil { failed += 1 }
        progress(SyncProgress(done: results.count, failed: failed, total: ids.count))
        if Task.isCancelled { pending = [] } else { startNext() }
      }
    }
    results.sort { $0.id < $1.id }
    let cancelled = Task.isCancelled
    let failures = results.compactMap(\.failure).filter { !(cancelled && $0.isCancellation) }
    return SyncSummary(
      range: (ids.first ?? 0)...(ids.last ?? 0), synced: results.filter(\.synced).count,
      images: results.filter(\.gotImage).count, failures: failures, requested: ids.count,
      cancelled: cancelled)
  }

  /// What happened to one species.
  private struct SpeciesResult: Sendable {
    var id: Int
    /// Its details, pokemon and evolution chain are cached.
    var synced: Bool
    var failure: SyncFailure?
    var gotImage = false
  }

  /// How many more times a species the server rate-limited is tried, after a growing pause
  /// (``retryPause``, then twice as long each time: 1, 2, 4, 8, 16, 32 s): a rate-limited sync
  /// finishes, only slower. Six, since a species costs its types and the names its evolution
  /// shows besides: at two requests a second, the last of twelve species at once could wait
  /// past four tries.
  static let rateLimitedRetries = 6

  /// Syncs one species; one whose answers did not all reach the disk counts as not stored. Several
  /// species are synced at once, so a write that failed for one marks the others then in flight
  /// too: on a full disk, what is counted is never more than what was stored.
  private func sync(
    _ id: Int, images: ImageFeature?, scope: Scope, context: PageContext
  ) async -> SpeciesResult {
    let before = await unsaved().count
    var result = await syncOneAfterAnother(id, images: images, scope: scope, context: context)
    let after = await unsaved()
    if after.count > before, result.synced {
      result = SpeciesResult(
        id: id, synced: false,
        failure: SyncFailure(id: id, reason: .notStored(after.reason ?? .diskFailed)))
    }
    return result
  }

  /// Syncs one species, trying again after a pause while the server rate-limits it.
  private func syncOneAfterAnother(
    _ id: Int, images: ImageFeature?, scope: Scope, context: PageContext
  ) async -> SpeciesResult {
    var result = await syncOnce(id, images: images, scope: scope, context: context)
    var pause = retryPause
    for _ in 0..<Self.rateLimitedRetries {
      guard let failure = result.failure, failure.isRateLimited else { break }
      do {
        try await Task.sleep(for: pause)
      } catch {
        break
      }
      pause *= 2
      result = await syncOnce(
        id, images: images, scope: scope, context: context, skipDetails: result.synced)
    }
    return result
  }

  private func syncOnce(
    _ id: Int, images: ImageFeature?, scope: Scope, context: PageContext, skipDetails: Bool = false
  ) async -> SpeciesResult {
    if skipDetails { return await downloadImage(id, images: images) }
    // Each asks for the species (one shared request); the pokemon and the chain then overlap,
    // and what the game adds (the species' texts of every version, its Pokédexes) with them.
    async let detail = species.details.details(of: .id(id), glossary: context.glossary)
    async let tree = species.evolution(of: .id(id), in: context)
    let shown: SpeciesDetailViewModel
    do {
      shown = try await detail
      _ = try await tree
    } catch {
      let reason = (error as? DetailError) ?? .api(.cancelled)
      return SpeciesResult(
        id: id, synced: false, failure: SyncFailure(id: id, reason: .details(reason)))
    }
    // What the game adds to them (its Pokédex text, its Pokédexes, its generation's chart),
    // loaded beside their pages.
    async let inGame = species.shown(shown, in: context)
    do throws(PageError) {
      try await syncPages(of: shown, scope: scope, context: context)
      _ = await inGame
    } catch {
      return SpeciesResult(
        id: id, synced: false, failure: SyncFailure(id: id, reason: .pages(error)))
    }
    return await downloadImage(id, images: images)
  }

  /// The pages about the species, of the kinds ``pages`` holds: its abilities' and types', and
  /// as `scope` says where it lives and how it breeds, together, then its learnset (`moves`,
  /// whose machines are asked for after its moves). A page that answers with a refusal (a
  /// species found nowhere in the wild) leaves nothing more to fetch; any failure of the API's
  /// is the species'.
  private func syncPages(
    of detail: SpeciesDetailViewModel, scope: Scope, context: PageContext
  ) async throws(PageError) {
    var openings: [Opening] = []
    if pages.kind(named: AbilityFeature.command.name) != nil {
      // By slug: the names shown are in the session's language (`Engrais`), the API's keys
      // are not.
      openings += detail.abilities.map {
        .page(PageAddress(kind: AbilityFeature.command.name, key: $0.slug))
      }
    }
    if pages.kind(named: TypeFeature.command.name) != nil {
      let slugs =
        detail.typeSlugs.isEmpty ? detail.types.map(NameQuery.normalize) : detail.typeSlugs
      openings += slugs.map { .page(PageAddress(kind: TypeFeature.command.name, key: $0)) }
    }
    for kind in [EncounterFeature.command.name, BreedFeature.command.name]
    where scope.aboutIt && pages.kind(named: kind) != nil {
      openings.append(.about(kind: kind, species: detail.id))
    }
    let shown = await withTaskGroup(of: PageError?.self) { group in
      for opening in openings {
        group.addTask {
          guard let error = await open(opening, in: context) else { return nil }
          return Self.matters(error) ? error : nil
        }
      }
      var first: PageError?
      for await error in group where first == nil { first = error }
      return first
    }
    if let shown { throw shown }
    if scope.learnset, pages.kind(named: LearnsetFeature.command.name) != nil {
      do throws(PageError) {
        // A learnset whose machines did not all come would not be whole offline either.
        let learnset = try await pages.open(
          LearnsetFeature.command.name, nil, selection: detail.id, glossary: context.glossary,
          game: context.game)
        if let failure = learnset.partialFailure { throw .api(failure) }
      } catch {
        if Self.matters(error) { throw error }
      }
    }
  }

  /// Which pages about a species `sync` fetches besides its abilities' and types': its learnset
  /// (`moves`), and where it lives and how it breeds.
  struct Scope: Sendable {
    var learnset: Bool
    var aboutIt: Bool
  }

  /// A page `sync` opens for a species: one at its address (an ability's, a type's), or one
  /// about the species (where it lives, how it breeds).
  private enum Opening: Sendable {
    case page(PageAddress)
    case about(kind: String, species: Int)
  }

  /// Opens `opening`'s page: its failure, if any.
  private func open(_ opening: Opening, in context: PageContext) async -> PageError? {
    do throws(PageError) {
      switch opening {
      case .page(let address):
        _ = try await pages.show(address, glossary: context.glossary, game: context.game)
      case .about(let kind, let species):
        // Where takes the species selected; breed its name (here its id) as a word.
        if pages.kind(named: kind)?.subject == .selection {
          _ = try await pages.open(
            kind, nil, selection: species, glossary: context.glossary, game: context.game)
        } else {
          _ = try await pages.open(
            kind, nil, words: [String(species)], glossary: context.glossary, game: context.game)
        }
      }
      return nil
    } catch {
      return error
    }
  }

  /// Whether a page's failure means something was not fetched: any of the API's, not a refusal
  /// (the page said why it has nothing to show, as for a species found nowhere in the wild).
  static func matters(_ error: PageError) -> Bool {
    if case .api = error { return true }
    return false
  }

  /// What ``syncEveryKind(in:progress:)`` fetched: how many pages, how many of its requests
  /// failed (pages, and lists of names), and the first failure.
  public struct KindPages: Sendable, Equatable {
    public var pages: Int
    public var failed: Int
    public var firstFailure: PageError?

    public init(pages: Int = 0, failed: Int = 0, firstFailure: PageError? = nil) {
      self.pages = pages
      self.failed = failed
      self.firstFailure = firstFailure
    }
  }

  /// Every page of the kinds that are not about one species, in `context` (its language and
  /// game): each name's page (every ability, move, item, nature, egg group, Pokédex, berry and
  /// type), the whole ones (`types`, `natures`), and in a language the names of each kind's
  /// resources in it (what a name typed in it is found by; in English for a kind found by its
  /// English names too), `width` at a time; `progress` hears how far it is. Ctrl-C stops it,
  /// keeping what came.
  public func syncEveryKind(
    in context: PageContext, progress: @escaping @Sendable (String) -> Void = { _ in }
  ) async -> KindPages {
    let pages = pages
    var addresses: [PageAddress] = []
    var summary = KindPages()
    func note(_ error: PageError) {
      guard Self.matters(error) else { return }
      summary.failed += 1
      if summary.firstFailure == nil { summary.firstFailure = error }
    }
    for kind in pages.kindNames {
      guard let pageKind = pages.kind(named: kind) else { continue }
      switch pageKind.subject {
      case .nothing: addresses.append(PageAddress(kind: kind, key: nil))
      case .name:
        do throws(APIError) {
          addresses += try await pages.names(of: kind).map { PageAddress(kind: kind, key: $0.name) }
        } catch {
          note(.api(error))
        }
        let language = context.glossary.language ?? (pageKind.resolvesEnglishNames ? .english : nil)
        if let language {
          progress("Syncing the \(language.englishName) names of every \(kind)")
          do throws(APIError) {
            _ = try await pages.localNames(of: kind, in: language)
          } catch {
            note(.api(error))
          }
        }
      case .selection, .arguments: continue
      }
      if Task.isCancelled { return summary }
    }
    let total = addresses.count
    let failures = await withTaskGroup(of: PageError?.self) { group in
      var pending = addresses[...]
      func startNext() {
        guard let address = pending.popFirst() else { return }
        group.addTask { await open(.page(address), in: context) }
      }
      for _ in 0..<width { startNext() }
      var failures: [PageError] = []
      var done = 0
      for await failure in group {
        done += 1
        if let failure { failures.append(failure) }
        progress("Syncing the pages of every kind \(done)/\(total)")
        if Task.isCancelled { pending = [] } else { startNext() }
      }
      return failures
    }
    let pagesFailed = failures.filter(Self.matters).count
    for failure in failures { note(failure) }
    summary.pages = total - pagesFailed
    return summary
  }

  /// The image step of a species whose details are cached.
  private func downloadImage(_ id: Int, images: ImageFeature?) async -> SpeciesResult {
    guard let images else { return SpeciesResult(id: id, synced: true) }
    do {
      _ = try await images.download(speciesID: id)
      return SpeciesResult(id: id, synced: true, gotImage: true)
    } catch {
      return SpeciesResult(
        id: id, synced: true, failure: SyncFailure(id: id, reason: .image(error)))
    }
  }
}

extension SyncFailure {
  /// Whether Ctrl-C stopped it, rather than the server or the disk.
  var isCancellation: Bool {
    switch reason {
    case .details(.api(.cancelled)), .pages(.api(.cancelled)), .image(.cancelled): true
    default: false
    }
  }

  /// Whether the server said "too many requests" (after its own retries).
  var isRateLimited: Bool {
    switch reason {
    case .details(.api(.rateLimited)), .pages(.api(.rateLimited)): true
    case .image(.unexpectedStatus(status: 429)): true
    default: false
    }
  }
}

/// How far a `sync` has come.
public struct SyncProgress: Sendable, Equatable {
  /// Species finished, synced or not.
  public var done: Int
  /// Species that failed so far.
  public var failed: Int
  /// Species to sync in all.
  public var total: Int

  public init(done: Int, failed: Int, total: Int) {
    self.done = done
    self.failed = failed
    self.total = total
  }
}

/// What `sync` fetched.
public struct SyncSummary: Sendable, Equatable {
  /// The first and last species synced (the range asked for, narrowed to species that exist).
  public var range: ClosedRange<Int>
  /// Species whose details (species, pokemon, evolution chain) are now stored on disk, including
  /// those whose image alone failed.
  public var synced: Int
  /// Images downloaded now or already there (when `--images`).
  public var images: Int
  /// One entry per species that failed, in id order (after Ctrl-C, not those it interrupted).
  public var failures: [SyncFailure]
  /// How many species were to be synced.
  public var requested: Int
  /// Whether Ctrl-C stopped it before every species was tried.
  public var cancelled: Bool
  /// The pages of every kind not about one species (items, natures, berries …), when they were
  /// synced.
  public var kinds: SyncFeature.KindPages?
  /// What `find`'s index holds after the sync (`151 of 1025 species, 937 of 937 moves`), when it was
  /// brought up to date; `nil` when it was not.
  public var findIndex: String?

  public init(
    range: ClosedRange<Int>, synced: Int, images: Int, failures: [SyncFailure],
    requested: Int? = nil, cancelled: Bool = false
  ) {
    self.range = range
    self.synced = synced
    self.images = images
    self.failures = failures
    self.requested = requested ?? synced + failures.count
    self.cancelled = cancelled
  }

  /// Whether every species (and image, when asked for) was synced.
  public var isComplete: Bool { failures.isEmpty }
}

/// One species `sync` could not fetch, and why.
public struct SyncFailure: Sendable, Equatable {
  /// Why it failed.
  public enum Reason: Sendable, Equatable {
    /// Its details or evolution chain could not be fetched.
    case details(DetailError)
    /// The pages of its abilities or types, or its learnset, could not be fetched.
    case pages(PageError)
    /// Its details are cached, but its image could not be downloaded.
    case image(ImageFeatureError)
    /// It was fetched, but not all of it reached the disk (so it would not work offline).
    case notStored(UnsavedReason)
  }

  /// The species.
  public var id: Int
  /// Why.
  public var reason: Reason

  public init(id: Int, reason: Reason) {
    self.id = id
    self.reason = reason
  }
}

/// Why `sync` could not start.
public enum SyncError: Error, Sendable, Equatable {
  /// The range holds no species the index knows.
  case noSpecies(in: ClosedRange<Int>)
}
