import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The default analytics sink: appends each event as one line of JSON to a file, normally
/// `$XDG_STATE_HOME/pokedex/analytics.jsonl` (AppCore's `AppPaths.analyticsFile`).
///
/// Line format: see ``AnalyticsEvent/jsonLine(at:)``. The file's parent directories are created
/// when needed; the file is opened for appending for every event and never truncated, and each
/// line goes out in one `write(2)` on an `O_APPEND` descriptor, so two pokedex processes can
/// share the file. A failing write never reaches the caller: the first failure calls `onWarning`
/// once with one line, later failures are silent, and later events are still attempted.
public actor JSONLinesAnalyticsTracker: AnalyticsTracker {
  /// The file events are appended to.
  public let fileURL: URL
  private let now: @Sendable () -> Date
  private let onWarning: @Sendable (String) -> Void
  private var hasWarned = false

  /// A tracker appending to `fileURL`.
  ///
  /// - Parameters:
  ///   - fileURL: the JSON lines file; created with its parent directories when missing.
  ///   - now: the clock that stamps events (tests pass a fixed date).
  ///   - onWarning: called at most once, with one line (no `warning:` prefix), the first time an
  ///     event cannot be written.
  public init(
    fileURL: URL,
    now: @escaping @Sendable () -> Date = { Date() },
    onWarning: @escaping @Sendable (String) -> Void
  ) {
    self.fileURL = fileURL
    self.now = now
    self.onWarning = onWarning
  }

  /// Appends `event` as one JSON line; on failure warns once (see the type's documentation).
  public func track(_ event: AnalyticsEvent) async {
    let line = event.jsonLine(at: now()) + "\n"
    do {
      try append(line)
    } catch {
      guard !hasWarned else { return }
      hasWarned = true
      onWarning("cannot write analytics to \(fileURL.path): \(error); analytics events are lost")
    }
  }

  /// Appends `text` to the file in one write, creating the file and its directories if needed.
  private func append(_ text: String) throws(AppendError) {
    let directory = fileURL.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(
        at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw AppendError(reason: "cannot create directory \(directory.path)")
    }
    let descriptor = open(fileURL.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw AppendError(errno: errno) }
    defer { close(descriptor) }
    let bytes = Array(text.utf8)
    var written = 0
    while written < bytes.count {
      let result = bytes[written...].withUnsafeBytes {
        write(descriptor, $0.baseAddress, $0.count)
      }
      if result < 0 {
        if errno == EINTR { continue }
        throw AppendError(errno: errno)
      }
      written += result
    }
  }
}

/// Why an analytics line could not be written, in words.
private struct AppendError: Error, CustomStringConvertible {
  let reason: String

  init(reason: String) {
    self.reason = reason
  }

  init(errno code: Int32) {
    reason = String(cString: strerror(code))
  }

  var description: String { reason }
}
