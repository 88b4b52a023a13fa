import Foundation
import Testing

/// The line editor at the level of fish, pgcli and redis-cli, as a user at a keyboard sees it:
/// history search, prefix recall, suggestions, hints, completion, the line language and the pager.
extension PseudoTerminalTests {
  /// A session whose history already holds `lines` (typed and run one by one).
  func session(
    after lines: [String], port: UInt16 = 9, columns: Int = 100, rows: Int = 60,
    colour: Bool = false, extra: [String] = []
  ) async throws -> TerminalSession {
    let session = try TerminalSession(binary: try #require(PokedexBinary.url))
    try session.start(port: port, columns: columns, rows: rows, colour: colour, extra: extra)
    try await session.waitUntil("the prompt") { $0.showsEmptyPrompt }
    try await session.waitForFirstContact(port: port)
    for line in lines {
      try await session.type(line)
      try await session.press("Enter")
      try await session.waitUntil("`\(line)` to finish") { screen in
        screen.contains { $0.hasSuffix("> \(line)") } && screen.showsEmptyPrompt
      }
    }
    try await session.type("clear")
    try await session.press("Enter")
    // A clear screen (but for a notice arriving after it, like the first contact's).
    try await session.waitUntil("a clear screen") { lines in
      !lines.contains { $0.hasSuffix("> clear") } && lines.showsEmptyPrompt
        && lines.filter { !$0.isEmpty }.count <= 3
    }
    return session
  }

  @Test func ctrlRFindsALineAndCtrlGPutsBackWhatWasTyped() async throws {
    let session = try await session(after: ["help", "history", "flags"])
    defer { session.close() }

    try await session.type("xyz")
    try await session.press("C-r")
    try await session.type("ist")
    try await session.waitUntil("the search showing its match") {
      $0.lastText == "(history) ist → history"
    }
    try await session.press("C-g")
    try await session.waitUntil("the line as it was") { $0.lastText.hasSuffix("]> xyz") }

    try await session.press("C-u", "C-r")
    try await session.type("fl")
    try await session.waitUntil("the match") { $0.lastText == "(history) fl → flags" }
    try await session.press("Enter")
    try await session.waitUntil("`flags` run") { lines in
      lines.contains { $0.hasSuffix("]> flags") } && lines.joined().contains("analytics")
        && lines.showsEmptyPrompt
    }
  }

  @Test func upRecallsOnlyTheLinesStartingWithWhatIsTyped() async throws {
    let session = try await session(after: ["help", "history", "flags"])
    defer { session.close() }

    try await session.type("he")
    try await session.press("Up")
    try await session.waitUntil("`help`, not the newer `flags`") {
      $0.lastText.hasSuffix("]> help")
    }
    try await session.press("Down")
    try await session.waitUntil("back to what was typed") { $0.lastText.hasSuffix("]> he") }
    try await session.press("C-u", "Up")
    try await session.waitUntil("on an empty line, the newest line (`clear`)") {
      $0.lastText.hasSuffix("]> clear")
    }
  }

  @Test func aSuggestionFromTheHistoryIsDimmedAndRightArrowTakesIt() async throws {
    let session = try await session(after: ["history"], colour: true)
    defer { session.close() }

    try await session.type("hi")
    try await session.waitUntil("`story` suggested, dimmed", withColours: true) { lines in
      let last = lines.last { !$0.isEmpty } ?? ""
      return last.contains("hi\u{1B}[2mstory")
    }
    try await session.press("Right")
    try await session.press("Enter")
    try await session.waitUntil("`history` run") { lines in
      lines.contains { $0.contains("1  history") } && lines.showsEmptyPrompt
    }
  }

  @Test func aLineThatFailedOnItsOwnTextIsRecalledButNotSuggested() async throws {
    let session = try await session(after: ["quit now"], colour: true)
    defer { session.close() }

    try await session.type("qu")
    try await session.waitUntil(
      "`quit` completed, not the failed `quit now` suggested", withColours: true
    ) { lines in
      let last = lines.last { !$0.isEmpty } ?? ""
      return last.hasSuffix("qu\u{1B}[2mit\u{1B}[0m") || last.hasSuffix("qu\u{1B}[2mit")
    }
    try await session.press("Up")
    try await session.waitUntil("Up still recalls it, to be corrected") {
      $0.lastText.hasSuffix("]> quit now")
    }
  }

  @Test func aHintAfterACommandGoesAsSoonAsYouType() async throws {
    let session = try await session(after: [], colour: true)
    defer { session.close() }

    try await session.type("filter ")
    try await session.waitUntil("the filters hinted") {
      $0.lastText.hasSuffix("filter [GENDER|type|gen|dex|all]")
    }
    try await session.type("x")
    try await session.waitUntil("the hint gone") { $0.lastText.hasSuffix("]> filter x") }
  }

  @Test func tabAfterDigitsListsTheIdsWithTheirNames() async throws {
    let api = try await StubAPI.start()
    defer { Task { await api.stop() } }
    let session = try await session(after: [], port: api.port)
    defer { session.close() }

    try await session.type("open 13")
    let listed = try await session.pressTab(until: "the ids starting with 13") { lines in
      let text = lines.joined(separator: "\n")
      return text.contains("13   weedle") && text.contains("130  gyarados")
        && text.contains("133  eevee")
    }
    let screen = try await session.screen()
    #expect(listed, "\(screen.joined(separator: "\n"))")
    #expect(screen.lastText.hasSuffix("]> open 13"))
  }

  @Test func manyCandidatesAreListedOnlyAfterAskingAndAScreenAtATime() async throws {
    let api = try await StubAPI.start()
    defer { Task { await api.stop() } }
    api.addSpecies(150)
    // In colour, where the argument hint is drawn: never after the question or `--More--`.
    let session = try await session(
      after: [], port: api.port, columns: 80, rows: 24, colour: true)
    defer { session.close() }

    try await session.type("open ")
    let asked = try await session.pressTab(until: "the question") {
      $0.lastText.hasPrefix("Display all 15") && $0.lastText.hasSuffix("? (y or n)")
    }
    let screen = try await session.screen()
    #expect(asked, "\(screen.joined(separator: "\n"))")
    try await session.type("n")
    // The line as it was, its hint after it again.
    try await session.waitUntil("no listing, the line as it was") { lines in
      lines.lastText.hasSuffix("]> open ID|NAME") && !lines.contains { $0.contains("mon1 ") }
    }
    try await session.press("Tab")
    try await session.waitUntil("asked again") { $0.lastText.hasSuffix("? (y or n)") }
    try await session.type("y")
    try await session.waitUntil("one screen, then --More--") { lines in
      lines.lastText == "--More--" && lines.contains { $0.hasPrefix("eevee") }
    }
    try await session.type("q")
    try await session.waitUntil("the prompt back with the line") {
      $0.lastText.hasSuffix("]> open ID|NAME")
    }
  }

  @Test func tabNeverMakesCacheClearRunnable() async throws {
    let session = try await session(after: [])
    defer { session.close() }

    try await session.type("cache ")
    try await session.press("Tab")
    try await session.waitUntil("clear listed, the line unchanged") { lines in
      lines.contains { $0.hasPrefix("clear  (type it out") } && lines.lastText.hasSuffix("]> cache")
    }
    try await session.press("Tab", "Tab")
    try await Task.sleep(for: .milliseconds(300))
    #expect(try await session.screen().lastText.hasSuffix("]> cache"))
  }

  @Test func semicolonsSeparateCommandsAtThePrompt() async throws {
    let api = try await StubAPI.start()
    defer { Task { await api.stop() } }
    let session = try await session(after: [], port: api.port)
    defer { session.close() }

    try await session.type("open 25; info")
    try await session.press("Enter")
    try await session.waitUntil("the details twice") { lines in
      lines.filter { $0.hasPrefix("Pikachu") }.count == 2 && lines.showsEmptyPrompt
    }
    try await session.type("!!")
    try await session.press("Enter")
    try await session.waitUntil("`!!` echoed and run again") { lines in
      guard let echo = lines.firstIndex(of: "open 25; info") else { return false }
      return lines[echo...].contains { $0.hasPrefix("Pikachu") } && lines.showsEmptyPrompt
    }
  }

  @Test func outputTallerThanTheTerminalIsPagedAndQReturnsToThePrompt() async throws {
    // The built-in pager (an empty $PAGER), so the test does not depend on less.
    let session = try await session(after: [], rows: 24, extra: ["PAGER="])
    defer { session.close() }

    try await session.type("help")
    try await session.press("Enter")
    try await session.waitUntil("the first screen and the pager's prompt") { lines in
      lines.lastText.hasPrefix("-- more --") && lines.contains { $0.hasPrefix("The list") }
    }
    try await session.press("q")
    try await session.waitUntil("the prompt again") { $0.showsEmptyPrompt }
    #expect(
      try await !session.screen().joined().contains("Leave (Ctrl-D too)"), "the rest was not shown")

    try await session.type("pager off")
    try await session.press("Enter")
    try await session.type("help")
    try await session.press("Enter")
    try await session.waitUntil("all of help, unpaged") { lines in
      lines.joined().contains("Leave (Ctrl-D too)") && lines.showsEmptyPrompt
    }
  }

