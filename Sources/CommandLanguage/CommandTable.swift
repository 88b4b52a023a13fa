import Models

/// The one table of commands: the built-in ones and the page kinds' (each declared with its kind,
/// `Sources/Pages/Kinds`). The parser, `help`, `help COMMAND`, tab completion and the manual all
/// read it.
public struct CommandTable: Sendable {
  /// Every command, in the order `help` lists them: the page kinds' after `back`.
  public let all: [CommandSpec]

  /// The built-in commands with `pages`, the page kinds' commands, in their order after the
  /// commands that walk the list, the species and the trail.
  public init(pages: [CommandSpec]) {
    all = Self.beforePages + pages + Self.afterPages
  }

  /// The built-in commands `help` lists before the page kinds': the list, a species, the trail.
  static let beforePages: [CommandSpec] = [
    CommandSpec(
      name: "list", aliases: ["ls"], arguments: "",
      group: .list, summary: "The current page of species",
      details: """
        Shows the current page of the species list under the active gender filter: \
        a header with the filter and page, then one row per species (id and name). \
        Rows whose image is downloaded are marked.
        """,
      examples: ["list", "ls"], feature: nil,
      parseArguments: noArguments(.list), completion: .none),
    CommandSpec(
      name: "next", aliases: [], arguments: "",
      group: .list, summary: "The next page",
      details: "Moves to the next page of the list and shows it.",
      examples: ["next"], feature: nil,
      parseArguments: noArguments(.next), completion: .none),
    CommandSpec(
      name: "prev", aliases: ["previous"], arguments: "",
      group: .list, summary: "The page before",
      details: "Moves to the previous page of the list and shows it.",
      examples: ["prev", "previous"], feature: nil,
      parseArguments: noArguments(.previous), completion: .none),
    CommandSpec(
      name: "page", aliases: [], arguments: "N",
      group: .list, summary: "Jump to page N",
      details: "Jumps to page N of the list (pages start at 1) and shows it.",
      examples: ["page 3"], feature: nil,
      parseArguments: parsePage, completion: .pages),
    CommandSpec(
      name: "first", aliases: [], arguments: "",
      group: .list, summary: "The first page",
      details: "Jumps to the first page of the list and shows it.",
      examples: ["first"], feature: nil,
      parseArguments: noArguments(.first), completion: .none),
    CommandSpec(
      name: "last", aliases: [], arguments: "",
      group: .list, summary: "The last page",
      details: "Jumps to the last page of the list and shows it.",
      examples: ["last"], feature: nil,
      parseArguments: noArguments(.last), completion: .none),
    CommandSpec(
      name: "filter", aliases: [], arguments: "[GENDER|type|gen|dex|all]",
      group: .list, summary: "Narrow by gender, type, dex…",
      details: """
        Narrows the list and shows its first page; the filters combine. GENDER is male, \
        female or genderless: male lists species that can be male, female those that can be female, genderless those with no gender; \
        "type water" those of a type, "gen 3" (or "generation 3") those a generation \
        introduced, "dex kanto" those of a regional Pokédex, in its order and numbered as \
        in it (its name in the language too; Tab completes them). "filter type", "filter \
        gen" or "filter dex" alone clears that one, "filter gender" the gender, "filter all" \
        every filter. A bare "filter" shows the active filters. \
        search and random look only among the species the filters let through.
        """,
      examples: [
        "filter female", "filter type water", "filter gen 1", "filter dex kanto", "filter all",
        "filter",
      ],
      feature: nil, parseArguments: parseFilter, completion: .filterOptions),
    CommandSpec(
      name: "open", aliases: [], arguments: "ID|NAME",
      group: .species, summary: "A species, by number or name",
      details: """
        Selects a species and shows its details. ID is its number (133, or #133); NAME is \
        its name in any case (eevee, Mr-Mime, Mr. Mime) or the start of exactly one name \
        (pikac for pikachu). Tab completes names.
        """,
      examples: ["open 133", "open eevee", "open mr-mime"], feature: nil,
      parseArguments: parseOpen, completion: .species),
    CommandSpec(
      name: "info", aliases: [], arguments: "",
      group: .species, summary: "The open species again",
      details: "Shows the details of the selected species again.",
      examples: ["info"], feature: nil,
      parseArguments: noArguments(.info), completion: .none, applies: .withSelection),
    CommandSpec(
      name: "evolution", aliases: ["evo"], arguments: "[--images]",
      group: .species, summary: "Its evolution tree",
      details: """
        Shows the whole evolution chain of the selected species as a tree, every branch \
        with what triggers it (level 16, use Water Stone, trade …); the selected species \
        is marked. The members whose images are downloaded are drawn in a row under the \
        tree; --images downloads the missing ones first.
        """,
      examples: ["open eevee", "evolution", "evo", "evo --images"], feature: .evolution,
      parseArguments: parseEvolution, completion: .imagesOption, applies: .withSelection),
    CommandSpec(
      name: "download", aliases: [], arguments: "image [--shiny] [--female]",
      group: .species, summary: "Save its picture",
      details: """
        Downloads the selected species' image, checks that it is a sensible PNG, keeps it \
        in the data directory and shows it. The list marks species whose image is downloaded. \
        --shiny downloads its shiny picture (as "shiny on" does for every download), --female \
        its female one where the female looks different; a picture the image server lacks \
        falls back to the usual one, and says so.
        """,
      examples: ["open 25", "download image", "download image --shiny --female"], feature: .images,
      parseArguments: parseDownload, completion: .downloadImage,
      applies: .withImageToDownload),
    CommandSpec(
      name: "image", aliases: [], arguments: "",
      group: .species, summary: "Its picture, right here",
      details: "Shows the downloaded image of the selected species.",
      examples: ["image"], feature: .images,
      parseArguments: noArguments(.image), completion: .none, applies: .withImage),
    CommandSpec(
      name: "back", aliases: [], arguments: "",
      group: .species, summary: "Back along the trail",
      details: """
        Every page you open (a list page, a species, an ability, a move, a type, an item, a \
        nature) goes on a trail, which the prompt names. "back" shows the page before the \
        one shown again, whatever its kind; from a species it returns to the list page that \
        holds it, the species marked there.
        """,
      examples: ["open pikachu", "ability static", "back"], feature: nil,
      parseArguments: noArguments(.back), completion: .none, applies: .withTrail),
  ]

