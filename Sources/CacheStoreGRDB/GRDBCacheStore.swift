import CSQLiteOptions
import Cache
import Foundation
import GRDB
import Locking

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The persistent ``CacheStore``: one SQLite file opened through GRDB.
///
/// - Crash-safe: SQLite transactions in WAL mode; an interrupted write leaves the previous state.
/// - Two processes at once: WAL lets readers and one writer proceed together, a busy time-out
///   has a writer wait for the other process instead of failing, and opening (schema set-up) is
///   serialised by an advisory lock file.
/// - One connection (`DatabaseQueue`): a pokedex process is short-lived and asks one thing at a
///   time; a pool's extra reader connections cost start-up time and memory for nothing.
/// - Opening costs the same whatever the file's size: no integrity scan. A damaged file shows
///   when SQLite reads it, and the operation then throws ``CacheStoreError/corrupt``, which the
///   ``ResponseCache`` answers by rebuilding the store.
/// - Bounded: when the answers outgrow ``limitBytes`` (256 MB by default), the least recently
///   used go, down to nine tenths of the bound. "Used" is kept to the hour, so that reading a
///   cached answer costs a write at most once an hour. The size is read from SQLite's page
///   counts, so the check costs the same whatever the file holds.
/// - Schema versioned with a `DatabaseMigrator`; a file from a newer pokedex is left untouched.
/// - A cache pokedex cannot write (a read-only file system, another user's directory) is opened
///   read-only: it answers reads, and saves throw ``CacheStoreError/readOnly``.
/// - Closed quickly: a write-ahead log of at most ``logKeptAtClose`` is left for the next session
///   to read (as SQLite reads one a crash left, without a sync) rather than copied into the file
///   with two syncs at the end of the command; a larger one is copied. The client copies the
///   log while it waits for the network (``checkpoint()``), so what is left is the last answers.
///   Whatever the waves, a commit that finds the log past ``logKeptAtClose`` copies it too
///   (`wal_autocheckpoint`, SQLite's own at 4 MB otherwise): a `sync` on loopback, whose answers
///   never stop coming, leaves the client no moment to, and on a nearly full disk a log of 4 MB
///   filled it before a species was whole.
public final class GRDBCacheStore: CacheStore {
  /// Why a store could not be opened.
  public enum OpenError: Error, Sendable, Equatable {
    /// The directory or file cannot be created or written.
    case unwritable(path: String)
    /// The file is not a valid SQLite database (or is damaged).
    case corrupt(path: String)
    /// The file was written by a newer version with a schema this one does not know.
    case newerSchema(path: String)
  }

  /// Whether a path can be written (the directory or the file), asked before opening; tests
  /// pass their own, since root may write anywhere.
  public typealias WritableCheck = @Sendable (_ path: String) -> Bool

  /// `access(2)` with `W_OK`.
  public static let canWrite: WritableCheck = { Glibc.access($0, W_OK) == 0 }

  /// The name of the database file inside the cache directory.
  public static let fileName = "responses.sqlite"

  /// The default bound of the store: 256 MB.
  public static let defaultLimitBytes = 256 << 20
  /// The largest write-ahead log closing leaves for the next session, in bytes: the last answers
  /// of a command (a cold `open 133; evolution` leaves about 200 KB) are, a `sync`'s last
  /// thousand pages are not. Opening reads the log whole (the first connection rebuilds its
  /// index); a warm command opening a 200 KB one measured no slower. Also the size SQLite
  /// truncates a larger log file back to when the log starts over (`journal_size_limit`): a log
  /// never holds more than its file, so a `stat` bounds it.
  public static let logKeptAtClose = 1 << 20
  /// How stale a "last used" date may get before a read refreshes it.
  static let useResolution: TimeInterval = 3600

  private let database: DatabaseQueue
  private let now: @Sendable () -> Date

  /// Where the database file is.
  public let fileURL: URL
  /// The most the store keeps, in bytes.
  public let limitBytes: Int

  /// Opened read-only: reads only, saves refused.
  public let isReadOnly: Bool

  /// ``close()`` was called.
  private let closed = Locked(false)

