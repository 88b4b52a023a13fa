import Foundation

/// One cached HTTP answer with what is needed to judge and revalidate it.
public struct CacheEntry: Sendable, Hashable, Codable {
  public var key: String
  public var status: Int
  public var body: Data
  public var etag: String?
  public var storedAt: Date
  public var expiresAt: Date

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
}

/// The persistent half of the cache. Implementations must be crash-safe and safe for two
/// processes at once.
public protocol CacheStore: Sendable {
  func entry(forKey key: String) async throws -> CacheEntry?
  func save(_ entry: CacheEntry) async throws
  func removeAll() async throws
}
