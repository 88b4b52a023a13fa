import Terminal
import Testing

@Suite("Messages fitted to the terminal")
struct ConsoleFittingTests {
  @Test func longMessagesBreakBetweenWordsUnderTheMark() {
    let message =
      "✗ Could not reach pokeapi.co: the connection was refused. Is POKEDEX_API_URL pointing at a mirror that is running?"
    let fitted = Console.fitted(message, columns: 40)
    let lines = fitted.split(separator: "\n").map(String.init)
    #expect(lines.count > 1)
    #expect(lines.allSatisfy { $0.count <= 40 })
    // No word is cut: the words are the message's, in order.
    #expect(
      fitted.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        == message)
    // Continuation lines start under the first word, after the mark.
    #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("  ") && !$0.hasPrefix("   ") })
  }

  @Test func escapeCodesTakeNoColumnsAndShortLinesStay() {
    let red = "\u{1B}[31m✗ \u{1B}[0m"
    #expect(Console.fitted(red + "Not found.", columns: 20) == red + "Not found.")
    let long = red + String(repeating: "word ", count: 10).trimmingCharacters(in: .whitespaces)
    let lines = Console.fitted(long, columns: 20).split(separator: "\n")
    #expect(lines.count == 4)  // 3 + 3 + 3 + 1 words, at most 20 columns each
    #expect(lines[0] == red + "word word word")
  }

  @Test func aWordWiderThanTheLineStaysWhole() {
    let word = String(repeating: "x", count: 50)
    #expect(Console.fitted("a \(word) b", columns: 20) == "a\n  \(word)\n  b")
  }
}
