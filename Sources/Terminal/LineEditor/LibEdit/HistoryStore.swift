import CShims
import Foundation
import Locking

/// The command history: a bounded list kept in memory and mirrored to a file in libedit's format
/// (`_HiStOrY_V2_`, one vis(3)-encoded line per entry), saved after every command.
///
/// The in-memory list is this session's own view (what the arrow keys browse, like bash). The file
/// is shared with other pokedex processes: each `add` takes an exclusive `flock` on a lock file
/// beside it, reads the file as it is now, appends the new line, trims to the limit and renames a
/// fresh copy over it, so lines saved by another session are never dropped.
///
/// A damaged file is set aside and a new one started; a file that cannot be written leaves the
/// history in memory. Either says so once, through `onWarning`. Without libedit (whose format the
/// file is in) the history stays in memory and the file as it is, without a word here: the
/// editor that could not load libedit says so.
///
/// Data-race free: all state sits behind one lock (`Locked`); the file is written under it too, so two
/// `add` calls in this process never interleave their writes.
final class HistoryStore: Sendable {
  private struct State {
    var entries: [String] = []
    var generation = 0
    /// Set after the file could not be written: the history stays in memory from then on.
    var memoryOnly = false
    /// This session's lines that failed on their own text: recalled, never suggested.
    var mistyped: Set<String> = []
  }

  /// Where the history lives, or `nil` to keep it in memory only.
  let fileURL: URL?
  /// The most entries kept.
  let limit: Int
  private let state = Locked(State())

  private let onWarning: @Sendable (String) -> Void

  /// Loads the history from `fileURL`. A file that is not a history (damaged, or another
  /// program's) is set aside, renamed, never deleted, and a new one started, with one warning
  /// through `onWarning`; so is one that turns out damaged later. When the file cannot be
  /// written, the history stays in memory for the session, with one warning.
  init(fileURL: URL?, limit: Int, onWarning: @escaping @Sendable (String) -> Void = { _ in }) {
    self.fileURL = fileURL
    self.limit = max(0, limit)
    self.onWarning = onWarning
    var loaded: [String] = []
    // Without libedit the file (its format) can be neither read nor written: the history stays
    // in memory, and the file as it is.
    let readable = pdx_editline_load() == nil
    if !readable { state.withLock { $0.memoryOnly = true } }
    if let fileURL, readable {
      switch Self.read(fileURL) {
      case .entries(let entries): loaded = entries
      case .damaged: Self.setAside(fileURL).map(onWarning)
      }
    }
    var entries: [String] = []
    for line in loaded { Self.append(line, to: &entries, limit: self.limit) }
    state.withLock { $0.entries = entries }
  }

  /// The entries, oldest first.
  var entries: [String] { state.withLock { $0.entries } }

  /// The entries and the lines among them not to suggest, read atomically.
  var suggestionSource: (entries: [String], mistyped: Set<String>) {
    state.withLock { ($0.entries, $0.mistyped) }
  }

  /// Keeps `line` (trimmed as `add` trims it) from being suggested for the rest of the session.
  func markMistyped(_ line: String) {
    let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
    state.withLock { _ = $0.mistyped.insert(trimmed) }
  }

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
    let warnings = state.withLock { state -> [String] in
      if Self.append(line, to: &state.entries, limit: limit) { state.generation += 1 }
      guard let fileURL, !state.memoryOnly else { return [] }
      var warnings: [String] = []
      switch Self.appendToFile(line, at: fileURL, limit: limit) {
      case .saved, .unchanged: break
      case .setAside(let warning): warnings.append(warning)
      case .unwritable:
        state.memoryOnly = true
        warnings.append(
          "Cannot write the history at \(fileURL.path); keeping it in memory for this session.")
      }
      return warnings
    }
    warnings.forEach(onWarning)
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

  /// What reading the history file found.
  private enum Contents {
    /// The entries, oldest first (none when there is no file, or an empty one).
    case entries([String])
    /// A file that is not a history: it must be set aside, never overwritten.
    case damaged
  }

  private static func read(_ url: URL) -> Contents {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else {
      return .entries([])
    }
    if (attributes[.size] as? Int) == 0 { return .entries([]) }
    guard let list = pdx_history_create(Int32.max, 0) else { return .entries([]) }
    defer { pdx_history_destroy(list) }
    guard pdx_history_load(list, url.path) >= 0 else { return .damaged }
    var entries: [String] = []
    var entry = pdx_history_oldest(list)
    while let current = entry {
      entries.append(String(cString: current))
      entry = pdx_history_newer(list)
    }
    return .entries(entries)
  }

  /// Renames a damaged history to `history.damaged-<date>` beside it; the warning to show, or
  /// `nil` when it could not be moved (it is then left alone).
  private static func setAside(_ url: URL) -> String? {
    let aside = url.path + ".damaged-" + Self.stamp()
    guard rename(url.path, aside) == 0 else { return nil }
    return "The history at \(url.path) was damaged; it was moved to \(aside) and a new one started."
  }

  private static func stamp() -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyyMMdd-HHmmss"
    return formatter.string(from: Date())
  }

  /// What appending to the file did.
  private enum Appended {
    case saved, unchanged, unwritable
    /// The file was damaged: set aside (this warning says where) and a new one saved.
    case setAside(String)
  }

  /// Under an exclusive lock shared by every process using `url`: reads the file as it is now,
  /// appends `line` by the history rules, and saves the result.
  private static func appendToFile(_ line: String, at url: URL, limit: Int) -> Appended {
    let directory = url.deletingLastPathComponent()
    try? FileManager.default.createDirectory(
      at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    // A separate lock file: the history file itself is replaced by `rename`, so a lock on it
    // would be held on an inode the next reader no longer opens.
    let lockPath = directory.appendingPathComponent(".\(url.lastPathComponent).lock").path
    let lock = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard lock >= 0 else { return .unwritable }
    defer { close(lock) }
    while flock(lock, LOCK_EX) != 0 {
      guard errno == EINTR else { return .unwritable }
    }
    defer { flock(lock, LOCK_UN) }

    var entries: [String] = []
    var warning: String?
    switch read(url) {
    case .entries(let found): entries = found
    case .damaged:
      guard let setAside = setAside(url) else { return .unwritable }
      warning = setAside
    }
    guard append(line, to: &entries, limit: limit) else { return .unchanged }
    guard save(entries, to: url, limit: limit) else { return .unwritable }
    return warning.map(Appended.setAside) ?? .saved
  }

  /// Writes the file next to its final place, then renames it over, so a crash never leaves a
  /// half-written history. The caller holds the lock.
  private static func save(_ entries: [String], to url: URL, limit: Int) -> Bool {
    let directory = url.deletingLastPathComponent()
    guard let list = pdx_history_create(Int32(clamping: max(limit, 1)), 0) else { return false }
    defer { pdx_history_destroy(list) }
    for entry in entries { _ = pdx_history_enter(list, entry) }
    let temporary = directory.appendingPathComponent(
      ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
    guard pdx_history_save(list, temporary.path) >= 0 else {
      try? FileManager.default.removeItem(at: temporary)
      return false
    }
    guard rename(temporary.path, url.path) == 0 else {
      try? FileManager.default.removeItem(at: temporary)
      return false
    }
    return true
  }
}
