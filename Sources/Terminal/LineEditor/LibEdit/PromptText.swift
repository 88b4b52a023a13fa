/// Prepares prompts that may contain terminal escape sequences (colours).
enum PromptText {
  /// The marker libedit is told about (EL_PROMPT_ESC): text between two markers takes no room.
  static let invisibleMarker: Unicode.Scalar = "\u{1}"

  /// `prompt` with every escape sequence enclosed in markers, so libedit measures the prompt's
  /// visible width correctly. Stray markers in the input are removed.
  static func forLibEdit(_ prompt: String) -> String {
    rewrite(prompt) { "\(invisibleMarker)\($0)\(invisibleMarker)" }
  }

  /// `prompt` without escape sequences or markers, for output that is not a terminal.
  static func plain(_ prompt: String) -> String {
    rewrite(prompt) { _ in "" }
  }

  private static func rewrite(_ prompt: String, sequence: (String) -> String) -> String {
    let scalars = Array(prompt.unicodeScalars)
    var result = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == invisibleMarker {
        index += 1
      } else if scalar == "\u{1B}" {
        let end = endOfEscapeSequence(scalars, from: index)
        result.append(
          contentsOf: sequence(String(String.UnicodeScalarView(scalars[index..<end])))
            .unicodeScalars
        )
        index = end
      } else {
        result.append(scalar)
        index += 1
      }
    }
    return String(result)
  }

  /// The index just past the escape sequence starting at `start` (CSI, OSC or a two-character one).
  private static func endOfEscapeSequence(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
    var index = start + 1
    guard index < scalars.count else { return index }
    switch scalars[index] {
    case "[":  // CSI: parameters and intermediates, then one final byte 0x40–0x7E
      index += 1
      while index < scalars.count, !(0x40...0x7E).contains(scalars[index].value) { index += 1 }
      return min(index + 1, scalars.count)
    case "]":  // OSC: up to BEL or ESC \
      index += 1
      while index < scalars.count {
        if scalars[index] == "\u{7}" { return index + 1 }
        if scalars[index] == "\u{1B}", index + 1 < scalars.count, scalars[index + 1] == "\\" {
          return index + 2
        }
        index += 1
      }
      return index
    default:
      return index + 1
    }
  }
}
