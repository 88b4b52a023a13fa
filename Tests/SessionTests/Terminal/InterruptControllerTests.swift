import Foundation
import Synchronization
import Testing

@testable import Terminal

#if canImport(Glibc)
  import Glibc
#endif

/// These tests send SIGINT to the test process itself: the shared controller observes it, so it
/// never ends the process. Serialized, since the signal goes to whoever registered last.
@Suite("Ctrl-C during a command", .serialized)
struct InterruptControllerTests {
  /// Waits until a command has started, so that the signal is sent while it runs.
  private final class StartSignal: Sendable {
    let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
    func wait() async { for await _ in stream { return } }
  }

  @Test func aCommandThatIsNotInterruptedReturnsItsResult() async {
    let result = await InterruptController.shared.run { 6 * 7 }
    #expect(result == 42)
  }

  @Test func ctrlCCancelsTheCommandInFlight() async {
    let started = StartSignal()
    let sawCancellation = Atomic(false)
    async let result = InterruptController.shared.run { () -> String in
      started.continuation.yield()
      do {
        try await Task.sleep(for: .seconds(600))
        return "finished"
      } catch {
        sawCancellation.store(true, ordering: .sequentiallyConsistent)
        return "cancelled"
      }
    }
    await started.wait()
    kill(getpid(), SIGINT)
    #expect(await result == nil)
    let cancelled = sawCancellation.load(ordering: .sequentiallyConsistent)
    #expect(cancelled)
  }

  @Test func ctrlCReachesOnlyTheInnermostCommand() async {
    let started = StartSignal()
    async let outer = InterruptController.shared.run { () -> String in
      let inner = await InterruptController.shared.run { () -> String in
        started.continuation.yield()
        do {
          try await Task.sleep(for: .seconds(600))
          return "inner finished"
        } catch {
          return "inner cancelled"
        }
      }
      return "outer saw \(inner ?? "nil")"
    }
    await started.wait()
    kill(getpid(), SIGINT)
    #expect(await outer == "outer saw nil")
  }

  @Test func cancellingTheCallerCancelsTheCommand() async {
    let started = StartSignal()
    let caller = Task {
      await InterruptController.shared.run { () -> String in
        started.continuation.yield()
        do {
          try await Task.sleep(for: .seconds(600))
          return "finished"
        } catch {
          return "cancelled"
        }
      }
    }
    await started.wait()
    caller.cancel()
    #expect(await caller.value == nil)
  }
}
