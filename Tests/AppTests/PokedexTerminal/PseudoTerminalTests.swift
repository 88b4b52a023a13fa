import Foundation
import Testing

/// What the suites that drive pokedex in a terminal share. Each suite is serialized (a terminal's
/// timing under load is what they check); the suites run side by side.
protocol TerminalTests {}

extension TerminalTests {
  func startSession(in directory: URL? = nil, port: UInt16 = 9) async throws -> TerminalSession {
    let session = try TerminalSession(binary: try #require(PokedexBinary.url), directory: directory)
    try session.start(port: port)
    try await session.waitUntil("the prompt") { $0.showsEmptyPrompt }
    try await session.waitForFirstContact(port: port)
    return session
  }

  /// Lines after the last one showing `input` after the prompt.
  func output(after input: String, in lines: [String]) -> [String] {
    guard let index = lines.lastIndex(where: { $0.hasSuffix("> \(input)") }) else { return [] }
    return Array(lines[(index + 1)...])
  }
}

/// The real `pokedex` binary in a pseudo-terminal (tmux): what a user at a keyboard sees.
@Suite(
  "pokedex in a terminal", .serialized,
  .enabled(
    if: PokedexBinary.url != nil && PokedexBinary.tmuxAvailable,
    "needs the pokedex binary (swift build) next to the test bundle, and tmux"))
struct PseudoTerminalTests: TerminalTests {

  @Test func aTypedCommandShowsItsOutput() async throws {
    let session = try await startSession()
    defer { session.close() }

    try await session.type("help")
    try await session.press("Enter")
    try await session.waitUntil("help listing its commands") { lines in
      let listing = output(after: "help", in: lines).joined(separator: "\n")
      return listing.contains("history") && listing.contains("quit") && lines.showsEmptyPrompt
    }
  }

  @Test func tabCompletesACommand() async throws {
    let session = try await startSession()
    defer { session.close() }

    try await session.type("he")
    try await session.press("Tab")
    try await session.waitUntil("`he` completed to `help`") { $0.lastText.hasSuffix("> help") }
    try await session.press("Enter")
    try await session.waitUntil("the help listing") { lines in
      output(after: "help", in: lines).joined().contains("history")
    }
  }

  @Test func theUpArrowRecallsTheLastCommandOfThePreviousSession() async throws {
    let first = try await startSession()
    try await first.type("help")
    try await first.press("Enter")
    try await first.waitUntil("the help listing") { lines in
      output(after: "help", in: lines).joined().contains("history") && lines.showsEmptyPrompt
    }
    try await first.press("C-d")
    try await first.waitUntil("the first session to end") { $0.contains("EXIT=0") }
    #expect(FileManager.default.fileExists(atPath: first.historyFile.path))
    first.close(keepFiles: true)

    let second = try await startSession(in: first.directory)
    defer { second.close() }
    try await second.press("Up")
    try await second.waitUntil("`help` recalled") { $0.lastText.hasSuffix("> help") }
  }

  @Test func ctrlCDropsTheHalfTypedLineAndTheSessionGoesOn() async throws {
    let session = try await startSession()
    defer { session.close() }

    try await session.type("hist")
    // As a user does: Ctrl-C once the line is on screen (a signal overtakes keys still queued).
    try await session.waitUntil("the line typed") { $0.lastText.hasSuffix("> hist") }
    try await session.press("C-c")
    try await session.waitUntil("a fresh empty prompt below the dropped line") { lines in
      lines.showsEmptyPrompt && lines.contains { $0.hasSuffix("> hist^C") }
    }
    try await session.type("help")
    try await session.press("Enter")
    try await session.waitUntil("help still working") { lines in
      output(after: "help", in: lines).joined().contains("quit")
    }
    #expect(try await !session.screen().contains { $0.hasPrefix("EXIT=") })
  }

  @Test func afterAStopAndContinueThePromptAndTheLineAreRedrawn() async throws {
    let session = try await startSession()
    defer { session.close() }

    try await session.type("open pika")
    try await session.waitUntil("the line typed") { $0.lastText.hasSuffix("> open pika") }
    let pid = try session.programID()
    kill(pid, SIGSTOP)
    try await session.waitUntil("stopped") { _ in
      (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))?
        .split(separator: ")").last?.trimmingCharacters(in: .whitespaces).hasPrefix("T") == true
    }
    try await session.wipeScreen()
    try await session.waitUntil("the screen wiped") { $0.lastText.isEmpty }
    kill(pid, SIGCONT)
    try await session.waitUntil("the prompt and the line drawn again") {
      $0.lastText.hasSuffix("]> open pika")
    }
    try await session.type("chu")
    try await session.press("Enter")
    try await session.waitUntil("the line still edited, and run") { lines in
      lines.contains { $0.hasSuffix("]> open pikachu") } && lines.showsEmptyPrompt
    }
  }

  @Test func ctrlZWhereNoShellCanStopItLeavesTheLineWorking() async throws {
    let session = try await startSession()
    defer { session.close() }

    // Under `sh -c` no job control stops the process: it must come back in edit mode.
    try await session.type("hel")
    try await session.waitUntil("the line typed") { $0.lastText.hasSuffix("> hel") }
    try await session.press("C-z")
    try await session.type("p")
    try await session.press("Enter")
    try await session.waitUntil("help working") { lines in
      output(after: "help", in: lines).joined().contains("quit") && lines.showsEmptyPrompt
    }
  }

  @Test func ctrlDExitsWithStatusZeroAndRestoresTheTerminal() async throws {
    let session = try await startSession()
    defer { session.close() }

    try await session.type("wörld")
    try await session.press("C-u")
    try await session.press("C-d")
    try await session.waitUntil("the exit status and terminal settings") { lines in
      lines.contains("EXIT=0") && lines.contains { $0.contains("icanon") }
    }
    let settings = try await session.screen().joined(separator: " ").split(separator: " ")
    #expect(settings.contains("icanon"))
    #expect(settings.contains("echo"))
    #expect(settings.contains("isig"))
    #expect(settings.contains("icrnl"))
    #expect(!settings.contains("-icanon"))
    #expect(!settings.contains("-echo"))
  }

  @Test func quitExitsWithStatusZeroAndRestoresTheTerminal() async throws {
    let session = try await startSession()
    defer { session.close() }

    try await session.type("quit")
    try await session.press("Enter")
    try await session.waitUntil("the exit status and terminal settings") { lines in
      lines.contains("EXIT=0") && lines.contains { $0.contains("icanon") }
    }
    let settings = try await session.screen().joined(separator: " ").split(separator: " ")
    #expect(settings.contains("icanon") && settings.contains("echo"))
  }
}