  /// After the window shrinks (100×30 to 60×20) and the terminal rewraps the half-typed line
  /// onto two rows, the prompt is drawn once, from its first row: no stale copy of it, no blank
  /// line above the one redrawn (issue 50); and again once it grows back.
  @Test func aResizeRedrawsThePromptOnceWhereItWas() async throws {
    let session = try await session(after: [], columns: 100, rows: 30)
    defer { session.close() }
    // Output above, the prompt at the bottom, as in use.
    for _ in 0..<2 {
      try await session.type("help keys")
      try await session.press("Enter")
      try await session.waitUntil("help keys") { $0.showsEmptyPrompt }
    }
    let typed = "search " + String(repeating: "a", count: 50)
    try await session.type(typed)
    try await session.waitUntil("the line typed") { $0.lastText.hasSuffix(typed) }
    try await session.resize(columns: 60, rows: 20)
    try await Task.sleep(for: .milliseconds(500))
    // The screen's rows joined where the terminal wrapped them.
    var screen = try await session.screen()
    #expect(screen.filter { $0.contains("> search") }.count == 1, "\(screen)")
    let prompt = try #require(screen.lastIndex { $0.contains("> search") })
    #expect(screen[prompt].hasSuffix(typed))
    #expect(prompt == 0 || !screen[prompt - 1].isEmpty, "a blank line above the prompt: \(screen)")
    try await session.resize(columns: 100, rows: 30)
    try await session.waitUntil("the line on one row again") { $0.lastText.hasSuffix(typed) }
    screen = try await session.screen()
    #expect(screen.filter { $0.contains("> search") }.count == 1, "\(screen)")
  }

