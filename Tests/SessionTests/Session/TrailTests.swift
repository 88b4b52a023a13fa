import APIClient
import CommandLanguage
import ListFeature
import Locking
import Models
import Pages
import Presentation
import TestSupport
import Testing

@testable import Session

/// Pages of every kind, from fixtures in the API's shape.
func pageDirectory() throws -> PageDirectory {
  func reference(_ path: String, _ name: String, _ id: Int) -> String {
    #"{"name":"\#(name)","url":"https://x.test/api/v2/\#(path)/\#(id)/"}"#
  }
  let client = try FixtureClient([
    "ability": [
      #"{"id":9,"name":"static","pokemon":[{"is_hidden":false,"pokemon":\#(reference("pokemon", "mon-25", 25))}]}"#
    ],
    "move": [#"{"id":7,"name":"fire-punch","type":\#(reference("type", "fire", 10))}"#],
    "type": [#"{"id":10,"name":"fire","damage_relations":{}}"#],
    "item": [#"{"id":234,"name":"leftovers"}"#],
    "nature": [#"{"id":5,"name":"timid"}"#],
  ])
  return PageDirectory(kinds: [
    AbilityFeature.kind(client: client), MoveFeature.kind(client: client),
    TypeFeature.kind(client: client), ItemFeature.kind(client: client),
    NatureFeature.kind(client: client),
  ])
}

extension CommandOutcome {
  var pageTitle: String? {
    if case .output(.page(let shown)) = self { return shown.page.title }
    return nil
  }
}

@Suite("The trail and back")
struct TrailTests {
  @Test func throughFiveKindsOfPageAndBackToTheListPageThatHoldsTheSpecies() async throws {
    let shell = makeShell(pages: try pageDirectory())
    _ = await shell.execute("list")
    _ = await shell.execute("open 25")
    for line in [
      "ability static", "move fire punch", "type fire", "item leftovers", "nature timid",
    ] {
      #expect(await shell.execute(line).pageTitle != nil, "\(line)")
    }
    #expect(await shell.prompt == "pokedex [all · page 1/3 · … › Fire › Leftovers › Timid]> ")

    for title in ["Leftovers", "Fire", "Fire Punch", "Static"] {
      #expect(await shell.execute("back").pageTitle == title)
    }
    #expect(await shell.prompt == "pokedex [all · page 1/3 · #25 Mon-25 › Static]> ")

    guard case .output(.detail(let detail, _)) = await shell.execute("back") else {
      Issue.record("back from the ability did not show the species")
      return
    }
    #expect(detail.id == 25)
    #expect(await shell.prompt == "pokedex [all · page 1/3 · #25 Mon-25]> ")

    // From the species: the list page that holds it (not page 1, where the walk began), marked.
    let list = await shell.execute("back").listPage
    #expect(list?.page == 2 && list?.marked == 25)
    #expect(await shell.state.selected == nil)
    #expect(await shell.prompt == "pokedex [all · page 2/3]> ")
    #expect(await shell.execute("back").failure == .nothingToGoBackTo)
  }

  @Test func backToAPageSelectsTheSpeciesItWasOpenedFrom() async throws {
    let shell = makeShell(pages: try pageDirectory())
    _ = await shell.execute("open 25")
    _ = await shell.execute("ability static")
    _ = await shell.execute("open 4")
    #expect(await shell.state.selected?.id == 4)
    #expect(await shell.execute("back").pageTitle == "Static")
    #expect(await shell.state.selected?.id == 25)
    #expect(await shell.prompt == "pokedex [all · page 1/… · #25 Mon-25 › Static]> ")
  }

  @Test func aPageCancelledByCtrlCDoesNotGoOnTheTrail() async throws {
    let shell = makeShell(pages: try pageDirectory())
    _ = await shell.execute("open 25")
    let before = await shell.state
    let task = Task { await shell.execute("ability static") }
    task.cancel()
    #expect(await task.value.failure == .cancelled)
    #expect(await shell.state == before)
  }

  @Test func thePromptNamesEveryFilter() {
    let state = SessionState(
      listPageCount: 2, filter: ListFilter(gender: .female, type: "water", generation: 1))
    #expect(state.prompt == "pokedex [water · gen 1 · female · page 1/2]> ")
  }

  @Test func longTitlesAreCutInThePrompt() {
    var state = SessionState(listPageCount: 52)
    state.visit(
      .page(PageAddress(kind: "ability", key: "x"), title: String(repeating: "Long ", count: 40)))
    #expect(state.prompt.count < 60)
    // Cut by whole words, one ellipsis.
    #expect(state.prompt.contains("Long Long Long Long…]"))
  }

  @Test func aSpeciesOpenedFirstGoesBackToItsListPage() async throws {
    let shell = makeShell(pages: try pageDirectory())
    _ = await shell.execute("open 45")
    let list = await shell.execute("back").listPage
    #expect(list?.page == 3 && list?.marked == 45)
  }

  @Test func listPagesMoveAlongRatherThanDeeper() async throws {
    let shell = makeShell(pages: try pageDirectory())
    _ = await shell.execute("list")
    _ = await shell.execute("next")
    _ = await shell.execute("ability static")
    let list = await shell.execute("back").listPage
    #expect(list?.page == 2 && list?.marked == nil)
    #expect(await shell.execute("back").failure == .nothingToGoBackTo)
  }

  @Test func aFailedPageLeavesTheTrailAsItWas() async throws {
    let shell = makeShell(pages: try pageDirectory())
    _ = await shell.execute("ability static")
    let before = await shell.state
    #expect(await shell.execute("ability zzzz").failure != nil)
    #expect(await shell.state == before)
  }

  @Test func theTrailKeepsItsLastHundredStops() async throws {
    var state = SessionState()
    for index in 1...150 {
      state.visit(.page(PageAddress(kind: "ability", key: "a\(index)"), title: "A\(index)"))
    }
    #expect(state.trail.count == SessionState.trailLimit)
    #expect(state.trail.first == .page(PageAddress(kind: "ability", key: "a51"), title: "A51"))
  }

  @Test(arguments: [
    ("abilities", "ability static"), ("moves", "move fire-punch"), ("types", "type fire"),
    ("types", "types"), ("items", "item leftovers"), ("natures", "nature timid"),
    ("natures", "natures"),
  ])
  func eachKindIsTurnedOffByItsFlag(flag: String, line: String) async throws {
    let (flags, _) = FeatureFlags.load(
      configDirectory: nil, environment: [:], commandLine: ["--feature", "\(flag)=off"])
    let shell = makeShell(flags: flags, pages: try pageDirectory())
    guard case .failure(.disabled(let disabled)) = await shell.execute(line) else {
      Issue.record("\(line) ran with \(flag) off")
      return
    }
    #expect(disabled.feature.rawValue == flag)
  }
}

@Suite("Notices")
struct NoticeBoardTests {
  @Test func aKindTheCommandShowedIsNotShownAgainByItsJobsUntilTheNextCommand() {
    let shown = Locked([String]())
    let board = NoticeBoard(show: { text in shown.withLock { $0.append(text) } })
    board.beginCommand()
    board.post("Offline: showing data cached 3 hours ago.", kind: "Offline")
    #expect(board.endCommand() == ["Offline: showing data cached 3 hours ago."])
    // The evolution chain warming up after the command meets the same stale data.
    board.post("Offline: showing data cached 3 hours ago.", kind: "Offline")
    #expect(shown.withLock { $0 }.isEmpty)
    // Another kind is shown at once; after the next command, the first kind again.
    board.post("Warning: the disk is full.", kind: "disk")
    #expect(shown.withLock { $0 } == ["Warning: the disk is full."])
    board.beginCommand()
    _ = board.endCommand()
    board.post("Offline: showing data cached 3 hours ago.", kind: "Offline")
    #expect(shown.withLock { $0 }.count == 2)
  }
}

/// At 80 columns the prompt leaves at least half the line for typing, however long the trail
/// and the game's name (it wrapped to two lines, leaving five columns).
@Suite("The prompt fits")
struct PromptWidthTests {
  @Test func atMostHalfTheWidthLongestPartsCutFirst() {
    var state = SessionState(listPage: 1, listPageCount: 52)
    state.game = SessionGame(group: "sword-shield")
    state.gameName = "Sword: The Isle of Armor / Shield: The Isle of Armor"
    state.selected = SpeciesSummary(id: 25, name: "pikachu")
    state.visit(.species(SpeciesSummary(id: 25, name: "pikachu"), form: nil))
    for title in [
      "Where in The Isle Of Armor Sword", "Where in Red Blue", "Charizard vs Blastoise",
    ] {
      state.visit(.page(PageAddress(kind: "where", key: title), title: title))
    }
    #expect(DisplayWidth.of(state.prompt) > 80)
    for columns in [80, 100, 120, 60, 40] {
      let prompt = state.prompt(columns: columns)
      #expect(DisplayWidth.of(prompt) <= max(20, columns / 2), "\(columns): \(prompt)")
      #expect(prompt.hasSuffix("]> "))
    }
    // Whole words, never `Charizard v…`.
    #expect(state.prompt(columns: 80) == "pokedex [all · 1/52 · … › Charizard…]> ")
    #expect(
      state.prompt(columns: 120) == "pokedex [all · 1/52 · Sword: The… · … › Charizard vs…]> ")
    #expect(state.prompt(columns: 400) == state.prompt)
    // Short ones are left whole.
    #expect(
      SessionState(listPage: 1, listPageCount: 52).prompt(columns: 80)
        == "pokedex [all · page 1/52]> ")
  }
}
