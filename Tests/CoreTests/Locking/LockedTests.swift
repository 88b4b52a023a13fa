import Foundation
import Locking
import Testing

@Suite("A lock ThreadSanitizer understands")
struct LockedTests {
  /// Four threads adding 1,000 each end at exactly 4,000 (and, under `--sanitize=thread`,
  /// without a race reported: a bare `Mutex` is reported here).
  @Test func criticalSectionsDoNotOverlap() async {
    let counter = Locked(0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask {
          for _ in 0..<1000 { counter.withLock { $0 += 1 } }
        }
      }
    }
    #expect(counter.withLock { $0 } == 4000)
  }

  @Test func errorsAndResultsPassThrough() {
    struct Refused: Error {}
    let list = Locked([1, 2])
    #expect(list.withLock { $0.removeLast() } == 2)
    #expect(throws: Refused.self) { try list.withLock { _ throws(Refused) in throw Refused() } }
    #expect(list.withLock { $0 } == [1])
  }
}