  /// The built-in commands `help` lists after the page kinds'.
  static let afterPages: [CommandSpec] = [
    CommandSpec(
      name: "search", aliases: [], arguments: "TEXT",
      group: .list, summary: "Species whose names hold TEXT",
      details: """
        Lists every species whose name contains TEXT, in any case, among all species, \
        not only the pages seen so far.
        """,
      examples: ["search chu", "search mime"], feature: .search,
      parseArguments: parseSearch, completion: .searchText),
    CommandSpec(
      name: "random", aliases: [], arguments: "[N]",
      group: .list, summary: "N species at random",
      details: "Lists N random species, from 1 to 50 (1 if N is left out).",
      examples: ["random", "random 5"], feature: .random,
      parseArguments: parseRandom, completion: .count(1...50)),
    CommandSpec(
      name: "history", aliases: [], arguments: "[N]",
      group: .session, summary: "The commands typed",
      details: """
        Shows the commands typed so far, also those of earlier sessions, numbered; N shows \
        only the last N. At the prompt, !N runs line N again, !! the last line, !-N the \
        line N back and !TEXT the last line starting with TEXT. Ctrl-R searches the \
        history; Up and Down recall the lines starting with what is typed.
        """,
      examples: ["history", "history 10"], feature: nil,
      parseArguments: parseHistory, completion: .none),
    CommandSpec(
      name: "cache", aliases: [], arguments: "[clear]",
      group: .session, summary: "Cache statistics, or clear",
      details: """
        Shows what the cache holds: entries, bytes, hits, misses and age. "cache clear" \
        empties it (downloaded images are kept).
        """,
      examples: ["cache", "cache clear"], feature: nil,
      parseArguments: parseCache, completion: .destructive(["clear"])),
    CommandSpec(
      name: "sync", aliases: [], arguments: "[RANGE] [--images] [--moves]",
      group: .session, summary: "Fetch ahead for offline use",
      details: """
        Fetches species ahead into the cache, with progress, so they work offline: their \
        details, evolutions and the pages of their abilities and types, with a game set its \
        Pokédex texts and Pokédexes. RANGE is FIRST-LAST or one id (all species if left out); --images also \
        downloads their images, --moves their learnsets and the moves in them.
        """,
      examples: ["sync 1-151", "sync 133", "sync 1-151 --images", "sync 1-151 --moves"],
      feature: .sync,
      parseArguments: parseSync, completion: .syncOptions),
    CommandSpec(
      name: "clear", aliases: [], arguments: "",
      group: .session, summary: "Clear the screen",
      details: "Clears the terminal screen (Ctrl-L does the same while typing).",
      examples: ["clear"], feature: nil,
      parseArguments: noArguments(.clear), completion: .none),
    CommandSpec(
      name: "pager", aliases: [], arguments: "[on|off]",
      group: .session, summary: "Page long output, or not",
      details: """
        Output taller than the terminal goes through a pager ($PAGER, else less, else a \
        built-in "-- more --") in an interactive session; "pager off" prints it straight \
        away, "pager on" pages again, a bare "pager" tells which. Scripts and piped \
        output are never paged; --no-pager starts with it off.
        """,
      examples: ["pager off", "pager on", "pager"], feature: nil,
      parseArguments: parsePager, completion: .choices(["on", "off"])),
    CommandSpec(
      name: "shiny", aliases: [], arguments: "[on|off]",
      group: .yourGame, summary: "Shiny pictures, on or off",
      details: """
        "shiny on" shows the shiny picture of a species wherever one is downloaded, and \
        "download image" fetches the shiny one; "shiny off" goes back to the usual \
        pictures; a bare "shiny" tells which. The choice is kept in config.json. Every \
        downloaded picture, shiny or not, marks its species in the list.
        """,
      examples: ["shiny on", "open 25", "download image", "shiny off"], feature: .images,
      parseArguments: parseShiny, completion: .choices(["on", "off"])),
    CommandSpec(
      name: "lang", aliases: ["language"], arguments: "[CODE|off]",
      group: .yourGame, summary: "Names in another language",
      details: """
        Shows the names and texts of every page in a language PokéAPI speaks: species, \
        genus, Pokédex text, types, abilities, moves, items, natures and stats. CODE is one \
        of en, ja, ja-hrkt, ja-roma, ko, zh-hant, zh-hans, fr, de, es, es-419, it, cs, \
        pt-br (any case; roomaji works too). What PokéAPI has no text for is shown in English, \
        and the screen says so. The names of every species load in the background the first \
        time (only those not cached); meanwhile names not loaded yet show as their slugs. \
        open, search and Tab then take names in that language too (accents, case and \
        full or half width ignored). "lang off" goes back to the capitalised slugs; a bare \
        "lang" shows the language and those available. The choice is kept in config.json; \
        --lang and POKEDEX_LANG choose at launch. The labels of the interface stay English.
        """,
      examples: ["lang ja", "lang fr", "lang off", "lang"], feature: nil,
      parseArguments: parseLanguage,
      completion: .choices(Language.all.map(\.code) + ["off"])),
    CommandSpec(
      name: "game", aliases: [], arguments: "[NAME|off]",
      group: .yourGame, summary: "The game you play",
      details: """
        Chooses the game you play: a version (red, "Legends: Z-A") or a version group \
        (red-blue, sword-shield), by its slug or its name in the language shown, or the \
        start of exactly one; Tab completes them. From then on moves, where, a move's TM, an \
        item's price and the texts of species, abilities, moves and items answer for that \
        game, and so do the facts of its generation: a move's type, class, power, accuracy \
        and PP; a species' types, type chart, base stats (one Special in Generation I) and \
        abilities (none before Generation III); stats' formulas (DVs and stat experience \
        in Generations I and II); what an egg hatches as. A species, form, move, ability, \
        nature, item or breeding of a later generation says so and shows today's facts. A \
        version narrows what differs by version (a chance in the wild) to it. \
        --game on moves or where overrides it for one command. "game off" goes back to \
        the newest game each page has data for; a bare "game" shows the one chosen. The \
        choice is kept in config.json and shown in the prompt.
        """,
      examples: ["game red", "game sword-shield", "game", "game off"], feature: nil,
      parseArguments: parseGame, completion: .games),
    CommandSpec(
      name: "flags", aliases: [], arguments: "",
      group: .session, summary: "The feature flags",
      details: """
        Lists the feature flags, whether each is on, and where that came from \
        (configuration file, environment or command line).
        """,
      examples: ["flags"], feature: nil,
      parseArguments: noArguments(.flags), completion: .none),
    CommandSpec(
      name: "doctor", aliases: [], arguments: "",
      group: .session, summary: "Check what a demo needs",
      details: """
        Checks what a demo needs and says what to do about each problem: the terminal (its \
        size, colour, and which image protocol would be used, and why), the API and the image \
        server (reachable, how fast, over which protocol), the cache (species and images kept \
        for offline use, the oldest answer), the history and configuration files. \
        "pokedex doctor" does the same from the shell, exiting 1 when something would break \
        a demo.
        """,
      examples: ["doctor"], feature: nil,
      parseArguments: noArguments(.doctor), completion: .none),
    CommandSpec(
      name: "help", aliases: [], arguments: "[COMMAND]",
      group: .session, summary: "This help, or one command's",
      details:
        "Lists the commands, or tells more about one of them; help keys lists the keys of the line editor.",
      examples: ["help", "help open", "help keys"], feature: nil,
      parseArguments: parseHelp, completion: .commandNames),
    CommandSpec(
      name: "quit", aliases: ["exit"], arguments: "",
      group: .session, summary: "Leave (Ctrl-D too)",
      details: "Leaves pokedex. Ctrl-D on an empty line does the same.",
      examples: ["quit", "exit"], feature: nil,
      parseArguments: noArguments(.quit), completion: .none),
  ]

