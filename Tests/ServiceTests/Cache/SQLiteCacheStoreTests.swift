import CShims
import Foundation
import Locking
import Testing

@testable import Cache

/// Runs `sql` on the SQLite file at `file` (created if needed), as another program would.
private func execute(_ sql: String, in file: URL) throws {
  try SQLiteConnection(
    path: file.path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, busyTimeout: 5
  ).execute(sql)
}

@Suite("SQLiteCacheStore: persistence, recovery, two writers")
struct SQLiteCacheStoreTests {
  @Test func entriesSurviveARestart() async throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let saved = entry("https://pokeapi.co/api/v2/pokemon/133/", bytes: 2_000)
    try await SQLiteCacheStore.open(directory: directory).save(saved)
    let reopened = try SQLiteCacheStore.open(directory: directory)
    #expect(try await reopened.entry(forKey: saved.key) == saved)
    #expect(try await reopened.entry(forKey: "other") == nil)
  }

  /// The keys the database file holds by itself, its write-ahead log left aside (none when it
  /// has no table yet).
  private func keysInTheMainFile(of directory: URL) -> [String] {
    let path = directory.appendingPathComponent(SQLiteCacheStore.fileName).path
    let connection = try? SQLiteConnection(
      path: "file:\(path)?immutable=1", flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI,
      busyTimeout: 5)
    return (try? connection?.rows("SELECT key FROM response") { $0.text(0) ?? "" }) ?? []
  }

  @Test func aCheckpointMovesWhatWasSavedIntoTheDatabaseFile() async throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try SQLiteCacheStore.open(directory: directory)
    try await store.save(entry("https://pokeapi.co/api/v2/pokemon/133/", bytes: 2_000))
    // Saved in the log only: closing the store (or a checkpoint) moves it into the file.
    #expect(keysInTheMainFile(of: directory).isEmpty)
    try await store.checkpoint()
    #expect(keysInTheMainFile(of: directory) == ["https://pokeapi.co/api/v2/pokemon/133/"])
    #expect(try await store.entry(forKey: "https://pokeapi.co/api/v2/pokemon/133/") != nil)
  }

  /// Closed at the session's end (`close()`, what a command does) or let go (`deinit`).
  @Test(arguments: [true, false])
  func closingLeavesASmallLogForTheNextSessionToRead(explicitly: Bool) async throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let copied = entry("https://pokeapi.co/api/v2/pokemon/25/", bytes: 2_000)
    let logged = entry("https://pokeapi.co/api/v2/pokemon/133/", bytes: 2_000)
    let store = try SQLiteCacheStore.open(directory: directory)
    try await store.save(copied)
    try await store.checkpoint()
    try await store.save(logged)
    if explicitly { await store.close() }
    _ = consume store
    // Closed without copying the log: no syncs at exit.
    let log = directory.appendingPathComponent(SQLiteCacheStore.fileName + "-wal").path
    #expect(FileManager.default.fileExists(atPath: log))
    #expect(keysInTheMainFile(of: directory) == [copied.key])
    let reopened = try SQLiteCacheStore.open(directory: directory)
    #expect(try await reopened.entry(forKey: logged.key) == logged)
  }

  @Test(arguments: [true, false])
  func closingCopiesALogLargerThanTheBound(explicitly: Bool) async throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // One answer larger than the bound makes a log larger than it.
    let keys = ["https://pokeapi.co/api/v2/pokemon/1/"]
    let store = try SQLiteCacheStore.open(directory: directory)
    for key in keys {
      try await store.save(entry(key, bytes: 2 * SQLiteCacheStore.logKeptAtClose))
    }
    if explicitly {
      await store.close()
      // Closed once: a second close, and letting go after, change nothing.
      await store.close()
    }
    _ = consume store
    let log = directory.appendingPathComponent(SQLiteCacheStore.fileName + "-wal").path
    #expect(!FileManager.default.fileExists(atPath: log))
    #expect(keysInTheMainFile(of: directory).sorted() == keys.sorted())
  }

  /// A sync's answers never stop coming, so the client finds no moment to copy the log: a commit
  /// that finds it past the bound copies it, and the log starts over (a 2 MB disk once filled
  /// with a 4 MB log before a species was whole).
  @Test func theLogIsCopiedWheneverItPassesTheBound() async throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let keys = (1...12).map { "https://pokeapi.co/api/v2/pokemon/\($0)/" }
    let store = try SQLiteCacheStore.open(directory: directory)
    for key in keys {
      try await store.save(entry(key, bytes: SQLiteCacheStore.logKeptAtClose / 4))
    }
    let log = directory.appendingPathComponent(SQLiteCacheStore.fileName + "-wal").path
    let size = try #require(
      try FileManager.default.attributesOfItem(atPath: log)[.size] as? Int)
    #expect(size < SQLiteCacheStore.logKeptAtClose * 3 / 2)
    #expect(Set(keysInTheMainFile(of: directory)).isSuperset(of: keys.prefix(4)))
    for key in keys { #expect(try await store.entry(forKey: key)?.key == key) }
  }

  @Test func speciesAreCountedOnceWhicheverVersionFiledThem() async throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try SQLiteCacheStore.open(directory: directory)
    let base = "https://pokeapi.co/api/v2/pokemon-species"
    // 25 as two earlier versions filed it and as this one does, 133 only the oldest way, 1 only
    // the way before, 4 only the new; a species by name and a list are not counted.
    for key in [
      "\(base)/25/", "\(base)/25/#languages", "\(base)/25/#languages+eras", "\(base)/133/",
      "\(base)/1/#languages", "\(base)/4/#languages+eras", "\(base)/pikachu/#languages",
      "\(base)?offset=0&limit=20",
    ] {
      try await store.save(entry(key, storedAt: Date(timeIntervalSince1970: 100)))
    }
    #expect(try await store.summary().species == 4)
    // A "not found" kept for a while is no species that opens offline.
    var missing = entry("\(base)/99999/#languages")
    missing.status = 404
    try await store.save(missing)
    #expect(try await store.summary().species == 4)
  }

  @Test func summaryAndRemoveAll() async throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try SQLiteCacheStore.open(directory: directory)
    try await store.save(entry("a", storedAt: Date(timeIntervalSince1970: 300)))
    try await store.save(entry("b", storedAt: Date(timeIntervalSince1970: 200)))
    try await store.save(entry("a", storedAt: Date(timeIntervalSince1970: 400)))
    let summary = try await store.summary()
    #expect(summary.entries == 2)
    #expect(summary.bytes >= 200)
    #expect(summary.oldestEntry == Date(timeIntervalSince1970: 200))
    try await store.removeAll()
    #expect(
      try await store.summary()
        == CacheStoreSummary(
          entries: 0, bytes: 0, oldestEntry: nil, limitBytes: SQLiteCacheStore.defaultLimitBytes))
  }

  /// A store in `directory` holding 50 answers of 3 KB, closed, its file open for writing.
  private func filledStoreOpenForDamage(in directory: URL) async throws -> FileHandle {
    do {
      let store = try SQLiteCacheStore.open(directory: directory)
      for index in 0..<50 { try await store.save(entry("key-\(index)", bytes: 3_000)) }
    }
    return try FileHandle(
      forWritingTo: directory.appendingPathComponent(SQLiteCacheStore.fileName))
  }

  @Test(arguments: ["whole file", "first pages"])
  func aCorruptedFileIsSetAsideAndRebuilt(damage: String) async throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let handle = try await filledStoreOpenForDamage(in: directory)
    if damage == "whole file" {
      try handle.truncate(atOffset: 0)
      try handle.write(contentsOf: Data("this is not a database at all".utf8))
    } else {
      try handle.seek(toOffset: 0)
      try handle.write(contentsOf: Data(repeating: 0xA5, count: 40_000))
    }
    try handle.close()

    let (store, warnings) = SQLiteCacheStore.openOrRecover(directory: directory)
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("was damaged") == true)
    let recovered = try #require(store)
    try await recovered.save(entry("fresh"))
    #expect(try await recovered.entry(forKey: "fresh") != nil)
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(names.contains { $0.hasPrefix(SQLiteCacheStore.fileName + ".corrupt-") })
    // Opening again is quiet: the new file is healthy.
    #expect(SQLiteCacheStore.openOrRecover(directory: directory).warnings.isEmpty)
  }

  @Test func openingDoesNotScanTheFileButADamagedPageIsReportedWhenRead() async throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let handle = try await filledStoreOpenForDamage(in: directory)
    try handle.seek(toOffset: 40_960)
    try handle.write(contentsOf: Data(repeating: 0xA5, count: 40_960))
    try handle.close()

    // The header is intact: opening is quick and quiet, whatever the file holds.
    let (opened, warnings) = SQLiteCacheStore.openOrRecover(directory: directory)
    #expect(warnings.isEmpty)
    let store = try #require(opened)
    await #expect(throws: CacheStoreError.corrupt) { try await store.summary() }

    // The cache then rebuilds it, once, with one warning, and goes on with a healthy file.
    let notices = Locked<[String]>([])
    let cache = ResponseCache(
      opening: SQLiteCacheStore.opener(directory: directory),
      onNotice: { notice in notices.withLock { $0.append(notice) } })
    _ = await cache.statistics()
    await cache.save(entry("fresh"))
    #expect(notices.withLock { $0 }.count == 1)
    #expect(notices.withLock { $0 }.first?.contains("was damaged") == true)
    let reopened = try SQLiteCacheStore.open(directory: directory)
    #expect(try await reopened.entry(forKey: "fresh") != nil)
  }

  @Test(
    "A SQLite file that is not ours is set aside and rebuilt",
    arguments: [
      "CREATE TABLE response (id INTEGER PRIMARY KEY, text TEXT);",
      """
      CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
      INSERT INTO grdb_migrations VALUES ('v1: responses'), ('v2: last use, for a bounded cache');
      CREATE TABLE response (key TEXT PRIMARY KEY, body BLOB);
      """,
    ])
  func aForeignSchemaIsSetAsideAndRebuilt(schema: String) async throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try execute(schema, in: directory.appendingPathComponent(SQLiteCacheStore.fileName))
    let (store, warnings) = SQLiteCacheStore.openOrRecover(directory: directory)
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("was damaged") == true)
    let rebuilt = try #require(store)
    try await rebuilt.save(entry("fresh"))
    #expect(try await rebuilt.entry(forKey: "fresh") != nil)
    #expect(SQLiteCacheStore.openOrRecover(directory: directory).warnings.isEmpty)
  }

  @Test func anUnwritableDirectoryMeansMemoryOnlyWithOneWarning() async throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let blocker = directory.appendingPathComponent("a-file")
    try Data("x".utf8).write(to: blocker)
    let (store, warnings) = SQLiteCacheStore.openOrRecover(
      directory: blocker.appendingPathComponent("cache"))
    #expect(store == nil)
    #expect(warnings.count == 1)
    #expect(warnings.first?.hasSuffix("caching in memory only.") == true)
  }

  @Test func aCacheThatCannotBeWrittenIsReadWithOneWarning() async throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let saved = entry("https://pokeapi.co/api/v2/pokemon/25/", bytes: 500)
    try await SQLiteCacheStore.open(directory: directory).save(saved)
    // Root may write anywhere, so the test says the paths are not writable, as a read-only file
    // system would (end-to-end checks a real one).
    let (opened, warnings) = SQLiteCacheStore.openOrRecover(
      directory: directory, isWritable: { _ in false })
    let store = try #require(opened as? SQLiteCacheStore)
    #expect(store.isReadOnly)
    #expect(
      warnings == [
        "The cache at \(store.fileURL.path) is read-only: reading it, saving nothing new."
      ])
    #expect(try await store.entry(forKey: saved.key) == saved)
    await #expect(throws: CacheStoreError.readOnly) {
      try await store.save(entry("https://pokeapi.co/api/v2/pokemon/26/"))
    }
    // Behind the cache: reads go on, and what it cannot save is counted, not a failure.
    let cache = ResponseCache(store: store)
    await cache.save(entry("https://pokeapi.co/api/v2/pokemon/26/"))
    #expect(await cache.unsaved == UnsavedAnswers(count: 1, reason: .readOnly))
    #expect(await cache.statistics().isPersistent)
    #expect(await cache.entry(forKey: saved.key) == saved)
  }

  @Test func aReadOnlyCacheOfAnotherSchemaIsNoCache() async throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent(SQLiteCacheStore.fileName)
    try execute("CREATE TABLE response (key TEXT, value TEXT)", in: file)
    let (store, warnings) = SQLiteCacheStore.openOrRecover(
      directory: directory, isWritable: { _ in false })
    #expect(store == nil)
    #expect(warnings.first?.hasSuffix("caching in memory only.") == true)
  }

  @Test func aFileFromANewerSchemaIsLeftAlone() async throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try await SQLiteCacheStore.open(directory: directory).save(entry("kept"))
    let file = directory.appendingPathComponent(SQLiteCacheStore.fileName)
    try execute("INSERT INTO grdb_migrations (identifier) VALUES ('v99: future')", in: file)
    let (store, warnings) = SQLiteCacheStore.openOrRecover(directory: directory)
    #expect(store == nil)
    #expect(warnings.first?.contains("newer pokedex") == true)
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(!names.contains { $0.contains(".corrupt-") })
  }

  @Test func twoInstancesWritingAtOnceLoseNothing() async throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let first = try SQLiteCacheStore.open(directory: directory)
    let second = try SQLiteCacheStore.open(directory: directory)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for (name, store) in [("first", first), ("second", second)] {
        group.addTask {
          for index in 0..<200 { try await store.save(entry("\(name)-\(index)", bytes: 500)) }
        }
      }
      try await group.waitForAll()
    }
    let reopened = try SQLiteCacheStore.open(directory: directory)
    #expect(try await reopened.summary().entries == 400)
    for name in ["first", "second"] {
      #expect(try await reopened.entry(forKey: "\(name)-199") != nil)
    }
  }

  @Test func responseCacheOnDiskReportsPersistentStatistics() async throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let cache = ResponseCache(store: try SQLiteCacheStore.open(directory: directory))
    await cache.save(entry("a"))
    let restarted = ResponseCache(store: try SQLiteCacheStore.open(directory: directory))
    #expect(await restarted.entry(forKey: "a") != nil)
    let statistics = await restarted.statistics()
    #expect(statistics.entries == 1)
    #expect(statistics.hits == 1)
    #expect(statistics.isPersistent)
    await restarted.clear()
    #expect(await cache.statistics().entries == 0)
  }
}

