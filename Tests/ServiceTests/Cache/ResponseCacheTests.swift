import Cache
import Foundation
import Locking
import Synchronization
import Testing

func entry(_ key: String, bytes: Int = 100, storedAt: Date = Date(timeIntervalSince1970: 1_000))
  -> CacheEntry
{
  CacheEntry(
    key: key, status: 200, body: Data(repeating: 0x41, count: bytes), etag: "W/\"1\"",
    storedAt: storedAt, expiresAt: storedAt.addingTimeInterval(86_400))
}

/// A store whose every call fails, like a disk that went away.
struct BrokenStore: CacheStore {
  struct Failure: Error {}
  func entry(forKey key: String) async throws -> CacheEntry? { throw Failure() }
  func save(_ entry: CacheEntry) async throws { throw Failure() }
  func removeAll() async throws { throw Failure() }
  func summary() async throws -> CacheStoreSummary { throw Failure() }
  func checkpoint() async throws { throw Failure() }
  func close() async {}
}

/// A store with room for `room` entries, then full, as a disk that fills up.
final class FullAfterStore: CacheStore {
  let room: Int
  private let saved = Locked<[String]>([])
  init(room: Int) { self.room = room }
  var keys: [String] { saved.withLock { $0 } }
  func entry(forKey key: String) async throws -> CacheEntry? { nil }
  func save(_ entry: CacheEntry) async throws {
    try saved.withLock {
      guard $0.count < room else { throw CacheStoreError.full }
      $0.append(entry.key)
    }
  }
  func removeAll() async throws { saved.withLock { $0 = [] } }
  func summary() async throws -> CacheStoreSummary {
    CacheStoreSummary(entries: keys.count, bytes: 0, oldestEntry: nil)
  }
  func checkpoint() async throws {}
  func close() async {}
}

/// A store whose reads are cancelled, as when Ctrl-C lands during a disk read.
final class CancelledReadStore: CacheStore {
  let base = Locked<[String: CacheEntry]>([:])
  func entry(forKey key: String) async throws -> CacheEntry? { throw CancellationError() }
  func save(_ entry: CacheEntry) async throws { base.withLock { $0[entry.key] = entry } }
  func removeAll() async throws { base.withLock { $0 = [:] } }
  func summary() async throws -> CacheStoreSummary {
    let count = base.withLock { $0.count }
    return CacheStoreSummary(entries: count, bytes: 0, oldestEntry: nil)
  }
  func checkpoint() async throws {}
  func close() async {}
}

@Suite("ResponseCache: memory LRU, statistics, failing store")
struct ResponseCacheTests {
  @Test func memoryIsBoundedByBytesAndEvictsTheLeastRecentlyUsed() async {
    let one = entry("a").byteCount
    let cache = ResponseCache(memoryLimitBytes: one * 3, store: nil)
    await cache.save(entry("a"))
    await cache.save(entry("b"))
    await cache.save(entry("c"))
    _ = await cache.entry(forKey: "a")  // "b" is now the least recently used
    await cache.save(entry("d"))
    #expect(await cache.entry(forKey: "a") != nil)
    #expect(await cache.entry(forKey: "b") == nil)
    #expect(await cache.entry(forKey: "c") != nil)
    #expect(await cache.entry(forKey: "d") != nil)
    let statistics = await cache.statistics()
    #expect(statistics.entries == 3)
    #expect(statistics.bytes <= one * 3)
  }

  @Test func anEntryLargerThanMemoryIsNotKeptInMemory() async {
    let cache = ResponseCache(memoryLimitBytes: 1_000, store: nil)
    await cache.save(entry("small"))
    await cache.save(entry("huge", bytes: 5_000))
    #expect(await cache.entry(forKey: "huge") == nil)
    #expect(await cache.entry(forKey: "small") != nil)
  }

