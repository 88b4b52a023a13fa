import APIClient
import Foundation
import Locking
import Terminal
import Testing

@testable import Session

@Suite("The line typed at the prompt, the pager's threshold, the first contact")
struct LineLanguageTests {
  @Test func semicolonsSplitAPromptLineAsTheyDoAScript() {
    #expect(SessionLoop.commands(in: "open 500; evo") == ["open 500", "evo"])
    #expect(SessionLoop.commands(in: "help") == ["help"])
    #expect(SessionLoop.commands(in: " ; ") == [" ; "])
    #expect(SessionLoop.commands(in: "# a comment; quit") == ["# a comment; quit"])
  }

  @Test func outputIsPagedOnlyWhenTallerThanTheTerminal() {
    let twentyThree = Array(repeating: "row", count: 23).joined(separator: "\n")
    #expect(!Pager.isTaller(twentyThree, columns: 80, rows: 24))
    #expect(Pager.isTaller(twentyThree + "\nrow", columns: 80, rows: 24))
    // Long lines wrap; colours take no room.
    #expect(Pager.isTaller(String(repeating: "x", count: 80 * 23 + 1), columns: 80, rows: 24))
    let coloured = "\u{1B}[1;33m" + String(repeating: "x", count: 80) + "\u{1B}[0m"
    #expect(
      !Pager.isTaller(
        Array(repeating: coloured, count: 23).joined(separator: "\n"), columns: 80, rows: 24))
  }

  @Test func thePagerComesFromTheEnvironment() throws {
    let terminfo = FileManager.default.temporaryDirectory.appendingPathComponent(
      "terminfo-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: terminfo) }
    // A description by its hex directory (`78` for `x`), as ncurses writes them on macOS.
    try FileManager.default.createDirectory(
      at: terminfo.appendingPathComponent("78"), withIntermediateDirectories: true)
    try Data().write(to: terminfo.appendingPathComponent("78/xterm-test"))
    let described = ["TERM": "xterm-test", "TERMINFO": terminfo.path, "HOME": "/nonexistent"]
    #expect(Pager.hasDescription(environment: described))
    #expect(
      Pager(environment: described.merging(["PAGER": "most -s"]) { $1 }).command
        == ["most", "-s"])
    #expect(Pager(environment: described.merging(["PAGER": ""]) { $1 }).command == nil)
    #expect(Pager(environment: described.merging(["PATH": "/nonexistent"]) { $1 }).command == nil)
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/less") {
      #expect(Pager(environment: described.merging(["PATH": "/usr/bin"]) { $1 }).command != nil)
    }
    // A terminal without a description (kitty's over ssh), or dumb: the built-in pager, as
    // less would stop at "WARNING: terminal is not fully functional" and eat a key.
    for term in ["xterm-nowhere", "dumb", ""] {
      let bare = ["TERM": term, "TERMINFO": terminfo.path, "HOME": "/nonexistent"]
      #expect(!Pager.hasDescription(environment: bare))
      #expect(Pager(environment: bare.merging(["PAGER": "less"]) { $1 }).command == nil)
      #expect(Pager(environment: bare.merging(["PATH": "/usr/bin"]) { $1 }).command == nil)
    }
  }

  @Test func theFirstContactLineSaysWhatStillWorks() {
    let line = FirstContact.message(
      apiURL: "https://pokeapi.co/api/v2", cachedSpecies: 151, error: .offline)
    #expect(
      line
        == "https://pokeapi.co/api/v2 cannot be reached. 151 species are cached: --offline uses "
        + "only the cache, --api-url URL points at a mirror, and \"sync 1-151\" while online "
        + "prepares a demo.")
    #expect(
      FirstContact.message(apiURL: "http://x", cachedSpecies: 0, error: .timedOut)
        .hasPrefix("http://x does not answer. Nothing is cached yet:"))
  }

  @Test func theFirstContactSaysNothingWhenTheAPIAnswers() async {
    let said = Said()
    let reachable = FirstContact(
      apiURL: "http://x", reach: { nil }, cachedSpecies: { 0 }, say: { said.append($0) })
    await reachable.check()
    let notFound = FirstContact(
      apiURL: "http://x", reach: { .notFound(resource: "x") }, cachedSpecies: { 0 },
      say: { said.append($0) })
    await notFound.check()
    #expect(said.lines.isEmpty)
    let offline = FirstContact(
      apiURL: "http://x", reach: { .offline }, cachedSpecies: { 3 }, say: { said.append($0) })
    await offline.check()
    #expect(said.lines.count == 1 && said.lines[0].contains("3 species are cached"))
  }
}

private final class Said: Sendable {
  private let storage = Locked<[String]>([])
  var lines: [String] { storage.withLock { $0 } }
  func append(_ line: String) { storage.withLock { $0.append(line) } }
}
