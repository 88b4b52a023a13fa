import CommandLanguage
import Models
import Pages
import Testing

@testable import Session

/// Parses with every feature on, or with the named features off.
private func parse(
  _ line: String, off disabled: Set<Feature> = []
) -> ParseResult<any SessionCommand> {
  SessionCommands.all.parse(line) { !disabled.contains($0) }
}

/// The one-line message of a line that fails to parse (nil if it did not fail).
private func failure(_ line: String) -> String? {
  guard case .failure(let failure) = parse(line) else { return nil }
  return failure.message
}

@Suite("Every command and alias parses")
struct CommandsParseTests {
  @Test(
    "Commands without arguments",
    arguments: [
      ("list", ListCommand() as any SessionCommand), ("ls", ListCommand()), ("next", NextCommand()),
      ("prev", PreviousCommand()),
      ("previous", PreviousCommand()), ("first", FirstCommand()), ("last", LastCommand()),
      ("info", InfoCommand()),
      ("evolution", EvolutionCommand(images: false)), ("evo", EvolutionCommand(images: false)),
      ("evo --images", EvolutionCommand(images: true)),
      ("EVOLUTION --IMAGES", EvolutionCommand(images: true)),
      ("image", ImageCommand()), ("back", BackCommand()),
      ("history", HistoryCommand(count: nil)), ("history 10", HistoryCommand(count: 10)),
      ("clear", ClearCommand()),
      ("pager", PagerCommand(on: nil)), ("pager off", PagerCommand(on: false)),
      ("PAGER On", PagerCommand(on: true)),
      ("flags", FlagsCommand()), ("quit", QuitCommand()), ("exit", QuitCommand()),
      ("lang", LanguageCommand(change: nil)), ("lang off", LanguageCommand(change: .off)),
      ("lang ja", LanguageCommand(change: .choose(Language.named("ja")!))),
      ("language ja-Hrkt", LanguageCommand(change: .choose(Language.named("ja-hrkt")!))),
      ("lang zh_Hans", LanguageCommand(change: .choose(Language.named("zh-hans")!))),
      ("lang roomaji", LanguageCommand(change: .choose(Language.named("ja-roma")!))),
      ("LANG French", LanguageCommand(change: .choose(Language.named("fr")!))),
    ])
  func withoutArguments(line: String, command: any SessionCommand) {
    #expect(parse(line) == .command(command))
  }

  @Test(
    "Commands with arguments",
    arguments: [
      ("page 3", ListPageCommand(number: 3) as any SessionCommand),
      ("filter", FilterCommand(change: nil)),
      ("filter all", FilterCommand(change: .clearAll)),
      ("filter male", FilterCommand(change: .gender(.male))),
      ("filter female", FilterCommand(change: .gender(.female))),
      ("filter genderless", FilterCommand(change: .gender(.genderless))),
      ("filter type Water", FilterCommand(change: .type("water"))),
      ("filter type", FilterCommand(change: .type(nil))),
      ("filter gen 3", FilterCommand(change: .generation(3))),
      ("filter generation 1", FilterCommand(change: .generation(1))),
      ("filter gen", FilterCommand(change: .generation(nil))),
      ("filter gender", FilterCommand(change: .clearGender)),
      ("open 133", OpenCommand("133")),
      ("open #133", OpenCommand("133")),
      ("open eevee", OpenCommand("eevee")),
      ("open Mr-Mime", OpenCommand("mr-mime")),
      ("open mr mime", OpenCommand("mr-mime")),
      ("open Mr. Mime", OpenCommand("mr-mime")),
      ("open \"mr mime\"", OpenCommand("mr-mime")),
      ("open Farfetch'd", OpenCommand("farfetchd")),
      ("open Type: Null", OpenCommand("type-null")),
      // One reading of a typed name for open, compare and team add.
      ("open “pikachu”", OpenCommand("pikachu")),
      (
        "compare “Pikachu” #26",
        ShowPageCommand(PageInput(kind: "compare", words: ["pikachu", "26"]))
      ),
      (
        "team add “Pikachu” #26",
        ShowPageCommand(PageInput(kind: "team", words: ["add", "pikachu", "26"]))
      ),
      ("open pika", OpenCommand("pika")),
      ("download image", DownloadCommand()),
      ("search chu", SearchCommand(text: "chu")),
      ("search  mr  mime ", SearchCommand(text: "mr  mime")),
      ("random", RandomCommand(count: 1)),
      ("random 5", RandomCommand(count: 5)),
      ("random 50", RandomCommand(count: 50)),
      ("cache", CacheCommand(clear: false)),
      ("cache clear", CacheCommand(clear: true)),
      ("sync", SyncCommand(range: nil, images: false, moves: false)),
      ("sync 1-151", SyncCommand(range: 1...151, images: false, moves: false)),
      ("sync 25", SyncCommand(range: 25...25, images: false, moves: false)),
      ("sync 1-151 --images", SyncCommand(range: 1...151, images: true, moves: false)),
      ("sync --images 4-6", SyncCommand(range: 4...6, images: true, moves: false)),
      ("sync --images", SyncCommand(range: nil, images: true, moves: false)),
      ("sync 1-151 --moves", SyncCommand(range: 1...151, images: false, moves: true)),
      ("sync --moves --images 25", SyncCommand(range: 25...25, images: true, moves: true)),
      ("help", HelpCommand(topic: nil)),
      ("help open", HelpCommand(topic: "open")),
      ("help evo", HelpCommand(topic: "evolution")),
      ("help download image", HelpCommand(topic: "download")),
      ("help cache clear", HelpCommand(topic: "cache")),
    ])
  func withArguments(line: String, command: any SessionCommand) {
    #expect(parse(line) == .command(command))
  }

