/// Names for people from API slugs.
public enum DisplayName {
  /// The slug capitalised word by word, hyphens kept: `mr-mime` → `Mr-Mime`,
  /// `nidoran-f` → `Nidoran-F`, `porygon-z` → `Porygon-Z`. Control characters are removed.
  public static func of(_ slug: String) -> String {
    let clean = SafeText.line(slug)
    var result = ""
    var startOfWord = true
    for character in clean {
      if character == "-" || character == " " {
        result.append(character)
        startOfWord = true
      } else if startOfWord {
        result += character.uppercased()
        startOfWord = false
      } else {
        result.append(character)
      }
    }
    return result
  }

  /// A generation as the games write it: 1 → `Generation I`, 9 → `Generation IX`.
  public static func generation(_ number: Int) -> String {
    let numerals = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII"]
    return "Generation "
      + (numerals.indices.contains(number - 1) ? numerals[number - 1] : "\(number)")
  }

  /// A stat's short name: `special-attack` → `Sp. Atk`, `hp` → `HP`; others in words.
  public static func stat(_ slug: String) -> String {
    switch slug {
    case "hp": "HP"
    case "attack": "Attack"
    case "defense": "Defense"
    case "special-attack": "Sp. Atk"
    case "special-defense": "Sp. Def"
    case "speed": "Speed"
    default: words(slug)
    }
  }

  /// The slug in words: `water-stone` → `Water Stone`, `special-attack` → `Special Attack`;
  /// control characters removed.
  public static func words(_ slug: String) -> String {
    SafeText.line(slug).split(whereSeparator: { $0 == "-" || $0 == " " })
      .map { $0.prefix(1).uppercased() + $0.dropFirst() }
      .joined(separator: " ")
  }
}

/// Untrusted text from the network made safe for a terminal.
///
/// Control characters (C0, DEL, C1 — which includes ESC, so no escape sequence survives) are
/// neutralised; form feeds and newlines inside flavour texts become spaces.
public enum SafeText {
  /// The most characters of one name or label shown; real names are under 30.
  public static let lineLimit = 200
  /// The most characters of one paragraph shown; real flavour texts are under 300.
  public static let paragraphLimit = 2_000

  /// One line: every control character becomes a space, runs of spaces collapse, ends trimmed;
  /// cut at ``paragraphLimit`` characters with `…`. Between two wide characters a line break
  /// (the games' texts are cut into short lines) becomes what separates words there: an
  /// ideographic space in a text that separates its words with them (Japanese's), a space
  /// beside Hangul, else nothing (Chinese); never a space next to an ideographic space.
  public static func paragraph(_ text: String) -> String {
    var out = ""
    var pendingSpace = false
    var last: Unicode.Scalar?
    var count = 0
    let ideographicSpace: Unicode.Scalar = "\u{3000}"
    let separatesWithIdeographicSpaces = text.unicodeScalars.contains(ideographicSpace)
    func isHangul(_ scalar: Unicode.Scalar) -> Bool {
      (0x1100...0x11FF).contains(scalar.value) || (0x3130...0x318F).contains(scalar.value)
        || (0xAC00...0xD7AF).contains(scalar.value)
    }
    for scalar in text.unicodeScalars {
      count += 1
      if count > paragraphLimit {
        out += "…"
        break
      }
      if isControl(scalar) || scalar == " " || scalar == "\u{00AD}" {
        pendingSpace = last != nil
        continue
      }
      if pendingSpace, let previous = last {
        if DisplayWidth.of(previous) == 2, DisplayWidth.of(scalar) == 2 {
          if previous == ideographicSpace || scalar == ideographicSpace {
            // Already separated.
          } else if isHangul(previous) || isHangul(scalar) {
            out.append(" ")
          } else if separatesWithIdeographicSpaces {
            out.unicodeScalars.append(ideographicSpace)
          }
        } else {
          out.append(" ")
        }
      }
      pendingSpace = false
      out.unicodeScalars.append(scalar)
      last = scalar
    }
    return out
  }

  /// A short label (a name): control characters are dropped; cut at ``lineLimit`` characters
  /// with `…`, so a hostile 5 MB name costs no more than a real one.
  public static func line(_ text: String) -> String {
    var out = ""
    var count = 0
    for scalar in text.unicodeScalars where !isControl(scalar) {
      count += 1
      if count > lineLimit {
        out += "…"
        break
      }
      out.unicodeScalars.append(scalar)
    }
    return out
  }

  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: true
    default: false
    }
  }
}
