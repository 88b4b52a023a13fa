import Foundation
import Testing

/// `find` in a real 80×24 terminal over the stub API (Pikachu is the one species it serves
/// whole): a term completed field then value, the rows, `open` on one and `back` to them.
@Suite(
  "find in a terminal", .serialized,
  .enabled(
    if: PokedexBinary.url != nil && PokedexBinary.tmuxAvailable,
    "needs the pokedex binary (swift build) next to the test bundle, and tmux"))
struct FindTerminalTests: TerminalTests {
  @Test func aTermCompletesItsFieldThenItsValueAndTheRowsOpenAndComeBack() async throws {
    let api = try await StubAPI.start()
    let session = try TerminalSession(binary: try #require(PokedexBinary.url))
    defer { session.close() }
    try session.start(port: api.port, columns: 80, rows: 24, extra: ["PAGER="])
    try await session.waitUntil("the prompt") { $0.showsEmptyPrompt }

    // The field, with its `:` and no space after it; then the value, from the types' names.
    try await session.type("find ty")
    try await session.press("Tab")
    try await session.waitUntil("`ty` completed to `type:`") {
      $0.lastText.hasSuffix("> find type:")
    }
    try await session.type("el")
    let completed = try await session.pressTab(until: "the type completed") { lines in
      lines.lastText.hasSuffix("> find type:electric")
    }
    #expect(completed)
    try await session.press("Enter")
    try await session.waitUntil("the rows found") { lines in
      let shown = output(after: "find type:electric", in: lines).joined(separator: "\n")
      return shown.contains("Find Pokémon · 1 found") && shown.contains("Pikachu")
        && lines.showsEmptyPrompt
    }
    var lines = try await session.screen()
    let found = output(after: "find type:electric", in: lines)
    #expect(
      found.contains { $0.contains("25") && $0.contains("Pikachu") && $0.contains("Electric") })
    // The server has one species of the six it lists whole: the page says how much it holds.
    #expect(found.contains { $0.contains("the 1 species the server has (of 6)") })
    // The query is on the prompt's trail (cut to fit half the width).
    #expect(lines.lastText.contains("· find"))

    try await session.type("next")
    try await session.press("Enter")
    try await session.waitUntil("already on the last page") { lines in
      output(after: "next", in: lines).joined().contains("last page") && lines.showsEmptyPrompt
    }
    try await session.type("open 25")
    try await session.press("Enter")
    try await session.waitUntil("Pikachu's page") { lines in
      output(after: "open 25", in: lines).joined().contains("Mouse Pokémon")
        && lines.showsEmptyPrompt
    }
    try await session.type("back")
    try await session.press("Enter")
    try await session.waitUntil("the rows again") { lines in
      output(after: "back", in: lines).joined().contains("Find Pokémon · 1 found")
        && lines.showsEmptyPrompt
    }
    // A term that cannot be read is one line, and the session goes on.
    try await session.type("find spe>fast")
    try await session.press("Enter")
    try await session.waitUntil("one line saying what is wrong") { lines in
      output(after: "find spe>fast", in: lines).joined().contains("compares spe with a number")
        && lines.showsEmptyPrompt
    }
    lines = try await session.screen()
    let said = output(after: "find spe>fast", in: lines).filter {
      !$0.isEmpty && !$0.contains("]>")
    }
    #expect(said.count == 1)
  }
}