  @Test func commandNamesAndFilterValuesIgnoreCase() {
    #expect(parse("LIST") == .command(ListCommand()))
    #expect(parse("Evo") == .command(EvolutionCommand(images: false)))
    #expect(parse("FILTER Female") == .command(FilterCommand(change: .gender(.female))))
    #expect(parse("Download IMAGE") == .command(DownloadCommand()))
    #expect(parse("HELP Open") == .command(HelpCommand(topic: "open")))
  }

  @Test func spacesAndTabsAroundWordsDoNotMatter() {
    #expect(parse("   page\t 7  ") == .command(ListPageCommand(number: 7)))
    #expect(parse("\tnext\t") == .command(NextCommand()))
    #expect(parse("list\r\n") == .command(ListCommand()))
  }

  @Test func searchKeepsTheRestOfTheLineAsTyped() {
    #expect(parse("search Mr. Mime") == .command(SearchCommand(text: "Mr. Mime")))
    // Quotes around it are not searched for.
    #expect(parse("search \"mr mime\"") == .command(SearchCommand(text: "mr mime")))
    #expect(CommandParser.unquotedArgument("\"pika;chu\"") == "pika;chu")
  }

  @Test func aGenerationPastTheLastSaysWhichThereAre() {
    #expect(
      failure("filter gen 10")
        == "\"filter gen\" takes a generation from 1 to 9, e.g. \"filter gen 3\" (not \"10\").")
  }

  @Test func everyCommandInTheTableParsesFromItsExamples() {
    for spec in SessionCommands.table.all {
      for example in spec.examples {
        guard case .command = parse(example) else {
          Issue.record("\(spec.name): example \"\(example)\" does not parse")
          continue
        }
      }
    }
  }
}

@Suite("Bad arguments get one clear line")
struct BadArgumentsTests {
  @Test(
    "Commands without arguments refuse them, naming the word typed",
    arguments: [
      ("next 2", "\"next\" takes no arguments (not \"2\")."),
      ("ls everything", "\"ls\" takes no arguments (not \"everything\")."),
      ("quit now", "\"quit\" takes no arguments (not \"now\")."),
      ("info 133", "\"info\" takes no arguments (not \"133\")."),
      ("evo eevee", "\"evo\" takes only --images (not \"eevee\")."),
      ("flags on", "\"flags\" takes no arguments (not \"on\")."),
      ("open 25 extra", "\"open\" takes one species: open ID|NAME (not \"25 extra\")."),
      ("history ten", "\"history\" takes a number of lines: history [N] (not \"ten\")."),
      ("pager maybe", "\"pager\" takes on or off (not \"maybe\")."),
    ])
  func noArguments(line: String, message: String) {
    #expect(failure(line) == message)
  }

