import Terminal
import Testing

@Suite("What the pager is given")
struct PagerTests {
  @Test func textWithColoursAndAPictureOfSymbolsCanBePaged() {
    #expect(Pager.canShow("plain"))
    #expect(Pager.canShow("\u{1B}[1;38;2;0;0;0;48;2;247;208;44m Electric \u{1B}[0m"))
    #expect(Pager.canShow("\u{1B}[38;5;196m▀▀\u{1B}[m\n  Pikachu  #25"))
  }

  @Test func aPictureThePagerWouldCutOrShowAsTextIsNeverPaged() {
    #expect(!Pager.canShow("\u{1B}_Ga=T,f=100;AAAA\u{1B}\\"), "kitty")
    #expect(!Pager.canShow("\u{1B}]1337;File=inline=1:AAAA\u{07}"), "iTerm2")
    #expect(!Pager.canShow("\u{1B}P0;1q\"1;1#0~\u{1B}\\"), "sixels")
    #expect(!Pager.canShow("text\u{1B}[12C\u{1B}7\u{1B}[3A"), "the cursor moved")
  }

  @Test func tallerMeansMoreRowsThanTheScreenLessThePrompts() {
    #expect(!Pager.isTaller("a\nb\nc", columns: 80, rows: 4))
    #expect(Pager.isTaller("a\nb\nc\nd", columns: 80, rows: 4))
    #expect(Pager.isTaller(String(repeating: "x", count: 161), columns: 80, rows: 3))
  }
}

extension PagerTests {
  @Test func aPictureUnderTextIsSplitOffToBeDrawnAfterThePager() {
    let picture = "\u{1B}_Ga=T,f=100;AAAA\u{1B}\\"
    let split = Pager.split("Pikachu  #25\n\u{1B}[1mBase stats\u{1B}[0m\n" + picture)
    #expect(split.pageable == "Pikachu  #25\n\u{1B}[1mBase stats\u{1B}[0m")
    #expect(split.rest == picture)
    #expect(Pager.split("only text\nhere") == ("only text\nhere", ""))
  }
}
