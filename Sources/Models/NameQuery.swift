import Foundation

/// How typed text is compared with API slugs (used by search and by `open`).
public enum NameQuery {
  /// `Mr. Mime` → `mr-mime`, `Flabébé` → `flabebe`, `Nidoran♀` → `nidoran-f`, `ＰＩＫＡＣＨＵ` →
  /// `pikachu`, `ピカチュウ` → `ぴかちゅう`: Unicode-normalised (NFKC: full-width Latin as ASCII,
  /// half-width kana as kana, an ideographic space as a space), lowercase, Latin accents
  /// dropped, katakana as hiragana (a name typed in either script finds it), spaces and
  /// underscores and slashes as hyphens (`Red / Blue` → `red-blue`), `.` `'` `’` `:` dropped, hyphen runs collapsed.
  ///
  /// Spaces at either end are dropped, but a hyphen typed there is kept: it is part of the query
  /// (`-o` finds `ho-oh` and `kommo-o`; `porygon-` is a prefix of `porygon-z` only).
  public static func normalize(_ text: String) -> String {
    let folded = hiragana(
      latinAccentsDropped(text.precomposedStringWithCompatibilityMapping.lowercased())
    ).trimmingCharacters(in: .whitespaces)
    var out = ""
    for character in folded {
      switch character {
      case " ", "_", "-", "\t", "/": if out.last != "-" { out.append("-") }
      case ".", "'", "’", ":": continue
      case "♀": out += out.hasSuffix("-") || out.isEmpty ? "f" : "-f"
      case "♂": out += out.hasSuffix("-") || out.isEmpty ? "m" : "-m"
      default:
        if character.unicodeScalars.allSatisfy({ !$0.properties.generalCategory.isControl }) {
          out.append(character)
        }
      }
    }
    return out
  }

  /// `text` with katakana as hiragana (`ピカチュウ` → `ぴかちゅう`); the long-vowel mark and other
  /// characters as they are.
  static func hiragana(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { (0x30A1...0x30F6).contains($0.value) }) else {
      return text
    }
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if (0x30A1...0x30F6).contains(scalar.value), let kana = Unicode.Scalar(scalar.value - 0x60) {
        scalars.append(kana)
      } else {
        scalars.append(scalar)
      }
    }
    return String(scalars)
  }

  /// `text` with the accents of Latin letters dropped (`é` → `e`), other scripts as they are:
  /// kana keep their voicing marks (`ピ` is not `ヒ`).
  static func latinAccentsDropped(_ text: String) -> String {
    var out = ""
    for character in text {
      guard let first = character.unicodeScalars.first,
        first.value < 0x250 || (0x1E00...0x1EFF).contains(first.value)
      else {
        out.append(character)
        continue
      }
      for scalar in String(character).decomposedStringWithCanonicalMapping.unicodeScalars
      where scalar.properties.generalCategory != .nonspacingMark {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}

extension Unicode.GeneralCategory {
  fileprivate var isControl: Bool {
    switch self {
    case .control, .format, .lineSeparator, .paragraphSeparator: true
    default: false
    }
  }
}
