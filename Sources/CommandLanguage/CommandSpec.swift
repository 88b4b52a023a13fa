/// The parts of `help`, in its order.
public enum CommandGroup: CaseIterable, Sendable {
  /// Walking the list of species.
  case list
  /// The species open and what it has.
  case species
  /// The other kinds of pages: abilities, moves, types…
  case pokedex
  /// The trainer's own: team, game, language, shiny.
  case yourGame
  /// The session itself: history, cache, settings, help.
  case session

  /// Its heading in `help`.
  public var title: String {
    switch self {
    case .list: "The list"
    case .species: "The open species"
    case .pokedex: "The Pokédex"
    case .yourGame: "Your game"
    case .session: "The session"
    }
  }
}

/// One row of the command table: everything the parser, `help` and completion know about a command.
public struct CommandSpec: Sendable {
  /// The canonical name, e.g. `evolution`.
  public let name: String
  /// Other names that run the same command, e.g. `["evo"]`.
  public let aliases: [String]
  /// The argument syntax after the name, e.g. `N`, `[all|male|female|genderless]`; empty if none.
  public let arguments: String
  /// Where `help` lists it.
  public let group: CommandGroup
  /// A few words for the `help` table (29 characters at most: two columns fit 100).
  public let summary: String
  /// A few sentences for `help COMMAND`.
  public let details: String
  /// Example lines for `help COMMAND`.
  public let examples: [String]
  /// The feature flag that turns this command off, if any (e.g. `evolution`).
  public let feature: Feature?

  /// What tab completion offers after the command name.
  public let completion: ArgumentCompletion
  /// When the command makes sense, for completion of the first word.
  public let applies: Applicability

  /// A command's declaration: what its type's `spec` says (its words, help and completion);
  /// its arguments are typed by the type's own parser.
  public init(
    name: String, aliases: [String] = [], arguments: String = "", group: CommandGroup,
    summary: String, details: String, examples: [String], feature: Feature? = nil,
    completion: ArgumentCompletion = .none, applies: Applicability = .always
  ) {
    self.name = name
    self.aliases = aliases
    self.arguments = arguments
    self.group = group
    self.summary = summary
    self.details = details
    self.examples = examples
    self.feature = feature
    self.completion = completion
    self.applies = applies
  }

  /// `name arguments`, e.g. `page N`.
  public var usage: String {
    arguments.isEmpty ? name : "\(name) \(arguments)"
  }

  /// The name with its aliases and arguments as `help` shows it, e.g. `evolution (evo)`.
  public var helpUsage: String {
    let names = aliases.isEmpty ? name : "\(name) (\(aliases.joined(separator: ", ")))"
    return arguments.isEmpty ? names : "\(names) \(arguments)"
  }

  /// The name with its aliases and the words typed as they are, without the values and options
  /// (`download image`, `evolution (evo)`, `page`): what `help` shows where the whole usage does
  /// not fit.
  public var helpName: String {
    let names = aliases.isEmpty ? name : "\(name) (\(aliases.joined(separator: ", ")))"
    let words = arguments.split(separator: " ").prefix { word in
      word.allSatisfy { $0.isLowercase || $0 == "-" } && !word.hasPrefix("-")
    }
    return ([names] + words.map(String.init)).joined(separator: " ")
  }

  /// Whether `word` (already lowercased) is this command's name or one of its aliases.
  func isNamed(_ word: String) -> Bool {
    word == name || aliases.contains(word)
  }

  /// Whether the flags leave this command on.
  func isOn(_ isEnabled: (Feature) -> Bool) -> Bool {
    feature.map(isEnabled) ?? true
  }
}

/// The words of a line after the command name, which a command's parser types.
public struct Arguments: Sendable {
  /// The command word as typed, lowercased (`ls`, not `list`), for messages.
  public var typed: String
  /// The arguments split at whitespace.
  public var words: [String]
  /// Everything after the command word, trimmed, inner spacing kept.
  public var rest: String
  /// The table the command is in (`help NAME` looks NAME up there).
  public var table: CommandTable

  public init(typed: String, words: [String], rest: String, table: CommandTable) {
    self.typed = typed
    self.words = words
    self.rest = rest
    self.table = table
  }
}

/// What tab completion offers for a command's arguments.
public enum ArgumentCompletion: Sendable, Equatable {
  /// Nothing to offer.
  case none
  /// One of these words as the first argument.
  case choices([String])
  /// One of these words, listed but never put in the line: typing it out is the confirmation
  /// (`cache clear`).
  case destructive([String])
  /// Species and form names, or species ids, as the first argument.
  case species
  /// Species names, for a text search.
  case searchText
  /// The filters (`all`, `male` …, `type`, `gen`, `dex`), then the names of the page kind
  /// `type` (the types) or `pokedex` (the regional Pokédexes), or a generation.
  case filterOptions(type: String, pokedex: String)
  /// Species and form names as every argument (`compare`), those the last page names first.
  case speciesEverywhere
  /// Command names as the first argument.
  case commandNames
  /// `image` as the first argument, while the selected species' image can be downloaded.
  case downloadImage
  /// Page numbers of the current filter.
  case listPages
  /// A count in this range.
  case count(ClosedRange<Int>)
  /// A range of ids (one per generation), `--images` when the `images` feature is on and
  /// `--species-only`.
  case syncOptions
  /// `--images` when the `images` feature is on.
  case imagesOption
  /// The names of a page kind (`ability`), those the last page links to first.
  case pageNames(String)
  /// `--game`, then the names a page kind offers (the games, for `moves`).
  case gameOption(String)
  /// The games (`where`'s names: version groups and versions), and `off`.
  case games
  /// `find`'s terms: `moves` first, then the fields a query about species (or, after `moves`,
  /// moves) takes (`type:`, `legendary`, `spe>`), each negated with a leading `-`; after a
  /// field's `:`, and after each `|`, its values: the names of the page kind `kinds` gives for
  /// it, or its `choices`, or species' names for `learnedby`, or after `learns:NAME/` how.
  case findTerms(
    species: [String], moves: [String], kinds: [String: String], choices: [String: [String]])
  /// A species' name, and these options (each once), an option's value with the names of the
  /// page kind `values` gives for it (`stats`).
  case speciesAndOptions(options: [String], values: [String: String])
  /// One of these words first, then species and form names after those of `namesAfter`
  /// (`team add`), those the last page names first.
  case actions([String], namesAfter: [String])
}

/// When a command makes sense, so that completion offers it only then.
public enum Applicability: Sendable, Equatable {
  /// Always.
  case always
  /// With a species open (`info`, `evolution`).
  case withSelection
  /// With a page before the one shown (`back`).
  case withTrail
  /// With a species open whose image is downloaded (`image`).
  case withImage
  /// With a species open whose image is not downloaded yet (`download image`).
  case withImageToDownload

  func holds(in context: CompletionContext) -> Bool {
    switch self {
    case .always: true
    case .withSelection: context.hasSelection
    case .withTrail: context.canGoBack
    case .withImage: context.hasSelection && context.imageDownloaded
    case .withImageToDownload: context.hasSelection && !context.imageDownloaded
    }
  }
}