  /// Every feature there is: the built-in ones, then those only page kinds name, in table order.
  public var features: [Feature] {
    var features = Feature.builtIn
    for feature in all.compactMap(\.feature) where !features.contains(feature) {
      features.append(feature)
    }
    return features
  }

  /// The command named `word` or aliased so, in any case; `nil` if there is none.
  public func command(named word: String) -> CommandSpec? {
    let lowered = word.lowercased()
    return all.first { $0.isNamed(lowered) }
  }
}

/// What a page kind's command takes after its name: the grammar its arguments are parsed by and
/// completed with.
public enum PageArguments: Sendable {
  /// A name of the kind (`ability static`), completed from the kind's names.
  case name
  /// Nothing (`types`).
  case none
  /// `[--game NAME]`, about the open species (`moves`, `where`), completed with the games.
  case gameOption
  /// One to three species (`compare pikachu raichu`), completed with the species' names.
  case species
  /// An optional species, then options that each take one value (`stats garchomp --level 50
  /// --nature jolly`), read by the kind itself: `syntax` shows them in help, `check` says in one
  /// line what is wrong with the words typed (`nil` when nothing is). The species is completed
  /// with the species' names, the options with their words, and an option's value with the
  /// names of the kind `values` gives for it (`["--nature": "nature"]`).
  case speciesAndOptions(
    syntax: String, options: [String], values: [String: String],
    check: @Sendable ([String]) -> String?)
  /// An action word first (`team add`), then species' names, read by the kind itself: `syntax`
  /// shows them in help, `check` says in one line what is wrong with the words typed (`nil`
  /// when nothing is). The actions are completed, then the species' names after those of
  /// `namesAfter`.
  case actions(
    syntax: String, actions: [String], namesAfter: [String],
    check: @Sendable ([String]) -> String?)
}

