import APIClient
import Cache
import CommandLanguage
import DetailFeature
import DetailModels
import Foundation
import ImageFeature
import ListFeature
import Locking
import Models
import Pages
import Presentation
import Rendering
import TestSupport
import Testing

@testable import Session

/// Red / Blue and Yellow, named in English, and a shell that keeps what `game` saves.
private func gameShell(
  saved: Locked<[SessionGame?]>, pages: PageDirectory = PageDirectory(),
  images: ImageFeature? = nil,
  inGame:
    @escaping @Sendable (SpeciesDetailViewModel, SessionGame, Glossary) async ->
    SpeciesDetailViewModel = { detail, _, _ in detail }
) -> Shell {
  let api = FixtureClient.world()
  let order = GameOrder([
    VersionGroup(
      id: 1, name: "red-blue", order: 3,
      versions: [
        NamedResource(name: "red", url: "https://x.test/api/v2/version/1/"),
        NamedResource(name: "blue", url: "https://x.test/api/v2/version/2/"),
      ]),
    VersionGroup(
      id: 2, name: "yellow", order: 4,
      versions: [NamedResource(name: "yellow", url: "https://x.test/api/v2/version/3/")]),
  ])
  let names = ["red": "Red", "blue": "Blue", "yellow": "Yellow"]
  return Shell(
    dependencies: ShellDependencies(
      list: ListFeature(client: api, pageSize: 20),
      species: SpeciesKind(details: DetailFeature(client: api), inGame: inGame),
      images: images, speciesIndex: { () async throws(APIError) in try await api.speciesIndex() },
      cacheStatistics: {
        CacheStatistics(
          entries: 0, bytes: 0, hits: 0, misses: 0, oldestEntry: nil, isPersistent: false)
      },
      clearCache: {}, history: { [] }, flags: FeatureFlags(), pages: pages,
      games: { _ async throws(APIError) in
        GameCatalog(order: order, names: names, english: names)
      },
      saveGame: { game, _ in
        saved.withLock { $0.append(game) }
        return nil
      }),
    work: BackgroundWork())
}

