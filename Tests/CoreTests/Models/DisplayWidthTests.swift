import Models
import Testing

/// Columns, not characters: what a terminal shows.
@Suite("Display width")
struct DisplayWidthTests {
  @Test(
    "Wide, combining, full-width and escapes are measured in columns",
    arguments: [
      ("Pikachu", 7), ("ピカチュウ", 10), ("イーブイ", 8), ("피카츄", 6), ("皮卡丘", 6),
      ("Évoli", 5), ("E\u{301}voli", 5), ("Ｐｉｋａ", 8), ("ﾋﾟｶﾁｭｳ", 6), ("Nidoran♀", 8),
      ("\u{1B}[1;33mPika\u{1B}[0m", 4), ("⚡", 2), ("👍🏽", 4), ("a\u{200B}b", 2), ("", 0),
      ("tab\there", 7),
    ])
  func width(_ text: String, _ columns: Int) {
    #expect(DisplayWidth.of(text) == columns, "\(text)")
  }

  @Test func paddingAndCuttingCountColumnsAndNeverHalveAWideCharacter() {
    #expect(DisplayWidth.padded("ピカ", to: 6) == "ピカ  ")
    #expect(DisplayWidth.leftPadded("피카", to: 5) == " 피카")
    #expect(DisplayWidth.prefix("ピカチュウ", columns: 5) == "ピカ")
    #expect(DisplayWidth.truncated("ピカチュウ", to: 6) == "ピカ…")
    #expect(DisplayWidth.of(DisplayWidth.truncated("ピカチュウ", to: 6)) <= 6)
    #expect(DisplayWidth.truncated("Pikachu", to: 7) == "Pikachu")
  }

  @Test func japaneseWithoutSpacesWrapsBetweenCharactersWithinTheWidth() {
    let text = "ほっぺたの りょうがわに ちいさい でんきぶくろを もつ。ピンチのときに ほうでんする。"
    let lines = TextTools.wrap(text, width: 20)
    #expect(lines.count > 1)
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= 20 }, "\(lines)")
    #expect(
      lines.joined().replacingOccurrences(of: " ", with: "")
        == text.replacingOccurrences(of: " ", with: ""))
    let chinese = String(repeating: "皮卡丘的臉頰上有儲存電力的囊袋。", count: 3)
    #expect(TextTools.wrap(chinese, width: 30).allSatisfy { DisplayWidth.of($0) <= 30 })
    // Latin words still break at spaces only.
    #expect(TextTools.wrap("Possesses cheek sacs", width: 12) == ["Possesses", "cheek sacs"])
  }
}

@Suite("Names as typed")
struct NameFoldingTests {
  @Test(
    "Case, accents and widths are folded",
    arguments: [
      ("Pikachu", "pikachu"), ("ＰＩＫＡＣＨＵ", "pikachu"), ("Ｍｒ． Ｍｉｍｅ", "mr-mime"),
      ("Flabébé", "flabebe"), ("ﾋﾟｶﾁｭｳ", "ぴかちゅう"), ("ピカチュウ", "ぴかちゅう"),
      ("ぴかちゅう", "ぴかちゅう"), ("Nidoran♀", "nidoran-f"), ("Évoli", "evoli"),
      ("ÉVOLI", "evoli"), ("피카츄", "피카츄"), ("皮卡丘", "皮卡丘"),
    ])
  func folded(_ typed: String, _ normal: String) {
    #expect(NameQuery.normalize(typed) == normal)
  }
}