extension CommandSpec {
  /// A page kind's command, `kind` followed by what `arguments` says.
  public static func page(
    _ kind: String, aliases: [String] = [], arguments: PageArguments = .name,
    group: CommandGroup, summary: String, details: String, examples: [String], feature: Feature
  ) -> CommandSpec {
    let syntax: String
    let parse: @Sendable (Arguments, (Feature) -> Bool) -> ParseResult
    let completion: ArgumentCompletion
    var applies = Applicability.always
    switch arguments {
    case .name:
      (syntax, parse, completion) = ("NAME", parsePageName(kind), .pageNames(kind))
    case .none:
      (syntax, parse, completion) = ("", noArguments(.show(kind: kind, name: nil)), .none)
    case .gameOption:
      (syntax, parse, completion) = ("[--game NAME]", parseGameOption(kind), .gameOption(kind))
      applies = .withSelection
    case .species:
      (syntax, parse, completion) = ("A [B] [C]", parseSpecies(kind), .speciesEverywhere)
    case .actions(let usage, let actions, let namesAfter, let check):
      syntax = usage
      parse = { arguments, _ in
        let words = arguments.words.map { $0.lowercased() }
        if let problem = check(words) { return fail(problem) }
        // The names after the action as compare takes them (`#25`, `mr.mime`).
        let names = words.dropFirst().map(nameWord)
        guard names.allSatisfy({ !$0.isEmpty }) else {
          return fail("\"\(kind) \(words[0])\" needs names, e.g. \"\(kind) \(words[0]) pikachu\".")
        }
        return .command(
          .show(
            kind: kind,
            name: words.isEmpty ? nil : ([words[0]] + names).joined(separator: " ")))
      }
      completion = .actions(actions, namesAfter: namesAfter)
    case .speciesAndOptions(let usage, let options, let values, let check):
      syntax = usage
      parse = { arguments, _ in
        let words = arguments.words.map { $0.lowercased() }
        if let problem = check(words) { return fail(problem) }
        return .command(.show(kind: kind, name: words.isEmpty ? nil : words.joined(separator: " ")))
      }
      completion = .speciesAndOptions(options: options, values: values)
    }
    return CommandSpec(
      name: kind, aliases: aliases, arguments: syntax, group: group, summary: summary,
      details: details,
      examples: examples, feature: feature, parseArguments: parse, completion: completion,
      applies: applies)
  }
}

