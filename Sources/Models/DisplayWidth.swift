/// The columns text takes in a terminal, which every layout measures with (lists, tables, the
/// details' labels, wrapping, completion columns, the status line): East Asian wide and
/// full-width characters (kana, hangul, hanzi, `Ｐ`) and emoji shown as emoji take two columns,
/// combining marks, format characters and zero-width joiners none, other printable characters
/// one. Escape sequences (`ESC [ … m` and the like) and control characters take none.
///
/// The wide ranges are the blocks Unicode's East Asian Width property marks W or F; emoji are
/// found by their `Emoji_Presentation` property. Pure Swift, so that a layout measures the same
/// whatever the locale (glibc's `wcwidth` answers -1 outside a UTF-8 one).
public enum DisplayWidth {
  /// The columns `text` takes.
  public static func of(_ text: some StringProtocol) -> Int {
    var width = 0
    var inEscape = false
    var afterEscape = false
    for scalar in text.unicodeScalars {
      if afterEscape {
        afterEscape = false
        // `ESC [` starts a sequence that runs to its final byte; other escapes are two bytes.
        inEscape = scalar == "["
        continue
      }
      if inEscape {
        if (0x40...0x7E).contains(scalar.value) { inEscape = false }
        continue
      }
      if scalar == "\u{1B}" {
        afterEscape = true
        continue
      }
      width += of(scalar)
    }
    return width
  }

  /// The columns one scalar takes: 0, 1 or 2.
  public static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
    if value < 0x300 { return 1 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    // Hangul jamo vowels and final consonants join the syllable before them.
    if (0x1160...0x11FF).contains(value) || value == 0x200B { return 0 }
    if isWide(value) || scalar.properties.isEmojiPresentation { return 2 }
    return 1
  }

  /// East Asian Wide (W) and Fullwidth (F) blocks.
  static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F,  // Hangul jamo, leading consonants
      0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK symbols
      0x3041...0x33FF,  // kana, bopomofo, Hangul compatibility jamo, CJK compatibility
      0x3400...0x4DBF,  // CJK extension A
      0x4E00...0x9FFF,  // CJK unified ideographs
      0xA000...0xA4CF,  // Yi
      0xA960...0xA97F,  // Hangul jamo extended A
      0xAC00...0xD7A3,  // Hangul syllables
      0xF900...0xFAFF,  // CJK compatibility ideographs
      0xFE10...0xFE19,  // vertical forms
      0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
      0xFF00...0xFF60,  // full-width ASCII and punctuation
      0xFFE0...0xFFE6,  // full-width signs
      0x1B000...0x1B2FF,  // kana supplement and extensions
      0x1F200...0x1F2FF,  // enclosed ideographic supplement
      0x20000...0x2FFFD,  // CJK extensions B–F, compatibility supplement
      0x30000...0x3FFFD:  // CJK extensions G, H
      return true
    default:
      return false
    }
  }

  /// `text` and spaces after it up to `width` columns (as it is when already wider).
  public static func padded(_ text: String, to width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - of(text)))
  }

  /// The rows `line` (one line, no line break) takes on a screen `columns` wide, wrapped by the
  /// terminal: one at least.
  public static func rows(_ line: some StringProtocol, columns: Int) -> Int {
    let width = max(1, columns)
    return max(1, (of(line) + width - 1) / width)
  }

  /// Spaces, then `text`, up to `width` columns.
  public static func leftPadded(_ text: String, to width: Int) -> String {
    String(repeating: " ", count: max(0, width - of(text))) + text
  }

  /// The longest start of `text` (no escapes) that fits in `columns`, a wide character never
  /// cut in half.
  public static func prefix(_ text: String, columns: Int) -> String {
    var result = ""
    var width = 0
    for character in text {
      let next = of(String(character))
      if width + next > columns { break }
      result.append(character)
      width += next
    }
    return result
  }

  /// `text` cut to `columns` with `…` as its last column when it is wider.
  public static func truncated(_ text: String, to columns: Int) -> String {
    guard of(text) > columns else { return text }
    return prefix(text, columns: max(0, columns - 1)) + "…"
  }
}
