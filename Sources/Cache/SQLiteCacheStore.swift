import CShims
import Foundation
import Locking

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The persistent ``CacheStore``: one SQLite file, on SQLite's C API (``SQLiteConnection``).
///
/// - Crash-safe: SQLite transactions in WAL mode; an interrupted write leaves the previous state.
/// - Two processes at once: WAL lets readers and one writer proceed together, a busy time-out
///   has a writer wait for the other process instead of failing, and opening (schema set-up) is
///   serialised by an advisory lock file.
/// - One connection, reached on a serial queue of its own (SQLite's calls block, a busy time-out
///   up to 5 s, and the tasks' threads are few): a pokedex process is short-lived and asks one
///   thing at a time; a pool's extra reader connections cost start-up time and memory for
///   nothing.
/// - Opening costs the same whatever the file's size: no integrity scan. A damaged file shows
///   when SQLite reads it, and the operation then throws ``CacheStoreError/corrupt``, which the
///   ``ResponseCache`` answers by rebuilding the store.
/// - Bounded: when the answers outgrow ``limitBytes`` (256 MB by default), the least recently
///   used go, down to nine tenths of the bound. "Used" is kept to the hour, so that reading a
///   cached answer costs a write at most once an hour. The size is read from SQLite's page
///   counts, so the check costs the same whatever the file holds.
/// - Schema versioned by named migrations, recorded in the `grdb_migrations` table where the
///   pokedex releases built on GRDB recorded them, so that either reads the other's file; a file
///   from a newer pokedex is left untouched.
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
public final class SQLiteCacheStore: CacheStore {
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

  /// The connection, `nil` once closed; reached only on ``queue``.
  private let connection: Locked<SQLiteConnection?>
  /// Where the connection's work runs, one operation at a time.
  private let queue = DispatchQueue(label: "pokedex-cache", qos: .userInitiated)
  private let now: @Sendable () -> Date

  /// Where the database file is.
  public let fileURL: URL
  /// The most the store keeps, in bytes.
  public let limitBytes: Int

  /// Opened read-only: reads only, saves refused.
  public let isReadOnly: Bool

  private init(
    connection: sending SQLiteConnection, fileURL: URL, limitBytes: Int, isReadOnly: Bool = false,
    now: @escaping @Sendable () -> Date
  ) {
    self.connection = Locked(connection)
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
    connection.withLock { connection in
      if let connection { keepSmallLogAtClose(connection) }
    }
  }

