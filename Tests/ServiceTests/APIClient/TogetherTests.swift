import APIClient
import Locking
import Testing

@Suite("Many requests together")
struct TogetherTests {
  @Test func resultsInTheInputsOrderWithProgress() async throws {
    let seen = Locked([Int]())
    let results = try await APIRequests.together(
      [3, 1, 2], progress: { done, _ in seen.withLock { $0.append(done) } }
    ) { number async throws(APIError) in
      try? await Task.sleep(for: .milliseconds(number * 5))
      return number * 10
    }
    #expect(results == [30, 10, 20])
    #expect(seen.withLock { $0 } == [1, 2, 3])
  }

  @Test func theFirstFailureStopsTheOthers() async {
    let finished = Locked(0)
    await #expect(throws: APIError.notFound(resource: "2")) {
      _ = try await APIRequests.together(Array(1...20)) { number async throws(APIError) in
        if number == 2 { throw .notFound(resource: "2") }
        try? await Task.sleep(for: .seconds(5))
        if !Task.isCancelled { finished.withLock { $0 += 1 } }
        return number
      }
    }
    #expect(finished.withLock { $0 } == 0)
  }

  @Test func anAbsurdFanOutIsInvalidData() async {
    await #expect(throws: APIError.invalidData(resource: "a list of 2001 resources")) {
      _ = try await APIRequests.together(Array(0...APIRequests.maximumFanOut)) {
        number async throws(APIError) in number
      }
    }
  }
}
