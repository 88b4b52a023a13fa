import Foundation

/// Something the user did that pokedex records for analytics.
public enum AnalyticsEvent: Sendable, Equatable {
  /// The user opened (selected) the species with this id, e.g. `open 133`.
  case speciesSelected(id: Int)

  /// The event's name in the JSON lines file, e.g. `species_selected`.
  public var name: String {
    switch self {
    case .speciesSelected: "species_selected"
    }
  }

  /// The event as one line of JSON (no newline), stamped with `date`.
  ///
  /// Keys: `event` (the ``name``), `id` (the species id) and `ts`, the time in UTC as ISO 8601
  /// with whole seconds (`2026-11-21T10:00:00Z`). Keys are sorted, so the line reads
  /// `{"event":"species_selected","id":133,"ts":"2026-11-21T10:00:00Z"}`.
  public func jsonLine(at date: Date) -> String {
    let record: Record
    switch self {
    case .speciesSelected(let id):
      record = Record(event: name, id: id, ts: Self.timestamp(date))
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // Encoding a struct of a string and an int cannot fail.
    return String(decoding: try! encoder.encode(record), as: UTF8.self)
  }

  /// `date` in UTC as ISO 8601 with whole seconds, e.g. `2026-11-21T10:00:00Z`.
  static func timestamp(_ date: Date) -> String {
    date.formatted(
      Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!)
        .year().month().day().time(includingFractionalSeconds: false)
        .timeZone(separator: .omitted))
  }

  /// The JSON shape of one line.
  private struct Record: Encodable {
    let event: String
    let id: Int
    let ts: String
  }
}