// MARK: - Argument parsers

/// `KIND` or `KIND --game NAME` (`--game=NAME` too), for `moves` and `where`.
private func parseGameOption(
  _ kind: String
) -> @Sendable (Arguments, (Feature) -> Bool) -> ParseResult {
  { arguments, _ in
    var words = arguments.words
    guard let first = words.first else { return .command(.show(kind: kind, name: nil)) }
    if first.lowercased().hasPrefix("--game=") {
      words[0] = String(first.dropFirst("--game=".count))
      words.insert("--game", at: 0)
    }
    guard words.first?.lowercased() == "--game" else {
      return fail(
        "\"\(arguments.typed)\" takes only --game NAME (not \(quoted(arguments.rest)))."
          + didYouMean(first.lowercased(), among: ["--game"]))
    }
    let game = unquoted(words.dropFirst().joined(separator: " "))
    guard !game.isEmpty else {
      return fail("\"--game\" needs a game, e.g. \"\(kind) --game red-blue\".")
    }
    return .command(.show(kind: kind, name: game))
  }
}

/// Punctuation in a number is not dropped as it is in a name: `25.0`, `1.5` and `2'5` are not
/// ids (they once opened #250, #15 and #25).
private func punctuatedID(in words: [String], dropped: Set<Character>) -> ParseResult? {
  for word in words {
    let number = word.hasPrefix("#") ? word.dropFirst() : Substring(word)
    if number.contains(where: \.isNumber), number.contains(where: dropped.contains),
      number.allSatisfy({ ($0.isASCII && $0.isNumber) || dropped.contains($0) })
    {
      return fail("\(quoted(word)) is not a Pokémon id; ids are whole numbers, e.g. \"open 25\".")
    }
  }
  return nil
}

/// `KIND A [B] [C]` (`compare`): one to three species, each normalised as `open` normalises its
/// name.
private func parseSpecies(
  _ kind: String
) -> @Sendable (Arguments, (Feature) -> Bool) -> ParseResult {
  { arguments, _ in parseSpecies(kind, arguments) }
}

private func parseSpecies(_ kind: String, _ arguments: Arguments) -> ParseResult {
  guard !arguments.words.isEmpty else {
    return fail("\"\(kind)\" needs species: \(kind) A B, e.g. \"\(kind) pikachu raichu\".")
  }
  guard arguments.words.count <= 3 else {
    return fail("\"\(kind)\" takes at most three species (not \(arguments.words.count)).")
  }
  if let refused = punctuatedID(in: arguments.words, dropped: nameMarks) { return refused }
  let names = arguments.words.map(nameWord)
  guard names.allSatisfy({ !$0.isEmpty }) else {
    return fail("\"\(kind)\" needs species: \(kind) A B, e.g. \"\(kind) pikachu raichu\".")
  }
  return .command(.show(kind: kind, name: names.joined(separator: " ")))
}

/// The name after a page kind's command, as typed.
private func parsePageName(
  _ kind: String
) -> @Sendable (Arguments, (Feature) -> Bool) -> ParseResult {
  { arguments, _ in
    arguments.rest.isEmpty
      ? fail("\"\(kind)\" needs a name: \(kind) NAME.")
      : .command(.show(kind: kind, name: arguments.rest))
  }
}

/// A command that takes no arguments.
private func noArguments(
  _ command: Command
) -> @Sendable (Arguments, (Feature) -> Bool) -> ParseResult {
  { arguments, _ in
    arguments.words.isEmpty
      ? .command(command)
      : fail("\"\(arguments.typed)\" takes no arguments (not \(quoted(arguments.rest))).")
  }
}

private func parsePage(_ arguments: Arguments, _: (Feature) -> Bool) -> ParseResult {
  guard let word = arguments.words.first else {
    return fail("\"page\" needs a number: page N.")
  }
  guard arguments.words.count == 1 else {
    return fail("\"page\" takes one number: page N.")
  }
  switch parseNumber(word) {
  case .number(let number) where number >= 1: return .command(.page(number))
  case .number: return fail("Page numbers start at 1.")
  case .tooLarge: return fail("That page number is too large.")
  case .notANumber: return fail("\"page\" needs a number: page N (not \(quoted(word))).")
  }
}

