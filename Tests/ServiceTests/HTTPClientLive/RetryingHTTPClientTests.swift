import Foundation
import HTTPClient
import Locking
import Testing

/// Answers from a script, one per call, and counts calls.
final class ScriptedClient: HTTPClient {
  enum Step: Sendable {
    case answer(Int, [String: String])
    case fail(HTTPError)
  }
  private let steps: Locked<[Step]>
  private let calls = Locked(0)

  init(_ steps: [Step]) { self.steps = Locked(steps) }

  var callCount: Int { calls.withLock { $0 } }

  func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    calls.withLock { $0 += 1 }
    let step = steps.withLock { $0.isEmpty ? Step.answer(200, [:]) : $0.removeFirst() }
    switch step {
    case .answer(let status, let headers): return HTTPResponse(status: status, headers: headers)
    case .fail(let error): throw error
    }
  }
}

final class SleepLog: Sendable {
  private let log = Locked<[Duration]>([])
  var delays: [Duration] { log.withLock { $0 } }
  func record(_ delay: Duration) { log.withLock { $0.append(delay) } }
}

@Suite("RetryingHTTPClient")
struct RetryingHTTPClientTests {
  let request = HTTPRequest(url: URL(string: "http://127.0.0.1:1/x")!)

  func retrying(_ base: ScriptedClient, log: SleepLog, random: Double = 1) -> RetryingHTTPClient {
    RetryingHTTPClient(
      wrapping: base, initialDelay: .milliseconds(300), sleep: { log.record($0) },
      random: { random })
  }

  @Test func transientStatusesAreRetriedWithGrowingBackoff() async throws {
    let base = ScriptedClient([.answer(503, [:]), .answer(502, [:]), .answer(200, [:])])
    let log = SleepLog()
    let response = try await retrying(base, log: log).send(request)
    #expect(response.status == 200)
    #expect(base.callCount == 3)
    #expect(log.delays == [.milliseconds(300), .milliseconds(600)])
  }

  @Test func jitterShortensTheWaitAtMostByHalf() async throws {
    let base = ScriptedClient([.answer(500, [:])])
    let log = SleepLog()
    _ = try await retrying(base, log: log, random: 0).send(request)
    #expect(log.delays == [.milliseconds(150)])
  }

  @Test func givesUpAfterThreeAttemptsWithTheLastAnswer() async throws {
    let base = ScriptedClient(Array(repeating: .answer(500, [:]), count: 5))
    let response = try await retrying(base, log: SleepLog()).send(request)
    #expect(response.status == 500)
    #expect(base.callCount == 3)
  }

  @Test(arguments: [400, 403, 404, 410])
  func otherClientErrorsAreNotRetried(status: Int) async throws {
    let base = ScriptedClient([.answer(status, [:])])
    let response = try await retrying(base, log: SleepLog()).send(request)
    #expect(response.status == status)
    #expect(base.callCount == 1)
  }

  @Test func connectionFailuresAreRetriedTimeoutsAreNot() async throws {
    let flaky = ScriptedClient([.fail(.connectionFailed), .fail(.badResponse), .answer(200, [:])])
    #expect(try await retrying(flaky, log: SleepLog()).send(request).status == 200)
    let slow = ScriptedClient([.fail(.timedOut)])
    await #expect(throws: HTTPError.timedOut) {
      try await retrying(slow, log: SleepLog()).send(request)
    }
    #expect(slow.callCount == 1)
  }

  @Test func retryAfterIsHonouredAndCapped() async throws {
    let base = ScriptedClient([
      .answer(429, ["Retry-After": "2"]), .answer(429, ["Retry-After": "3600"]), .answer(200, [:]),
    ])
    let log = SleepLog()
    #expect(try await retrying(base, log: log).send(request).status == 200)
    #expect(log.delays == [.seconds(2), .seconds(5)])
  }

  @Test func absurdRetryAfterValuesAreCappedNotFatal() async throws {
    let base = ScriptedClient([
      .answer(503, ["Retry-After": "1e20"]), .answer(503, ["Retry-After": "inf"]),
      .answer(200, [:]),
    ])
    let log = SleepLog()
    #expect(try await retrying(base, log: log).send(request).status == 200)
    #expect(log.delays.first == .seconds(5))
    #expect(log.delays.count == 2)
  }

  @Test func retryAfterAsAnHTTPDate() async throws {
    let date = Date().addingTimeInterval(3)
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    let base = ScriptedClient([.answer(503, ["Retry-After": formatter.string(from: date)])])
    let log = SleepLog()
    _ = try await retrying(base, log: log).send(request)
    let delay = try #require(log.delays.first)
    #expect(delay > .seconds(1) && delay <= .seconds(3))
  }

  @Test func cancellationDuringTheWaitStops() async throws {
    let base = ScriptedClient(Array(repeating: .answer(500, [:]), count: 5))
    let client = RetryingHTTPClient(wrapping: base, sleep: { _ in throw CancellationError() })
    await #expect(throws: HTTPError.cancelled) { try await client.send(request) }
    #expect(base.callCount == 1)
  }
}
