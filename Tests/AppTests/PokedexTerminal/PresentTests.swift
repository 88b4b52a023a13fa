import Foundation
import Testing

/// `present FILE`: a rehearsed demo played from the prompt, as a presenter at a projector plays
/// it: a key on an empty line types the next step in and runs it.
extension PseudoTerminalTests {
  /// A session playing a demo of commands that need no network.
  func presenting(_ demo: String) async throws -> TerminalSession {
    let session = try TerminalSession(binary: try #require(PokedexBinary.url))
    let file = session.directory.appendingPathComponent("demo.pdx")
    try demo.write(to: file, atomically: true, encoding: .utf8)
    try session.start(arguments: ["present", file.path])
    try await session.waitUntil("the demo's prompt") { $0.lastText.hasSuffix("step 0/3]>") }
    return session
  }

  @Test func enterSpaceAndArrowOnAnEmptyLineTypeAndRunTheNextStepsWithTheirNotes()
    async throws
  {
    let session = try await presenting(
      """
      # The opening comment, a blank line after it: no step's.

      # First, the commands.
      help open
      flags
      # Last, the history.
      history
      """)
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
    let session = try await presenting("help open\nflags\nhistory\n")
    defer { session.close() }
    try await session.press("Escape")
    try await session.waitUntil("the prompt without its step") { lines in
      lines.showsEmptyPrompt && !lines.lastText.contains("step")
    }
    try await session.press("Enter")
    try await Task.sleep(for: .milliseconds(500))
    #expect(!(try await session.screen().contains { $0.contains("Usage: open") }), "no step ran")
  }
}