private func parseFilter(_ arguments: Arguments, _: (Feature) -> Bool) -> ParseResult {
  let words = arguments.words.map { $0.lowercased() }
  guard let first = words.first else { return .command(.filter(nil)) }
  let rest = Array(words.dropFirst())
  switch first {
  case "all":
    guard rest.isEmpty else { break }
    return .command(.filter(.clearAll))
  case "gender":
    guard rest.isEmpty else { break }
    return .command(.filter(.clearGender))
  case "type":
    guard rest.count <= 1 else {
      return fail("\"filter type\" takes one type, e.g. \"filter type water\".")
    }
    return .command(.filter(.type(rest.first.map(NameQuery.normalize))))
  case "gen", "generation":
    guard let word = rest.first else { return .command(.filter(.generation(nil))) }
    let known = 1...Generation.all.count
    guard rest.count == 1, let number = Int(word), known.contains(number) else {
      return fail(
        "\"filter gen\" takes a generation from \(known.lowerBound) to \(known.upperBound), "
          + "e.g. \"filter gen 3\" (not \(quoted(rest.joined(separator: " ")))).")
    }
    return .command(.filter(.generation(number)))
  case "dex", "pokedex":
    // A Pokédex's name of several words is one slug (`original johto`).
    return .command(
      .filter(.pokedex(rest.isEmpty ? nil : NameQuery.normalize(rest.joined(separator: " ")))))
  default:
    if rest.isEmpty, let gender = GenderFilter(rawValue: first), gender != .all {
      return .command(.filter(.gender(gender)))
    }
  }
  let names = ["all", "male", "female", "genderless", "type", "gen", "dex", "gender"]
  return fail(
    "\"filter\" takes male, female, genderless, type NAME, gen N, dex NAME or all (not \(quoted(arguments.rest)))."
      + (names.contains(first) ? "" : didYouMean(first, among: names)))
}

/// The marks a typed name is read without: quotes, apostrophes, dots and colons (`Mr. Mime`,
/// `Farfetch'd`, `"pikachu"`, `“pikachu”`).
private let nameMarks: Set<Character> = [
  "'", "\"", ".", ":", "\u{2018}", "\u{2019}", "\u{201C}", "\u{201D}",
]

/// A typed word as species' names and ids are read, by `open`, `compare` and `team add` alike:
/// lowercased, without ``nameMarks``, and an id without its `#` (`#133` → `133`).
private func nameWord(_ word: String) -> String {
  var name = word.lowercased().filter { !nameMarks.contains($0) }
  if name.hasPrefix("#") { name.removeFirst() }
  return name
}

/// Names are normalised towards slugs (``nameWord(_:)``), words joined by `-` (`Mr. Mime` →
/// `mr-mime`, `Farfetch'd` → `farfetchd`); `#133` → `133`.
private func parseOpen(_ arguments: Arguments, _: (Feature) -> Bool) -> ParseResult {
  if let refused = punctuatedID(in: arguments.words, dropped: nameMarks) { return refused }
  var words = arguments.words.map(nameWord)
  words.removeAll { $0.isEmpty }
  if words.count > 1, words[0].allSatisfy({ $0.isASCII && $0.isNumber }) {
    return fail("\"open\" takes one species: open ID|NAME (not \(quoted(arguments.rest))).")
  }
  guard !words.isEmpty else {
    return fail("\"open\" needs a species: open ID|NAME, e.g. \"open 133\" or \"open eevee\".")
  }
  return .command(.open(words.joined(separator: "-")))
}

private func parseDownload(_ arguments: Arguments, _: (Feature) -> Bool) -> ParseResult {
  guard !arguments.words.isEmpty else {
    return fail("\"download\" needs what to download: download image.")
  }
  let value = arguments.words.joined(separator: " ").lowercased()
  let words = arguments.words.map { $0.lowercased() }
  if words.first == "image" {
    let options = Array(words.dropFirst())
    let known = ["--shiny", "--female"]
    if let unknown = options.first(where: { !known.contains($0) }) {
      return fail(
        "\"download image\" takes --shiny and --female (not \(quoted(unknown)))."
          + didYouMean(unknown, among: known))
    }
    guard Set(options).count == options.count else {
      return fail("\"download image\" takes each option once.")
    }
    return .command(
      .downloadImage(shiny: options.contains("--shiny"), female: options.contains("--female")))
  }
  return fail(
    "\"download\" takes only \"image\" (not \(quoted(value)))."
      + didYouMean(value, among: ["image"]))
}

private func parseSearch(_ arguments: Arguments, _: (Feature) -> Bool) -> ParseResult {
  arguments.rest.isEmpty
    ? fail("\"search\" needs some text: search TEXT.")
    : .command(.search(unquoted(arguments.rest)))
}

private func parseRandom(_ arguments: Arguments, _: (Feature) -> Bool) -> ParseResult {
  guard let word = arguments.words.first else { return .command(.random(1)) }
  guard arguments.words.count == 1 else {
    return fail("\"random\" takes one number from 1 to 50.")
  }
  if case .number(let count) = parseNumber(word), (1...50).contains(count) {
    return .command(.random(count))
  }
  return fail("\"random\" takes a number from 1 to 50 (not \(quoted(word))).")
}