  /// A terminal the system has no description of (kitty's `xterm-kitty` over ssh): output
  /// taller than the screen goes to the built-in pager, not to less, which would stop at
  /// "WARNING: terminal is not fully functional" and eat the next key (issue 50).
  @Test func aTerminalWithoutADescriptionPagesWithTheBuiltInPager() async throws {
    let session = try await session(
      after: [], rows: 24, extra: ["TERM=xterm-nowhere", "TERMINFO_DIRS=", "PAGER=less"])
    defer { session.close() }
    try await session.type("help")
    try await session.press("Enter")
    try await session.waitUntil("the built-in pager's prompt") { lines in
      lines.lastText.hasPrefix("-- more --")
    }
    #expect(try await !session.screen().contains { $0.contains("not fully functional") })
    try await session.press("q")
    try await session.waitUntil("the prompt again") { $0.showsEmptyPrompt }
    try await session.type("history")
    try await session.waitUntil("every key typed after the pager") {
      $0.lastText.hasSuffix("> history")
    }
  }

  /// At 100×30 the whole of `help` is on screen with the line that asked for it: two columns of
  /// groups, no pager (issue 50: 47 lines opened the pager on a projector).
  @Test func helpFitsAHundredByThirtyWithoutThePager() async throws {
    let session = try await session(after: [], columns: 100, rows: 30, extra: ["PAGER="])
    defer { session.close() }
    try await session.type("help")
    try await session.press("Enter")
    try await session.waitUntil("all of help, and a prompt") { lines in
      lines.joined().contains("Leave (Ctrl-D too)") && lines.showsEmptyPrompt
    }
    let screen = try await session.screen()
    #expect(!screen.contains { $0.hasPrefix("-- more --") })
    #expect(screen.contains { $0.hasSuffix("> help") }, "the typed line scrolled off: \(screen)")
    for words in ["The list", "list (ls)", "The open species", "The Pokédex", "quit (exit)"] {
      #expect(screen.contains { $0.contains(words) }, "\(words) is not on screen")
    }
  }

