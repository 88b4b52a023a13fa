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
}
