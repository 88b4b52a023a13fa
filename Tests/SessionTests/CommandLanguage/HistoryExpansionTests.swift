import CommandLanguage
import Testing

@Suite("!N and !! at the prompt")
struct HistoryExpansionTests {
  let history = ["open 25", "evolution", "filter male", "page 3"]

  @Test func bangBangIsTheLastLine() {
    #expect(HistoryExpansion.expand("!!", history: history) == .expanded("page 3"))
    #expect(HistoryExpansion.expand("  !!  ", history: history) == .expanded("page 3"))
  }

  @Test func bangNIsLineNAsHistoryNumbersIt() {
    #expect(HistoryExpansion.expand("!1", history: history) == .expanded("open 25"))
    #expect(HistoryExpansion.expand("!-2", history: history) == .expanded("filter male"))
  }

  @Test func bangTextIsTheLastLineStartingWithIt() {
    #expect(HistoryExpansion.expand("!ev", history: history) == .expanded("evolution"))
    #expect(HistoryExpansion.expand("!o", history: history) == .expanded("open 25"))
  }

  @Test func wordsAfterTheRecallAreKept() {
    #expect(HistoryExpansion.expand("!1 extra", history: history) == .expanded("open 25 extra"))
  }

  @Test func aLineNamedNowhereFails() {
    guard case .failure(let failure) = HistoryExpansion.expand("!9", history: history) else {
      Issue.record("expected a failure")
      return
    }
    #expect(failure.message == "No history line \"!9\" (\"history\" lists them).")
    #expect(HistoryExpansion.expand("!!", history: []) != .unchanged)
    #expect(HistoryExpansion.expand("!zzz", history: history) != .unchanged)
  }

  @Test func otherLinesAreLeftAlone() {
    #expect(HistoryExpansion.expand("open 25", history: history) == .unchanged)
    #expect(HistoryExpansion.expand("!", history: history) == .unchanged)
    #expect(HistoryExpansion.expand("search !", history: history) == .unchanged)
    #expect(HistoryExpansion.expand("! open", history: history) == .unchanged, "as bash")
  }
}
