import DetailFeature
import DetailModels
import Foundation
import ListFeature
import Models
import Rendering
import Testing

/// The 18 types, each named as the API's English names are.
let everyType = [
  "Normal", "Fire", "Water", "Electric", "Grass", "Ice", "Fighting", "Poison", "Ground",
  "Flying", "Psychic", "Bug", "Rock", "Ghost", "Dragon", "Dark", "Steel", "Fairy",
]

/// Colour pairs read out of text drawn with SGR escapes: wherever a 24-bit foreground or
/// background is set, the text, the colours and whether both were set.
struct DrawnColours {
  typealias RGB = [Int]
  struct Run {
    var text: String
    var foreground: RGB?
    var background: RGB?
  }

  var runs: [Run] = []
  /// Whether a colour was set as a 24-bit one (`38;2;…`), not from the 256.
  var trueColor = false

  /// The xterm 256-colour palette's colour `index` (16 and up: the cube, then the greys).
  static func palette(_ index: Int) -> RGB {
    if index >= 232 { return Array(repeating: 8 + 10 * (index - 232), count: 3) }
    let levels = [0, 95, 135, 175, 215, 255]
    let cube = index - 16
    return [levels[cube / 36], levels[cube / 6 % 6], levels[cube % 6]]
  }

  init(_ drawn: String) {
    var foreground: RGB?
    var background: RGB?
    var rest = Substring(drawn)
    while !rest.isEmpty {
      if rest.hasPrefix("\u{1B}["), let end = rest.firstIndex(of: "m") {
        let codes = rest.dropFirst(2)[..<end].split(
          separator: ";", omittingEmptySubsequences: false
        )
        .map { Int($0) ?? 0 }
        var index = 0
        while index < codes.count {
          switch codes[index] {
          case 0: (foreground, background) = (nil, nil)
          case 39: foreground = nil
          case 49: background = nil
          case 38 where codes.count > index + 4 && codes[index + 1] == 2:
            foreground = Array(codes[(index + 2)...(index + 4)])
            index += 4
            trueColor = true
          case 48 where codes.count > index + 4 && codes[index + 1] == 2:
            background = Array(codes[(index + 2)...(index + 4)])
            index += 4
            trueColor = true
          case 38 where codes.count > index + 2 && codes[index + 1] == 5:
            foreground = Self.palette(codes[index + 2])
            index += 2
          case 48 where codes.count > index + 2 && codes[index + 1] == 5:
            background = Self.palette(codes[index + 2])
            index += 2
          default: break
          }
          index += 1
        }
        rest = rest[rest.index(after: end)...]
        continue
      }
      let text = rest.prefix { $0 != "\u{1B}" }
      if !text.isEmpty, foreground != nil || background != nil {
        runs.append(Run(text: String(text), foreground: foreground, background: background))
      }
      rest = rest.dropFirst(max(1, text.count))
    }
  }

  /// The WCAG 2 contrast ratio of two sRGB colours.
  static func contrast(_ first: RGB, _ second: RGB) -> Double {
    func luminance(_ colour: RGB) -> Double {
      let linear = colour.map { channel -> Double in
        let value = Double(channel) / 255
        return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
      }
      return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    }
    let (a, b) = (luminance(first), luminance(second))
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)
  }
}

@Suite("Readable colour")
struct ContrastTests {
  let colour = TextRenderer(
    style: TextStyle(colorEnabled: true), images: nil, terminalSize: { (100, 40) })

  /// Every output that draws types, with every type in it.
  var drawn: [String] { drawn(by: colour) }