@Suite("The disk cache is bounded, least recently used first")
struct BoundedStoreTests {
  /// A clock the test moves.
  final class Clock: Sendable {
    private let seconds = Locked(1_000_000.0)
    var now: Date { Date(timeIntervalSince1970: seconds.withLock { $0 }) }
    func advance(by interval: TimeInterval) { seconds.withLock { $0 += interval } }
  }

  /// A store bounded at 1 MB holding 20 answers of 40 KB (800 KB, under the bound), an hour
  /// apart: `old-0` … `old-19`.
  func storeOfOldAnswers(in directory: URL, clock: Clock) async throws -> SQLiteCacheStore {
    let store = try SQLiteCacheStore.open(
      directory: directory, limitBytes: 1 << 20, now: { clock.now })
    for index in 0..<20 {
      try await store.save(entry("old-\(index)", bytes: 40_000))
      clock.advance(by: 3_601)
    }
    return store
  }

  @Test func theLeastRecentlyUsedAnswersGoWhenTheStoreOutgrowsItsBound() async throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let clock = Clock()
    let store = try await storeOfOldAnswers(in: directory, clock: clock)
    // Reading the first one makes it the most recently used.
    #expect(try await store.entry(forKey: "old-0") != nil)
    clock.advance(by: 3_601)
    // 10 more answers push the store past 1 MB.
    for index in 0..<10 {
      try await store.save(entry("new-\(index)", bytes: 40_000))
    }
    let summary = try await store.summary()
    #expect(summary.limitBytes == 1 << 20)
    #expect(summary.bytes <= 1 << 20)
    #expect(try await store.entry(forKey: "old-0") != nil, "the answer just read was evicted")
    #expect(try await store.entry(forKey: "old-1") == nil, "the least recently used was kept")
    #expect(try await store.entry(forKey: "new-9") != nil)
  }

  /// A prepared demo's answers (`present --prepare`) outlive the bound, and stay pinned when
  /// they are stored again (revalidated).
  @Test func pinnedAnswersAreNeverEvicted() async throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let clock = Clock()
    let store = try await storeOfOldAnswers(in: directory, clock: clock)
    try await store.pin(["old-1", "old-2"])
    try await store.save(entry("old-2", bytes: 40_000))
    clock.advance(by: 3_601)
    for index in 0..<20 {
      try await store.save(entry("new-\(index)", bytes: 40_000))
      clock.advance(by: 3_601)
    }
    #expect(try await store.summary().bytes <= 1 << 20)
    #expect(try await store.entry(forKey: "old-1") != nil, "a pinned answer was evicted")
    #expect(try await store.entry(forKey: "old-2") != nil, "saved again, it was no longer pinned")
    #expect(try await store.entry(forKey: "old-3") == nil)
  }

  @Test func aCacheFromTheFirstSchemaGetsItsLastUseFromItsStorageDate() async throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent(SQLiteCacheStore.fileName)
    try execute(
      """
      CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
      INSERT INTO grdb_migrations VALUES ('v1: responses');
      CREATE TABLE response (
        key TEXT PRIMARY KEY NOT NULL, status INTEGER NOT NULL, body BLOB NOT NULL,
        etag TEXT, storedAt DOUBLE NOT NULL, expiresAt DOUBLE NOT NULL);
      INSERT INTO response VALUES ('kept', 200, x'7b7d', NULL, 5, 10);
      """, in: file)
    let store = try SQLiteCacheStore.open(directory: directory)
    #expect(try await store.entry(forKey: "kept")?.storedAt == Date(timeIntervalSince1970: 5))
  }
}
