import Foundation
import Testing

/// What a user sees while pokedex waits: the status line, type-ahead, notices from the
/// background, completion coming back with the network. A stub API on loopback is slowed down
/// per path.
@Suite(
  "pokedex waiting in a terminal", .serialized,
  .enabled(
    if: PokedexBinary.url != nil && PokedexBinary.tmuxAvailable,
    "needs the pokedex binary (swift build) next to the test bundle, and tmux"))
struct WaitingTerminalTests: TerminalTests {
  /// Types `open 25` and waits for the status line that says it waits for the (slow) server.
  func openPikachuWaiting(in session: TerminalSession) async throws {
    try await session.type("open 25")
    try await session.press("Enter")
    try await session.waitUntil("the status line") { lines in
      lines.contains { $0.contains("Fetching species #25") }
    }
  }
}

extension WaitingTerminalTests {
  @Test func aSlowRequestShowsAStatusLineThatIsGoneAfterTheResult() async throws {
    let api = try await StubAPI.start()
    defer { Task { await api.stop() } }
    api.slow("pokemon-species/25", by: .seconds(2))
    let session = try await startSession(port: api.port)
    defer { session.close() }

    try await session.type("open 25")
    try await session.press("Enter")
    try await session.waitUntil("the status line naming what it waits for") { lines in
      lines.contains { $0.contains("Fetching species #25") && $0.contains("Ctrl-C cancels") }
    }
    try await session.waitUntil("the details, then a prompt") { lines in
      lines.contains { $0.hasPrefix("Pikachu  #25") } && lines.showsEmptyPrompt
    }
    #expect(try await !session.screen().contains { $0.contains("Fetching") })
  }

  @Test func keysTypedDuringACommandWaitForTheNextPrompt() async throws {
    let api = try await StubAPI.start()
    defer { Task { await api.stop() } }
    api.slow("pokemon-species/25", by: .seconds(2))
    api.setMaxAge(0)  // every command asks the (slow) server again
    let session = try await startSession(port: api.port)
    defer { session.close() }

    try await openPikachuWaiting(in: session)
    try await session.type("info")
    try await session.waitUntil("the details, and `info` in the next prompt's line") { lines in
      lines.contains { $0.contains("Pikachu") } && lines.lastText.hasSuffix("> info")
    }
    var screen = try await session.screen()
    let title = try #require(screen.first { $0.contains("#25") && !$0.contains(">") })
    #expect(title.hasPrefix("Pikachu  #25"), "typed keys leaked into the output: \(title)")
    #expect(screen.filter { $0.contains("info") }.allSatisfy { $0.hasSuffix("> info") })
    // The line is editable: Ctrl-U clears it, as for anything typed at the prompt.
    try await session.press("C-u")
    try await session.waitUntil("an empty prompt") { $0.showsEmptyPrompt }

    // A whole line typed ahead, Enter included, runs at the next prompt, and is not echoed
    // into the output of the command it was typed during.
    try await openPikachuWaiting(in: session)
    try await session.type("evo")
    try await session.press("Enter")
    try await session.waitUntil("evo run from the type-ahead") { lines in
      lines.contains { $0.hasSuffix("> evo") } && lines.contains("It does not evolve.")
        && lines.showsEmptyPrompt
    }
    screen = try await session.screen()
    let echoed = screen.filter { $0.hasSuffix("evo") && !$0.hasSuffix("> evo") }
    #expect(echoed.isEmpty, "typed keys echoed into the output: \(echoed)")
  }

  @Test func completionComesBackWhenTheServerComesUp() async throws {
    let api = try await StubAPI.notListening()
    defer { Task { await api.stop() } }
    let session = try await startSession(port: api.port)
    defer { session.close() }
    try await session.type("list")
    try await session.press("Enter")
    try await session.waitUntil("list failing while the server is down") { lines in
      lines.contains { $0.contains("cannot be reached") } && lines.showsEmptyPrompt
    }

    try await api.listen()
    try await session.type("list")
    try await session.press("Enter")
    try await session.waitUntil("the list") { lines in
      lines.contains { $0.contains("Pikachu") } && lines.showsEmptyPrompt
    }
    try await session.type("open pikac")
    // The names load in the background after the list: Tab again, as a user would, until then.
    let completed = try await session.pressTab(until: "`pikac` completed to `pikachu`") {
      $0.lastText.hasSuffix("> open pikachu")
    }
    let screen = try await session.screen().joined(separator: "\n")
    #expect(completed, "\(screen)")
  }
}

