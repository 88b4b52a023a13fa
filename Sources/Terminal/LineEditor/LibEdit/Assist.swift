import CShims

/// The pure logic behind what the editor offers as you type: the dimmed suggestion after the
/// cursor (fish) and the history lines Up and Down recall (zsh, fish). Separate from libedit so
/// it can be tested directly.
enum Assist {
  /// The rest of the newest history entry that starts with `line`, is longer and is worth
  /// suggesting (fish's autosuggestion, which also skips lines that would not work); `nil` when
  /// `line` is blank or no entry fits.
  static func historySuggestion(
    for line: String, in entries: [String], worthSuggesting: (String) -> Bool = { _ in true }
  ) -> String? {
    guard line.contains(where: { !$0.isWhitespace }) else { return nil }
    let typed = line.unicodeScalars
    for entry in entries.reversed() {
      let scalars = entry.unicodeScalars
      if scalars.count > typed.count, scalars.starts(with: typed), worthSuggesting(entry) {
        return String(String.UnicodeScalarView(scalars.dropFirst(typed.count)))
      }
    }
    return nil
  }

  /// The rest of the word when completion offers exactly one word extending the one being
  /// typed (`open pikac` → `hu`); `nil` otherwise.
  static func completionSuggestion(for line: String, _ result: CompletionResult) -> String? {
    guard case .items(let items) = result, items.count == 1, let item = items.first,
      item.insertable
    else { return nil }
    let word = Completion.currentWord(of: line)
    guard !word.isEmpty else { return nil }
    let candidate = item.word.unicodeScalars
    let typed = word.unicodeScalars
    guard candidate.count > typed.count,
      String(String.UnicodeScalarView(candidate.prefix(typed.count))).lowercased()
        == String(word).lowercased()
    else { return nil }
    return String(String.UnicodeScalarView(candidate.dropFirst(typed.count)))
  }

  /// The first word of `suggestion` with the spaces before it (Alt-→ accepts this much).
  static func firstWord(of suggestion: String) -> String {
    let scalars = Array(suggestion.unicodeScalars)
    var end = 0
    while end < scalars.count, scalars[end] == " " { end += 1 }
    while end < scalars.count, scalars[end] != " " { end += 1 }
    return String(String.UnicodeScalarView(scalars[..<end]))
  }

  /// `text` cut to `columns` terminal columns.
  static func truncated(_ text: String, toColumns columns: Int) -> String {
    var width = 0
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      let next = width + EditorWidth.of(String(scalar))
      guard next <= columns else { break }
      result.append(scalar)
      width = next
    }
    return String(result)
  }
}

/// Up and Down through the history lines that start with what was typed (all lines when
/// nothing was): the state of one walk, which ends as soon as the line is edited.
struct HistoryWalk: Equatable {
  /// What was typed when the walk began: the prefix, and the line Down returns to.
  var typed: String
  /// The entry shown (`entries.count`: the typed line).
  var index: Int
  /// The line shown now; another line in the editor means the user edited it.
  var shown: String

  /// A walk from `line` over `count` entries.
  init(from line: String, count: Int) {
    typed = line
    index = count
    shown = line
  }

  /// Moves to the next older entry starting with the typed prefix and different from the line
  /// shown; `false` when there is none (the walk stays).
  mutating func older(in entries: [String]) -> Bool {
    var candidate = min(index, entries.count) - 1
    while candidate >= 0 {
      let entry = entries[candidate]
      if entry.hasPrefix(typed), entry != shown {
        index = candidate
        shown = entry
        return true
      }
      candidate -= 1
    }
    return false
  }

  /// Moves to the next newer matching entry, or back to the typed line after the newest;
  /// `false` when already there.
  mutating func newer(in entries: [String]) -> Bool {
    guard index < entries.count else { return false }
    var candidate = index + 1
    while candidate < entries.count {
      let entry = entries[candidate]
      if entry.hasPrefix(typed), entry != shown {
        index = candidate
        shown = entry
        return true
      }
      candidate += 1
    }
    index = entries.count
    shown = typed
    return true
  }
}

/// Ctrl-R: the state of an incremental search through the history, newest first.
struct HistorySearch: Equatable {
  /// What was typed to search for.
  var query = ""
  /// The entry matched (an index into the entries), if any.
  var match: Int?

  /// Looks for `query` (in any case) from the newest entry, or from the one before `before`.
  mutating func find(in entries: [String], before: Int? = nil) -> Bool {
    guard !query.isEmpty else {
      match = nil
      return false
    }
    let needle = query.lowercased()
    let skip = before.flatMap { entries.indices.contains($0) ? entries[$0] : nil }
    var candidate = min(before ?? entries.count, entries.count) - 1
    while candidate >= 0 {
      let entry = entries[candidate]
      if entry != skip, entry.lowercased().contains(needle) {
        match = candidate
        return true
      }
      candidate -= 1
    }
    if before == nil { match = nil }
    return false
  }

  /// The prompt shown while searching: `(history) gen → ` (the match is the line).
  func prompt(found: Bool, decorated: Bool) -> String {
    let label = found || query.isEmpty ? "(history)" : "(history, no match)"
    let shown = decorated ? "\u{1B}[2m\(label)\u{1B}[0m" : label
    return "\(shown) \(query) → "
  }
}
