import CEditLineShim
import Foundation
import Synchronization

/// The command history: a bounded list kept in memory and mirrored to a file in libedit's format
/// (`_HiStOrY_V2_`, one vis(3)-encoded line per entry), written again after every change.
///
/// Data-race free: all state sits behind one `Mutex`; the file is written under it too, so two
/// `add` calls never interleave their writes.
final class HistoryStore: Sendable {
  private struct State {
    var entries: [String] = []
    var generation = 0
  }

  /// Where the history lives, or `nil` to keep it in memory only.
  let fileURL: URL?
  /// The most entries kept.
  let limit: Int
  private let state = Mutex(State())

  /// Loads the history from `fileURL` (a missing or unreadable file gives an empty history).
  init(fileURL: URL?, limit: Int) {
    self.fileURL = fileURL
    self.limit = max(0, limit)
    let loaded = fileURL.map { Self.load(from: $0) } ?? []
    var entries: [String] = []
    for line in loaded { Self.append(line, to: &entries, limit: self.limit) }
    state.withLock { $0.entries = entries }
  }

  /// The entries, oldest first.
  var entries: [String] { state.withLock { $0.entries } }

  /// Grows by one with every change; lets the editor know when to copy the entries again.
  var generation: Int { state.withLock { $0.generation } }

  /// The entries together with their generation, read atomically.
  var snapshot: (entries: [String], generation: Int) {
    state.withLock { ($0.entries, $0.generation) }
  }

  /// Adds `line` (surrounding white space trimmed) unless it is blank or repeats the newest entry,
  /// drops the oldest entries beyond the limit, and saves the file.
  func add(_ line: String) {
    state.withLock { state in
      guard Self.append(line, to: &state.entries, limit: limit) else { return }
      state.generation += 1
      if let fileURL { Self.save(state.entries, to: fileURL, limit: limit) }
    }
  }

  /// Applies the history rules to `entries`; returns whether anything changed.
  @discardableResult
  static func append(_ line: String, to entries: inout [String], limit: Int) -> Bool {
    let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty, limit > 0, entries.last != trimmed else { return false }
    entries.append(trimmed)
    if entries.count > limit { entries.removeFirst(entries.count - limit) }
    return true
  }

  private static func load(from url: URL) -> [String] {
    guard let list = pdx_history_create(Int32.max, 0) else { return [] }
    defer { pdx_history_destroy(list) }
    guard pdx_history_load(list, url.path) >= 0 else { return [] }
    var entries: [String] = []
    var entry = pdx_history_oldest(list)
    while let current = entry {
      entries.append(String(cString: current))
      entry = pdx_history_newer(list)
    }
    return entries
  }

  /// Writes the file next to its final place, then renames it over, so a crash never leaves a
  /// half-written history.
  private static func save(_ entries: [String], to url: URL, limit: Int) {
    let directory = url.deletingLastPathComponent()
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    guard let list = pdx_history_create(Int32(clamping: max(limit, 1)), 0) else { return }
    defer { pdx_history_destroy(list) }
    for entry in entries { _ = pdx_history_enter(list, entry) }
    let temporary = directory.appendingPathComponent(
      ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
    guard pdx_history_save(list, temporary.path) >= 0 else {
      try? FileManager.default.removeItem(at: temporary)
      return
    }
    if rename(temporary.path, url.path) != 0 {
      try? FileManager.default.removeItem(at: temporary)
    }
  }
}