  @Test func nothingIsPagedWhenPiped() async throws {
    let session = try TerminalSession(binary: try #require(PokedexBinary.url))
    defer { session.close() }
    let output = try await session.runScript("help")
    #expect(output.contains("Leave (Ctrl-D too)"))
    #expect(!output.contains("-- more --") && !output.contains("\u{1B}"))
  }

  @Test func theFirstLaunchWithoutTheAPISaysWhatStillWorks() async throws {
    let session = try await startSession()
    defer { session.close() }
    try await session.waitUntil("one line naming --offline and --api-url") { lines in
      let text = lines.joined(separator: " ")
      return text.contains("cannot be reached") && text.contains("--offline")
        && text.contains("--api-url") && lines.showsEmptyPrompt
    }
  }
}

extension PseudoTerminalTests {
  @Test func theEditrcFileIsReadForKeysPokedexDoesNotOwn() async throws {
    let session = try TerminalSession(binary: try #require(PokedexBinary.url))
    defer { session.close() }
    let editrc = session.directory.appendingPathComponent("editrc")
    try "pokedex:bind -s ^X flags\nother:bind -s ^Y nope\n".write(
      to: editrc, atomically: true, encoding: .utf8)
    try session.start(extra: ["EDITRC=\(editrc.path)"])
    try await session.waitUntil("the prompt") { $0.showsEmptyPrompt }

    try await session.press("C-x")
    try await session.waitUntil("Ctrl-X typing `flags`, as the file binds it") {
      $0.lastText.hasSuffix("]> flags")
    }
  }
}

@Suite("Walking the graph in a terminal")
struct TrailTerminalTests {
  @Test func abilityTabOffersTheOpenSpeciesAbilitiesFirstAndThePromptNamesTheTrail() async throws {
    let api = try await StubAPI.start()
    defer { Task { await api.stop() } }
    let session = try TerminalSession(binary: try #require(PokedexBinary.url))
    defer { session.close() }
    try session.start(port: api.port)
    try await session.waitUntil("the prompt") { $0.showsEmptyPrompt }

    try await session.type("open pikachu")
    try await session.press("Enter")
    try await session.waitUntil("Pikachu open") { $0.lastText.hasSuffix("#25 Pikachu]>") }
    try await session.type("ability ")
    let listed = try await session.pressTab(until: "Static and Lightning Rod listed first") {
      lines in
      // Listed down the columns: the second is beside the first when they fit on one row.
      // (A first Tab may say the names are still loading.)
      lines.indices.contains { typed in
        guard lines[typed].hasSuffix("]> ability"), typed + 2 < lines.count else {
          return false
        }
        let first = lines[typed + 1].split(separator: " ")
        return first.first == "static"
          && (first.dropFirst().first == "lightning-rod"
            || lines[typed + 2].hasPrefix("lightning-rod"))
      }
    }
    let screen = try await session.screen().joined(separator: "\n")
    #expect(listed, "\(screen)")

    try await session.press("C-u")
    try await session.type("ability static")
    try await session.press("Enter")
    try await session.waitUntil("the prompt naming the trail") { lines in
      lines.contains("Effect    May paralyse on contact.")
        && lines.lastText.hasSuffix("#25 Pikachu › Static]>")
    }
    try await session.type("back")
    try await session.press("Enter")
    try await session.waitUntil("back at Pikachu") { lines in
      lines.lastText.hasSuffix("· #25 Pikachu]>")
    }
  }
}

/// A notice from the background while a line is half typed: with the editing tests, which keeps
/// the two serialized terminal suites about as long as each other.
extension PseudoTerminalTests {
  @Test func aNoticeFromTheBackgroundGoesAboveTheHalfTypedLine() async throws {
    let api = try await StubAPI.start()
    defer { Task { await api.stop() } }
    let session = try TerminalSession(binary: try #require(PokedexBinary.url))
    defer { session.close() }
    // A first run caches the first page, stale at once.
    api.setMaxAge(0)
    try await session.runScript("list", port: api.port)
    // Then the server fails slowly, so the launch's reload of page 1 falls back to the stale
    // copy, with a notice, seconds after the prompt appeared.
    api.slow("pokemon-species", by: .milliseconds(700), status: 503)
    try session.start(port: api.port)
    try await session.waitUntil("the prompt") { $0.showsEmptyPrompt }
    // A half-typed line long enough to wrap over two rows of the 100-column terminal.
    try await session.type(String(repeating: " ", count: 150) + "hel")
    try await session.waitUntil("the stale-data notice") { lines in
      lines.contains { $0.contains("showing data cached") }
    }
    try await session.waitUntil("the half-typed line redrawn below the notice") { lines in
      lines.lastText.hasSuffix("hel")
    }
    let screen = try await session.screen()
    let notice = try #require(screen.firstIndex { $0.contains("showing data cached") })
    let line = try #require(screen.lastIndex { $0.hasSuffix("hel") })
    #expect(notice < line)
    #expect(screen[notice].hasPrefix("The Pokémon server is unavailable (HTTP 503)"))
    #expect(screen[notice].hasSuffix("ago."), "the notice was overwritten: \(screen[notice])")
    #expect(screen.filter { $0.contains("showing data cached") }.count == 1)
    #expect(screen.contains { $0.hasPrefix("pokedex [") }, "no prompt redrawn")
    // What was typed is still there, whole.
    try await session.type("p")
    try await session.press("Enter")
    try await session.waitUntil("help") { lines in
      lines.joined().contains("Leave (Ctrl-D too)") && lines.showsEmptyPrompt
    }
  }
}
