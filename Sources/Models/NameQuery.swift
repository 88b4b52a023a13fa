import Foundation

/// How typed text is compared with API slugs (used by search and by `open`).
public enum NameQuery {
  /// `Mr. Mime` → `mr-mime`, `Flabébé` → `flabebe`, `Nidoran♀` → `nidoran-f`: lowercase, accents
  /// folded, spaces and underscores as hyphens, `.` `'` `’` `:` dropped, hyphen runs collapsed.
  ///
  /// Spaces at either end are dropped, but a hyphen typed there is kept: it is part of the query
  /// (`-o` finds `ho-oh` and `kommo-o`; `porygon-` is a prefix of `porygon-z` only).
  public static func normalize(_ text: String) -> String {
    let folded = text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
      .lowercased()
      .trimmingCharacters(in: .whitespaces)
    var out = ""
    for character in folded {
      switch character {
      case " ", "_", "-", "\t": if out.last != "-" { out.append("-") }
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
}

extension Unicode.GeneralCategory {
  fileprivate var isControl: Bool {
    switch self {
    case .control, .format, .lineSeparator, .paragraphSeparator: true
    default: false
    }
  }
}
