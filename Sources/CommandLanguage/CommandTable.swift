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
      parseArguments: parsePage, completion: .listPages),
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

extension CommandTable {
  /// `Unknown command "opne". Did you mean "open"?` or `Unknown command "bogus". Try "help".`
  func unknownCommand(_ word: String, isEnabled: (Feature) -> Bool) -> ParseFailure {
    let candidates = all.filter { $0.isOn(isEnabled) }.flatMap { [$0.name] + $0.aliases }
    let hint = didYouMean(word.lowercased(), among: candidates)
    return ParseFailure(
      "Unknown command \(quoted(word))." + (hint.isEmpty ? " Try \"help\"." : hint))
  }
}