  @Test func statisticsCountHitsMissesAndTheOldestEntry() async {
    let cache = ResponseCache(store: nil)
    await cache.save(entry("old", storedAt: Date(timeIntervalSince1970: 500)))
    await cache.save(entry("new", storedAt: Date(timeIntervalSince1970: 900)))
    _ = await cache.entry(forKey: "old")
    _ = await cache.entry(forKey: "new")
    _ = await cache.entry(forKey: "absent")
    let statistics = await cache.statistics()
    #expect(statistics.entries == 2)
    #expect(statistics.hits == 2)
    #expect(statistics.misses == 1)
    #expect(statistics.oldestEntry == Date(timeIntervalSince1970: 500))
    #expect(statistics.isPersistent == false)
  }

  @Test func clearEmptiesEverything() async {
    let cache = ResponseCache(store: nil)
    await cache.save(entry("a"))
    _ = await cache.entry(forKey: "a")
    await cache.clear()
    #expect(
      await cache.statistics()
        == CacheStatistics(
          entries: 0, bytes: 0, hits: 0, misses: 0, oldestEntry: nil, isPersistent: false))
    #expect(await cache.entry(forKey: "a") == nil)
  }

  @Test func aFailingStoreWarnsOnceAndTheCacheGoesOnInMemory() async {
    let notices = Locked<[String]>([])
    let cache = ResponseCache(
      store: BrokenStore(), onNotice: { notice in notices.withLock { $0.append(notice) } })
    await cache.save(entry("a"))
    await cache.save(entry("b"))
    #expect(await cache.entry(forKey: "a") != nil)
    #expect(await cache.entry(forKey: "zzz") == nil)
    #expect(await cache.statistics().isPersistent == false)
    #expect(
      notices.withLock { $0 }
        == ["The disk cache stopped working; caching in memory only for this session."])
  }

  @Test func answersThatDoNotReachTheDiskAreCountedWithTheReason() async {
    let notices = Locked<[String]>([])
    let full = FullAfterStore(room: 2)
    let cache = ResponseCache(
      store: full, onNotice: { notice in notices.withLock { $0.append(notice) } })
    await cache.save(entry("a"))
    await cache.save(entry("b"))
    #expect(await cache.unsaved == UnsavedAnswers())
    await cache.save(entry("c"))
    await cache.save(entry("d"))
    // The third write found the disk full; the fourth went to memory only, for the same reason.
    #expect(await cache.unsaved == UnsavedAnswers(count: 2, reason: .diskFull))
    #expect(full.keys == ["a", "b"])
    #expect(await cache.entry(forKey: "d") != nil)
    #expect(
      notices.withLock { $0 } == ["The disk is full; caching in memory only for this session."])
  }

  @Test func aCacheInMemoryOnlyStoresNothingDurably() async {
    let cache = ResponseCache(store: nil)
    await cache.save(entry("a"))
    #expect(await cache.unsaved == UnsavedAnswers(count: 1, reason: .memoryOnly))
  }

  @Test func aCancelledDiskReadKeepsTheDiskCache() async {
    let notices = Locked<[String]>([])
    let cache = ResponseCache(
      store: CancelledReadStore(), onNotice: { notice in notices.withLock { $0.append(notice) } })
    #expect(await cache.entry(forKey: "a") == nil)
    await cache.save(entry("b"))
    #expect(await cache.statistics().isPersistent)
    #expect(await cache.statistics().entries == 1)
    #expect(notices.withLock { $0 } == [])
  }
}

/// A store that keeps entries in memory, or reports a damaged file on every call.
final class MemoryStore: CacheStore {
  let entries = Locked<[String: CacheEntry]>([:])
  /// How many checkpoints were asked for.
  let checkpoints = Locked(0)
  /// How many times it was closed.
  let closes = Locked(0)
  let damaged: Bool
  init(damaged: Bool = false) { self.damaged = damaged }
  private func check() throws { if damaged { throw CacheStoreError.corrupt } }
  func entry(forKey key: String) async throws -> CacheEntry? {
    try check()
    return entries.withLock { $0[key] }
  }
  func save(_ entry: CacheEntry) async throws {
    try check()
    entries.withLock { $0[entry.key] = entry }
  }
  func removeAll() async throws {
    try check()
    entries.withLock { $0 = [:] }
  }
  func summary() async throws -> CacheStoreSummary {
    try check()
    return CacheStoreSummary(entries: entries.withLock { $0.count }, bytes: 0, oldestEntry: nil)
  }
  func checkpoint() async throws {
    try check()
    checkpoints.withLock { $0 += 1 }
  }
  func close() async { closes.withLock { $0 += 1 } }
}