@Suite("The session's game")
struct SessionGameTests {
  @Test func choosingAVersionKeepsItShowsItInThePromptAndOffClearsIt() async {
    let saved = Locked<[SessionGame?]>([])
    let shell = gameShell(saved: saved)
    guard case .output(.game(let none)) = await shell.execute("game") else {
      Issue.record("no report")
      return
    }
    #expect(none.game == nil && !none.changed)
    guard case .output(.game(let red)) = await shell.execute("game Red") else {
      Issue.record("not chosen")
      return
    }
    #expect(red.game == SessionGame(group: "red-blue", version: "red") && red.name == "Red")
    let prompt = await shell.prompt
    #expect(prompt == "pokedex [all · page 1/… · Red]> ")
    _ = await shell.execute("game red-blue")
    #expect(await shell.state.gameName == "Red / Blue")
    _ = await shell.execute("game yel")
    #expect(await shell.state.game == SessionGame(group: "yellow"))
    _ = await shell.execute("game off")
    #expect(await shell.state.game == nil)
    #expect(
      saved.withLock { $0 } == [
        SessionGame(group: "red-blue", version: "red"), SessionGame(group: "red-blue"),
        SessionGame(group: "yellow"), nil,
      ])
  }

  @Test func aNameOfNoGameIsRefusedAndTheGameStays() async {
    let saved = Locked<[SessionGame?]>([])
    let shell = gameShell(saved: saved)
    _ = await shell.execute("game blue")
    let outcome = await shell.execute("game bleu")
    #expect(
      outcome.failure == .page(.unknown(kind: "game", input: "bleu", suggestion: "blue")))
    #expect(await shell.state.game == SessionGame(group: "red-blue", version: "blue"))
  }

  @Test func aSpeciesShowsThePokedexTextOfTheGamePlayed() async {
    let shell = gameShell(saved: Locked([])) { detail, game, _ in
      var shown = detail
      if game.version == "red" { shown.flavorText = "Red's text of #\(detail.id)." }
      return shown
    }
    guard case .output(.detail(let before, _)) = await shell.execute("open 2") else {
      Issue.record("not opened")
      return
    }
    #expect(before.flavorText != "Red's text of #2.")
    _ = await shell.execute("game red")
    guard case .output(.detail(let red, _)) = await shell.execute("open 2") else {
      Issue.record("not opened")
      return
    }
    #expect(red.flavorText == "Red's text of #2.")
    // A game without a text for it leaves the newest.
    _ = await shell.execute("game yellow")
    guard case .output(.detail(let yellow, _)) = await shell.execute("open 2") else {
      Issue.record("not opened")
      return
    }
    #expect(yellow.flavorText == before.flavorText)
  }

  /// The details `download image` draws beside the picture are the species page's, in the game.
  @Test func theDetailsBesideADownloadedPictureAreTheGames() async throws {
    let directory = FileManager.default.temporaryDirectory.appending(
      path: "pokedex-game-image-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let images = imageFeature(SpriteServer(), in: directory)
    let shell = gameShell(saved: Locked([]), images: images) { detail, _, _ in
      var shown = detail
      shown.flavorText = "Red's text."
      return shown
    }
    _ = await shell.execute("game red")
    _ = await shell.execute("open 2")
    guard case .output(.downloaded(let download)) = await shell.execute("download image") else {
      Issue.record("not downloaded")
      return
    }
    #expect(download.details?.flavorText == "Red's text.")
    #expect(download.details?.gameName == "Red")
  }

  @Test func aSpeciesShowsItsNumbersInTheGamesPokedexes() async throws {
    let asked = Locked<[Int]>([])
    let shell = gameShell(saved: Locked([])) { detail, game, _ in
      asked.withLock { $0.append(detail.id) }
      var shown = detail
      shown.regionalNumbers =
        game.group == "red-blue"
        ? [RegionalNumber(pokedex: "kanto", name: "Kanto", number: detail.id)] : []
      return shown
    }
    guard case .output(.detail(let before, _)) = await shell.execute("open 2") else {
      Issue.record("not opened")
      return
    }
    #expect(before.regionalNumbers == nil)
    _ = await shell.execute("game red")
    guard case .output(.detail(let red, _)) = await shell.execute("open 2") else {
      Issue.record("not opened")
      return
    }
    #expect(red.regionalNumbers == [RegionalNumber(pokedex: "kanto", name: "Kanto", number: 2)])
    let text = TextRenderer(style: TextStyle(colorEnabled: false), images: nil).render(
      .detail(red, image: .none))
    #expect(text.contains("Pokédex   Kanto No. 2"))
    // sync loads them too, for open offline.
    _ = await shell.execute("sync 3")
    #expect(asked.withLock { $0 } == [2, 3])
  }

  @Test func aSpeciesShowsTheTypesOfTheGamesGeneration() async throws {
    let shell = gameShell(saved: Locked([])) { detail, game, _ in
      var then = detail
      then.typesGeneration = game.group == "red-blue" ? 1 : nil
      then.todayTypes = detail.types
      then.types = ["Normal"]
      return then
    }
    guard case .output(.detail(let today, _)) = await shell.execute("open 2") else {
      Issue.record("not opened")
      return
    }
    #expect(today.typesGeneration == nil && today.types != ["Normal"])
    _ = await shell.execute("game red")
    guard case .output(.detail(let red, _)) = await shell.execute("open 2") else {
      Issue.record("not opened")
      return
    }
    #expect(red.typesGeneration == 1 && red.types == ["Normal"])
    let text = TextRenderer(style: TextStyle(colorEnabled: false), images: nil).render(
      .detail(red, image: .none))
    #expect(
      text.contains(
        "Type      Normal (Generation I; today " + today.types.joined(separator: " ") + ")"))
  }

  /// In Red: a species of a later generation says so; one of Red shows no abilities and one
  /// Special.
  @Test func aSpeciesInAGameOfItsOwnOrALaterOneSaysSo() async throws {
    let shell = gameShell(saved: Locked([])) { detail, _, _ in
      var then = detail
      if detail.id == 3 {
        then.cameLater = 2
      } else {
        then.gameGeneration = 1
        then.abilities = []
        then.stats = [.init(name: "Special", value: 65, slug: "special")]
      }
      return then
    }
    _ = await shell.execute("game red")
    let plain = TextRenderer(style: TextStyle(colorEnabled: false), images: nil)
    guard case .output(.detail(let later, _)) = await shell.execute("open 3"),
      case .output(.detail(let then, _)) = await shell.execute("open 2")
    else {
      Issue.record("not opened")
      return
    }
    #expect(later.gameName == "Red")
    let laterText = plain.render(.detail(later, image: .none))
    #expect(
      laterText.contains("\(later.displayName) came in Generation II: not in Red. Today's facts"))
    let text = plain.render(.detail(then, image: .none))
    #expect(text.contains("Abilities none: they came in Generation III"))
    #expect(text.contains("Special    65"))
  }

  @Test func pagesAreAskedForTheSessionsGame() async throws {
    let asked = Locked<[SessionGame?]>([])
    let recorder = PageKind(EncounterFeature.command, example: "", names: nil) {
      request async throws(PageError) in
      asked.withLock { $0.append(request.game) }
      throw .needsSelection(kind: "where")
    }
    let shell = gameShell(saved: Locked([]), pages: PageDirectory(kinds: [recorder]))
    _ = await shell.execute("open 1")
    _ = await shell.execute("game red")
    _ = await shell.execute("where")
    #expect(asked.withLock { $0 } == [SessionGame(group: "red-blue", version: "red")])
  }
}

@Suite("Games typed as pages name them")
struct GameNamesTypedBackTests {
  @Test func aGameAsAPageNamesItAndInQuotes() async {
    let shell = gameShell(saved: Locked([]))
    _ = await shell.execute("game Red / Blue")
    #expect(await shell.state.game == SessionGame(group: "red-blue"))
    _ = await shell.execute(#"game "Yellow""#)
    #expect(await shell.state.game == SessionGame(group: "yellow"))
    #expect(
      SessionCommands.all.parse(#"where --game "Red / Blue""#, isEnabled: { _ in true })
        == .command(ShowPageCommand(PageInput(kind: "where", name: "Red / Blue"))))
  }
}