  /// `TERM=xterm-256color` without `COLORTERM`: the badges from the 256 colours, as the images
  /// are, readable still; padded in list rows as on the details.
  @Test func withoutTrueColourTheBadgesAreFromThe256AndStillReadable() {
    let palette = TextRenderer(
      style: TextStyle(colorEnabled: true, trueColor: false), images: nil,
      terminalSize: { (100, 40) })
    var seen: Set<String> = []
    for output in drawn(by: palette) {
      let colours = DrawnColours(output)
      #expect(!colours.trueColor)
      for run in colours.runs {
        guard let foreground = run.foreground, let background = run.background else {
          Issue.record("\"\(run.text)\" has a colour drawn on the terminal's unknown background")
          continue
        }
        let ratio = DrawnColours.contrast(foreground, background)
        #expect(ratio >= 4.5, "\"\(run.text)\": \(foreground) on \(background) is \(ratio) : 1")
        #expect(run.text.hasPrefix(" ") && run.text.hasSuffix(" "))
        seen.insert(run.text.trimmingCharacters(in: .whitespaces))
      }
    }
    #expect(seen == Set(everyType))
    #expect(
      TextStyle.decide(
        choice: "auto", isTerminal: true, environment: ["TERM": "xterm-256color"]
      ).trueColor == false)
    #expect(
      TextStyle.decide(
        choice: "auto", isTerminal: true,
        environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"]
      ).trueColor)
  }

  func drawn(by colour: TextRenderer) -> [String] {
    let rows = everyType.enumerated().map { index, type in
      SpeciesRow(
        id: index + 1, name: "mon-\(index + 1)", displayName: "Mon \(index + 1)",
        hasImage: index.isMultiple(of: 2), types: [type])
    }
    let list = SpeciesListViewModel(
      title: "Pokémon", filter: .all, page: 1, pageCount: 1, pageSize: 20,
      totalCount: rows.count, rows: rows, isEmpty: false)
    let details = everyType.map { type in
      var details = eevee
      details.types = [type]
      return colour.render(.detail(details, image: .none))
    }
    return [colour.render(.list(list))] + details
  }

  @Test func everyTypeIsDrawnOnItsColourWithAContrastOfAtLeast4Point5() {
    var seen: Set<String> = []
    for output in drawn {
      for run in DrawnColours(output).runs {
        let foreground = run.foreground
        let background = run.background
        guard let foreground, let background else {
          Issue.record("\"\(run.text)\" has a colour drawn on the terminal's unknown background")
          continue
        }
        let ratio = DrawnColours.contrast(foreground, background)
        #expect(ratio >= 4.5, "\"\(run.text)\": \(foreground) on \(background) is \(ratio) : 1")
        seen.insert(run.text.trimmingCharacters(in: .whitespaces))
      }
    }
    #expect(
      seen == Set(everyType), "types not drawn in colour: \(Set(everyType).subtracting(seen))")
  }

  @Test func aBadgeKeepsItsCustomaryColour() {
    var details = eevee
    details.types = ["Electric"]
    let run = DrawnColours(colour.render(.detail(details, image: .none))).runs.first
    #expect(run?.text == " Electric ")
    #expect(run?.background == [247, 208, 44])
    #expect(run?.foreground == [0, 0, 0])
  }
}

/// Layouts measured in columns: names and texts in Japanese, Korean and Chinese line up as
/// English ones do.
@Suite("Wide characters line up")
struct WideLayoutTests {
  let plain = TextRenderer(
    style: TextStyle(colorEnabled: false), images: nil, terminalSize: { (80, 24) })

  @Test func aListsTypesStartInOneColumnWhateverTheScript() {
    let rows = [("ピカチュウ", "でんき"), ("Pikachu", "Electric"), ("피카츄", "전기"), ("皮卡丘", "電")]
      .enumerated().map { index, row in
        SpeciesRow(
          id: 25 + index, name: "p\(index)", displayName: row.0, hasImage: false, types: [row.1])
      }
    let list = SpeciesListViewModel(
      title: "Pokémon", filter: .all, page: 1, pageCount: 1, pageSize: 20, totalCount: 4,
      rows: rows, isEmpty: false)
    let lines = plain.render(.list(list)).split(separator: "\n").dropFirst()
    let starts = zip(lines, rows).map { line, row in
      DisplayWidth.of(line[..<line.range(of: row.types[0])!.lowerBound])
    }
    #expect(Set(starts).count == 1, "\(lines.joined(separator: "\n"))")
  }

  @Test func theDetailsWrapAJapaneseTextWithinTheWidth() {
    var details = eevee
    details.displayName = "イーブイ"
    details.flavorText = String(repeating: "いでんしの こうぞうが ふあんていな ため ", count: 6)
    let lines = plain.render(.detail(details, image: .none)).split(separator: "\n")
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= 80 })
    #expect(lines.filter { $0.contains("いでんし") || $0.contains("ため") }.count > 1)
  }
}
