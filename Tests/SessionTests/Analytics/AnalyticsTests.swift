import AppDecorators
import Foundation
import Locking
import Testing

/// A fresh, not yet existing directory under the temporary directory.
private func scratchDirectory() -> URL {
  FileManager.default.temporaryDirectory
    .appendingPathComponent("AnalyticsTests-\(UUID().uuidString)", isDirectory: true)
}

/// 2026-11-21T10:00:00Z.
private let fixedDate = Date(timeIntervalSince1970: 1_795_255_200)

/// Collects warnings from a tracker's callback.
private final class WarningBox: Sendable {
  private let stored = Locked<[String]>([])

  func append(_ line: String) { stored.withLock { $0.append(line) } }
  var lines: [String] { stored.withLock { $0 } }
}

private func lines(of file: URL) throws -> [String] {
  let text = try String(contentsOf: file, encoding: .utf8)
  #expect(text.hasSuffix("\n"))
  return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
}

@Suite("Analytics")
struct AnalyticsTests {
  @Test func eventLineHasTheDocumentedShape() {
    #expect(
      AnalyticsEvent.speciesSelected(id: 133).jsonLine(at: fixedDate)
        == #"{"event":"species_selected","id":133,"ts":"2026-11-21T10:00:00Z"}"#)
  }

  @Test func writesOneJSONObjectPerLineCreatingDirectories() async throws {
    let scratch = scratchDirectory()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let file = scratch.appendingPathComponent("state/pokedex/analytics.jsonl")
    let warnings = WarningBox()
    let tracker = JSONLinesAnalyticsTracker(
      fileURL: file, now: { fixedDate }, onWarning: { warnings.append($0) })
    await tracker.track(.speciesSelected(id: 133))
    await tracker.track(.speciesSelected(id: 25))

    let written = try lines(of: file)
    #expect(written.count == 2)
    for (line, id) in zip(written, [133, 25]) {
      let object = try #require(
        JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      #expect(Set(object.keys) == ["event", "id", "ts"])
      #expect(object["event"] as? String == "species_selected")
      #expect(object["id"] as? Int == id)
      #expect(object["ts"] as? String == "2026-11-21T10:00:00Z")
    }
    #expect(warnings.lines.isEmpty)
  }

  @Test func appendsAcrossTrackersAndNeverTruncates() async throws {
    let scratch = scratchDirectory()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let file = scratch.appendingPathComponent("analytics.jsonl")
    let first = JSONLinesAnalyticsTracker(fileURL: file, now: { fixedDate }, onWarning: { _ in })
    await first.track(.speciesSelected(id: 1))
    let second = JSONLinesAnalyticsTracker(
      fileURL: file, now: { fixedDate.addingTimeInterval(61) }, onWarning: { _ in })
    await second.track(.speciesSelected(id: 2))
    await first.track(.speciesSelected(id: 3))

    #expect(
      try lines(of: file) == [
        #"{"event":"species_selected","id":1,"ts":"2026-11-21T10:00:00Z"}"#,
        #"{"event":"species_selected","id":2,"ts":"2026-11-21T10:01:01Z"}"#,
        #"{"event":"species_selected","id":3,"ts":"2026-11-21T10:00:00Z"}"#,
      ])
  }

  @Test func anUnwritablePathWarnsOnceAndDoesNotThrow() async throws {
    let directory = scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    // A regular file where a directory should be: unwritable even for root.
    let blocker = directory.appendingPathComponent("blocker")
    try Data("x".utf8).write(to: blocker)
    let file = blocker.appendingPathComponent("pokedex/analytics.jsonl")
    let warnings = WarningBox()
    let tracker = JSONLinesAnalyticsTracker(fileURL: file, onWarning: { warnings.append($0) })

    await tracker.track(.speciesSelected(id: 133))
    await tracker.track(.speciesSelected(id: 134))

    #expect(warnings.lines.count == 1)
    #expect(warnings.lines.first?.contains(file.path) == true)
    #expect(try String(contentsOf: blocker, encoding: .utf8) == "x")
  }

  @Test func aDirectoryInPlaceOfTheFileWarnsOnce() async throws {
    let scratch = scratchDirectory()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let file = scratch.appendingPathComponent("analytics.jsonl")
    try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
    let warnings = WarningBox()
    let tracker = JSONLinesAnalyticsTracker(fileURL: file, onWarning: { warnings.append($0) })
    await tracker.track(.speciesSelected(id: 7))
    await tracker.track(.speciesSelected(id: 8))
    #expect(warnings.lines.count == 1)
    #expect(warnings.lines.first?.contains("analytics.jsonl") == true)
  }

  @Test func recordingAndDisabledTrackers() async {
    let recorder = RecordingAnalyticsTracker()
    let trackers: [any AnalyticsTracker] = [NoAnalyticsTracker(), recorder]
    for tracker in trackers {
      await tracker.track(.speciesSelected(id: 133))
      await tracker.track(.speciesSelected(id: 134))
    }
    #expect(await recorder.events == [.speciesSelected(id: 133), .speciesSelected(id: 134)])
  }
}
