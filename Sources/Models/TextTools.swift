/// Small text algorithms shared by the command language, the features and the renderers.
public enum TextTools {
  /// `A`, `A and B`, `A, B and C`.
  public static func listed(_ names: [String]) -> String {
    guard names.count > 1 else { return names.first ?? "" }
    return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
  }

  /// Optimal string alignment distance between `a` and `b`, by characters: insertions,
  /// deletions, substitutions and swaps of neighbours each count as one edit. Gives up with
  /// `limit + 1` as soon as the distance is certain to exceed `limit`.
  public static func editDistance(_ a: String, _ b: String, limit: Int = .max) -> Int {
    let a = Array(a)
    let b = Array(b)
    if abs(a.count - b.count) > limit { return limit + 1 }
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var beforePrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      var rowMinimum = current[0]
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, beforePrevious[j - 2] + 1)
        }
        current[j] = value
        rowMinimum = min(rowMinimum, value)
      }
      if rowMinimum > limit { return limit + 1 }
      (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[b.count]
  }

  /// `text` broken into lines of at most `width` terminal columns (``DisplayWidth``) where
  /// Unicode's line breaking rules allow (``LineBreaks``: at spaces, after hyphens and dashes,
  /// between ideographs, never before small kana or closing punctuation), and where they require
  /// (a line feed). A longer run of wide characters is cut where it must; a longer word of
  /// narrow characters stays whole. Without ICU, at spaces and between wide characters.
  public static func wrap(_ text: String, width: Int) -> [String] {
    guard let segments = LineBreaks.segments(of: text) else {
      return wrapAtSpaces(text, width: width)
    }
    var lines: [String] = []
    var line = ""
    var lineWidth = 0
    func endLine() {
      lines.append(droppingTrailingSpaces(line))
      line = ""
      lineWidth = 0
    }
    for (segment, hard) in segments {
      // Spaces at the end of a line take no room.
      let trimmed = segment.reversed().drop { $0 == " " }.count
      let shownWidth = DisplayWidth.of(segment.prefix(trimmed))
      if lineWidth > 0, lineWidth + shownWidth > width { endLine() }
      if shownWidth > width, segment.unicodeScalars.contains(where: { DisplayWidth.of($0) == 2 }) {
        // Wide text longer than a line: fill the line, then go on below.
        for character in segment {
          let columns = DisplayWidth.of(String(character))
          if lineWidth + columns > width, !line.isEmpty, character != " " { endLine() }
          line.append(character)
          lineWidth += columns
        }
      } else {
        line += segment
        lineWidth += DisplayWidth.of(segment)
      }
      if hard { endLine() }
    }
    if !droppingTrailingSpaces(line).isEmpty { endLine() }
    return lines
  }

  /// ``wrap(_:width:)`` without ICU: at spaces, and between any two wide characters.
  static func wrapAtSpaces(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    var lineWidth = 0
    for word in text.split(separator: " ") {
      let wordWidth = DisplayWidth.of(word)
      let separator = line.isEmpty ? 0 : 1
      if lineWidth + separator + wordWidth <= width {
        if separator == 1 { line += " " }
        line += word
        lineWidth += separator + wordWidth
      } else if word.unicodeScalars.contains(where: { DisplayWidth.of($0) == 2 }) {
        // Wide text breaks anywhere: fill the line, then go on below.
        if separator == 1, lineWidth + 1 < width {
          line += " "
          lineWidth += 1
        }
        for character in word {
          let columns = DisplayWidth.of(String(character))
          if lineWidth + columns > width, !line.isEmpty {
            lines.append(line)
            line = ""
            lineWidth = 0
          }
          line.append(character)
          lineWidth += columns
        }
      } else {
        if !line.isEmpty { lines.append(line) }
        line = String(word)
        lineWidth = wordWidth
      }
    }
    if !line.isEmpty { lines.append(line) }
    return lines.map(droppingTrailingSpaces)
  }

  /// `line` without the spaces it ends with. (It walks back by index: a string made from the
  /// line reversed twice is built a character at a time.)
  public static func droppingTrailingSpaces(_ line: String) -> String {
    var end = line.endIndex
    while end > line.startIndex, line[line.index(before: end)] == " " {
      end = line.index(before: end)
    }
    return String(line[..<end])
  }
}
