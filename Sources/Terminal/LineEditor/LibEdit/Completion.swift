import Models

/// What pressing Tab does to the line: delete some characters left of the cursor, insert text,
/// and maybe list the candidates below the prompt.
struct CompletionEdit: Equatable, Sendable {
  /// Characters (Unicode scalars, as libedit counts them) to delete left of the cursor.
  var deleteCount: Int
  /// Text to insert at the cursor.
  var insertion: String
  /// Candidates to list below the prompt; empty when there is nothing to list.
  var listing: [String]
}

/// The pure logic of tab completion, separate from libedit so it can be tested directly.
enum Completion {
  /// More candidates than this are listed only after a question (readline's
  /// `completion-query-items`).
  static let queryThreshold = 100

  /// The question asked before listing `count` candidates, as readline words it.
  static func question(count: Int) -> String {
    "Display all \(count) possibilities? (y or n)"
  }

  /// What a key means as the answer to ``question(count:)``: `y`, `Y` and Space list, the rest
  /// (`n`, Esc, Ctrl-G, Delete …) does not.
  static func answersYes(_ key: Unicode.Scalar) -> Bool {
    key == "y" || key == "Y" || key == " "
  }

  /// What a key does at a listing's `--More--`: the next screen, the next line, or stop.
  enum MoreAnswer: Equatable {
    case screen, line, stop
  }

  /// A key at `--More--`, as readline takes it: Space and `y` a screen, Enter a line, the rest
  /// (`q`, `n`, Esc, Delete …) stops.
  static func moreAnswer(_ key: Unicode.Scalar) -> MoreAnswer {
    switch key {
    case " ", "y", "Y": .screen
    case "\r", "\n": .line
    default: .stop
    }
  }

  /// The word the cursor is in: the text after the last white space or `;` of `line`.
  static func currentWord(of line: String) -> Substring {
    guard let space = line.lastIndex(where: { $0.isWhitespace || $0 == ";" }) else {
      return line[...]
    }
    return line[line.index(after: space)...]
  }

  /// The edit for `line` (the text left of the cursor) given the provider's `candidates` for its
  /// last word, or `nil` when there is nothing to complete (the terminal bell rings).
  ///
  /// One candidate replaces the word, followed by a space unless it ends where a term goes on
  /// (`type:`, `spe>`, `type:fire|`). Several insert their longest common
  /// prefix when it extends the word; when it does not, they are listed (with their notes).
  /// Candidates that may not be inserted (`cache clear`) are only ever listed.
  static func edit(line: String, candidates: [CompletionItem]) -> CompletionEdit? {
    let word = currentWord(of: line)
    var seen = Set<String>()
    var unique: [CompletionItem] = []
    for var candidate in candidates {
      candidate.word = sanitized(candidate.word)
      candidate.note = sanitized(candidate.note)
      if !candidate.word.isEmpty, seen.insert(candidate.word).inserted { unique.append(candidate) }
    }
    guard !unique.isEmpty else { return nil }
    let insertable = unique.filter(\.insertable).map(\.word)
    if unique.count == 1, let only = insertable.first {
      let goesOn = only.last.map { " :|<>=/".contains($0) } ?? false
      let suffix = goesOn ? "" : " "
      return replacing(word, with: only + suffix, listing: [])
    }
    let prefix = insertable.count == unique.count ? longestCommonPrefix(insertable) : ""
    if prefix.count > word.count, prefix.lowercased().hasPrefix(word.lowercased()) {
      return replacing(word, with: prefix, listing: [])
    }
    return CompletionEdit(deleteCount: 0, insertion: "", listing: listing(unique))
  }

  /// The candidates as listed: each word padded to the longest, then its note.
  static func listing(_ items: [CompletionItem]) -> [String] {
    guard items.contains(where: { !$0.note.isEmpty }) else { return items.map(\.word) }
    let width = items.map(\.word.count).max() ?? 0
    return items.map { item -> String in
      guard !item.note.isEmpty else { return item.word }
      let padding = String(repeating: " ", count: width - item.word.count)
      return item.word + padding + "  " + item.note
    }
  }

  /// The longest string every one of `strings` starts with (compared character by character).
  static func longestCommonPrefix(_ strings: [String]) -> String {
    guard var prefix = strings.first.map(Array.init) else { return "" }
    for string in strings.dropFirst() {
      let characters = Array(string)
      var length = 0
      while length < min(prefix.count, characters.count), prefix[length] == characters[length] {
        length += 1
      }
      prefix.removeLast(prefix.count - length)
    }
    return String(prefix)
  }

  /// Lays `items` out in columns (down, then across) that fit in `width` terminal columns,
  /// like `ls`.
  static func columns(_ items: [String], width: Int) -> [String] {
    guard !items.isEmpty else { return [] }
    let gap = 2
    let columnWidth = (items.map { DisplayWidth.of($0) }.max() ?? 0) + gap
    let columnCount = max(1, (max(width, 1) + gap) / columnWidth)
    let rowCount = (items.count + columnCount - 1) / columnCount
    var lines: [String] = []
    for row in 0..<rowCount {
      var line = ""
      for column in 0..<columnCount {
        let index = column * rowCount + row
        guard index < items.count else { break }
        let item = items[index]
        line += item
        if (column + 1) * rowCount + row < items.count {
          line += String(repeating: " ", count: columnWidth - DisplayWidth.of(item))
        }
      }
      lines.append(line)
    }
    return lines
  }

  private static func replacing(_ word: Substring, with text: String, listing: [String])
    -> CompletionEdit
  {
    if text.hasPrefix(word) {
      return CompletionEdit(
        deleteCount: 0, insertion: String(text.dropFirst(word.count)), listing: listing)
    }
    return CompletionEdit(
      deleteCount: word.unicodeScalars.count, insertion: text, listing: listing)
  }

  /// `text` without escape sequences and control characters (completion candidates may come
  /// from the network).
  private static func sanitized(_ text: String) -> String {
    let plain = PromptText.plain(text)
    return String(String.UnicodeScalarView(plain.unicodeScalars.filter { !isControl($0) }))
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}
