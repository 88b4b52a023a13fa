import CommandLanguage
import Models
import Pages
import Session
import Terminal
import Testing

@Suite("Tab completion")
struct CommandCompletionTests {
  private let species = [
    NameEntry(name: "bulbasaur", id: 1, types: ["Grass", "Poison"]),
    NameEntry(name: "ivysaur", id: 2), NameEntry(name: "venusaur", id: 3),
    NameEntry(name: "charmander", id: 4), NameEntry(name: "pikachu", id: 25, types: ["Electric"]),
    NameEntry(name: "raichu", id: 26), NameEntry(name: "raichu-alola", id: 10_100),
    NameEntry(name: "mr-mime", id: 122), NameEntry(name: "mime-jr", id: 439),
    NameEntry(name: "eevee", id: 133), NameEntry(name: "mewtwo", id: 150),
    NameEntry(name: "mew", id: 151), NameEntry(name: "weedle", id: 13),
    NameEntry(name: "gyarados", id: 130), NameEntry(name: "lapras", id: 131),
  ].sorted { $0.name < $1.name }

  private let everything = CompletionContext(
    hasSelection: true, imageDownloaded: false, listPageCount: 52)

  private func answer(
    _ line: String, off disabled: Set<Feature> = [], context: CompletionContext? = nil
  ) -> CompletionResult {
    var context = context ?? everything
    context.names = context.names ?? species
    return CommandParser.pokedex.completions(
      for: line, isEnabled: { !disabled.contains($0) }, context: context)
  }

  private func complete(
    _ line: String, off disabled: Set<Feature> = [], context: CompletionContext? = nil
  ) -> [String] {
    guard case .items(let candidates) = answer(line, off: disabled, context: context) else {
      return ["(loading)"]
    }
    return candidates.map(\.word)
  }

  @Test func namesInTheLanguageShownCompleteFoldedWithIdAndTypes() {
    let localized =
      (species + [
        NameEntry(name: "Évoli", id: 133, folded: "evoli"),
        NameEntry(name: "ピカチュウ", id: 25, types: ["でんき"], folded: "ぴかちゅう"),
        NameEntry(name: "피카츄", id: 25, types: ["전기"], folded: "피카츄"),
      ]).sorted { $0.name < $1.name }
    var context = everything
    context.names = localized
    // Case, accents, width and kana script do not matter; slugs still complete.
    #expect(complete("open evo", context: context) == ["Évoli"])
    #expect(complete("open ÉVO", context: context) == ["Évoli"])
    #expect(complete("open ぴか", context: context) == ["ピカチュウ"])
    #expect(complete("open ﾋﾟｶ", context: context) == ["ピカチュウ"])
    #expect(complete("open 피", context: context) == ["피카츄"])
    #expect(complete("open pik", context: context) == ["pikachu"])
    guard case .items(let items) = answer("open ピ", context: context) else {
      Issue.record("no items")
      return
    }
    // The note's types start at the same column whatever the width of the id before them.
    #expect(items.map(\.note) == ["#25    でんき"])
  }

  @Test func theFirstWordCompletesToCommandNames() {
    #expect(complete("ne") == ["next"])
    #expect(complete("l") == ["list", "last", "lang"])
    #expect(complete("Ev") == ["evolution"])
    #expect(complete("zz") == [])
  }

  @Test func aliasesCompleteOnlyWhenNoNameFits() {
    #expect(complete("ls") == ["ls"])
    #expect(complete("exi") == ["exit"])
    #expect(complete("evo") == ["evolution"])
  }

