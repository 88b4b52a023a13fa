import Glibc
import Testing

@testable import Terminal

@Suite("Suggestions, prefix recall and history search")
struct AssistTests {
  let history = ["open 25", "filter genderless", "open eevee", "evolution", "filter male"]

  @Test func theNewestHistoryLineStartingWithTheTextIsSuggested() {
    #expect(Assist.historySuggestion(for: "open", in: history) == " eevee")
    #expect(Assist.historySuggestion(for: "filter g", in: history) == "enderless")
    #expect(Assist.historySuggestion(for: "filter male", in: history) == nil)  // nothing more
    #expect(Assist.historySuggestion(for: "", in: history) == nil)
    #expect(Assist.historySuggestion(for: "  ", in: history) == nil)
    #expect(Assist.historySuggestion(for: "zzz", in: history) == nil)
  }

  @Test func linesNotWorthSuggestingAreSkippedForOlderOnes() {
    let entries = ["open eevee", "open charzard"]
    #expect(
      Assist.historySuggestion(for: "open ", in: entries) { $0 != "open charzard" } == "eevee")
    #expect(Assist.historySuggestion(for: "open c", in: entries) { $0 != "open charzard" } == nil)
  }

  @Test func aSingleCompletionIsSuggestedInTheCaseOfTheCandidate() {
    #expect(
      Assist.completionSuggestion(for: "open pikac", .items([CompletionItem("pikachu")])) == "hu")
    #expect(
      Assist.completionSuggestion(for: "open PIKAC", .items([CompletionItem("pikachu")])) == "hu")
    let two = CompletionResult.items([CompletionItem("pichu"), CompletionItem("pikachu")])
    #expect(Assist.completionSuggestion(for: "open pi", two) == nil)
    let destructive = CompletionResult.items([CompletionItem("clear", insertable: false)])
    #expect(Assist.completionSuggestion(for: "cache cl", destructive) == nil)
    #expect(Assist.completionSuggestion(for: "open ", .items([CompletionItem("pikachu")])) == nil)
    #expect(Assist.completionSuggestion(for: "open pi", .message("loading")) == nil)
  }

  @Test func altRightTakesOneWord() {
    #expect(Assist.firstWord(of: "en eevee") == "en")
    #expect(Assist.firstWord(of: " eevee now") == " eevee")
    #expect(Assist.firstWord(of: "") == "")
  }

  @Test func suggestionsAreCutToTheRoomLeft() {
    _ = setlocale(LC_CTYPE, "C.UTF-8")  // as the editor sets it: wide characters take 2 columns
    #expect(Assist.truncated("genderless", toColumns: 4) == "gend")
    #expect(Assist.truncated("ポケモン", toColumns: 5) == "ポケ")
    #expect(Assist.truncated("x", toColumns: 0) == "")
  }

  @Test func upWalksTheLinesStartingWithThePrefixAndDownComesBack() {
    var walk = HistoryWalk(from: "filter", count: history.count)
    var moved = walk.older(in: history)
    #expect(moved)
    #expect(walk.shown == "filter male")
    moved = walk.older(in: history)
    #expect(moved)
    #expect(walk.shown == "filter genderless")
    moved = walk.older(in: history)
    #expect(!moved)
    #expect(walk.shown == "filter genderless")
    moved = walk.newer(in: history)
    #expect(moved)
    #expect(walk.shown == "filter male")
    moved = walk.newer(in: history)
    #expect(moved)
    #expect(walk.shown == "filter")
    moved = walk.newer(in: history)
    #expect(!moved)
  }

  @Test func anEmptyLineWalksTheWholeHistorySkippingRepeats() {
    let entries = ["help", "list", "list", "help"]
    var walk = HistoryWalk(from: "", count: entries.count)
    var moved = walk.older(in: entries)
    #expect(moved)
    #expect(walk.shown == "help")
    moved = walk.older(in: entries)
    #expect(moved)
    #expect(walk.shown == "list")
    moved = walk.older(in: entries)
    #expect(moved)
    #expect(walk.shown == "help")
  }

  @Test func ctrlRFindsTheNewestMatchThenOlderOnes() {
    var search = HistorySearch()
    search.query = "GEN"
    var moved = search.find(in: history)
    #expect(moved)
    #expect(search.match == 1)
    search.query = "open"
    moved = search.find(in: history)
    #expect(moved)
    #expect(search.match == 2)
    moved = search.find(in: history, before: 2)
    #expect(moved)
    #expect(search.match == 0)
    moved = search.find(in: history, before: 0)
    #expect(!moved)
    #expect(search.match == 0, "the last match stays")
    search.query = "zzz"
    moved = search.find(in: history)
    #expect(!moved)
    #expect(search.match == nil)
  }

  @Test func theSearchPromptSaysWhatIsSearchedAndWhetherItMatched() {
    var search = HistorySearch()
    search.query = "gen"
    #expect(search.prompt(found: true, decorated: false) == "(history) gen → ")
    #expect(search.prompt(found: false, decorated: false) == "(history, no match) gen → ")
    #expect(search.prompt(found: true, decorated: true).contains("\u{1B}[2m(history)"))
  }
}