  /// Closes the connection now (``deinit`` otherwise does when the store is let go): the log
  /// is left or copied as ``deinit`` says.
  public func close() async {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      queue.async {
        self.connection.withLock { connection in
          if let connection { self.keepSmallLogAtClose(connection) }
          connection = nil
        }
        done.resume()
      }
    }
  }

  /// Has SQLite leave a log of at most ``logKeptAtClose`` when `connection` closes.
  private func keepSmallLogAtClose(_ connection: SQLiteConnection) {
    guard !isReadOnly else { return }
    var log = stat()
    guard stat(fileURL.path + "-wal", &log) == 0, log.st_size <= Self.logKeptAtClose else { return }
    connection.keepLogAtClose()
  }

  /// Opens (creating if needed) the store in `directory`.
  /// - Throws: ``OpenError``.
  public static func open(
    directory: URL, busyTimeout: TimeInterval = 5, limitBytes: Int = defaultLimitBytes,
    now: @escaping @Sendable () -> Date = { Date() }, isWritable: WritableCheck = canWrite
  ) throws(OpenError) -> SQLiteCacheStore {
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

    do {
      let connection = try SQLiteConnection(
        path: fileURL.path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
        busyTimeout: busyTimeout)
      // WAL, set on every opening (a no-op once the file is in WAL mode): a read-only command
      // then writes nothing but SQLite's shared-memory index.
      try connection.execute(
        """
        PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;
        PRAGMA journal_size_limit = \(logKeptAtClose);
        PRAGMA wal_autocheckpoint = \(logKeptAtClose / 4096)
        """)
      let applied = try appliedMigrations(connection)
      if !applied.isSubset(of: migrations.map(\.name)) {
        throw OpenError.newerSchema(path: fileURL.path)
      }
      // Migrating takes a write transaction even with nothing to do: only when needed.
      if migrations.contains(where: { !applied.contains($0.name) }) {
        do {
          try migrate(connection)
        } catch let error as SQLiteError where error.primary == SQLITE_ERROR {
          // A `response` table that is not ours, say: the file is not a pokedex cache.
          throw OpenError.corrupt(path: fileURL.path)
        }
      }
      // A file that claims our migrations but has other columns is not ours either.
      guard Self.columns.isSubset(of: try responseColumns(connection)) else {
        throw OpenError.corrupt(path: fileURL.path)
      }
      return SQLiteCacheStore(
        connection: connection, fileURL: fileURL, limitBytes: max(1 << 20, limitBytes), now: now)
    } catch let error as OpenError {
      throw error
    } catch let error as SQLiteError {
      switch error.primary {
      case SQLITE_CORRUPT, SQLITE_NOTADB: throw .corrupt(path: fileURL.path)
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
  ) throws(OpenError) -> SQLiteCacheStore {
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: "?#%")
    let path = fileURL.path.addingPercentEncoding(withAllowedCharacters: allowed) ?? fileURL.path
    let logged = ["-wal", "-shm"].allSatisfy {
      FileManager.default.fileExists(atPath: fileURL.path + $0)
    }
    for query in logged ? ["mode=ro", "immutable=1"] : ["immutable=1"] {
      do {
        let connection = try SQLiteConnection(
          path: "file:\(path)?\(query)", flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI,
          busyTimeout: 5)
        // One it cannot read (not ours, or an older schema it cannot migrate) is no cache.
        guard Self.columns.isSubset(of: try responseColumns(connection)) else {
          throw OpenError.unwritable(path: fileURL.path)
        }
        return SQLiteCacheStore(
          connection: connection, fileURL: fileURL, limitBytes: max(1 << 20, limitBytes),
          isReadOnly: true, now: now)
      } catch let error as SQLiteError where query == "mode=ro" && error.primary == SQLITE_CANTOPEN
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

  /// The schema's steps, oldest first, each named as it is recorded in the file.
  private static let migrations: [(name: String, sql: String)] = [
    (
      "v1: responses",
      """
      CREATE TABLE response (
        key TEXT PRIMARY KEY NOT NULL,
        status INTEGER NOT NULL,
        body BLOB NOT NULL,
        etag TEXT,
        storedAt DOUBLE NOT NULL,
        expiresAt DOUBLE NOT NULL
      );
      CREATE INDEX response_storedAt ON response(storedAt);
      """
    ),
    (
      "v2: last use, for a bounded cache",
      """
      ALTER TABLE response ADD COLUMN usedAt DOUBLE NOT NULL DEFAULT 0;
      UPDATE response SET usedAt = storedAt;
      CREATE INDEX response_usedAt ON response(usedAt);
      """
    ),
    (
      "v3: pinned, for a prepared demo",
      "ALTER TABLE response ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0"
    ),
  ]

  /// The names of the steps the file has been through (none for a new file).
  private static func appliedMigrations(_ connection: SQLiteConnection) throws -> Set<String> {
    let recorded = try connection.rows(
      "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'grdb_migrations'"
    ) { _ in true }
    guard !recorded.isEmpty else { return [] }
    return Set(try connection.rows("SELECT identifier FROM grdb_migrations") { $0.text(0) ?? "" })
  }

  /// Takes the file through the steps it has not been through, in one transaction.
  private static func migrate(_ connection: SQLiteConnection) throws {
    try connection.writing {
      try connection.execute(
        "CREATE TABLE IF NOT EXISTS grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
      // Read again under the write lock: another process may have migrated meanwhile.
      let applied = try appliedMigrations(connection)
      for migration in migrations where !applied.contains(migration.name) {
        try connection.execute(migration.sql)
        try connection.query(
          "INSERT INTO grdb_migrations (identifier) VALUES (?)", [.text(migration.name)])
      }
    }
  }

  /// The names of the `response` table's columns (none when there is no such table).
  private static func responseColumns(_ connection: SQLiteConnection) throws -> Set<String> {
    Set(try connection.rows("PRAGMA table_info(response)") { $0.text(1) ?? "" })
  }

  /// The entry under `key`, if any; its last use is refreshed when older than an hour.
  public func entry(forKey key: String) async throws -> CacheEntry? {
    let time = now().timeIntervalSince1970
    let refreshes = !isReadOnly
    return try await access { connection in
      var found: (entry: CacheEntry, usedAt: Double)?
      try connection.query(
        "SELECT key, status, body, etag, storedAt, expiresAt, usedAt FROM response WHERE key = ?",
        [.text(key)]
      ) { row in
        let entry = CacheEntry(
          key: row.text(0) ?? key, status: row.integer(1), body: row.blob(2), etag: row.text(3),
          storedAt: Date(timeIntervalSince1970: row.real(4)),
          expiresAt: Date(timeIntervalSince1970: row.real(5)))
        found = (entry, row.real(6))
        return false
      }
      guard let found else { return nil }
      if refreshes, time - found.usedAt > Self.useResolution {
        try connection.query(
          "UPDATE response SET usedAt = ? WHERE key = ?", [.real(time), .text(key)])
      }
      return found.entry
    }
  }

  /// Inserts or replaces `entry` in one transaction, then makes room if the store outgrew its
  /// bound.
  public func save(_ entry: CacheEntry) async throws {
    if isReadOnly { throw CacheStoreError.readOnly }
    let time = now().timeIntervalSince1970
    let limit = limitBytes
    try await access { connection in
      try connection.writing {
        try connection.query(
          """
          INSERT INTO response (key, status, body, etag, storedAt, expiresAt, usedAt)
          VALUES (?, ?, ?, ?, ?, ?, ?)
          ON CONFLICT(key) DO UPDATE SET status = excluded.status, body = excluded.body,
            etag = excluded.etag, storedAt = excluded.storedAt,
            expiresAt = excluded.expiresAt, usedAt = excluded.usedAt
          """,
          [
            .text(entry.key), .integer(entry.status), .blob(entry.body),
            entry.etag.map { .text($0) } ?? .null, .real(entry.storedAt.timeIntervalSince1970),
            .real(entry.expiresAt.timeIntervalSince1970), .real(time),
          ])
        try Self.evict(connection, limit: limit)
      }
    }
  }

  /// Copies the write-ahead log into the database file: a passive checkpoint, which waits for no
  /// lock and leaves the frames another process's readers still use. What it copies, closing the
  /// store (at exit) no longer has to, with its two syncs.
  public func checkpoint() async throws {
    if isReadOnly { return }
    try await access { try $0.checkpoint() }
  }

  /// Deletes the least recently used answers while the pages in use exceed `limit`, down to nine
  /// tenths of it. Page counts make the check O(1); only an eviction reads rows.
  static func evict(_ connection: SQLiteConnection, limit: Int) throws {
    func pragma(_ name: String) throws -> Int {
      try connection.rows("PRAGMA \(name)") { $0.integer(0) }.first ?? 0
    }
    let used = try (pragma("page_count") - pragma("freelist_count")) * pragma("page_size")
    guard used > limit else { return }
    var excess = used - limit / 10 * 9
    var keys: [String] = []
    try connection.query(
      """
      SELECT key, LENGTH(body) + LENGTH(key) AS size FROM response WHERE pinned = 0
      ORDER BY usedAt
      """
    ) { row in
      keys.append(row.text(0) ?? "")
      excess -= row.integer(1)
      return excess > 0
    }
    for key in keys {
      try connection.query("DELETE FROM response WHERE key = ?", [.text(key)])
    }
  }

  /// Keeps the entries filed under `keys` out of ``evict(_:limit:)`` (a prepared demo's).
  public func pin(_ keys: [String]) async throws {
    if isReadOnly { throw CacheStoreError.readOnly }
    try await access { connection in
      try connection.writing {
        for key in keys {
          try connection.query("UPDATE response SET pinned = 1 WHERE key = ?", [.text(key)])
        }
      }
    }
  }

  /// Deletes every entry.
  public func removeAll() async throws {
    if isReadOnly { throw CacheStoreError.readOnly }
    try await access { try $0.execute("DELETE FROM response") }
  }

  /// Count, size (keys and bodies) and oldest date.
  public func summary() async throws -> CacheStoreSummary {
    let limit = limitBytes
    return try await access { connection in
      var summary = CacheStoreSummary(entries: 0, bytes: 0, oldestEntry: nil, limitBytes: limit)
      try connection.query(
        """
        SELECT COUNT(*),
               COALESCE(SUM(LENGTH(body) + LENGTH(key) + COALESCE(LENGTH(etag), 0)), 0),
               MIN(storedAt),
               (SELECT COUNT(DISTINCT substr(key, 1, instr(key || '#', '#') - 1)) FROM response
                 WHERE status = 200
                   AND (key GLOB '*/pokemon-species/[0-9]*/#languages*'
                        OR key GLOB '*/pokemon-species/[0-9]*/'))
        FROM response
        """
      ) { row in
        summary.entries = row.integer(0)
        summary.bytes = row.integer(1)
        summary.oldestEntry = row.isNull(2) ? nil : Date(timeIntervalSince1970: row.real(2))
        summary.species = row.integer(3)
        return false
      }
      return summary
    }
  }

  /// Runs `operation` with the connection on the store's queue, reporting a damaged file as
  /// ``CacheStoreError/corrupt`` and a full disk as ``CacheStoreError/full``.
  private func access<T: Sendable>(
    _ operation: @escaping @Sendable (SQLiteConnection) throws -> T
  ) async throws -> T {
    try await withCheckedThrowingContinuation { (result: CheckedContinuation<T, any Error>) in
      queue.async {
        result.resume(
          with: Result { () throws -> T in
            do {
              return try self.connection.withLock { connection throws -> T in
                guard let connection else { throw CancellationError() }
                return try operation(connection)
              }
            } catch let error as SQLiteError
              where [SQLITE_CORRUPT, SQLITE_NOTADB].contains(error.primary)
            {
              throw CacheStoreError.corrupt
            } catch let error as SQLiteError where error.primary == SQLITE_FULL {
              throw CacheStoreError.full
            }
          })
      }
    }
  }
}
