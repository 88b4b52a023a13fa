import Foundation
import Models
import Presentation
import Session
import Testing

@Suite("The prompt shows the session")
struct PromptTests {
  @Test func freshSession() {
    #expect(SessionState().prompt == "pokedex [all · page 1/…]> ")
  }

  @Test func filteredPageWithASelection() {
    let state = SessionState(
      listPage: 3, listPageCount: 42, filter: .female,
      selected: SpeciesSummary(id: 122, name: "mr-mime"))
    #expect(state.prompt == "pokedex [female · page 3/42 · #122 Mr-Mime]> ")
  }
}
