import CommandLanguage
import Testing

@Suite("Splitting a -c script into command lines")
struct ScriptTests {
  @Test func semicolonsSeparateCommands() {
    #expect(CommandParser.splitScript("open eevee; evolution") == ["open eevee", "evolution"])
  }

  @Test func lineBreaksSeparateCommandsToo() {
    #expect(
      CommandParser.splitScript("open 133\nevo\r\ninfo\rback")
        == ["open 133", "evo", "info", "back"])
  }

  @Test func emptySegmentsAndSurroundingSpacesAreDropped() {
    #expect(
      CommandParser.splitScript(" ;; list ;\n\n  next  ;  ; \t") == ["list", "next"])
    #expect(CommandParser.splitScript("") == [])
    #expect(CommandParser.splitScript(" ; \n ") == [])
  }

  @Test func spacesInsideACommandAreKept() {
    #expect(
      CommandParser.splitScript("search mr  mime;random 3") == ["search mr  mime", "random 3"])
  }

  @Test func aSemicolonInsideQuotesBelongsToItsCommand() {
    #expect(CommandParser.splitScript(#"open "a;b"; evo"#) == [#"open "a;b""#, "evo"])
    #expect(CommandParser.splitScript("search 'mr; mime';info") == ["search 'mr; mime'", "info"])
  }

  @Test func apostrophesInWordsAndUnclosedQuotesAreCharacters() {
    #expect(
      CommandParser.splitScript("open farfetch'd; evo; info")
        == ["open farfetch'd", "evo", "info"])
    #expect(CommandParser.splitScript(#"open "a; evo"#) == [#"open "a"#, "evo"])
    #expect(CommandParser.splitScript("open 'a\nb'; evo") == ["open 'a", "b'", "evo"])
  }
}
