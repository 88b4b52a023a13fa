import Testing

@testable import Terminal

@Suite("Prompt text")
struct PromptTextTests {
  @Test func escapeSequencesAreMarkedInvisibleForLibEdit() {
    let prompt = "\u{1B}[1;32mpokedex\u{1B}[0m [#133 Eevee]> "
    #expect(
      PromptText.forLibEdit(prompt)
        == "\u{1}\u{1B}[1;32m\u{1}pokedex\u{1}\u{1B}[0m\u{1} [#133 Eevee]> ")
  }

  @Test func plainPromptsHaveNoEscapeSequences() {
    let prompt = "\u{1B}]0;title\u{7}\u{1B}[31mpokédex\u{1B}[0m\u{1}> "
    #expect(PromptText.plain(prompt) == "pokédex> ")
  }

  @Test func promptsWithoutEscapesStayAsTheyAre() {
    #expect(
      PromptText.forLibEdit("pokedex [female · page 3/42]> ") == "pokedex [female · page 3/42]> ")
  }
}