  @Test(
    "page",
    arguments: [
      ("page", "\"page\" needs a number: page N."),
      ("page three", "\"page\" needs a number: page N (not \"three\")."),
      ("page 0", "Page numbers start at 1."),
      ("page -2", "Page numbers start at 1."),
      ("page 1 2", "\"page\" takes one number: page N."),
      ("page 99999999999999999999999", "That page number is too large."),
    ])
  func page(line: String, message: String) {
    #expect(failure(line) == message)
  }

  @Test(
    "filter",
    arguments: [
      (
        "filter males",
        "\"filter\" takes male, female, genderless, type NAME, gen N, dex NAME or all (not \"males\"). Did you mean \"male\"?"
      ),
      (
        "filter femal",
        "\"filter\" takes male, female, genderless, type NAME, gen N, dex NAME or all (not \"femal\"). Did you mean \"female\"?"
      ),
      (
        "filter shiny",
        "\"filter\" takes male, female, genderless, type NAME, gen N, dex NAME or all (not \"shiny\")."
      ),
      (
        "filter male female",
        "\"filter\" takes male, female, genderless, type NAME, gen N, dex NAME or all (not \"male female\")."
      ),
    ])
  func filter(line: String, message: String) {
    #expect(failure(line) == message)
  }

  @Test(
    "open, download, search, cache",
    arguments: [
      ("open", "\"open\" needs a species: open ID|NAME, e.g. \"open 133\" or \"open eevee\"."),
      ("open #", "\"open\" needs a species: open ID|NAME, e.g. \"open 133\" or \"open eevee\"."),
      ("open '' .", "\"open\" needs a species: open ID|NAME, e.g. \"open 133\" or \"open eevee\"."),
      ("download", "\"download\" needs what to download: download image."),
      (
        "download imgae",
        "\"download\" takes only \"image\" (not \"imgae\"). Did you mean \"image\"?"
      ),
      ("download everything", "\"download\" takes only \"image\" (not \"everything\")."),
      ("search", "\"search\" needs some text: search TEXT."),
      ("cache purge", "\"cache\" takes only \"clear\" (not \"purge\")."),
      ("cache claer", "\"cache\" takes only \"clear\" (not \"claer\"). Did you mean \"clear\"?"),
    ])
  func otherArguments(line: String, message: String) {
    #expect(failure(line) == message)
  }

  @Test(
    "random",
    arguments: [
      ("random 0", "\"random\" takes a number from 1 to 50 (not \"0\")."),
      ("random 51", "\"random\" takes a number from 1 to 50 (not \"51\")."),
      ("random lots", "\"random\" takes a number from 1 to 50 (not \"lots\")."),
      ("random 1 2", "\"random\" takes one number from 1 to 50."),
    ])
  func random(line: String, message: String) {
    #expect(failure(line) == message)
  }

  @Test(
    "sync",
    arguments: [
      ("sync kanto", "\"sync\" takes a range like 1-151 or one id (not \"kanto\")."),
      ("sync 1-", "\"sync\" takes a range like 1-151 or one id (not \"1-\")."),
      ("sync 1-2-3", "\"sync\" takes a range like 1-151 or one id (not \"1-2-3\")."),
      ("sync 0-10", "Species ids start at 1 (not \"0-10\")."),
      ("sync 151-1", "That range runs backwards: \"151-1\". Try \"1-151\"."),
      ("sync 1-5 7-9", "\"sync\" takes one range (not \"1-5\" and \"7-9\")."),
      (
        "sync --image",
        "\"sync\" knows the options --images and --species-only (not \"--image\"). "
          + "Did you mean \"--images\"?"
      ),
      ("sync --all", "\"sync\" knows the options --images and --species-only (not \"--all\")."),
    ])
  func sync(line: String, message: String) {
    #expect(failure(line) == message)
  }

  @Test func helpForAnUnknownCommandSuggestsTheNearestOne() {
    #expect(failure("help opne") == "Unknown command \"opne\". Did you mean \"open\"?")
    #expect(failure("help bogus") == "Unknown command \"bogus\". Try \"help\".")
    #expect(failure("help next 2") == "\"help\" takes one command name: help [COMMAND].")
  }
}

@Suite("Unknown commands")
struct UnknownCommandTests {
  @Test func farFromEveryCommandPointsToHelp() {
    #expect(failure("bogus") == "Unknown command \"bogus\". Try \"help\".")
    #expect(failure("xy") == "Unknown command \"xy\". Try \"help\".")
  }

