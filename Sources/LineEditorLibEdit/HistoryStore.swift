import CEditLineShim
import Foundation
import Synchronization

/// The command history: a bounded list kept in memory and mirrored to a file in libedit's format
/// (`_HiStOrY_V2_`, one vis(3)-encoded line per entry), saved after every command.
///
/// The in-memory list is this session's own view (what the arrow keys browse, like bash). The file
/// is shared with other pokedex processes: each `add` takes an exclusive `flock` on a lock file
/// beside it, reads the file as it is now, appends the new line, trims to the limit and renames a
/// fresh copy over it, so lines saved by another session are never dropped.
///
/// Data-race free: all state sits behind one `Mutex`; the file is written under it too, so two
/// `add` calls in this process never interleave their writes.
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
  /// drops the oldest entries beyond the limit, and appends it to the file (same rules, applied to
  /// the file's current contents, which may include other sessions' lines).
  func add(_ line: String) {
    state.withLock { state in
      if Self.append(line, to: &state.entries, limit: limit) { state.generation += 1 }
      if let fileURL { Self.appendToFile(line, at: fileURL, limit: limit) }
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
    read(url) ?? []
  }

  /// The file's entries, `[]` when it does not exist, or `nil` when it exists but cannot be read as
  /// a history (then it is left alone rather than overwritten).
  private static func read(_ url: URL) -> [String]? {
    guard FileManager.default.fileExists(atPath: url.path) else { return [] }
    guard let list = pdx_history_create(Int32.max, 0) else { return nil }
    defer { pdx_history_destroy(list) }
    guard pdx_history_load(list, url.path) >= 0 else { return nil }
    var entries: [String] = []
    var entry = pdx_history_oldest(list)
    while let current = entry {
      entries.append(String(cString: current))
      entry = pdx_history_newer(list)
    }
    return entries
  }

  /// Under an exclusive lock shared by every process using `url`: reads the file as it is now,
  /// appends `line` by the history rules, and saves the result.
  private static func appendToFile(_ line: String, at url: URL, limit: Int) {
    let directory = url.deletingLastPathComponent()
    try? FileManager.default.createDirectory(
      at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    // A separate lock file: the history file itself is replaced by `rename`, so a lock on it
    // would be held on an inode the next reader no longer opens.
    let lockPath = directory.appendingPathComponent(".\(url.lastPathComponent).lock").path
    let lock = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard lock >= 0 else { return }
    defer { close(lock) }
    while flock(lock, LOCK_EX) != 0 {
      guard errno == EINTR else { return }
    }
    defer { flock(lock, LOCK_UN) }

    guard var entries = read(url) else { return }
    guard append(line, to: &entries, limit: limit) else { return }
    save(entries, to: url, limit: limit)
  }

  /// Writes the file next to its final place, then renames it over, so a crash never leaves a
  /// half-written history. The caller holds the lock.
  private static func save(_ entries: [String], to url: URL, limit: Int) {
    let directory = url.deletingLastPathComponent()
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