  @Test func onlyCommandsThatApplyNowAreOffered() {
    let nothingOpen = CompletionContext()
    let all = complete("", context: nothingOpen)
    for name in ["info", "evolution", "image", "back", "download"] {
      #expect(!all.contains(name), "\(name) with nothing open")
    }
    #expect(all.contains("open") && all.contains("help"))
    // A species open, its image not downloaded: download, not image.
    #expect(complete("i", context: everything) == ["info", "item"])
    #expect(complete("dow", context: everything) == ["download"])
    // Its image downloaded: image, not download.
    let downloaded = CompletionContext(hasSelection: true, imageDownloaded: true)
    #expect(complete("i", context: downloaded) == ["info", "image", "item"])
    #expect(complete("dow", context: downloaded) == [])
    #expect(complete("do", context: downloaded) == ["doctor"], "doctor always applies")
    #expect(complete("download ", context: downloaded) == [])
    #expect(complete("ba", context: nothingOpen) == [])
    // back: only with a page before the one shown.
    #expect(complete("ba", context: downloaded) == [])
    let walked = CompletionContext(hasSelection: true, canGoBack: true)
    #expect(complete("ba", context: walked) == ["back"])
  }

  @Test func disabledCommandsAreNotOffered() {
    #expect(complete("ev", off: [.evolution]) == [])
    #expect(!complete("e", off: [.evolution]).contains("evolution"))
    #expect(!complete("", off: [.images, .sync]).contains("download"))
    #expect(!complete("", off: [.images, .sync]).contains("sync"))
    #expect(complete("evo ", off: [.evolution]) == [])
    #expect(complete("help ev", off: [.evolution]) == [])
    #expect(complete("download ", off: [.images]) == [])
    #expect(complete("download image ") == ["--shiny", "--female"])
    #expect(complete("download image --shiny ") == ["--female"])
    #expect(complete("shiny o") == ["on", "off"])
  }

