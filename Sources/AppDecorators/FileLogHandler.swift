import Foundation
import Locking
import Logging

/// A swift-log handler appending lines to a file (`$XDG_STATE_HOME/pokedex/pokedex.log`).
/// swift-log ships handlers for stdout and stderr only; the log must never reach the terminal
/// unless asked, so it goes to a file.
public struct FileLogHandler: LogHandler {
  /// The open file, shared by every logger of the process; writes are serialised by the mutex.
  public final class Sink: Sendable {
    /// The size past which the log is rotated when a session starts.
    public static let maximumBytes = 5 << 20

    private let handle: Locked<FileHandle?>

    /// Opens (creating when needed) the log file at `url` for appending; `nil` if impossible.
    public init?(url: URL) {
      let manager = FileManager.default
      try? manager.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
      // Rotate: past `maximumBytes` the log becomes `pokedex.log.1` (replacing the older one).
      if let size = try? manager.attributesOfItem(atPath: url.path)[.size] as? Int,
        size > Self.maximumBytes
      {
        let previous = url.appendingPathExtension("1")
        try? manager.removeItem(at: previous)
        try? manager.moveItem(at: url, to: previous)
      }
      if !manager.fileExists(atPath: url.path) {
        guard
          manager.createFile(
            atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600])
        else { return nil }
      }
      guard let handle = try? FileHandle(forWritingTo: url) else { return nil }
      _ = try? handle.seekToEnd()
      self.handle = Locked(handle)
    }

    func write(_ line: String) {
      handle.withLock { try? $0?.write(contentsOf: Data(line.utf8)) }
    }
  }

  let label: String
  let sink: Sink
  public var logLevel: Logger.Level
  public var metadata: Logger.Metadata = [:]

  /// A handler for the logger `label`, writing lines at `logLevel` and above to `sink`.
  public init(label: String, sink: Sink, logLevel: Logger.Level) {
    self.label = label
    self.sink = sink
    self.logLevel = logLevel
  }

  public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  /// The time now in UTC as ISO 8601 (`2026-11-26T09:41:07Z`), from the C library: a line is
  /// logged as each answer arrives, before the answer goes on, and the first `Date.formatted`
  /// of a process takes half a millisecond to set itself up.
  static func timestamp(now: time_t = time(nil)) -> String {
    var seconds = now
    var parts = tm()
    gmtime_r(&seconds, &parts)
    func padded(_ value: Int32, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return "\(padded(parts.tm_year + 1900, 4))-\(padded(parts.tm_mon + 1, 2))-"
      + "\(padded(parts.tm_mday, 2))T\(padded(parts.tm_hour, 2)):\(padded(parts.tm_min, 2)):"
      + "\(padded(parts.tm_sec, 2))Z"
  }

  public func log(event: LogEvent) {
    let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
    let metadataText =
      merged.isEmpty
      ? "" : " " + merged.sorted { $0.key < $1.key }.map { "\($0)=\($1)" }.joined(separator: " ")
    let timestamp = Self.timestamp()
    sink.write("\(timestamp) \(event.level) \(label):\(metadataText) \(event.message)\n")
  }
}
