import Testing

@testable import Terminal

/// Candidates without notes.
private func items(_ words: String...) -> [CompletionItem] {
  words.map { CompletionItem($0) }
}

@Suite("Tab completion logic")
struct EditorCompletionTests {
  @Test func oneCandidateCompletesTheWordAndAddsASpace() {
    let edit = Completion.edit(line: "he", candidates: items("help"))
    #expect(edit == CompletionEdit(deleteCount: 0, insertion: "lp ", listing: []))
  }

  @Test func oneCandidateInAnotherCaseReplacesTheWord() {
    let edit = Completion.edit(line: "open EEV", candidates: items("eevee"))
    #expect(edit == CompletionEdit(deleteCount: 3, insertion: "eevee ", listing: []))
  }

  @Test func aNonAsciiWordIsDeletedByScalars() {
    let edit = Completion.edit(line: "open flabé", candidates: items("Flabébé"))
    #expect(edit == CompletionEdit(deleteCount: 5, insertion: "Flabébé ", listing: []))
  }

  @Test func severalCandidatesInsertTheirCommonPrefixFirst() {
    let edit = Completion.edit(
      line: "open pid", candidates: items("pidgey", "pidgeotto", "pidgeot"))
    #expect(edit == CompletionEdit(deleteCount: 0, insertion: "ge", listing: []))
  }

  @Test func listingsShowNotesAligned() {
    let candidates = [
      CompletionItem("pichu", note: "#172  Electric"), CompletionItem("pikachu", note: "#25"),
    ]
    let edit = Completion.edit(line: "open pi", candidates: candidates)
    #expect(edit?.listing == ["pichu    #172  Electric", "pikachu  #25"])
  }

  @Test func aDestructiveCandidateIsOnlyListed() {
    let edit = Completion.edit(
      line: "cache ",
      candidates: [CompletionItem("clear", note: "(type it out)", insertable: false)])
    #expect(
      edit == CompletionEdit(deleteCount: 0, insertion: "", listing: ["clear  (type it out)"]))
  }

  @Test func severalCandidatesWithoutLongerPrefixAreOnlyListed() {
    let edit = Completion.edit(line: "open pi", candidates: items("pikachu", "pichu", "pichu"))
    #expect(edit == CompletionEdit(deleteCount: 0, insertion: "", listing: ["pikachu", "pichu"]))
  }

  @Test func noCandidateMeansNothingToDo() {
    #expect(Completion.edit(line: "open zzz", candidates: []) == nil)
    #expect(Completion.edit(line: "open zzz", candidates: items("\u{1B}", "")) == nil)
  }

  @Test func controlCharactersFromTheNetworkAreRemoved() {
    let edit = Completion.edit(line: "open mr", candidates: items("mr-mime\u{1B}[2J\u{0C}"))
    #expect(edit == CompletionEdit(deleteCount: 0, insertion: "-mime ", listing: []))
  }

  @Test func theWordIsWhatFollowsTheLastSpace() {
    #expect(Completion.currentWord(of: "filter fem") == "fem")
    #expect(Completion.currentWord(of: "filter ") == "")
    #expect(Completion.currentWord(of: "he") == "he")
    #expect(Completion.currentWord(of: "list;op") == "op")
  }

  @Test func longestCommonPrefixComparesCharacters() {
    #expect(Completion.longestCommonPrefix(["help", "hello", "helm"]) == "hel")
    #expect(Completion.longestCommonPrefix(["flabébé", "flabé"]) == "flabé")
    #expect(Completion.longestCommonPrefix(["a", "b"]) == "")
    #expect(Completion.longestCommonPrefix([]) == "")
  }

  @Test func candidatesAreListedInColumnsDownThenAcross() {
    let lines = Completion.columns(["aa", "bbbb", "c", "dd", "e"], width: 20)
    // Column width 4 + 2 = 6, three columns, two rows.
    #expect(lines == ["aa    c     e", "bbbb  dd"])
    #expect(Completion.columns(["alpha", "beta"], width: 3) == ["alpha", "beta"])
    #expect(Completion.columns([], width: 80) == [])
  }

  @Test func wideNamesAreLaidOutByTheColumnsTheyTake() {
    // Names in Japanese take two columns a character: the columns still line up.
    let lines = Completion.columns(["ピカチュウ", "ライチュウ", "ピチュー", "pichu"], width: 30)
    #expect(lines == ["ピカチュウ  ピチュー", "ライチュウ  pichu"])
  }

  @Test func longListingsAreWholeAndAskedForFirst() {
    let names = (1...250).map { "name\($0)" }
    let lines = Completion.columns(names, width: 80)
    #expect(lines.joined().contains("name250"))
    #expect(lines.allSatisfy { $0.count <= 80 })
    #expect(Completion.question(count: 250) == "Display all 250 possibilities? (y or n)")
    #expect(Completion.queryThreshold == 100)
    #expect(Completion.answersYes("y") && Completion.answersYes(" "))
    #expect(!Completion.answersYes("n") && !Completion.answersYes("\u{1B}"))
    #expect(Completion.moreAnswer(" ") == .screen)
    #expect(Completion.moreAnswer("\r") == .line)
    #expect(Completion.moreAnswer("q") == .stop)
  }
}