  private init(
    database: DatabaseQueue, fileURL: URL, limitBytes: Int, isReadOnly: Bool = false,
    now: @escaping @Sendable () -> Date
  ) {
    self.database = database
    self.fileURL = fileURL
    self.limitBytes = limitBytes
    self.isReadOnly = isReadOnly
    self.now = now
  }

  /// Closing the connection, at exit: SQLite would copy the write-ahead log into the database
  /// file and remove it (two syncs and two unlinks, 2–3 ms after the output of every command
  /// that stored something). A log no larger than ``logKeptAtClose`` is left instead; the next
  /// session reads it, and copies it when it next writes. Its answers are as safe as a command's
  /// in flight: with `synchronous = NORMAL` a log is synced by the copy, so a power cut within
  /// the kernel's writeback delay loses them (the log's checksums reject a torn frame), never the
  /// file.
  deinit {
    if !closed.withLock({ $0 }) { keepSmallLogAtClose() }
  }

  /// Closes the connection now (``deinit`` otherwise does when the store is let go): the log
  /// is left or copied as ``deinit`` says.
  public func close() async {
    let first = closed.withLock { closed in
      defer { closed = true }
      return !closed
    }
    guard first else { return }
    keepSmallLogAtClose()
    try? database.close()
  }

  /// Has SQLite leave a log of at most ``logKeptAtClose`` when the connection closes.
  private func keepSmallLogAtClose() {
    guard !isReadOnly else { return }
    var log = stat()
    guard stat(fileURL.path + "-wal", &log) == 0, log.st_size <= Self.logKeptAtClose else { return }
    database.inDatabase { db in
      if let connection = db.sqliteConnection {
        _ = pdx_sqlite_keep_log_at_close(UnsafeMutableRawPointer(connection), 1)
      }
    }
  }

