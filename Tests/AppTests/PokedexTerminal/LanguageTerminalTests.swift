import Foundation
import Models
import Testing

/// pokedex in Japanese and Korean in a real 80×24 terminal, measured in terminal columns.
@Suite(
  "pokedex in Japanese and Korean in a terminal", .serialized,
  .enabled(
    if: PokedexBinary.url != nil && PokedexBinary.tmuxAvailable,
    "needs the pokedex binary (swift build) next to the test bundle, and tmux"))
struct LanguageTerminalTests {
  /// The column (from 0) where `text` starts on `line`, counting wide characters as two.
  func column(of text: String, in line: String) -> Int? {
    guard let range = line.range(of: text, options: .backwards) else { return nil }
    return DisplayWidth.of(line[..<range.lowerBound])
  }

  func start(_ language: String, api: StubAPI) async throws -> TerminalSession {
    let session = try TerminalSession(binary: try #require(PokedexBinary.url))
    try session.start(
      port: api.port, columns: 80, rows: 24, extra: ["POKEDEX_LANG=\(language)", "PAGER="])
    try await session.waitUntil("the prompt") { $0.showsEmptyPrompt }
    return session
  }

  @Test func japaneseDetailsLineUpInColumnsAndTheNameCompletes() async throws {
    let api = try await StubAPI.start()
    let session = try await start("ja", api: api)
    defer { session.close() }

    try await session.type("open ピ")
    let completed = try await session.pressTab(until: "the Japanese name completed") { lines in
      lines.contains { $0.hasSuffix("> open ピカチュウ") }
    }
    #expect(completed)
    try await session.press("Enter")
    try await session.waitUntil("the details in Japanese") { lines in
      lines.contains { $0.contains("ねずみポケモン") } && lines.showsEmptyPrompt
    }
    let lines = try await session.screen()
    #expect(lines.contains { $0.hasPrefix("ピカチュウ  #25") })
    // Every field's value starts at the same column, whatever the script of the value.
    for label in ["Type", "Height", "Weight", "Gender", "Abilities"] {
      let line = try #require(
        lines.first { $0.hasPrefix(label + " ") && !$0.contains("help") }, "\(label)")
      let value = String(line.dropFirst(label.count).drop { $0 == " " })
      #expect(column(of: value, in: line) == 10, "\(line)")
    }
    #expect(lines.contains { $0.hasPrefix("Type ") && $0.contains("でんき") })
    // The Pokédex text wraps within the 80 columns, not early: its first line fills them.
    let text = lines.filter { $0.contains("ほっぺた") || $0.contains("ほうでん") }
    #expect(!text.isEmpty)
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= 80 })
    #expect(text.first.map { DisplayWidth.of($0) > 60 } == true)
    // The prompt names it in Japanese, and a line typed after it is not garbled.
    try await session.type("info")
    try await session.waitUntil("the typed line after the Japanese prompt") { lines in
      lines.last { !$0.isEmpty }?.hasSuffix("#25 ピカチュウ]> info") == true
    }
  }

  /// `lang ja` with a species open: the prompt names it in Japanese as soon as its own answer
  /// gives the name, while (or whether) every species' names load, not at the next command
  /// (issue 50: `#6 Charizard` stayed after `lang fr`).
  @Test func afterLangThePromptNamesTheOpenSpeciesInTheLanguage() async throws {
    let api = try await StubAPI.start()
    defer { Task { await api.stop() } }
    let session = try TerminalSession(binary: try #require(PokedexBinary.url))
    try session.start(port: api.port, columns: 80, rows: 24, extra: ["PAGER="])
    defer { session.close() }
    try await session.waitUntil("the prompt") { $0.showsEmptyPrompt }
    try await session.type("open 25")
    try await session.press("Enter")
    try await session.waitUntil("Pikachu open") { lines in
      lines.last { !$0.isEmpty }?.hasSuffix("#25 Pikachu]>") == true
    }
    try await session.type("lang ja")
    try await session.press("Enter")
    try await session.waitUntil("the prompt in Japanese without another command") { lines in
      lines.last { !$0.isEmpty }?.hasSuffix("#25 ピカチュウ]>") == true
    }
  }

  @Test func inKoreanTheListAndTheLanguageTableLineUp() async throws {
    let api = try await StubAPI.start()
    let session = try await start("ko", api: api)
    defer { session.close() }

    try await session.type("open 피카츄")
    try await session.press("Enter")
    try await session.waitUntil("the details in Korean") { lines in
      lines.contains { $0.contains("쥐포켓몬") } && lines.showsEmptyPrompt
    }
    let lines = try await session.screen()
    #expect(lines.contains { $0.hasPrefix("피카츄  #25") })
    #expect(lines.contains { $0.hasPrefix("Type ") && $0.contains("전기") })
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= 80 })

    try await session.type("lang")
    try await session.press("Enter")
    try await session.waitUntil("the languages") { lines in
      lines.contains { $0.contains("한국어") } && lines.showsEmptyPrompt
    }
    // The native names start at one column, whatever the width of the English ones.
    let screen = try await session.screen()
    var columns: [String: Int] = [:]
    for language in Language.all {
      guard
        let line = screen.first(where: {
          $0.dropFirst(2).hasPrefix(language.code + " ") && $0.hasSuffix(language.nativeName)
        })
      else { continue }
      columns[language.code] = column(of: language.nativeName, in: line)
    }
    #expect(columns.count == Language.all.count, "\(screen.joined(separator: "\n"))")
    #expect(Set(columns.values).count == 1, "\(columns)")
    #expect(screen.contains { $0.hasPrefix("▶ ko ") })
  }
}
