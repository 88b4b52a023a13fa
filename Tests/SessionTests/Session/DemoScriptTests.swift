import Session
import Testing

@Suite("A demo file")
struct DemoScriptTests {
  @Test func commandsOneALineWithTheNotesRightAboveThem() throws {
    let script = try DemoScript(
      Array(
        """
        # pokedex, a tour.

        # The list.
        list
        #   Two filters,
        # on one line.
        filter type water; filter gen 1

        open 25\r
        # a note after the last command belongs to none
        """.utf8))
    #expect(
      script.steps == [
        .init(command: "list", note: "The list."),
        .init(command: "filter type water; filter gen 1", note: "Two filters, on one line."),
        .init(command: "open 25"),
      ])
  }

  @Test func whatIsNoDemoIsOneProblem() {
    #expect(throws: DemoScript.Problem.empty) { try DemoScript(Array("# notes only\n\n".utf8)) }
    #expect(throws: DemoScript.Problem.notText) { try DemoScript([0xFF, 0xFE, 0x00]) }
    #expect(throws: DemoScript.Problem.tooLarge(bytes: 300_000)) {
      try DemoScript(Array(repeating: 0x61, count: 300_000))
    }
    #expect(throws: DemoScript.Problem.tooManySteps(501)) {
      try DemoScript(Array(String(repeating: "list\n", count: 501).utf8))
    }
    #expect(
      DemoScript.message(.empty, file: "x.pdx")
        == "x.pdx holds no commands (one a line; # lines are speaker notes).")
  }

  @Test func thePlayerGoesStepByStepUntilLeftOrDone() throws {
    let player = DemoPlayer(try DemoScript(Array("# one\nhelp\nflags\n".utf8)))
    #expect(player.isPlaying && player.promptPart == "step 0/2" && player.nextNote == "one")
    #expect(player.advance() == "help")
    #expect(player.promptPart == "step 1/2" && player.nextNote == nil)
    #expect(player.advance() == "flags")
    #expect(!player.isPlaying && player.promptPart == nil && player.advance() == nil)
    let left = DemoPlayer(try DemoScript(Array("help\n".utf8)))
    left.leave()
    #expect(!left.isPlaying && left.advance() == nil)
  }
}