private func parseEvolution(_ arguments: Arguments, isEnabled: (Feature) -> Bool) -> ParseResult {
  switch arguments.words.map({ $0.lowercased() }) {
  case []: return .command(.evolution(images: false))
  case ["--images"]:
    guard isEnabled(.images) else {
      return .disabled(DisabledFeature(feature: .images, command: "evolution"))
    }
    return .command(.evolution(images: true))
  default:
    return fail(
      "\"\(arguments.typed)\" takes only --images (not \(quoted(arguments.rest))).")
  }
}

private func parseHistory(_ arguments: Arguments, _: (Feature) -> Bool) -> ParseResult {
  guard let word = arguments.words.first else { return .command(.history(nil)) }
  guard arguments.words.count == 1 else {
    return fail("\"history\" takes one number: history [N] (not \(quoted(arguments.rest))).")
  }
  switch parseNumber(word) {
  case .number(let count) where count >= 1: return .command(.history(count))
  case .tooLarge: return .command(.history(Int.max))
  default: return fail("\"history\" takes a number of lines: history [N] (not \(quoted(word))).")
  }
}

private func parsePager(_ arguments: Arguments, _: (Feature) -> Bool) -> ParseResult {
  parseSwitch(arguments).map { .command(.pager($0)) } ?? switchFailure(arguments)
}

private func parseShiny(_ arguments: Arguments, _: (Feature) -> Bool) -> ParseResult {
  parseSwitch(arguments).map { .command(.shiny($0)) } ?? switchFailure(arguments)
}

/// `on` (`true`), `off` (`false`), nothing (`.some(nil)`), or `nil` for anything else.
private func parseSwitch(_ arguments: Arguments) -> Bool?? {
  if arguments.words.isEmpty { return .some(nil) }
  switch arguments.rest.lowercased() {
  case "on": return true
  case "off": return false
  default: return nil
  }
}

private func switchFailure(_ arguments: Arguments) -> ParseResult {
  fail(
    "\"\(arguments.typed)\" takes on or off (not \(quoted(arguments.rest)))."
      + didYouMean(arguments.rest.lowercased(), among: ["on", "off"]))
}

private func parseLanguage(_ arguments: Arguments, _: (Feature) -> Bool) -> ParseResult {
  if arguments.words.isEmpty { return .command(.language(nil)) }
  let value = arguments.rest.lowercased()
  if ["off", "none", "slugs"].contains(value) { return .command(.language(.off)) }
  if let language = Language.named(value) { return .command(.language(.choose(language))) }
  return fail(
    "\"lang\" takes a language code such as \"ja\" or \"fr\", or \"off\" (not \(quoted(arguments.rest))); "
      + "\"lang\" lists them." + didYouMean(value, among: Language.all.map(\.code)))
}

private func parseGame(_ arguments: Arguments, _: (Feature) -> Bool) -> ParseResult {
  if arguments.words.isEmpty { return .command(.game(nil)) }
  let name = unquoted(arguments.rest)
  if ["off", "none"].contains(name.lowercased()) { return .command(.game(.off)) }
  guard !name.isEmpty, name.count <= 100 else {
    return fail("\"game\" takes a game's name, e.g. \"game red\" (not \(quoted(arguments.rest))).")
  }
  return .command(.game(.choose(name)))
}

/// `text` without the quotes around it (`"Legends: Z-A"`, `'red'`, `“red”`).
func unquoted(_ text: String) -> String {
  let quotes: [(Character, Character)] = [("\"", "\""), ("'", "'"), ("\u{201C}", "\u{201D}")]
  for (open, close) in quotes where text.count >= 2 && text.first == open && text.last == close {
    let inner = text.dropFirst().dropLast().drop(while: \.isWhitespace)
    return String(inner.reversed().drop(while: \.isWhitespace).reversed())
  }
  return text
}

private func parseCache(_ arguments: Arguments, _: (Feature) -> Bool) -> ParseResult {
  if arguments.words.isEmpty { return .command(.cache(clear: false)) }
  let value = arguments.words.joined(separator: " ").lowercased()
  if value == "clear" { return .command(.cache(clear: true)) }
  return fail(
    "\"cache\" takes only \"clear\" (not \(quoted(value)))." + didYouMean(value, among: ["clear"]))
}

