import CShims
import Foundation

/// A failed SQLite call: its extended result code and SQLite's message.
package struct SQLiteError: Error, Sendable, CustomStringConvertible {
  /// The extended result code (`SQLITE_CORRUPT`, `SQLITE_IOERR_WRITE`, …).
  package var code: Int32
  /// What SQLite said.
  package var message: String

  /// The primary result code, the extended one's low byte (`SQLITE_IOERR` for every I/O error).
  package var primary: Int32 { code & 0xff }

  package var description: String { "SQLite error \(code): \(message)" }
}

/// A value bound to a statement's `?`.
package enum SQLiteValue: Sendable {
  case integer(Int)
  case real(Double)
  case text(String)
  case blob(Data)
  case null
}

/// One SQLite connection on the C API: statements prepared, bound and stepped, errors thrown as
/// ``SQLiteError``. Not thread-safe (opened without SQLite's own mutex): its owner serialises
/// every call.
package final class SQLiteConnection {
  private let handle: OpaquePointer

  /// Opens the database at `path` (a URI filename when `flags` has `SQLITE_OPEN_URI`), with a
  /// busy time-out: a writer waits that long for another process's transaction.
  package init(path: String, flags: Int32, busyTimeout: TimeInterval) throws(SQLiteError) {
    var opened: OpaquePointer?
    let result = sqlite3_open_v2(path, &opened, flags | SQLITE_OPEN_NOMUTEX, nil)
    guard let opened else { throw SQLiteError(code: result, message: "out of memory") }
    guard result == SQLITE_OK else {
      let error = SQLiteError(code: result, message: String(cString: sqlite3_errmsg(opened)))
      sqlite3_close_v2(opened)
      throw error
    }
    handle = opened
    sqlite3_extended_result_codes(handle, 1)
    sqlite3_busy_timeout(handle, Int32(busyTimeout * 1000))
  }

  deinit { sqlite3_close_v2(handle) }

  /// Has closing leave a write-ahead log as it is (see ``SQLiteCacheStore/logKeptAtClose``).
  func keepLogAtClose() { _ = pdx_sqlite_keep_log_at_close(handle, 1) }

  /// Runs `sql`, one or more statements without arguments, ignoring what they return.
  package func execute(_ sql: String) throws(SQLiteError) {
    try check(sqlite3_exec(handle, sql, nil, nil, nil))
  }

  /// Runs one statement with `arguments`, calling `row` for each row it returns until `row`
  /// answers false.
  package func query(
    _ sql: String, _ arguments: [SQLiteValue] = [], row: (SQLiteRow) throws -> Bool = { _ in true }
  ) throws {
    var prepared: OpaquePointer?
    try check(sqlite3_prepare_v2(handle, sql, -1, &prepared, nil))
    guard let statement = prepared else { return }  // only a comment, or blank
    defer { sqlite3_finalize(statement) }
    for (index, argument) in zip(Int32(1)..., arguments) {
      try check(bind(argument, at: index, in: statement))
    }
    while true {
      let step = sqlite3_step(statement)
      if step == SQLITE_DONE { return }
      guard step == SQLITE_ROW else { throw failure(step) }
      guard try row(SQLiteRow(statement: statement)) else { return }
    }
  }

  /// Runs one statement (an `INSERT`) once for each list of arguments, prepared once: what
  /// writing many rows costs is then SQLite's, not its parser's.
  package func repeating(_ sql: String, _ argumentLists: [[SQLiteValue]]) throws(SQLiteError) {
    guard !argumentLists.isEmpty else { return }
    var prepared: OpaquePointer?
    try check(sqlite3_prepare_v2(handle, sql, -1, &prepared, nil))
    guard let statement = prepared else { return }
    defer { sqlite3_finalize(statement) }
    for arguments in argumentLists {
      sqlite3_reset(statement)
      for (index, argument) in zip(Int32(1)..., arguments) {
        try check(bind(argument, at: index, in: statement))
      }
      let step = sqlite3_step(statement)
      guard step == SQLITE_DONE || step == SQLITE_ROW else { throw failure(step) }
    }
  }

  /// The rows one statement returns, each made into a value by `make`.
  package func rows<T>(
    _ sql: String, _ arguments: [SQLiteValue] = [], _ make: (SQLiteRow) throws -> T
  ) throws -> [T] {
    var rows: [T] = []
    try query(sql, arguments) { row in
      rows.append(try make(row))
      return true
    }
    return rows
  }

  /// Runs `body` in one transaction that takes the write lock at once (waiting for another
  /// process's as the busy time-out says), committed when `body` returns, rolled back when it
  /// throws.
  package func writing<T>(_ body: () throws -> T) throws -> T {
    try execute("BEGIN IMMEDIATE")
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }

  /// Copies the write-ahead log into the database file as far as no reader needs it, waiting for
  /// no lock (a passive checkpoint).
  package func checkpoint() throws(SQLiteError) {
    try check(sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil))
  }

  private func bind(_ value: SQLiteValue, at index: Int32, in statement: OpaquePointer) -> Int32 {
    // SQLITE_TRANSIENT: SQLite copies the bytes before the call returns.
    let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    switch value {
    case .integer(let value): return sqlite3_bind_int64(statement, index, Int64(value))
    case .real(let value): return sqlite3_bind_double(statement, index, value)
    case .text(let value): return sqlite3_bind_text(statement, index, value, -1, transient)
    case .null: return sqlite3_bind_null(statement, index)
    case .blob(let value):
      return value.withUnsafeBytes { bytes in
        // An empty buffer may have no address, which SQLite would bind as NULL.
        guard let address = bytes.baseAddress, !bytes.isEmpty else {
          return sqlite3_bind_zeroblob(statement, index, 0)
        }
        return sqlite3_bind_blob(statement, index, address, Int32(bytes.count), transient)
      }
    }
  }

  private func check(_ result: Int32) throws(SQLiteError) {
    guard result == SQLITE_OK else { throw failure(result) }
  }

  private func failure(_ result: Int32) -> SQLiteError {
    SQLiteError(code: result, message: String(cString: sqlite3_errmsg(handle)))
  }
}

/// The row a statement stands on, read by column index; valid only inside the call it is
/// given to.
package struct SQLiteRow {
  fileprivate let statement: OpaquePointer

  /// Whether the column holds NULL.
  package func isNull(_ column: Int32) -> Bool {
    sqlite3_column_type(statement, column) == SQLITE_NULL
  }

  /// The column as an integer (0 for NULL).
  package func integer(_ column: Int32) -> Int { Int(sqlite3_column_int64(statement, column)) }

  /// The column as a floating-point number (0 for NULL).
  package func real(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }

  /// The column as text, `nil` for NULL.
  package func text(_ column: Int32) -> String? {
    guard let characters = sqlite3_column_text(statement, column) else { return nil }
    return String(cString: characters)
  }

  /// The column's bytes (empty for NULL).
  package func blob(_ column: Int32) -> Data {
    let count = Int(sqlite3_column_bytes(statement, column))
    guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return Data() }
    return Data(bytes: bytes, count: count)
  }
}