  @Test(
    "Near a command name or alias: did you mean …?",
    arguments: [
      ("opne", "open"), ("nxt", "next"), ("lsit", "list"), ("hlep", "help"),
      ("serach", "search"), ("evolutoin", "evolution"), ("qiut", "quit"), ("exti", "exit"),
      ("OPNE", "open"), ("hist", "history"), ("li", "list"), ("pre", "prev"),
    ])
  func nearACommand(typed: String, suggestion: String) {
    #expect(
      failure(typed)
        == "Unknown command \"\(typed)\". Did you mean \"\(suggestion)\"?")
  }

  @Test func aDisabledCommandIsNeverSuggested() {
    let result = parse("evolutoin", off: [.evolution])
    #expect(result == .failure(ParseFailure("Unknown command \"evolutoin\". Try \"help\".")))
  }

  @Test func aVeryLongUnknownWordIsCutShortInTheMessage() {
    let word = String(repeating: "z", count: 500)
    let message = failure(word) ?? ""
    #expect(message.count < 100)
    #expect(message.hasPrefix("Unknown command \"zzzz"))
  }
}

@Suite("Feature flags")
struct DisabledFeatureTests {
  @Test(
    "A command whose feature is off answers with its flag",
    arguments: [
      ("evolution", Feature.evolution, "evolution"), ("evo", Feature.evolution, "evolution"),
      ("download image", Feature.images, "download"), ("image", Feature.images, "image"),
      ("search chu", Feature.search, "search"), ("random 3", Feature.random, "random"),
      ("sync 1-10", Feature.sync, "sync"), ("help evo", Feature.evolution, "evolution"),
    ])
  func turnedOff(line: String, feature: Feature, command: String) {
    let result = parse(line, off: [feature])
    #expect(result == .disabled(DisabledFeature(feature: feature, command: command)))
  }

  @Test func theMessageIsOneClearLine() {
    guard case .disabled(let disabled) = parse("evo", off: [.evolution]) else {
      Issue.record("expected .disabled")
      return
    }
    #expect(disabled.message == "The evolution feature is turned off (\"flags\" shows why).")
  }

  @Test func syncWithImagesNeedsTheImagesFeature() {
    #expect(
      parse("sync 1-3 --images", off: [.images])
        == .disabled(DisabledFeature(feature: .images, command: "sync")))
    #expect(
      parse("sync 1-3", off: [.images])
        == .command(SyncCommand(range: 1...3, images: false, moves: false)))
  }

  @Test func otherCommandsDoNotCareAboutFlags() {
    let everythingOff = Set(Feature.builtIn)
    #expect(parse("open 133", off: everythingOff) == .command(OpenCommand("133")))
    #expect(parse("help", off: everythingOff) == .command(HelpCommand(topic: nil)))
  }

  @Test func theFeaturesAreTheBuiltInOnesThenThoseOnlyAPageKindNames() {
    // The kinds' own flags (`berries`, `stats` …) after the built-in ones, each once, in the
    // order of the kinds.
    var own: [Feature] = []
    for feature in PageKinds.commands.compactMap(\.spec.feature)
    where !Feature.builtIn.contains(feature) && !own.contains(feature) {
      own.append(feature)
    }
    #expect(!own.isEmpty)
    #expect(SessionCommands.table.features == Feature.builtIn + own)
    let tree = CommandSpec.page(
      "tree", group: .pokedex, summary: "A tree", details: "Shows a tree.",
      examples: ["tree sudowoodo"],
      feature: "trees")
    let commands = SessionCommands.set(pages: PageKinds.commands + [tree.command])
    let table = commands.table
    #expect(table.features == Feature.builtIn + own + ["trees"])
    #expect(Set(table.all.compactMap(\.feature)).isSubset(of: Set(table.features)))
    #expect(
      commands.parse("tree sudowoodo", isEnabled: { $0 != "trees" })
        == .disabled(DisabledFeature(feature: "trees", command: "tree")))
    #expect(
      SessionCommands.all.parse("tree sudowoodo")
        != .command(ShowPageCommand(PageInput(kind: "tree", name: "sudowoodo"))))
  }
}