  /// Opens (creating if needed) the store in `directory`.
  /// - Throws: ``OpenError``.
  public static func open(
    directory: URL, busyTimeout: TimeInterval = 5, limitBytes: Int = defaultLimitBytes,
    now: @escaping @Sendable () -> Date = { Date() }, isWritable: WritableCheck = canWrite
  ) throws(OpenError) -> GRDBCacheStore {
    let fileURL = directory.appendingPathComponent(fileName)
    if FileManager.default.fileExists(atPath: fileURL.path),
      !isWritable(directory.path) || !isWritable(fileURL.path)
    {
      return try openReadOnly(fileURL: fileURL, limitBytes: limitBytes, now: now)
    }
    do {
      try FileManager.default.createDirectory(
        at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw .unwritable(path: directory.path)
    }
    let lock = directory.appendingPathComponent(fileName + ".lock")
    let descriptor = Glibc.open(lock.path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw .unwritable(path: directory.path) }
    defer { Glibc.close(descriptor) }
    _ = flock(descriptor, LOCK_EX)
    defer { _ = flock(descriptor, LOCK_UN) }
    // Private whatever the umask (SQLite gives its -wal and -shm files the database's mode), and
    // a file left readable by an older pokedex is made private too.
    let database = Glibc.open(fileURL.path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
    if database >= 0 {
      _ = fchmod(database, 0o600)
      Glibc.close(database)
    }

    var configuration = Configuration()
    configuration.busyMode = .timeout(busyTimeout)
    // WAL, set here rather than with GRDB's `journalMode = .wal`: that one commits a dummy
    // transaction whenever the WAL file is empty (which it is after every clean exit) so that
    // pool readers can open it. A single connection needs none of it, and a read-only command
    // then writes nothing.
    configuration.prepareDatabase { db in
      try db.execute(
        sql: """
          PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;
          PRAGMA journal_size_limit = \(logKeptAtClose);
          PRAGMA wal_autocheckpoint = \(logKeptAtClose / 4096)
          """)
    }
    configuration.label = "pokedex-cache"
    do {
      let database = try DatabaseQueue(path: fileURL.path, configuration: configuration)
      let migrator = Self.migrator
      let (superseded, current) = try database.read { db in
        (try migrator.hasBeenSuperseded(db), try migrator.hasCompletedMigrations(db))
      }
      if superseded { throw OpenError.newerSchema(path: fileURL.path) }
      // Migrating takes a write transaction even with nothing to do: only when needed.
      if !current {
        do {
          try migrator.migrate(database)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_ERROR {
          // A `response` table that is not ours, say: the file is not a pokedex cache.
          throw OpenError.corrupt(path: fileURL.path)
        }
      }
      // A file that claims our migrations but has other columns is not ours either.
      let columns = try database.read { db in
        Set(try Row.fetchAll(db, sql: "PRAGMA table_info(response)").map { $0["name"] as String })
      }
      guard Self.columns.isSubset(of: columns) else { throw OpenError.corrupt(path: fileURL.path) }
      return GRDBCacheStore(
        database: database, fileURL: fileURL, limitBytes: max(1 << 20, limitBytes), now: now)
    } catch let error as OpenError {
      throw error
    } catch let error as DatabaseError {
      switch error.resultCode.primaryResultCode {
      case .SQLITE_CORRUPT, .SQLITE_NOTADB: throw .corrupt(path: fileURL.path)
      default: throw .unwritable(path: fileURL.path)
      }
    } catch {
      throw .unwritable(path: fileURL.path)
    }
  }

  /// Opens an existing cache that cannot be written, for reading only. When a session left its
  /// write-ahead log (see ``logKeptAtClose``), the `-wal` and `-shm` files are there and SQLite
  /// reads them (`mode=ro`) without creating anything; should it still find it cannot, and when
  /// they are not there, the file is read alone: SQLite reads a WAL database without them only
  /// when told that nobody writes it (`immutable=1`), and since pokedex cannot write it, nobody
  /// else of this user can either. Both are URI filenames (Debian's SQLite is built with
  /// `SQLITE_USE_URI`).
  private static func openReadOnly(
    fileURL: URL, limitBytes: Int, now: @escaping @Sendable () -> Date
  ) throws(OpenError) -> GRDBCacheStore {
    var configuration = Configuration()
    configuration.readonly = true
    configuration.label = "pokedex-cache-read-only"
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: "?#%")
    let path = fileURL.path.addingPercentEncoding(withAllowedCharacters: allowed) ?? fileURL.path
    let logged = ["-wal", "-shm"].allSatisfy {
      FileManager.default.fileExists(atPath: fileURL.path + $0)
    }
    for query in logged ? ["mode=ro", "immutable=1"] : ["immutable=1"] {
      do {
        let database = try DatabaseQueue(
          path: "file:\(path)?\(query)", configuration: configuration)
        let columns = try database.read { db in
          Set(try Row.fetchAll(db, sql: "PRAGMA table_info(response)").map { $0["name"] as String })
        }
        // One it cannot read (not ours, or an older schema it cannot migrate) is no cache.
        guard Self.columns.isSubset(of: columns) else {
          throw OpenError.unwritable(path: fileURL.path)
        }
        return GRDBCacheStore(
          database: database, fileURL: fileURL, limitBytes: max(1 << 20, limitBytes),
          isReadOnly: true, now: now)
      } catch let error as DatabaseError
        where query == "mode=ro" && error.resultCode.primaryResultCode == .SQLITE_CANTOPEN
      {
        continue
      } catch let error as OpenError {
        throw error
      } catch {
        throw .unwritable(path: fileURL.path)
      }
    }
    throw .unwritable(path: fileURL.path)
  }

  /// Opens the store in `directory`, recovering what can be recovered:
  /// a damaged file is renamed aside (never deleted) and a new one started; when the directory
  /// cannot be written, or the file belongs to a newer pokedex, returns no store (memory only).
  /// Each such event yields one warning line for the user.
  public static func openOrRecover(
    directory: URL, now: Date = Date(), isWritable: WritableCheck = canWrite
  ) -> (store: (any CacheStore)?, warnings: [String]) {
    do {
      let store = try open(directory: directory, isWritable: isWritable)
      let warnings =
        store.isReadOnly
        ? ["The cache at \(store.fileURL.path) is read-only: reading it, saving nothing new."] : []
      return (store, warnings)
    } catch {
      switch error {
      case .newerSchema(let path):
        return (nil, ["The cache at \(path) is from a newer pokedex; caching in memory only."])
      case .unwritable(let path):
        return (nil, ["Cannot write the cache at \(path); caching in memory only."])
      case .corrupt:
        break
      }
    }
    return rebuild(directory: directory, now: now)
  }

  /// Sets the damaged database in `directory` aside (renamed, never deleted) and opens a new one,
  /// with one warning line saying so.
  public static func rebuild(directory: URL, now: Date = Date()) -> (
    store: (any CacheStore)?, warnings: [String]
  ) {
    let path = directory.appendingPathComponent(fileName).path
    let aside: String
    do {
      aside = try setAside(databaseAt: URL(fileURLWithPath: path), now: now)
    } catch {
      return (nil, ["The cache at \(path) is damaged and cannot be moved; caching in memory only."])
    }
    let warning = "The cache at \(path) was damaged; it was moved to \(aside) and rebuilt."
    do {
      return (try open(directory: directory), [warning])
    } catch {
      return (nil, [warning, "The new cache cannot be opened either; caching in memory only."])
    }
  }

  /// Opens the store in `directory` when the cache is first used, and rebuilds it if it turns
  /// out to be damaged later.
  public static func opener(directory: URL) -> StoreOpener {
    StoreOpener(
      open: { openOrRecover(directory: directory) }, rebuild: { rebuild(directory: directory) })
  }

  /// Renames the database file and its `-wal`/`-shm` companions to `….corrupt-<date>`; returns
  /// the new name of the database file.
  static func setAside(databaseAt url: URL, now: Date) throws -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyyMMdd-HHmmss"
    var target = url.path + ".corrupt-" + formatter.string(from: now)
    var counter = 1
    while FileManager.default.fileExists(atPath: target) {
      counter += 1
      target = url.path + ".corrupt-" + formatter.string(from: now) + "-\(counter)"
    }
    try FileManager.default.moveItem(atPath: url.path, toPath: target)
    for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: url.path + suffix) {
      try? FileManager.default.moveItem(atPath: url.path + suffix, toPath: target + suffix)
    }
    return target
  }

