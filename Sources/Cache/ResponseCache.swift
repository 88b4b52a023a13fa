import Foundation

/// Numbers for the `cache` command.
public struct CacheStatistics: Sendable, Hashable {
  /// Entries stored (on disk, or in memory when there is no disk store).
  public var entries: Int
  /// Their size in bytes.
  public var bytes: Int
  /// Lookups in this session that found a stored answer (fresh or stale).
  public var hits: Int
  /// Lookups in this session that found nothing.
  public var misses: Int
  /// When the oldest entry was stored, `nil` when the cache is empty.
  public var oldestEntry: Date?
  /// Whether answers are kept on disk (`false`: memory only).
  public var isPersistent: Bool
  /// The most the disk store keeps, in bytes, if it is bounded.
  public var limitBytes: Int?
  /// How many species are stored (on disk): what opens offline.
  public var species: Int
  /// What `find`'s index holds, in words (`151 of 1025 species, 937 of 937 moves, 5.2 MB`);
  /// `nil` when it was not asked.
  public var findIndex: String?

  /// Statistics with every field given.
  public init(
    entries: Int, bytes: Int, hits: Int, misses: Int, oldestEntry: Date?, isPersistent: Bool,
    limitBytes: Int? = nil, species: Int = 0
  ) {
    self.species = species
    self.entries = entries
    self.bytes = bytes
    self.hits = hits
    self.misses = misses
    self.oldestEntry = oldestEntry
    self.isPersistent = isPersistent
    self.limitBytes = limitBytes
  }
}

/// How the cache gets its disk store: opened on first use, so that a command that never touches
/// the cache never pays for it, and rebuilt once if it turns out to be damaged.
public struct StoreOpener: Sendable {
  /// A store, or `nil` for memory only, and one warning line per problem met.
  public typealias Opened = (store: (any CacheStore)?, warnings: [String])

  /// Opens the store (recovering what it can).
  public var open: @Sendable () -> Opened
  /// Sets a damaged store aside and opens a new one.
  public var rebuild: @Sendable () -> Opened

  public init(open: @escaping @Sendable () -> Opened, rebuild: @escaping @Sendable () -> Opened) {
    self.open = open
    self.rebuild = rebuild
  }
}