  @Test func filterAndPagerValues() {
    #expect(
      complete("filter ") == [
        "all", "male", "female", "genderless", "type", "gen", "dex", "gender",
      ])
    #expect(complete("filter f") == ["female"])
    #expect(complete("FILTER G") == ["genderless", "gen", "gender"])
    #expect(complete("filter male ") == [])
    #expect(complete("filter gen 1") == ["1"])
    let types = CompletionContext(pageNames: ["type": ["fire", "flying", "water"]])
    #expect(complete("filter type f", context: types) == ["fire", "flying"])
    #expect(complete("pager o") == ["on", "off"])
  }

  /// `filter dex`: the Pokédexes' slugs, and their names in the language shown, of several
  /// words too.
  @Test func filterDexOffersThePokedexesInTheLanguageToo() {
    let dexes = CompletionContext(
      pageNames: ["dex": ["kanto", "original-johto", "updated-johto"]],
      localPageNames: [
        "dex": [
          LocalPageName(name: "Kanto", slug: "kanto"),
          LocalPageName(name: "Johto initial", slug: "original-johto"),
        ]
      ])
    #expect(complete("filter d") == ["dex"])
    #expect(
      complete("filter dex ", context: dexes) == ["kanto", "original-johto", "updated-johto"])
    #expect(complete("filter dex o", context: dexes) == ["original-johto"])
    #expect(complete("filter dex johto i", context: dexes) == ["initial"])
    #expect(complete("filter dex ", context: CompletionContext()) == ["(loading)"])
    #expect(CommandParser.pokedex.kindOfLocalNames(in: "filter dex jo") == "dex")
    #expect(CommandParser.pokedex.kindOfLocalNames(in: "filter dex") == nil)
    #expect(CommandParser.pokedex.kindOfLocalNames(in: "filter type ") == nil)
  }

  @Test func helpCompletesEveryCommandName() {
    #expect(complete("help o") == ["open"])
    #expect(complete("help d") == ["download", "dex", "doctor"])
    #expect(complete("help i", context: CompletionContext()) == ["info", "image", "item"])
  }

  @Test func cacheClearIsListedButNeverInserted() {
    guard case .items(let candidates) = answer("cache ") else {
      Issue.record("no candidates")
      return
    }
    #expect(candidates.map(\.word) == ["clear"])
    #expect(candidates.allSatisfy { !$0.insertable })
    #expect(complete("cache x") == [])
  }

  @Test func openCompletesNamesSortedWithIdAndTypes() {
    #expect(complete("open mew") == ["mew", "mewtwo"])
    #expect(complete("open MR") == ["mr-mime"])
    #expect(complete("open rai") == ["raichu", "raichu-alola"])
    #expect(complete("open ") == species.map(\.name))
    #expect(complete("open zzz") == [])
    #expect(complete("open pikachu ") == [])
    guard case .items(let candidates) = answer("open b") else {
      Issue.record("no candidates")
      return
    }
    #expect(candidates.map(\.note) == ["#1     Grass/Poison"])
    guard case .items(let forms) = answer("open raichu-") else { return }
    #expect(forms.map(\.note) == ["form"])
  }

  @Test func openCompletesIdsWithTheirNames() {
    #expect(complete("open 13") == ["13", "130", "131", "133"])
    #expect(complete("open 25") == ["25"])
    #expect(complete("open 10100") == [])  // forms are opened by name
    guard case .items(let candidates) = answer("open 2") else { return }
    #expect(candidates.map(\.note) == ["ivysaur", "pikachu       Electric", "raichu"])
  }

  @Test func whileTheNamesLoadTabSaysSo() {
    let loading = CompletionContext(hasSelection: false, names: nil)
    #expect(
      CommandParser.pokedex.completions(for: "open pi", context: loading)
        == .message(CommandParser.namesLoading))
    #expect(
      CommandParser.pokedex.completions(for: "search pi", context: loading)
        == .message(CommandParser.namesLoading))
    #expect(
      CommandParser.pokedex.completions(for: "filter ", context: loading)
        != .message(CommandParser.namesLoading))
  }

  @Test func openCompletesAmongThousandsOfNames() {
    let many = (1...1025).map { NameEntry(name: "species-\($0)", id: $0) }
    let context = CompletionContext(names: many.sorted { $0.name < $1.name })
    guard
      case .items(let result) = CommandParser.pokedex.completions(
        for: "open species-10", context: context)
    else {
      Issue.record("no candidates")
      return
    }
    #expect(result.count == 1 + 10 + 26)  // 10, 100…109, 1000…1025
    #expect(result.allSatisfy { $0.word.hasPrefix("species-10") })
  }

  @Test func searchCompletesNames() {
    #expect(complete("search pik") == ["pikachu"])
  }

  @Test func pagesAndCountsComplete() {
    #expect(complete("page 5") == ["5", "50", "51", "52"])
    #expect(complete("page ", context: CompletionContext()) == [])
    #expect(
      complete("random 4") == ["4", "40", "41", "42", "43", "44", "45", "46", "47", "48", "49"])
    #expect(complete("random 51") == [])
  }

  @Test func syncCompletesRangesAndItsOptions() {
    #expect(complete("sync 1-151 --") == ["--images", "--species-only"])
    #expect(complete("sync ").first == "1-151")
    #expect(complete("sync ").suffix(2) == ["--images", "--species-only"])
    #expect(complete("sync 15") == ["152-251"])
    #expect(complete("sync --images ").contains("1-151"))
    #expect(complete("sync 1-151 --images ") == ["--species-only"])
    #expect(complete("sync 1-151 --images --species-only ") == [])
    #expect(complete("sync --", off: [.images]) == ["--species-only"])
  }

  @Test func theCommandAfterTheLastSemicolonIsCompleted() {
    #expect(complete("list; op") == ["open"])
    #expect(complete("list;filter f") == ["female"])
    #expect(CommandParser.pokedex.argumentHint(for: "list; page ") == "N")
  }

  @Test func anOverlongLineOffersNothing() {
    #expect(complete("open " + String(repeating: "p", count: 1_048_576)) == [])
  }

  @Test func commandsWithoutArgumentsOfferNothing() {
    #expect(complete("list ") == [])
    #expect(complete("bogus ") == [])
  }

  @Test func hintsSayWhatACommandTakes() {
    func hint(_ line: String, _ context: CompletionContext = CompletionContext()) -> String? {
      CommandParser.pokedex.argumentHint(for: line, context: context)
    }
    #expect(hint("open ") == "ID|NAME")
    #expect(hint("page ", CompletionContext(listPageCount: 52)) == "N (1–52)")
    #expect(hint("page ") == "N")
    #expect(hint("filter ") == "[GENDER|type|gen|dex|all]")
    #expect(hint("sync ") == "[RANGE] [--images] [--species-only]")
    #expect(hint("random ") == "[N] (1–50)")
    #expect(hint("EVO  ") == "[--images]")
    #expect(hint("list ") == nil)  // takes nothing
    #expect(hint("open") == nil)  // no space yet
    #expect(hint("open p") == nil)  // gone once you type
    #expect(hint("bogus ") == nil)
  }
}

