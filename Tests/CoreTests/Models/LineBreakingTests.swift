import Foundation
import Models
import Testing

/// Unicode's line breaking (UAX #14) through ICU, checked against Unicode's own test data, and
/// the Japanese rules that keep small kana, the long vowel mark, closing punctuation and
/// ideographic spaces off the start of a line.
@Suite("Line breaking by Unicode's rules")
struct LineBreakingTests {
  /// Debian's `unicode-data` (the Unicode 15.0 of ICU 72).
  static let testFile = "/usr/share/unicode/auxiliary/LineBreakTest.txt"

  /// ICU's number tailoring (UAX #14 §8.2, which the test data does not reflect): it keeps a
  /// hyphen with what follows it (`-#`, `-§`) and `.` or `,` with a digit after it (`a.2`,
  /// `,0`). Each case where ICU and the test data differ must be one of these: the pairs
  /// (before, after) of a boundary the data breaks and ICU does not.
  static let tailored: Set<[UInt32]> = [
    [0x2D, 0x23], [0x2D, 0xA7], [0x2D, 0x50005], [0x2D, 0x0E01], [0x2C, 0x30], [0x2E, 0x31],
    [0x2E, 0x32], [0x2E, 0x33], [0x2E, 0x34],
  ]

  @Test func unicodesLineBreakTestPassesButForICUsNumberTailoring() throws {
    let data = try String(contentsOfFile: Self.testFile, encoding: .utf8)
    var cases = 0
    var tailoredCases = 0
    var failures: [String] = []
    for raw in data.split(separator: "\n") {
      let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
      let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
      guard !fields.isEmpty else { continue }
      cases += 1
      var scalars: [Unicode.Scalar] = []
      var expected: [Int] = []  // scalar counts after which the data breaks
      for field in fields {
        if field == "÷" {
          if !scalars.isEmpty { expected.append(scalars.count) }
        } else if field != "×", let value = UInt32(field, radix: 16),
          let scalar = Unicode.Scalar(value)
        {
          scalars.append(scalar)
        }
      }
      var text = ""
      text.unicodeScalars.append(contentsOf: scalars)
      let segments = try #require(LineBreaks.segments(of: text))
      // Breaks as scalar counts; a break ICU puts inside a character is not kept by
      // `segments`, so those are compared on characters' ends only.
      var got: [Int] = []
      var count = 0
      for segment in segments {
        count += segment.text.unicodeScalars.count
        got.append(count)
      }
      let characterEnds = Set(
        text.indices.map { text.unicodeScalars.distance(from: text.startIndex, to: $0) }
          .dropFirst() + [scalars.count])
      let wanted = expected.filter(characterEnds.contains)
      guard got != wanted else { continue }
      let differing = Set(wanted).symmetricDifference(got)
      let explained = differing.allSatisfy { offset in
        guard offset > 0, offset < scalars.count else { return false }
        if got.contains(offset) {
          // ICU breaks before a number that starts with `.` or `,` (` .35`), which it keeps whole.
          return offset + 1 < scalars.count && [0x2E, 0x2C].contains(scalars[offset].value)
            && (0x30...0x39).contains(scalars[offset + 1].value)
        }
        return Self.tailored.contains(
          [scalars[..<offset].last { $0.value != 0x308 }!.value, scalars[offset].value])
      }
      if explained { tailoredCases += 1 } else { failures.append(String(raw)) }
    }
    #expect(cases > 7_000)
    #expect(
      failures.isEmpty, "\(failures.count) differ:\n\(failures.prefix(10).joined(separator: "\n"))")
    #expect(tailoredCases == 22)
  }

  @Test func japaneseKeepsSmallKanaLongVowelsClosingPunctuationAndSpacesOffALinesStart() {
    let text = "おたがいの　しっぽを　くっつけて　電気を　流しあうのが　ピカチュウ　同士の　挨拶だ。"
    for width in 8...40 {
      for line in TextTools.wrap(text, width: width) {
        #expect(DisplayWidth.of(line) <= width, "\(width): \(line)")
        let first = line.unicodeScalars.first!
        #expect(!"ぁぃぅぇぉっゃゅょァィゥェォッャュョー。、」　".unicodeScalars.contains(first), "\(width): \(line)")
      }
      #expect(TextTools.wrap(text, width: width).joined() == text, "nothing lost at \(width)")
    }
    #expect(TextTools.wrap("ピカチュウ", width: 4) == ["ピカ", "チュ", "ウ"])
    #expect(TextTools.wrap("違っている", width: 4) == ["違っ", "てい", "る"])
  }

  @Test func englishBreaksAtSpacesAndAfterDashes() {
    #expect(
      TextTools.wrap("Within Eevee lies the key to evolution—I'm certain of it.", width: 36)
        == ["Within Eevee lies the key to", "evolution—I'm certain of it."])
    #expect(TextTools.wrap("a forest-dweller", width: 10) == ["a forest-", "dweller"])
    #expect(TextTools.wrap("a forest-dweller", width: 16) == ["a forest-dweller"])
    // A word longer than the line is cut where the rules allow (after `/`), else kept whole.
    #expect(
      TextTools.wrap("/a/very/long/path/without/spaces", width: 10)
        == ["/a/very/", "long/path/", "without/", "spaces"])
    #expect(TextTools.wrap("Supercalifragilistic", width: 10) == ["Supercalifragilistic"])
  }

  /// The games cut their texts into short lines: in Japanese a break between two words is an
  /// ideographic space, never a space next to one; in Chinese nothing; in Korean a space.
  @Test func aTextsLineBreaksBecomeItsWordSeparators() {
    #expect(SafeText.paragraph("くっつけて\n電気を　流しあうのが\nピカチュウ") == "くっつけて　電気を　流しあうのが　ピカチュウ")
    #expect(SafeText.paragraph("高熱の　炎を\n　吐く。") == "高熱の　炎を　吐く。")
    #expect(SafeText.paragraph("皮卡丘们把尾巴\n贴在一起") == "皮卡丘们把尾巴贴在一起")
    #expect(SafeText.paragraph("꼬리를\n붙여서") == "꼬리를 붙여서")
    #expect(SafeText.paragraph("cheek\nsacs\u{0C}in") == "cheek sacs in")
  }
}