@Suite("Unusual input")
struct UnusualInputTests {
  @Test(arguments: ["", " ", "   \t  ", "\t", "\n", "\r\n", "\u{3000}", "# a comment"])
  func blankLinesAreEmpty(line: String) {
    #expect(parse(line) == .empty)
  }

  @Test func unicodeNamesPassThroughLowercased() {
    #expect(parse("open pokémon") == .command(OpenCommand("pokémon")))
    #expect(parse("open POKÉMON") == .command(OpenCommand("pokémon")))
    #expect(parse("search ピカチュウ") == .command(SearchCommand(text: "ピカチュウ")))
    #expect(
      parse("öpen 1") == .failure(ParseFailure("Unknown command \"öpen\". Did you mean \"open\"?")))
  }

  @Test func aOneMegabyteLineIsRefusedWithItsLength() {
    let line = "open " + String(repeating: "a", count: 1_048_576 - 5)
    #expect(
      parse(line)
        == .failure(
          ParseFailure("That line is too long (1048576 characters); the limit is 4096.")))
  }

  @Test func theLimitCountsCharactersNotBytes() {
    let atLimit = "search " + String(repeating: "é", count: 4096 - 7)
    #expect(parse(atLimit) == .command(SearchCommand(text: String(repeating: "é", count: 4089))))
    #expect(
      parse(atLimit + "é")
        == .failure(ParseFailure("That line is too long (4097 characters); the limit is 4096.")))
  }

  @Test(
    "Control characters are refused, naming the first one",
    arguments: [
      ("open\u{0}133", "U+0000"), ("list\u{1B}[31m", "U+001B"), ("next\u{7}", "U+0007"),
      ("ls\u{7F}", "U+007F"), ("info\u{85}", "U+0085"), ("page\n3", "U+000A"),
    ])
  func controlCharacters(line: String, codePoint: String) {
    #expect(
      parse(line)
        == .failure(
          ParseFailure("That line contains a control character (\(codePoint)); it was not run.")))
  }
}

@Suite("Page commands")
struct PageCommandParsingTests {
  func parse(_ line: String) -> ParseResult<any SessionCommand> {
    SessionCommands.all.parse(line, isEnabled: { _ in true })
  }