  /// The columns of the `response` table the store reads and writes.
  static let columns: Set<String> = [
    "key", "status", "body", "etag", "storedAt", "expiresAt", "usedAt", "pinned",
  ]

  private static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1: responses") { db in
      try db.execute(
        sql: """
          CREATE TABLE response (
            key TEXT PRIMARY KEY NOT NULL,
            status INTEGER NOT NULL,
            body BLOB NOT NULL,
            etag TEXT,
            storedAt DOUBLE NOT NULL,
            expiresAt DOUBLE NOT NULL
          );
          CREATE INDEX response_storedAt ON response(storedAt);
          """)
    }
    migrator.registerMigration("v2: last use, for a bounded cache") { db in
      try db.execute(
        sql: """
          ALTER TABLE response ADD COLUMN usedAt DOUBLE NOT NULL DEFAULT 0;
          UPDATE response SET usedAt = storedAt;
          CREATE INDEX response_usedAt ON response(usedAt);
          """)
    }
    migrator.registerMigration("v3: pinned, for a prepared demo") { db in
      try db.execute(sql: "ALTER TABLE response ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0")
    }
    return migrator
  }

  /// The entry under `key`, if any; its last use is refreshed when older than an hour.
  public func entry(forKey key: String) async throws -> CacheEntry? {
    let time = now().timeIntervalSince1970
    let found = try await access {
      try await database.read { db -> (CacheEntry, usedAt: Double)? in
        guard
          let row = try Row.fetchOne(
            db, sql: "SELECT * FROM response WHERE key = ?", arguments: [key])
        else { return nil }
        let entry = CacheEntry(
          key: row["key"], status: row["status"], body: row["body"], etag: row["etag"],
          storedAt: Date(timeIntervalSince1970: row["storedAt"]),
          expiresAt: Date(timeIntervalSince1970: row["expiresAt"]))
        return (entry, row["usedAt"])
      }
    }
    guard let (entry, usedAt) = found else { return nil }
    if !isReadOnly, time - usedAt > Self.useResolution {
      try await access {
        try await database.write { db in
          try db.execute(
            sql: "UPDATE response SET usedAt = ? WHERE key = ?", arguments: [time, key])
        }
      }
    }
    return entry
  }

  /// Inserts or replaces `entry` in one transaction, then makes room if the store outgrew its
  /// bound.
  public func save(_ entry: CacheEntry) async throws {
    if isReadOnly { throw CacheStoreError.readOnly }
    let time = now().timeIntervalSince1970
    let limit = limitBytes
    try await access {
      try await database.write { db in
        try db.execute(
          sql: """
            INSERT INTO response (key, status, body, etag, storedAt, expiresAt, usedAt)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(key) DO UPDATE SET status = excluded.status, body = excluded.body,
              etag = excluded.etag, storedAt = excluded.storedAt,
              expiresAt = excluded.expiresAt, usedAt = excluded.usedAt
            """,
          arguments: [
            entry.key, entry.status, entry.body, entry.etag, entry.storedAt.timeIntervalSince1970,
            entry.expiresAt.timeIntervalSince1970, time,
          ])
        try Self.evict(db, limit: limit)
      }
    }
  }

  /// Copies the write-ahead log into the database file: a passive checkpoint, which waits for no
  /// lock and leaves the frames another process's readers still use. What it copies, closing the
  /// store (at exit) no longer has to, with its two syncs.
  public func checkpoint() async throws {
    if isReadOnly { return }
    try await access {
      try await database.writeWithoutTransaction { db in _ = try db.checkpoint(.passive) }
    }
  }

  /// Deletes the least recently used answers while the pages in use exceed `limit`, down to nine
  /// tenths of it. Page counts make the check O(1); only an eviction reads rows.
  static func evict(_ db: Database, limit: Int) throws {
    let pageSize = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4096
    let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
    let free = try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0
    let used = (pages - free) * pageSize
    guard used > limit else { return }
    var excess = used - limit / 10 * 9
    let oldest = try Row.fetchCursor(
      db,
      sql: """
        SELECT key, LENGTH(body) + LENGTH(key) AS size FROM response WHERE pinned = 0
        ORDER BY usedAt
        """)
    var keys: [String] = []
    while excess > 0, let row = try oldest.next() {
      keys.append(row["key"])
      excess -= row["size"] as Int
    }
    for key in keys {
      try db.execute(sql: "DELETE FROM response WHERE key = ?", arguments: [key])
    }
  }

  /// Keeps the entries filed under `keys` out of ``evict(_:limit:)`` (a prepared demo's).
  public func pin(_ keys: [String]) async throws {
    if isReadOnly { throw CacheStoreError.readOnly }
    try await access {
      try await database.write { db in
        for key in keys {
          try db.execute(sql: "UPDATE response SET pinned = 1 WHERE key = ?", arguments: [key])
        }
      }
    }
  }

  /// Deletes every entry.
  public func removeAll() async throws {
    if isReadOnly { throw CacheStoreError.readOnly }
    try await access {
      try await database.write { db in try db.execute(sql: "DELETE FROM response") }
    }
  }

  /// Count, size (keys and bodies) and oldest date.
  public func summary() async throws -> CacheStoreSummary {
    try await access {
      try await database.read { db in
        let row = try Row.fetchOne(
          db,
          sql: """
            SELECT COUNT(*) AS entries,
                   COALESCE(SUM(LENGTH(body) + LENGTH(key) + COALESCE(LENGTH(etag), 0)), 0) AS bytes,
                   MIN(storedAt) AS oldest,
                   (SELECT COUNT(DISTINCT replace(key, '/#languages', '/')) FROM response
                     WHERE status = 200
                       AND (key GLOB '*/pokemon-species/[0-9]*/#languages'
                            OR key GLOB '*/pokemon-species/[0-9]*/')) AS species
            FROM response
            """)
        let oldest: Double? = row?["oldest"]
        return CacheStoreSummary(
          entries: row?["entries"] ?? 0, bytes: row?["bytes"] ?? 0,
          oldestEntry: oldest.map { Date(timeIntervalSince1970: $0) }, limitBytes: limitBytes,
          species: row?["species"] ?? 0)
      }
    }
  }

  /// Runs a database operation, reporting a damaged file as ``CacheStoreError/corrupt`` and a
  /// full disk as ``CacheStoreError/full``.
  private func access<T>(_ operation: () async throws -> T) async throws -> T {
    do {
      return try await operation()
    } catch let error as DatabaseError
      where [.SQLITE_CORRUPT, .SQLITE_NOTADB].contains(error.resultCode.primaryResultCode)
    {
      throw CacheStoreError.corrupt
    } catch let error as DatabaseError where error.resultCode.primaryResultCode == .SQLITE_FULL {
      throw CacheStoreError.full
    }
  }
}