private func parseSync(_ arguments: Arguments, isEnabled: (Feature) -> Bool) -> ParseResult {
  var range: ClosedRange<Int>?
  var rangeWord: String?
  var images = false
  var moves = false
  let options = ["--images", "--moves"]
  for word in arguments.words {
    if word.hasPrefix("--") {
      switch word.lowercased() {
      case "--images": images = true
      case "--moves": moves = true
      default:
        return fail(
          "\"sync\" knows the options --images and --moves (not \(quoted(word)))."
            + didYouMean(word.lowercased(), among: options))
      }
      continue
    }
    if let earlier = rangeWord {
      return fail("\"sync\" takes one range (not \(quoted(earlier)) and \(quoted(word))).")
    }
    switch parseRange(word) {
    case .success(let parsed):
      range = parsed
      rangeWord = word
    case .failure(let failure):
      return .failure(failure)
    }
  }
  if images && !isEnabled(.images) {
    return .disabled(DisabledFeature(feature: .images, command: "sync"))
  }
  if moves && !isEnabled(.moves) {
    return .disabled(DisabledFeature(feature: .moves, command: "sync"))
  }
  return .command(.sync(range: range, images: images, moves: moves))
}

/// `1-151` or `25` (→ `25...25`).
private func parseRange(_ word: String) -> Result<ClosedRange<Int>, ParseFailure> {
  let parts = word.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
  let notARange = ParseFailure(
    "\"sync\" takes a range like 1-151 or one id (not \(quoted(word))).")
  guard parts.count == 1 || parts.count == 2 else { return .failure(notARange) }
  var bounds: [Int] = []
  for part in parts {
    switch parseNumber(part) {
    case .number(let number): bounds.append(number)
    case .tooLarge: return .failure(ParseFailure("That id is too large: \(quoted(part))."))
    case .notANumber: return .failure(notARange)
    }
  }
  guard bounds.allSatisfy({ $0 >= 1 }) else {
    return .failure(ParseFailure("Species ids start at 1 (not \(quoted(word)))."))
  }
  let lower = bounds[0]
  let upper = bounds.last!
  guard lower <= upper else {
    return .failure(
      ParseFailure("That range runs backwards: \(quoted(word)). Try \"\(upper)-\(lower)\"."))
  }
  return .success(lower...upper)
}

private func parseHelp(_ arguments: Arguments, isEnabled: (Feature) -> Bool) -> ParseResult {
  guard let word = arguments.words.first else { return .command(.help(nil)) }
  if CommandParser.topics.contains(word.lowercased()), arguments.words.count == 1 {
    return .command(.help(word.lowercased()))
  }
  guard let spec = arguments.table.command(named: word) else {
    return .failure(arguments.table.unknownCommand(word.lowercased(), isEnabled: isEnabled))
  }
  if let feature = spec.feature, !isEnabled(feature) {
    return .disabled(DisabledFeature(feature: feature, command: spec.name))
  }
  if arguments.words.count > 1 {
    // `help download image`, `help cache clear`: a whole valid command line is fine too.
    let rest = arguments.words.dropFirst()
    let inner = Arguments(
      typed: word.lowercased(), words: Array(rest), rest: rest.joined(separator: " "),
      table: arguments.table)
    guard case .command = spec.parseArguments(inner, isEnabled) else {
      return fail("\"help\" takes one command name: help [COMMAND].")
    }
  }
  return .command(.help(spec.name))
}

// MARK: - Helpers

private func fail(_ message: String) -> ParseResult {
  .failure(ParseFailure(message))
}

extension CommandTable {
  /// `Unknown command "opne". Did you mean "open"?` or `Unknown command "bogus". Try "help".`
  func unknownCommand(_ word: String, isEnabled: (Feature) -> Bool) -> ParseFailure {
    let candidates = all.filter { $0.isOn(isEnabled) }.flatMap { [$0.name] + $0.aliases }
    let hint = didYouMean(word.lowercased(), among: candidates)
    return ParseFailure(
      "Unknown command \(quoted(word))." + (hint.isEmpty ? " Try \"help\"." : hint))
  }
}

/// The word in quotes for a message, cut short if it is long.
func quoted(_ word: String) -> String {
  let limit = 40
  return word.count > limit ? "\"\(word.prefix(limit))…\"" : "\"\(word)\""
}

private enum ParsedNumber {
  case number(Int)
  case tooLarge
  case notANumber
}

/// A whole number in ASCII digits, with an optional sign.
private func parseNumber(_ word: String) -> ParsedNumber {
  if let number = Int(word) { return .number(number) }
  let digits = word.hasPrefix("-") || word.hasPrefix("+") ? word.dropFirst() : Substring(word)
  let allDigits = !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
  return allDigits ? .tooLarge : .notANumber
}