@Suite("The disk store is opened when first needed, and rebuilt when damaged")
struct LazyStoreTests {
  /// A cache whose store is new and is created slowly: its opener waits until the test signals
  /// `release`.
  private func newCacheOpenedSlowly() -> (ResponseCache, MemoryStore, DispatchSemaphore) {
    let release = DispatchSemaphore(value: 0)
    let store = MemoryStore()
    let cache = ResponseCache(
      opening: StoreOpener(
        open: {
          release.wait()
          return (store, [])
        }, rebuild: { (nil, []) }),
      new: true)
    return (cache, store, release)
  }

  @Test(.timeLimit(.minutes(1)))
  func aCheckpointReachesAnOpenStoreAndOpensNone() async {
    let (cache, store, release) = newCacheOpenedSlowly()
    // Still being created: a checkpoint neither waits for it nor opens it.
    await cache.checkpoint()
    #expect(store.checkpoints.withLock { $0 } == 0)
    release.signal()
    await cache.save(entry("a"))
    await cache.checkpoint()
    #expect(store.checkpoints.withLock { $0 } == 1)
  }

  /// A launch that stored nothing ends while its new store is still being created: the store is
  /// closed as it comes.
  @Test(.timeLimit(.minutes(1)))
  func aStoreBeingCreatedAtTheEndIsClosedWhenItComes() async {
    let (cache, store, release) = newCacheOpenedSlowly()
    async let closed: Void = cache.close()
    release.signal()
    await closed
    #expect(store.closes.withLock { $0 } == 1)
  }

  @Test(.timeLimit(.minutes(1)))
  func aStoreBeingCreatedIsNotWaitedForByLookupsButHoldsWhatIsSaved() async {
    let (cache, store, release) = newCacheOpenedSlowly()
    // A new store holds nothing: the lookup is answered (a miss) while it is being made.
    #expect(await cache.entry(forKey: "a") == nil)
    // A save waits for it, and lands in it.
    let saving = Task { await cache.save(entry("a")) }
    release.signal()
    await saving.value
    #expect(store.entries.withLock { $0["a"] } != nil)
    #expect(await cache.entry(forKey: "a") != nil)
    let statistics = await cache.statistics()
    #expect(statistics.isPersistent)
    #expect(statistics.entries == 1)
    #expect(statistics.misses == 1)
  }

  @Test(.timeLimit(.minutes(1)))
  func aSaveWaitingForANewStoreDoesNotRefillItAfterAClear() async {
    let (cache, store, release) = newCacheOpenedSlowly()
    // A load began, then the cache was cleared while its answer waited for the new store.
    let generation = await cache.generation
    let saving = Task { await cache.save(entry("a"), generation: generation) }
    for _ in 0..<1_000 { await Task.yield() }
    let clearing = Task { await cache.clear() }
    for _ in 0..<1_000 { await Task.yield() }
    release.signal()
    await saving.value
    await clearing.value
    #expect(store.entries.withLock { $0["a"] } == nil)
    #expect(await cache.entry(forKey: "a") == nil)
  }

  @Test(.timeLimit(.minutes(1)))
  func aStoreThisSessionCreatedIsNotReadWhileMemoryHoldsAllItSaved() async {
    let store = MemoryStore()
    let cache = ResponseCache(
      memoryLimitBytes: 1_000, opening: StoreOpener(open: { (store, []) }, rebuild: { (nil, []) }),
      new: true)
    await cache.save(entry("a"))
    #expect(store.entries.withLock { $0["a"] } != nil)
    // Another session adds to the file: not seen while memory holds all this one saved.
    store.entries.withLock { $0["b"] = entry("b") }
    #expect(await cache.entry(forKey: "b") == nil)
    #expect(await cache.entry(forKey: "a") != nil)
    // Once memory drops an entry ("a", the least recently used), the disk is read again.
    for key in ["c", "d", "e", "f", "g", "h"] { await cache.save(entry(key)) }
    #expect(await cache.entry(forKey: "a") != nil)
    #expect(await cache.entry(forKey: "b") != nil)
  }

