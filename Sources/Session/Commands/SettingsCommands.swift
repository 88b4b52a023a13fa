import APIClient
import CommandLanguage
import Models
import Pages
import Presentation

/// `pager on|off`: page long output, or not; a bare `pager` tells which.
struct PagerCommand: BuiltInCommand {
  var on: Bool?

  static let spec = CommandSpec(
    name: "pager", aliases: [], arguments: "[on|off]",
    group: .session, summary: "Page long output, or not",
    details: """
      Output taller than the terminal goes through a pager ($PAGER, else less, else a \
      built-in "-- more --") in an interactive session; "pager off" prints it straight \
      away, "pager on" pages again, a bare "pager" tells which. Scripts and piped \
      output are never paged; --no-pager starts with it off.
      """,
    examples: ["pager off", "pager on", "pager"], completion: .choices(["on", "off"]))

  static func parse(_ arguments: Arguments, isEnabled: (Feature) -> Bool) -> ParseResult<Self> {
    arguments.onOff().map { Self(on: $0) }
  }

  func run(on shell: isolated Shell, status: StatusLine?) async throws(CommandFailure)
    -> CommandOutcome
  {
    if let on { shell.state.paging = on }
    return .output(.pager(shell.state.paging))
  }
}

/// `shiny on|off`: show and download the shiny pictures, or not (kept in config.json); a bare
/// `shiny` tells which.
struct ShinyCommand: BuiltInCommand {
  var on: Bool?

  static let spec = CommandSpec(
    name: "shiny", aliases: [], arguments: "[on|off]",
    group: .yourGame, summary: "Shiny pictures, on or off",
    details: """
      "shiny on" shows the shiny picture of a species wherever one is downloaded, and \
      "download image" fetches the shiny one; "shiny off" goes back to the usual \
      pictures; a bare "shiny" tells which. The choice is kept in config.json. Every \
      downloaded picture, shiny or not, marks its species in the list.
      """,
    examples: ["shiny on", "open 25", "download image", "shiny off"], feature: .images,
    completion: .choices(["on", "off"]))

  static func parse(_ arguments: Arguments, isEnabled: (Feature) -> Bool) -> ParseResult<Self> {
    arguments.onOff().map { Self(on: $0) }
  }

  func run(on shell: isolated Shell, status: StatusLine?) async throws(CommandFailure)
    -> CommandOutcome
  {
    _ = try shell.requireImages()
    guard let on, on != shell.state.shiny else {
      return .output(.shiny(shell.state.shiny, saveWarning: nil))
    }
    shell.state.shiny = on
    return .output(.shiny(on, saveWarning: shell.dependencies.saveShiny(on)))
  }
}

/// What `lang` changes.
enum LanguageChange: Hashable, Sendable {
  /// Show names and texts in this language.
  case choose(Language)
  /// Capitalised slugs and English texts, as without `--lang`.
  case off
}

/// `lang CODE|off`: names and texts in a language PokéAPI speaks (kept in config.json); a bare
/// `lang` shows the language and those available.
struct LanguageCommand: BuiltInCommand {
  var change: LanguageChange?

  static let spec = CommandSpec(
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
    examples: ["lang ja", "lang fr", "lang off", "lang"],
    completion: .choices(Language.all.map(\.code) + ["off"]))

  static func parse(_ arguments: Arguments, isEnabled: (Feature) -> Bool) -> ParseResult<Self> {
    if arguments.words.isEmpty { return .command(Self(change: nil)) }
    let value = arguments.rest.lowercased()
    if ["off", "none", "slugs"].contains(value) { return .command(Self(change: .off)) }
    if let language = Language.named(value) { return .command(Self(change: .choose(language))) }
    return .fail(
      "\"lang\" takes a language code such as \"ja\" or \"fr\", or \"off\" (not \(Arguments.quoted(arguments.rest))); "
        + "\"lang\" lists them." + Arguments.didYouMean(value, among: Language.all.map(\.code)))
  }