/// HTTP answers kept in a byte-bounded in-memory LRU in front of an optional persistent
/// ``CacheStore``.
///
/// Freshness is judged by the caller (``CacheEntry/isFresh(at:)``). A store given as a
/// ``StoreOpener`` is opened when first needed; when it reports a damaged file
/// (``CacheStoreError/corrupt``) it is rebuilt once. When the disk store fails otherwise, the
/// cache warns once through `onNotice` and goes on in memory only.
public actor ResponseCache {
  private enum Disk {
    case unopened(StoreOpener)
    /// Being opened (or created) in the background; nothing is in it yet.
    case opening(Task<StoreOpener.Opened, Never>, StoreOpener)
    case open(any CacheStore, rebuild: StoreOpener?)
    case none
  }

  private let memoryLimitBytes: Int
  private var disk: Disk
  private let onNotice: @Sendable (String) -> Void
  private var memory = LRUMemory()
  /// The disk store was created by this session, so it holds only what was saved since, which
  /// memory holds too until it drops an entry: until then a lookup that misses memory does not
  /// ask the disk (at a cold start, the next wave of requests then leaves without waiting for the
  /// disk, busy storing the last one). Another session writing to the same new file meanwhile
  /// is not seen: what it stored is fetched again.
  private let createdHere: Bool
  private var hits = 0
  private var misses = 0

  /// Grows by one with every ``clear()``. A load notes it when it starts and saves with
  /// ``save(_:generation:)``, so that a load that was under way when the cache was cleared
  /// cannot put its answer back.
  public private(set) var generation = 0

  /// A cache holding at most `memoryLimitBytes` in memory, persisting to `store` when given.
  /// - Parameter onNotice: receives a one-line warning if the disk store fails later on.
  public init(
    memoryLimitBytes: Int = 32 << 20, store: (any CacheStore)?,
    onNotice: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.memoryLimitBytes = max(0, memoryLimitBytes)
    self.disk = store.map { .open($0, rebuild: nil) } ?? .none
    self.createdHere = false
    self.onNotice = onNotice
  }

  /// A cache holding at most `memoryLimitBytes` in memory, persisting to the store `opener`
  /// opens when the cache is first used.
  /// - Parameters:
  ///   - new: the store does not exist yet (its file is to be created), so it holds nothing:
  ///     it is created at once in the background, and lookups do not wait for it (they are
  ///     answered from memory), so that the first requests leave while it is being made; they
  ///     do not read it later either while memory holds all this session saved.
  ///   - onNotice: receives the opener's warnings, and one if the disk store fails.
  public init(
    memoryLimitBytes: Int = 32 << 20, opening opener: StoreOpener, new: Bool = false,
    onNotice: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.memoryLimitBytes = max(0, memoryLimitBytes)
    self.disk = new ? .opening(Self.opening(opener), opener) : .unopened(opener)
    self.createdHere = new
    self.onNotice = onNotice
  }

  /// Opens the store on a thread of its own (it creates a file, takes a lock and syncs: no
  /// work for one of the few threads tasks run on), for a task to await.
  private static func opening(_ opener: StoreOpener) -> Task<StoreOpener.Opened, Never> {
    Task {
      await withCheckedContinuation { continuation in
        Thread.detachNewThread { continuation.resume(returning: opener.open()) }
      }
    }
  }

  /// The disk store, opened now if this is its first use (or once its opening in the
  /// background is done).
  private func store() async -> (any CacheStore)? {
    switch disk {
    case .open(let store, _): return store
    case .none: return nil
    case .unopened(let opener):
      return opened(opener.open(), by: opener)
    case .opening(let task, let opener):
      let result = await task.value
      // Another caller may have taken the result meanwhile.
      if case .opening = disk { return opened(result, by: opener) }
      return await store()
    }
  }

  /// Keeps what `opener` opened, saying its warnings.
  private func opened(
    _ result: StoreOpener.Opened, by opener: StoreOpener
  ) -> (any CacheStore)? {
    result.warnings.forEach(onNotice)
    disk = result.store.map { .open($0, rebuild: opener) } ?? .none
    return result.store
  }

  /// Whether a lookup that missed memory would miss the disk too: a store still being created
  /// holds nothing, and one created by this session nothing that memory lacks (until memory drops
  /// an entry). No need to wait for it.
  private var diskHoldsNothingMemoryLacks: Bool {
    if case .opening = disk { return true }
    return createdHere && !memory.hasDropped
  }

  /// The entry filed under `key` (memory first, then disk), counting a hit or a miss.
  public func entry(forKey key: String) async -> CacheEntry? {
    if let entry = memory.value(forKey: key) {
      hits += 1
      return entry
    }
    var found: CacheEntry?
    if diskHoldsNothingMemoryLacks {
      misses += 1
      return nil
    }
    if let store = await store() {
      do {
        found = try await store.entry(forKey: key)
      } catch {
        storeFailed(error)
      }
    }
    // Another task may have stored a newer answer while this one read the disk.
    if let newer = memory.value(forKey: key) { found = newer }
    if let found {
      hits += 1
      memory.insert(found, limit: memoryLimitBytes)
    } else {
      misses += 1
    }
    return found
  }

  /// Counts a hit for a lookup answered from outside the cache: an answer being stored, which
  /// the cache holds a moment later, unless the cache was cleared since `generation` (the
  /// ``generation`` when its load began: the answer will not be stored). Returns whether it
  /// counted.
  public func countHit(unlessClearedSince generation: Int) -> Bool {
    guard generation == self.generation else { return false }
    hits += 1
    return true
  }

  /// Stores `entry` in memory and on disk, replacing the one with the same key, unless the cache
  /// was cleared since `generation` (the ``generation`` when the load began).
  public func save(_ entry: CacheEntry, generation: Int) async {
    await save(entry, unlessClearedSince: generation)
  }

  /// Stores `entry` in memory and on disk, replacing the one with the same key. One that does
  /// not reach the disk is counted in ``unsaved``.
  public func save(_ entry: CacheEntry) async {
    await save(entry, unlessClearedSince: nil)
  }

  private func save(_ entry: CacheEntry, unlessClearedSince generation: Int?) async {
    if let generation, generation != self.generation { return }
    memory.insert(entry, limit: memoryLimitBytes)
    let store = await store()
    // A clear while the store was being opened: the entry must not go into the emptied store.
    if let generation, generation != self.generation { return }
    guard let store else {
      notSaved(unsaved.reason ?? .memoryOnly)
      return
    }
    do {
      try await store.save(entry)
    } catch {
      if error is CancellationError || Task.isCancelled { return }
      switch error as? CacheStoreError {
      case .readOnly: notSaved(.readOnly)
      case .full: notSaved(.diskFull)
      default: notSaved(.diskFailed)
      }
      storeFailed(error)
    }
  }

  /// Keeps the answers filed under `keys` for good on disk (``CacheStore/pin(_:)``); false when
  /// there is no disk store, or it could not.
  public func pin(_ keys: [String]) async -> Bool {
    guard let store = await store() else { return false }
    do {
      try await store.pin(keys)
      return true
    } catch {
      return false
    }
  }

  /// Whether an answer is filed under `key`, in memory or on disk (fresh or not).
  public func contains(_ key: String) async -> Bool {
    if memory.value(forKey: key) != nil { return true }
    guard let store = await store() else { return false }
    return (try? await store.entry(forKey: key)) != nil
  }

  /// Moves what the disk store wrote into its main file (``CacheStore/checkpoint()``), when it is
  /// open. A failure changes nothing: closing the store does it again.
  public func checkpoint() async {
    guard case .open(let store, _) = disk else { return }
    try? await store.checkpoint()
  }

  /// Closes the disk store, at the session's end: what closing does (``CacheStore/close()``)
  /// happens now rather than when the process lets go of the store, which an exit need not
  /// wait for. Later answers stay in memory.
  ///
  /// The closed store is kept until the cache goes (``closedStore``): letting go of it frees its
  /// connection, its statements and its queue, which a script that exits holding the cache need
  /// not wait for either (a warm `open 133; evolution`, hyperfine, medians of 100: 20.74 ms
  /// letting go, 20.23 ms keeping it).
  public func close() async {
    switch disk {
    case .open(let store, _):
      disk = .none
      await store.close()
      closedStore = store
    case .opening(let task, _):
      // Being created (a launch that stored nothing): what it opens is closed as it comes.
      disk = .none
      let store = await task.value.store
      await store?.close()
      closedStore = store
    case .unopened, .none:
      disk = .none
    }
  }

  /// The store ``close()`` closed, kept rather than let go at the session's end.
  private var closedStore: (any CacheStore)?

  /// The answers that did not reach the disk in this session, and why.
  public private(set) var unsaved = UnsavedAnswers()

  private func notSaved(_ reason: UnsavedReason) {
    unsaved.count += 1
    unsaved.reason = reason
  }

  /// Counts what is cached, plus this session's hits and misses.
  public func statistics() async -> CacheStatistics {
    if let store = await store() {
      do {
        let summary = try await store.summary()
        return CacheStatistics(
          entries: summary.entries, bytes: summary.bytes, hits: hits, misses: misses,
          oldestEntry: summary.oldestEntry, isPersistent: true, limitBytes: summary.limitBytes,
          species: summary.species)
      } catch {
        storeFailed(error)
      }
    }
    return CacheStatistics(
      entries: memory.count, bytes: memory.bytes, hits: hits, misses: misses,
      oldestEntry: memory.oldestStoredAt, isPersistent: false)
  }

  /// Empties memory and disk and resets the hit and miss counts.
  public func clear() async {
    generation += 1
    memory = LRUMemory()
    hits = 0
    misses = 0
    guard let store = await store() else { return }
    do {
      try await store.removeAll()
    } catch {
      storeFailed(error)
    }
  }

  /// After a disk failure: rebuilds a damaged store (once), else switches to memory only. A
  /// cancelled read or write (Ctrl-C, a sibling request failing) says nothing about the disk and
  /// changes nothing.
  private func storeFailed(_ error: any Error) {
    // A read-only store keeps answering reads; that it saves nothing was said when it opened.
    if error is CancellationError || Task.isCancelled || error as? CacheStoreError == .readOnly {
      return
    }
    guard case .open(_, let rebuild) = disk else { return }
    if error as? CacheStoreError == .corrupt, let rebuild {
      let rebuilt = rebuild.rebuild()
      rebuilt.warnings.forEach(onNotice)
      disk = rebuilt.store.map { .open($0, rebuild: nil) } ?? .none
      return
    }
    disk = .none
    onNotice(
      error as? CacheStoreError == .full
        ? "The disk is full; caching in memory only for this session."
        : "The disk cache stopped working; caching in memory only for this session.")
  }
}

