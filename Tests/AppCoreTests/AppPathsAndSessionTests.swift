import AppCore
import Foundation
import Models
import Testing

@Suite("Files follow the XDG base directories")
struct AppPathsTests {
  @Test func defaultsLiveUnderHome() {
    let paths = AppPaths(environment: ["HOME": "/home/ash"])
    #expect(paths.historyFile.path == "/home/ash/.local/state/pokedex/history")
    #expect(paths.cache.path == "/home/ash/.cache/pokedex")
    #expect(paths.spritesDirectory.path == "/home/ash/.local/share/pokedex/sprites")
    #expect(paths.config.path == "/home/ash/.config/pokedex")
  }

  @Test func xdgVariablesWinAndRelativeOnesAreIgnored() {
    let paths = AppPaths(environment: [
      "HOME": "/home/ash", "XDG_STATE_HOME": "/tmp/state", "XDG_CACHE_HOME": "relative/cache",
    ])
    #expect(paths.analyticsFile.path == "/tmp/state/pokedex/analytics.jsonl")
    #expect(paths.cache.path == "/home/ash/.cache/pokedex")
  }
}

@Suite("The prompt shows the session")
struct PromptTests {
  @Test func freshSession() {
    #expect(SessionState().prompt == "pokedex [all · page 1/…]> ")
  }

  @Test func filteredPageWithASelection() {
    let state = SessionState(
      page: 3, pageCount: 42, filter: .female, selected: SpeciesSummary(id: 122, name: "mr-mime"))
    #expect(state.prompt == "pokedex [female · page 3/42 · #122 Mr-Mime]> ")
  }
}
