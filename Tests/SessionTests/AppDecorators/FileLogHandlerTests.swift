import Foundation
import Logging
import Testing

@testable import AppDecorators

@Suite struct FileLogHandlerTests {
  @Test("a line's time is ISO 8601 in UTC, as Foundation writes it")
  func timestampMatchesFoundation() {
    // The epoch, a leap day, the last second of a year, and a date past 2038.
    for seconds in [0, 951_782_400, 1_798_761_599, 4_102_444_800] {
      let date = Date(timeIntervalSince1970: TimeInterval(seconds))
      #expect(FileLogHandler.timestamp(now: time_t(seconds)) == date.formatted(.iso8601))
    }
  }

  @Test("each event is one line: time, level, logger, metadata, message")
  func linesAreAppended() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("pokedex-log-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("pokedex.log")
    let sink = try #require(FileLogHandler.Sink(url: url))
    var logger = Logger(label: "net") { FileLogHandler(label: $0, sink: sink, logLevel: .info) }
    logger[metadataKey: "session"] = "1"
    logger.info("GET /api/v2/pokemon/25 → 200")
    logger.debug("not written")
    let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 1)
    let line = try #require(lines.first)
    #expect(line.hasSuffix(" info net: session=1 GET /api/v2/pokemon/25 → 200"))
    let stamp = String(line.prefix { $0 != " " })
    #expect(stamp.count == 20 && stamp.hasSuffix("Z"))
    #expect((try? Date.ISO8601FormatStyle().parse(stamp)) != nil)
  }
}
