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
  /// The most candidates listed at once; the rest is summarised in one line.
  static let listingLimit = 100

  /// The word the cursor is in: the text after the last white space of `line`.
  static func currentWord(of line: String) -> Substring {
    guard let space = line.lastIndex(where: \.isWhitespace) else { return line[...] }
    return line[line.index(after: space)...]
  }

  /// The edit for `line` (the text left of the cursor) given the provider's `candidates` for its
  /// last word, or `nil` when there is nothing to complete (the terminal bell rings).
  ///
  /// One candidate replaces the word, followed by a space. Several insert their longest common
  /// prefix (if it extends the word) and are listed.
  static func edit(line: String, candidates: [String]) -> CompletionEdit? {
    let word = currentWord(of: line)
    var seen = Set<String>()
    let unique = candidates.map(sanitized).filter { !$0.isEmpty && seen.insert($0).inserted }
    guard let first = unique.first else { return nil }
    if unique.count == 1 {
      let suffix = first.hasSuffix(" ") ? "" : " "
      return replacing(word, with: first + suffix, listing: [])
    }
    let prefix = longestCommonPrefix(unique)
    if prefix.count > word.count, prefix.lowercased().hasPrefix(word.lowercased()) {
      return replacing(word, with: prefix, listing: unique)
    }
    return CompletionEdit(deleteCount: 0, insertion: "", listing: unique)
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
  /// like `ls`. At most `listingLimit` items are shown; a last line counts the rest.
  static func columns(_ items: [String], width: Int) -> [String] {
    let shown = Array(items.prefix(listingLimit))
    guard !shown.isEmpty else { return [] }
    let gap = 2
    let columnWidth = (shown.map(\.count).max() ?? 0) + gap
    let columnCount = max(1, (max(width, 1) + gap) / columnWidth)
    let rowCount = (shown.count + columnCount - 1) / columnCount
    var lines: [String] = []
    for row in 0..<rowCount {
      var line = ""
      for column in 0..<columnCount {
        let index = column * rowCount + row
        guard index < shown.count else { break }
        let item = shown[index]
        line += item
        if (column + 1) * rowCount + row < shown.count {
          line += String(repeating: " ", count: columnWidth - item.count)
        }
      }
      lines.append(line)
    }
    if items.count > shown.count {
      lines.append("… and \(items.count - shown.count) more")
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
