import Foundation

/// One cached HTTP answer with what is needed to judge and revalidate it.
public struct CacheEntry: Sendable, Hashable, Codable {
  /// What the answer is filed under (the request's URL).
  public var key: String
  /// The HTTP status that was cached (`200`, or `404` for a cached "not found").
  public var status: Int
  /// The validated body.
  public var body: Data
  /// The server's `ETag`, for `If-None-Match`.
  public var etag: String?
  /// When the answer was received (or last revalidated).
  public var storedAt: Date
  /// When the answer stops being fresh.
  public var expiresAt: Date

  /// An entry with every field given.
  public init(
    key: String, status: Int, body: Data, etag: String?, storedAt: Date, expiresAt: Date
  ) {
    self.key = key
    self.status = status
    self.body = body
    self.etag = etag
    self.storedAt = storedAt
    self.expiresAt = expiresAt
  }

  /// Whether the entry may still be used without asking the server.
  public func isFresh(at now: Date) -> Bool { expiresAt > now }

  /// The approximate memory the entry takes, in bytes.
  public var byteCount: Int { body.count + key.utf8.count + (etag?.utf8.count ?? 0) + 48 }
}

/// What a persistent store holds, for the `cache` command.
public struct CacheStoreSummary: Sendable, Hashable {
  /// How many entries.
  public var entries: Int
  /// The bytes of their keys and bodies.
  public var bytes: Int
  /// When the oldest entry was stored, `nil` when empty.
  public var oldestEntry: Date?
  /// The most the store keeps, in bytes (the least recently used answers go first), if bounded.
  public var limitBytes: Int?
  /// How many of the entries are species (`pokemon-species/{id}/`) answered, not "not found":
  /// what opens offline.
  public var species: Int

  /// A summary with every field given.
  public init(
    entries: Int, bytes: Int, oldestEntry: Date?, limitBytes: Int? = nil, species: Int = 0
  ) {
    self.species = species
    self.entries = entries
    self.bytes = bytes
    self.oldestEntry = oldestEntry
    self.limitBytes = limitBytes
  }
}

/// How a persistent store fails in a way the cache can do something about.
public enum CacheStoreError: Error, Sendable, Equatable {
  /// The file is damaged: the cache rebuilds the store.
  case corrupt
  /// The disk (or the user's quota) is full: nothing more can be written.
  case full
  /// The store was opened read-only: it answers reads, and writes nothing.
  case readOnly
}

/// Why answers did not reach the disk.
public enum UnsavedReason: Sendable, Equatable {
  /// The disk is full.
  case diskFull
  /// The disk store failed otherwise (an I/O error).
  case diskFailed
  /// The cache could be read but not written (a read-only file system).
  case readOnly
  /// There is no disk store at all: caching in memory only.
  case memoryOnly
}

/// How many answers the cache could not write to disk in this session, and why the last one
/// could not (what `sync` needs to count only what was stored).
public struct UnsavedAnswers: Sendable, Equatable {
  /// Answers kept in memory only.
  public var count: Int
  /// Why the last of them was not written; `nil` when `count` is 0.
  public var reason: UnsavedReason?

  public init(count: Int = 0, reason: UnsavedReason? = nil) {
    self.count = count
    self.reason = reason
  }
}

/// The persistent half of the cache. Implementations must be crash-safe and safe for two
/// processes at once.
public protocol CacheStore: Sendable {
  /// The entry filed under `key`, if any.
  func entry(forKey key: String) async throws -> CacheEntry?
  /// Stores `entry`, replacing any entry with the same key.
  func save(_ entry: CacheEntry) async throws
  /// Deletes every entry.
  func removeAll() async throws
  /// Counts what is stored.
  func summary() async throws -> CacheStoreSummary
  /// Moves what was written since the last time into the store's main file (SQLite's
  /// checkpoint), so that closing the store has little left to do. Asked for while nothing waits
  /// for the store; one that keeps no separate log does nothing.
  func checkpoint() async throws
  /// Closes the store at the session's end; nothing is asked of it after. (No default: a
  /// decorator that did not pass it on would leave the store open.)
  func close() async
  /// Keeps the entries filed under `keys` for good: the store's bound never evicts them (a
  /// prepared demo's answers). A store without a bound may keep everything already.
  func pin(_ keys: [String]) async throws
}

extension CacheStore {
  /// A store that evicts nothing has nothing to pin.
  public func pin(_ keys: [String]) async throws {}
}
