import AppDecorators
import Cache
import Foundation
import Logging
import Testing

/// A store that only counts what is asked of it.
private actor CountingStore: CacheStore {
  private(set) var closes = 0
  private(set) var checkpoints = 0
  func entry(forKey key: String) async throws -> CacheEntry? { nil }
  func save(_ entry: CacheEntry) async throws {}
  func removeAll() async throws {}
  func summary() async throws -> CacheStoreSummary {
    CacheStoreSummary(entries: 0, bytes: 0, oldestEntry: nil)
  }
  func checkpoint() async throws { checkpoints += 1 }
  func close() async { closes += 1 }
}

@Suite("The logging cache store passes everything on")
struct LoggingCacheStoreTests {
  /// The session's end closes the store through its logging wrapper: a wrapper that kept the
  /// call would leave the SQLite file open, its log neither left small nor copied.
  @Test func closingTheWrapperClosesTheStore() async throws {
    let store = CountingStore()
    let logged = LoggingCacheStore(base: store, logger: Logger(label: "test"))
    try await logged.checkpoint()
    await logged.close()
    #expect(await store.closes == 1)
    #expect(await store.checkpoints == 1)
  }
}