  @Test func aKindAndTheNameAsTyped() {
    #expect(
      parse("ability Lightning Rod")
        == .command(ShowPageCommand(PageInput(kind: "ability", name: "Lightning Rod"))))
    #expect(parse("TYPE fire") == .command(ShowPageCommand(PageInput(kind: "type", name: "fire"))))
    #expect(parse("types") == .command(ShowPageCommand(PageInput(kind: "types", name: nil))))
    #expect(parse("natures") == .command(ShowPageCommand(PageInput(kind: "natures", name: nil))))
  }

  @Test func aNameIsNeededWhereTheKindTakesOne() {
    guard case .failure(let failure) = parse("move") else {
      Issue.record("move alone parsed")
      return
    }
    #expect(failure.message == "\"move\" needs a name: move NAME.")
    guard case .failure = parse("types fire") else {
      Issue.record("types took an argument")
      return
    }
  }

  @Test func learnsetsTakeAGame() {
    #expect(parse("moves") == .command(ShowPageCommand(PageInput(kind: "moves", name: nil))))
    #expect(
      parse("moves --game red-blue")
        == .command(ShowPageCommand(PageInput(kind: "moves", name: "red-blue"))))
    #expect(
      parse("learnset --game=scarlet")
        == .command(ShowPageCommand(PageInput(kind: "moves", name: "scarlet"))))
    guard case .failure(let failure) = parse("moves --gmae x") else {
      Issue.record("a wrong option parsed")
      return
    }
    #expect(failure.message.contains("Did you mean \"--game\"?"))
  }

  @Test func statsTakesASpeciesAndOptionsAndRefusesABadSpreadAtOnce() {
    #expect(parse("stats") == .command(ShowPageCommand(PageInput(kind: "stats"))))
    #expect(
      parse("Stats Garchomp --Level 50 --evs 252SPE")
        == .command(
          ShowPageCommand(
            PageInput(kind: "stats", words: ["garchomp", "--level", "50", "--evs", "252spe"]))))
    guard case .failure(let failure) = parse("stats --evs 252spe,252atk,252hp") else {
      Issue.record("a spread over 510 parsed")
      return
    }
    #expect(failure.message == "EVs add up to at most 510 (these add up to 756).")
  }

  @Test func downloadImageTakesShinyAndFemaleAndShinyASwitch() {
    #expect(
      parse("download image --Female --shiny")
        == .command(DownloadCommand(shiny: true, female: true)))
    #expect(parse("download image --shiny") == .command(DownloadCommand(shiny: true)))
    guard case .failure(let unknown) = parse("download image --shinny") else {
      Issue.record("an unknown option parsed")
      return
    }
    #expect(
      unknown.message
        == "\"download image\" takes --shiny and --female (not \"--shinny\"). Did you mean \"--shiny\"?"
    )
    guard case .failure(let twice) = parse("download image --shiny --shiny") else {
      Issue.record("an option twice parsed")
      return
    }
    #expect(twice.message == "\"download image\" takes each option once.")
    #expect(parse("shiny") == .command(ShinyCommand(on: nil)))
    #expect(parse("shiny ON") == .command(ShinyCommand(on: true)))
    #expect(parse("shiny off") == .command(ShinyCommand(on: false)))
    guard case .failure(let bad) = parse("shiny yes") else {
      Issue.record("shiny yes parsed")
      return
    }
    #expect(bad.message == "\"shiny\" takes on or off (not \"yes\").")
  }

  @Test func filterDexTakesAPokedexOfOneOrMoreWords() {
    #expect(parse("filter dex Kanto") == .command(FilterCommand(change: .pokedex("kanto"))))
    #expect(
      parse("filter pokedex original johto")
        == .command(FilterCommand(change: .pokedex("original-johto"))))
    #expect(parse("filter dex") == .command(FilterCommand(change: .pokedex(nil))))
  }

  @Test func teamTakesAnActionAndNamesAsCompareDoes() {
    #expect(parse("team") == .command(ShowPageCommand(PageInput(kind: "team"))))
    #expect(
      parse("Team ADD #6 Mr.Mime raichu-alola")
        == .command(
          ShowPageCommand(PageInput(kind: "team", words: ["add", "6", "mrmime", "raichu-alola"]))))
    #expect(
      parse("team remove 2")
        == .command(ShowPageCommand(PageInput(kind: "team", words: ["remove", "2"])))
    )
    guard case .failure(let failure) = parse("team pikachu") else {
      Issue.record("a team without an action parsed")
      return
    }
    #expect(
      failure.message == "\"team\" takes add NAME…, remove NAME|N or clear (not \"pikachu\").")
    guard case .failure(let empty) = parse("team add #") else {
      Issue.record("an empty name parsed")
      return
    }
    #expect(empty.message == "\"team add\" needs names, e.g. \"team add pikachu\".")
  }

  @Test func eachKindHasItsFlag() {
    let off = SessionCommands.all.parse("ability static", isEnabled: { $0 != .abilities })
    #expect(off == .disabled(DisabledFeature(feature: .abilities, command: "ability")))
    let learnset = SessionCommands.all.parse("moves", isEnabled: { $0 != .moves })
    #expect(learnset == .disabled(DisabledFeature(feature: .moves, command: "moves")))
  }
}

@Suite("Ids with punctuation")
struct PunctuatedIDTests {
  @Test(arguments: ["open 25.0", "open 1.5", "open 2'5", "open #25.", "open 2:5", "compare 25.0 6"])
  func areRefusedNotReadAsAnotherID(line: String) {
    guard case .failure(let failure) = SessionCommands.all.parse(line, isEnabled: { _ in true })
    else {
      Issue.record("\(line) parsed")
      return
    }
    #expect(
      failure.message.hasSuffix("is not a Pokémon id; ids are whole numbers, e.g. \"open 25\"."))
  }

  @Test func namesKeepTheirPunctuationDropped() {
    #expect(
      SessionCommands.all.parse("open Mr. Mime", isEnabled: { _ in true })
        == .command(OpenCommand("mr-mime")))
    #expect(
      SessionCommands.all.parse("open farfetch'd", isEnabled: { _ in true })
        == .command(OpenCommand("farfetchd")))
    #expect(
      SessionCommands.all.parse("open #25", isEnabled: { _ in true }) == .command(OpenCommand("25"))
    )
  }
}
