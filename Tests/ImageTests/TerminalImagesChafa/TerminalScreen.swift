/// A minimal terminal for tests: interprets SGR colour escapes and records every printed
/// character with the colours in force, so output is checked the way a terminal shows it.
struct TerminalScreen {
  enum Color: Hashable, CustomStringConvertible {
    case terminalDefault
    case rgb(UInt8, UInt8, UInt8)
    case palette(Int)

    var description: String {
      switch self {
      case .terminalDefault: return "default"
      case .rgb(let r, let g, let b): return "rgb(\(r),\(g),\(b))"
      case .palette(let index): return "palette(\(index))"
      }
    }
  }

  struct Cell: Hashable {
    var glyph: Character
    var foreground: Color
    var background: Color
  }

  /// Lines of cells.
  var lines: [[Cell]] = [[]]
  /// Whether the colours were back to the defaults at the end of every line.
  var resetAtEveryLineEnd = true
  /// Escapes this screen did not understand.
  var unknownEscapes: [String] = []

  init(_ text: String) {
    var foreground = Color.terminalDefault
    var background = Color.terminalDefault
    var scalars = Array(text.unicodeScalars)[...]
    while let scalar = scalars.popFirst() {
      if scalar == "\u{1B}" {
        guard scalars.first == "[" else {
          unknownEscapes.append("ESC")
          continue
        }
        scalars.removeFirst()
        var parameters = ""
        while let next = scalars.popFirst(), next != "m" {
          parameters.unicodeScalars.append(next)
        }
        var codes = parameters.split(separator: ";", omittingEmptySubsequences: false).map {
          Int($0) ?? 0
        }[...]
        while let code = codes.popFirst() {
          switch code {
          case 0:
            foreground = .terminalDefault
            background = .terminalDefault
          case 39: foreground = .terminalDefault
          case 49: background = .terminalDefault
          case 38, 48:
            let color: Color
            if codes.first == 2 {
              let values = Array(codes.dropFirst().prefix(3)).map(UInt8.init)
              codes = codes.dropFirst(4)
              color = .rgb(values[0], values[1], values[2])
            } else {
              color = .palette(codes.dropFirst().first ?? -1)
              codes = codes.dropFirst(2)
            }
            if code == 38 { foreground = color } else { background = color }
          default:
            unknownEscapes.append("SGR \(code)")
          }
        }
      } else if scalar == "\n" {
        if foreground != .terminalDefault || background != .terminalDefault {
          resetAtEveryLineEnd = false
        }
        lines.append([])
      } else {
        lines[lines.count - 1].append(
          Cell(glyph: Character(scalar), foreground: foreground, background: background))
      }
    }
    if foreground != .terminalDefault || background != .terminalDefault {
      resetAtEveryLineEnd = false
    }
  }

  /// The glyphs of each line.
  var glyphs: [String] { lines.map { String($0.map(\.glyph)) } }
}