  func run(on shell: isolated Shell, status: StatusLine?) async throws(CommandFailure)
    -> CommandOutcome
  {
    guard let language = shell.dependencies.language else {
      return .output(.language(LanguageReport(current: nil, changed: false, progress: nil)))
    }
    guard let change else {
      return .output(
        .language(
          LanguageReport(current: language.current, changed: false, progress: language.progress)))
    }
    let chosen: Language? =
      switch change {
      case .choose(let chosen): chosen
      case .off: nil
      }
    language.choose(chosen)
    // The species shown, and those on the trail, are named in the new language (or by their
    // slugs again).
    let glossary = language.currentGlossary()
    shell.renameShown { species in
      var species = species
      species.shownName = chosen == nil ? nil : glossary.species[species.id]
      return species
    }
    // The open species' name while every species' names load: from its own answer (cached),
    // the prompt redrawn with it (`#6 Dracaufeu`, not `#6 Charizard` until the next command).
    if chosen != nil, let selected = shell.state.selected, selected.shownName == nil {
      let details = shell.dependencies.species.details
      shell.work.start("the open species' name in the language") { [weak shell] in
        guard
          let detail = try? await details.details(
            of: .id(selected.id), form: nil, glossary: await language.glossary()),
          detail.language != nil
        else { return }
        await shell?.rename(selected.id, to: detail.displayName, in: chosen)
      }
    }
    return .output(
      .language(
        LanguageReport(
          current: chosen, changed: true, progress: language.progress,
          saveWarning: shell.dependencies.saveLanguage(chosen))))
  }
}

extension Shell {
  /// Names species `id`, open and on the trail, `name`, while `language` is still the one
  /// shown, and tells the prompt's observer.
  func rename(_ id: Int, to name: String, in language: Language?) {
    guard dependencies.language?.current == language, state.selected?.id == id else { return }
    renameShown { species in
      var species = species
      if species.id == id { species.shownName = name }
      return species
    }
    promptObserver?(state.prompt(columns: promptColumns()))
  }

  /// Renames the species shown by name: the open one, and those on the trail (forms keep
  /// theirs).
  func renameShown(_ renamed: (SpeciesSummary) -> SpeciesSummary) {
    state.selected = state.selected.map(renamed)
    state.trail = state.trail.map { stop in
      guard case .species(let species, let form) = stop, form == nil else { return stop }
      return .species(renamed(species), form: form)
    }
  }
}

/// What `game` changes.
enum GameChange: Hashable, Sendable {
  /// Play this game: the name as typed (trimmed), which the command resolves.
  case choose(String)
  /// No game: each page shows the newest game it has data for.
  case off
}

/// `game NAME|off`: the game the session plays (kept in config.json); a bare `game` shows it.
struct GameCommand: BuiltInCommand {
  var change: GameChange?

  static let spec = CommandSpec(
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
    examples: ["game red", "game sword-shield", "game", "game off"], completion: .games)

  static func parse(_ arguments: Arguments, isEnabled: (Feature) -> Bool) -> ParseResult<Self> {
    if arguments.words.isEmpty { return .command(Self(change: nil)) }
    let name = Arguments.unquoted(arguments.rest)
    if ["off", "none"].contains(name.lowercased()) { return .command(Self(change: .off)) }
    guard !name.isEmpty, name.count <= 100 else {
      return .fail(
        "\"game\" takes a game's name, e.g. \"game red\" (not \(Arguments.quoted(arguments.rest)))."
      )
    }
    return .command(Self(change: .choose(name)))
  }

  func waiting(_ state: SessionState) -> String { "Fetching the games" }

  func run(on shell: isolated Shell, status: StatusLine?) async throws(CommandFailure)
    -> CommandOutcome
  {
    switch change {
    case nil:
      return .output(
        .game(GameReport(game: shell.state.game, name: shell.state.gameName, changed: false)))
    case .off:
      shell.state.game = nil
      shell.state.gameName = nil
      return .output(
        .game(
          GameReport(
            game: nil, name: nil, changed: true,
            saveWarning: shell.dependencies.saveGame(nil, nil))))
    case .choose(let typed):
      let catalog: GameCatalog
      do {
        catalog = try await shell.dependencies.games(await shell.glossary())
      } catch {
        throw .page(.api(error))
      }
      let resolution = catalog.resolve(typed)
      if let failure = catalog.failure(resolution, typed: typed) { throw .page(failure) }
      guard case .found(let game) = resolution else {
        throw .page(.api(.notFound(resource: typed)))
      }
      let name = catalog.label(game)
      shell.state.game = game
      shell.state.gameName = name
      return .output(
        .game(
          GameReport(
            game: game, name: name, changed: true,
            saveWarning: shell.dependencies.saveGame(game, name))))
    }
  }
}