extension WaitingTerminalTests {
  @Test func ctrlBackslashDoesWhatCtrlCDoesAndNeverCrashes() async throws {
    let api = try await StubAPI.start()
    defer { Task { await api.stop() } }
    api.slow("pokemon-species/25", by: .seconds(30))
    let session = try await startSession(port: api.port)
    defer { session.close() }

    try await session.type("hist")
    // As a user does: Ctrl-\ once the line is on screen (a signal overtakes keys still queued).
    try await session.waitUntil("the line typed") { $0.lastText.hasSuffix("> hist") }
    try await session.press("C-\\")
    try await session.waitUntil("the half-typed line dropped") { lines in
      lines.contains { $0.hasSuffix("> hist^C") } && lines.showsEmptyPrompt
    }
    try await openPikachuWaiting(in: session)
    try await session.press("C-\\")
    try await session.waitUntil("the command cancelled, and a prompt") { lines in
      lines.contains("✗ Cancelled.") && lines.showsEmptyPrompt
    }
    let screen = try await session.screen()
    #expect(!screen.contains { $0.contains("crashed") || $0.hasPrefix("EXIT=") })
  }
}

extension WaitingTerminalTests {
  /// Launched while the network stalls, the session's loads at launch (names, forms, the first
  /// contact's probe) wait for answers that do not come. A command cancelled meanwhile, then
  /// typed again once the network is back, is answered at once: it waited 10 s for the stalled
  /// requests to time out when they held every slot of the HTTP bound, and when it needed the
  /// index of names they were loading (issue 50).
  @Test func aCommandNeverWaitsBehindStalledBackgroundRequests() async throws {
    let api = try await StubAPI.start()
    defer { Task { await api.stop() } }
    api.slow("/", by: .seconds(60))
    let session = try await startSession(port: api.port)
    defer { session.close() }

    try await openPikachuWaiting(in: session)
    try await session.press("C-c")
    try await session.waitUntil("the command cancelled, and a prompt") { lines in
      lines.contains("✗ Cancelled.") && lines.showsEmptyPrompt
    }
    // The loads at launch have waited longer than a command waits for them (2 s).
    try await Task.sleep(for: .seconds(2))
    api.recover()
    let clock = ContinuousClock()
    let typed = clock.now
    // By name: the species' index, which the launch's stalled load was asking for too.
    try await session.type("open pikachu")
    try await session.press("Enter")
    try await session.waitUntil("the details") { lines in
      lines.contains { $0.hasPrefix("Pikachu  #25") } && lines.showsEmptyPrompt
    }
    // Within a second of the network's return, and three for a busy test machine: 10 s before.
    let waited = clock.now - typed
    #expect(waited < .seconds(3), "open pikachu took \(waited) once the network was back")
    let screen = try await session.screen()
    #expect(!screen.contains { $0.contains("does not answer") }, "\(screen)")
  }

  @Test func aSlowSyncShowsTimePassingAndCtrlCSaysWhatWasStored() async throws {
    let api = try await StubAPI.start()
    defer { Task { await api.stop() } }
    api.slow("pokemon-species/25", by: .seconds(30))
    let session = try await startSession(port: api.port)
    defer { session.close() }

    try await session.type("sync 25")
    try await session.press("Enter")
    // No species has finished, yet the line shows the time running (and a spinner turning).
    var seen: Set<String> = []
    try await session.waitUntil("the progress bar's time running") { lines in
      if let bar = lines.first(where: { $0.contains("Syncing") && $0.contains("0/1") }) {
        seen.insert(bar)
      }
      return seen.contains { $0.contains(" 1.") } && seen.count >= 3
    }
    #expect(seen.allSatisfy { $0.contains(" s · Ctrl-C cancels") }, "\(seen)")
    try await session.press("C-c")
    try await session.waitUntil("the cancelled sync says what it stored, and a prompt") { lines in
      lines.contains("✗ Cancelled before any species was stored.") && lines.showsEmptyPrompt
    }
  }
}