/// A least-recently-used map bounded by bytes: a dictionary of nodes in a doubly linked list
/// (most recent at `head`). Lives inside the actor, so it needs no lock.
struct LRUMemory {
  private final class Node {
    let entry: CacheEntry
    var newer: Node?
    weak var older: Node?
    init(_ entry: CacheEntry) { self.entry = entry }
  }

  private var nodes: [String: Node] = [:]
  private var head: Node?  // most recently used
  private var tail: Node?  // least recently used
  private(set) var bytes = 0
  /// Whether an entry was ever evicted or refused (too large): memory then no longer holds all
  /// that was inserted.
  private(set) var hasDropped = false

  var count: Int { nodes.count }

  var oldestStoredAt: Date? { nodes.values.map(\.entry.storedAt).min() }

  mutating func value(forKey key: String) -> CacheEntry? {
    guard let node = nodes[key] else { return nil }
    unlink(node)
    pushFront(node)
    return node.entry
  }

  /// Inserts `entry`; entries larger than `limit` are not kept. Evicts the least recently
  /// used entries until the total fits `limit`.
  mutating func insert(_ entry: CacheEntry, limit: Int) {
    if let old = nodes.removeValue(forKey: entry.key) {
      unlink(old)
      bytes -= old.entry.byteCount
    }
    guard entry.byteCount <= limit else {
      hasDropped = true
      return
    }
    let node = Node(entry)
    nodes[entry.key] = node
    pushFront(node)
    bytes += entry.byteCount
    while bytes > limit, let last = tail {
      hasDropped = true
      unlink(last)
      nodes[last.entry.key] = nil
      bytes -= last.entry.byteCount
    }
  }

  private mutating func pushFront(_ node: Node) {
    node.older = head
    node.newer = nil
    head?.newer = node
    head = node
    if tail == nil { tail = node }
  }

  private mutating func unlink(_ node: Node) {
    let older = node.older
    let newer = node.newer
    newer?.older = older
    older?.newer = newer
    if head === node { head = older }
    if tail === node { tail = newer }
    node.older = nil
    node.newer = nil
  }
}
