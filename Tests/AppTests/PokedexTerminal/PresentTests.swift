import Foundation
import Testing

/// `present FILE`: a rehearsed demo played from the prompt, as a presenter at a projector plays
/// it: a key on an empty line types the next step in and runs it.
extension PseudoTerminalTests {
  /// A session playing a demo of commands that need no network (unprepared: it plays because
  /// `api`, a stub, answers).
  func presenting(_ demo: String, api: StubAPI) async throws -> TerminalSession {
    let session = try TerminalSession(binary: try #require(PokedexBinary.url))
    let file = session.directory.appendingPathComponent("demo.pdx")
    try demo.write(to: file, atomically: true, encoding: .utf8)
    try session.start(port: api.port, arguments: ["present", file.path])
    try await session.waitUntil("the demo's prompt") { $0.lastText.hasSuffix("step 0/3]>") }
    return session
  }

  @Test func enterSpaceAndArrowOnAnEmptyLineTypeAndRunTheNextStepsWithTheirNotes()
    async throws
  {
    let api = try await StubAPI.start()
    defer { Task { await api.stop() } }
    let session = try await presenting(
      """
      # The opening comment, a blank line after it: no step's.

      # First, the commands.
      help open
      flags
      # Last, the history.
      history
      """, api: api)
    defer { session.close() }
    #expect(try await session.screen().contains("✎ First, the commands."))
    #expect(!(try await session.screen().joined().contains("opening comment")))
    try await session.press("Enter")
    try await session.waitUntil("the first step typed in and run") { lines in
      lines.contains { $0.hasSuffix("step 0/3]> help open") }
        && lines.contains("Usage: open ID|NAME") && lines.lastText.hasSuffix("step 1/3]>")
    }
    try await session.press("Space")
    try await session.waitUntil("the second, its note none") { lines in
      lines.contains { $0.hasSuffix("step 1/3]> flags") } && lines.lastText.hasSuffix("step 2/3]>")
        && lines.contains("✎ Last, the history.")
    }
    // The presenter's own command, then the last step.
    try await session.type("help back")
    try await session.press("Enter")
    try await session.waitUntil("their own command run, the demo still on") { lines in
      lines.contains { $0.hasSuffix("step 2/3]> help back") }
        && lines.lastText.hasSuffix("step 2/3]>")
    }
    try await session.press("Right")
    try await session.waitUntil("the last step run, the prompt without a step") { lines in
      lines.contains { $0.hasSuffix("step 2/3]> history") } && lines.showsEmptyPrompt
        && !lines.lastText.contains("step")
    }
    // Enter on an empty line is Enter again.
    try await session.press("Enter")
    try await Task.sleep(for: .milliseconds(300))
    #expect(try await session.screen().lastText.hasSuffix("]>"))
  }

  @Test func escOnAnEmptyLeavesTheDemoForTheOrdinaryPrompt() async throws {
    let api = try await StubAPI.start()
    defer { Task { await api.stop() } }
    let session = try await presenting("help open\nflags\nhistory\n", api: api)
    defer { session.close() }
    try await session.press("Escape")
    try await session.waitUntil("the prompt without its step") { lines in
      lines.showsEmptyPrompt && !lines.lastText.contains("step")
    }
    try await session.press("Enter")
    try await Task.sleep(for: .milliseconds(500))
    #expect(!(try await session.screen().contains { $0.contains("Usage: open") }), "no step ran")
  }

  /// A show runs in a session of its own: its steps change the language and shiny for the show
  /// only (config.json is as the presenter left it), and only what the presenter typed enters
  /// their history. After their own command, the next step's note is shown again.
  @Test func aShowLeavesThePresentersSettingsAndHistoryAsTheyWere() async throws {
    let session = try TerminalSession(binary: try #require(PokedexBinary.url))
    defer { session.close() }
    let config = session.directory.appendingPathComponent("config/pokedex")
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    let settings = config.appendingPathComponent("config.json")
    try #"{"language":"fr","shiny":true}"#.write(to: settings, atomically: true, encoding: .utf8)
    let kept = try Data(contentsOf: settings)
    let file = session.directory.appendingPathComponent("demo.pdx")
    try "lang off\n# Now shiny.\nshiny off\nflags\n".write(
      to: file, atomically: true, encoding: .utf8)
    let api = try await StubAPI.start()
    defer { Task { await api.stop() } }
    try session.start(port: api.port, arguments: ["present", file.path])
    try await session.waitUntil("the demo's prompt") { $0.lastText.hasSuffix("step 0/3]>") }
    try await session.press("Enter")
    try await session.waitUntil("the first step run") { $0.lastText.hasSuffix("step 1/3]>") }
    try await session.type("help back")
    try await session.press("Enter")
    try await session.waitUntil("their own command, the note again") { lines in
      lines.contains("Usage: back") && lines.lastText.hasSuffix("step 1/3]>")
        && lines.filter { $0 == "✎ Now shiny." }.count == 2
    }
    try await session.press("Enter")
    try await session.waitUntil("the second step run") { $0.lastText.hasSuffix("step 2/3]>") }
    try await session.type("quit")
    try await session.press("Enter")
    try await session.waitUntil("the program ended") { $0.contains { $0.hasPrefix("EXIT=") } }
    #expect(try Data(contentsOf: settings) == kept)
    // vis(3) writes a space as \040.
    let history = try String(contentsOf: session.historyFile, encoding: .utf8)
      .replacingOccurrences(of: "\\040", with: " ")
    #expect(history.contains("help back") && history.contains("quit"))
    #expect(!history.contains("lang off") && !history.contains("shiny off"))
  }

  /// A directory or a missing file is one line in the program's own words, exit 1.
  @Test func aFileThatCannotBeReadIsOneLine() async throws {
    let session = try TerminalSession(binary: try #require(PokedexBinary.url))
    defer { session.close() }
    let missing = session.directory.appendingPathComponent("nowhere.pdx").path
    try session.start(arguments: ["present", session.directory.path])
    try await session.waitUntil("the directory refused") { lines in
      lines.contains("✗ \(session.directory.path) is a directory, not a demo file.")
        && lines.contains { $0.hasPrefix("EXIT=1") }
    }
    let again = try TerminalSession(binary: try #require(PokedexBinary.url))
    defer { again.close() }
    try again.start(arguments: ["present", missing])
    try await again.waitUntil("the missing file refused") { lines in
      lines.contains("✗ \(missing): no such file (present FILE plays a demo file).")
        && lines.contains { $0.hasPrefix("EXIT=1") }
    }
  }

  /// An unprepared show with the server gone is refused before its first step, in one line.
  @Test func anUnpreparedShowWithoutTheServerIsRefused() async throws {
    let session = try TerminalSession(binary: try #require(PokedexBinary.url))
    defer { session.close() }
    let file = session.directory.appendingPathComponent("demo.pdx")
    try "open 25\nevolution\n".write(to: file, atomically: true, encoding: .utf8)
    // The API on port 9 (discard): nothing answers there.
    try session.start(arguments: ["present", file.path])
    try await session.waitUntil("refused") { lines in
      lines.contains {
        $0.hasPrefix("✗ \(file.path) is not prepared and the Pokémon server cannot be reached")
      } && lines.contains { $0.hasPrefix("EXIT=1") }
    }
    #expect(!(try await session.screen().contains { $0.contains("step 0/2") }))
  }
}