@Suite("Completion of the other kinds of page")
struct PageCompletionTests {
  let names: [String: [String]] = [
    "ability": ["adaptability", "lightning-rod", "overgrow", "static", "stench"],
    "moves": ["red-blue", "scarlet-violet", "sword-shield"],
    "nature": ["adamant", "jolly", "timid"],
  ]

  func complete(_ line: String, links: [String: [String]] = [:]) -> CompletionResult {
    CommandParser.pokedex.completions(
      for: line,
      context: CompletionContext(
        hasSelection: true, names: [NameEntry(name: "pikachu", id: 25)], pageNames: names,
        links: links))
  }

  func words(_ result: CompletionResult) -> [String] {
    if case .items(let items) = result { return items.map(\.word) }
    return []
  }

  @Test func everyNameOfTheKindInOrder() {
    #expect(words(complete("ability ")) == names["ability"])
    #expect(words(complete("ability st")) == ["static", "stench"])
  }

  @Test func theNamesTheLastPageShowedComeFirst() {
    let links = ["ability": ["static", "lightning-rod"]]
    #expect(
      words(complete("ability ", links: links)) == [
        "static", "lightning-rod", "adaptability", "overgrow", "stench",
      ])
    #expect(words(complete("ability s", links: links)) == ["static", "stench"])
  }

  @Test func aKindStillLoadingSaysSo() {
    guard case .message(let text) = complete("move thu") else {
      Issue.record("no message")
      return
    }
    #expect(text.contains("move names are still loading"))
  }

  @Test func gamesAfterDashDashGame() {
    #expect(words(complete("moves ")) == ["--game"])
    #expect(words(complete("moves --game s")) == ["scarlet-violet", "sword-shield"])
    #expect(words(complete("moves --game red-blue ")) == [])
  }

  /// `team`: its actions, then species after `add` and `remove`.
  @Test func teamOffersItsActionsThenSpecies() {
    #expect(words(complete("team ")) == ["add", "remove", "clear"])
    #expect(words(complete("team r")) == ["remove"])
    #expect(words(complete("team add pi")) == ["pikachu"])
    #expect(words(complete("team add pikachu pi")) == ["pikachu"])
    #expect(words(complete("team remove pi")) == ["pikachu"])
    #expect(words(complete("team clear ")) == [])
  }

  /// `stats`: a species first, then the options not given yet, a nature's names after
  /// `--nature`.
  @Test func statsOffersASpeciesTheOptionsAndTheNatures() {
    let old = ["--dvs", "--statexp"]
    #expect(
      words(complete("stats ")) == ["pikachu", "--level", "--nature", "--ivs", "--evs"] + old)
    #expect(words(complete("stats pi")) == ["pikachu"])
    #expect(words(complete("stats pikachu ")) == ["--level", "--nature", "--ivs", "--evs"] + old)
    #expect(words(complete("stats pikachu --n")) == ["--nature"])
    #expect(words(complete("stats --nature ")) == ["adamant", "jolly", "timid"])
    #expect(words(complete("stats --nature j")) == ["jolly"])
    #expect(
      words(complete("stats --level 50 ")) == ["pikachu", "--nature", "--ivs", "--evs"] + old)
    #expect(
      words(complete("stats --level 50 --nature timid pikachu ")) == ["--ivs", "--evs"] + old)
    #expect(CommandParser.pokedex.kindOfLocalNames(in: "stats --nature ") == "nature")
    #expect(CommandParser.pokedex.kindOfLocalNames(in: "stats pikachu ") == nil)
  }

  /// `lang fr`: `ability fu` offers Fuite, `game rouge f` the rest of Rouge Feu, by the names
  /// folded (case and accents aside); slugs still come first.
  @Test func namesInTheLanguageOnceLoaded() {
    let local: [String: [LocalPageName]] = [
      "ability": [
        LocalPageName(name: "Fuite", slug: "run-away"),
        LocalPageName(name: "Statik", slug: "static"),
      ],
      "games": [
        LocalPageName(name: "Rouge", slug: "red"),
        LocalPageName(name: "Rouge Feu", slug: "firered"),
        LocalPageName(name: "Rouge Feu / Vert Feuille", slug: "firered-leafgreen"),
        LocalPageName(name: "Écarlate", slug: "scarlet"),
      ],
    ]
    func complete(_ line: String) -> CompletionResult {
      CommandParser.pokedex.completions(
        for: line,
        context: CompletionContext(
          pageNames: names.merging(["where": ["firered", "red", "scarlet"]]) { a, _ in a },
          localPageNames: local))
    }
    #expect(words(complete("ability FU")) == ["Fuite"])
    #expect(words(complete("ability st")) == ["static", "stench", "Statik"])
    guard case .items(let items) = complete("ability fu") else {
      Issue.record("no items")
      return
    }
    #expect(items.map(\.note) == ["run-away"])
    #expect(words(complete("game ecar")) == ["Écarlate"])
    #expect(words(complete("game rouge f")) == ["Feu", "Feu / Vert Feuille"])
    #expect(words(complete("game r")) == ["red", "Rouge", "Rouge Feu", "Rouge Feu / Vert Feuille"])
    #expect(
      words(complete("moves --game rouge")) == ["Rouge", "Rouge Feu", "Rouge Feu / Vert Feuille"])
    #expect(CommandParser.pokedex.kindOfLocalNames(in: "open 1; ability f") == "ability")
    #expect(CommandParser.pokedex.kindOfLocalNames(in: "game r") == "games")
    #expect(CommandParser.pokedex.kindOfLocalNames(in: "moves --game r") == "games")
    #expect(CommandParser.pokedex.kindOfLocalNames(in: "open pi") == nil)
  }

  @Test func theKindsAreCommandsWithHints() {
    #expect(CommandParser.pokedex.argumentHint(for: "ability ") == "NAME")
    #expect(CommandParser.pokedex.argumentHint(for: "moves ") == "[--game NAME]")
    #expect(words(complete("nat")) == ["nature", "natures"])
  }
}