  /// The session's end closes the store; what is saved after stays in memory, and nothing is
  /// asked of the closed store.
  @Test func closingClosesTheStoreOnce() async {
    let store = MemoryStore()
    let cache = ResponseCache(
      opening: StoreOpener(open: { (store, []) }, rebuild: { (nil, []) }), new: true)
    await cache.save(entry("a"))
    await cache.close()
    await cache.close()
    #expect(store.closes.withLock { $0 } == 1)
    await cache.save(entry("b"))
    #expect(store.entries.withLock { $0["b"] } == nil)
    #expect(await cache.entry(forKey: "b") != nil)
  }

  /// Letting go of a closed store frees its connection's objects, which the end of a session
  /// need not wait for: the cache keeps it as long as the cache lives.
  @Test func aClosedStoreIsLetGoOfWithTheCacheNotBefore() async {
    final class Watched: CacheStore, Sendable {
      let gone: Locked<Bool>
      init(gone: Locked<Bool>) { self.gone = gone }
      deinit { gone.withLock { $0 = true } }
      func entry(forKey key: String) async throws -> CacheEntry? { nil }
      func save(_ entry: CacheEntry) async throws {}
      func removeAll() async throws {}
      func summary() async throws -> CacheStoreSummary {
        CacheStoreSummary(entries: 0, bytes: 0, oldestEntry: nil)
      }
      func checkpoint() async throws {}
      func close() async {}
    }
    let gone = Locked(false)
    var cache: ResponseCache? = ResponseCache(
      opening: StoreOpener(open: { (Watched(gone: gone), []) }, rebuild: { (nil, []) }),
      new: true)
    await cache?.save(entry("a"))
    await cache?.close()
    #expect(!gone.withLock { $0 })
    cache = nil
    #expect(gone.withLock { $0 })
  }

  @Test func aCacheThatIsNeverUsedNeverOpensItsStore() async {
    let opened = Atomic(0)
    let cache = ResponseCache(
      opening: StoreOpener(
        open: {
          opened.add(1, ordering: .relaxed)
          return (MemoryStore(), [])
        }, rebuild: { (nil, []) }))
    _ = cache
    let count = opened.load(ordering: .relaxed)
    #expect(count == 0)
    await cache.save(entry("a"))
    _ = await cache.entry(forKey: "b")
    let afterUse = opened.load(ordering: .relaxed)
    #expect(afterUse == 1)
  }

  @Test func theOpenersWarningsAreNotices() async {
    let notices = Locked<[String]>([])
    let cache = ResponseCache(
      opening: StoreOpener(open: { (nil, ["cannot write"]) }, rebuild: { (nil, []) }),
      onNotice: { notice in notices.withLock { $0.append(notice) } })
    #expect(await cache.statistics().isPersistent == false)
    #expect(notices.withLock { $0 } == ["cannot write"])
  }

  @Test func aDamagedStoreIsRebuiltOnceAndKeepsBeingUsed() async {
    let rebuilt = MemoryStore()
    let notices = Locked<[String]>([])
    let cache = ResponseCache(
      opening: StoreOpener(
        open: { (MemoryStore(damaged: true), []) }, rebuild: { (rebuilt, ["rebuilt"]) }),
      onNotice: { notice in notices.withLock { $0.append(notice) } })
    #expect(await cache.entry(forKey: "a") == nil)
    await cache.save(entry("b"))
    #expect(rebuilt.entries.withLock { $0["b"] } != nil)
    #expect(await cache.statistics().isPersistent)
    #expect(notices.withLock { $0 } == ["rebuilt"])
  }
}