@Suite("Which history lines are suggested")
struct SuggestionWorthTests {
  let names = [NameEntry(name: "charizard", id: 6), NameEntry(name: "pikachu", id: 25)]

  @Test func linesThatWouldFailAreNot() {
    #expect(!SessionCommands.all.isWorthSuggesting("quit now", names: names))
    #expect(!SessionCommands.all.isWorthSuggesting("open charzard", names: names))
    #expect(!SessionCommands.all.isWorthSuggesting("open 6; evolution x", names: names))
    #expect(
      !SessionCommands.all.isWorthSuggesting(
        "evolution", isEnabled: { $0 != .evolution }, names: names))
  }

  @Test func linesThatWorkAreEvenWithANamePrefixOrAnId() {
    #expect(SessionCommands.all.isWorthSuggesting("open char", names: names))
    #expect(SessionCommands.all.isWorthSuggesting("open Pikachu; evo", names: names))
    #expect(SessionCommands.all.isWorthSuggesting("open 9999", names: names))
    #expect(SessionCommands.all.isWorthSuggesting("page 3", names: names))
  }

  @Test func namesNotYetLoadedAreGivenTheBenefitOfTheDoubt() {
    #expect(SessionCommands.all.isWorthSuggesting("open charzard", names: nil))
  }
}
