import Models

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
  /// --nature jolly`), read by the kind's own type `reading` (``PageOptions``): `syntax` shows
  /// them in help. The species is completed with the species' names, the options with their
  /// words, and an option's value with the names of the kind `values` gives for it
  /// (`["--nature": "nature"]`).
  case speciesAndOptions(
    syntax: String, options: [String], values: [String: String], reading: any PageOptions.Type)
  /// An action word first (`team add`), then species' names, read by the kind's own type
  /// `reading` (``PageOptions``): `syntax` shows them in help. The actions are completed, then
  /// the species' names after those of `namesAfter`.
  case actions(
    syntax: String, actions: [String], namesAfter: [String], reading: any PageOptions.Type)
}

/// The words a page kind reads itself (`stats`' level and spreads, `team`'s action), as a type
/// of the kind's: read once, when the line is parsed, so that a word that cannot be read is the
/// line's one error and the kind is handed the value (``PageInput/options``). The words it
/// keeps (``words``) are what the trail keeps, and `back` reads them again the same way.
public protocol PageOptions: Sendable {
  /// The options that the words after the command (lowercased) say, or one line saying what is
  /// wrong with them.
  init(words: [String]) throws(PageOptionsProblem)
  /// The words as read (a species' name as `open` reads it: `#25` is `25`), which give the same
  /// options again.
  var words: [String] { get }
}

/// Why the words after a kind's command cannot be read: one line.
public struct PageOptionsProblem: Error, Sendable, Equatable {
  public var message: String

  public init(_ message: String) { self.message = message }
}

/// What a page kind's command was given: the kind's command name, then a name as typed
/// (`ability Lightning Rod`, `moves --game Red / Blue`: trimmed, `nil` when none was given), or
/// the words a kind reads itself (`team add 6 mr-mime`: lowercased, species' names read as
/// `open` reads them).
public struct PageInput: Sendable, Hashable {
  public var kind: String
  public var name: String?
  public var words: [String]
  /// The words read by the kind's own type, for a kind that reads them (``PageOptions``).
  public var options: (any PageOptions)?

  public init(
    kind: String, name: String? = nil, words: [String] = [], options: (any PageOptions)? = nil
  ) {
    self.kind = kind
    self.name = name
    self.words = words
    self.options = options
  }

  /// The words' options, read from the words with the same reader: equal words, equal options.
  public static func == (lhs: PageInput, rhs: PageInput) -> Bool {
    (lhs.kind, lhs.name, lhs.words) == (rhs.kind, rhs.name, rhs.words)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(kind)
    hasher.combine(name)
    hasher.combine(words)
  }
}

/// A page kind's command as its kind declares it: its declaration and parser, and the grammar of
/// its arguments, which also says what the kind is opened with.
public struct PageCommand: Sendable {
  /// The command, for the session's set of commands.
  public let command: CommandSet<PageInput>.Command
  /// What it takes after its name.
  public let arguments: PageArguments

  /// Its name, which is also the kind's and its pages' `type` (`ability`).
  public var name: String { command.name }
}

extension CommandSpec {
  /// A page kind's command, `kind` followed by what `arguments` says.
  public static func page(
    _ kind: String, aliases: [String] = [], arguments: PageArguments = .name,
    group: CommandGroup, summary: String, details: String, examples: [String], feature: Feature
  ) -> PageCommand {
    typealias Parse = @Sendable (Arguments, (Feature) -> Bool) -> ParseResult<PageInput>
    let syntax: String
    let parse: Parse
    let completion: ArgumentCompletion
    var applies = Applicability.always
    switch arguments {
    case .name:
      (syntax, parse, completion) = ("NAME", parsePageName(kind), .pageNames(kind))
    case .none:
      (syntax, parse, completion) = (
        "", { arguments, _ in arguments.none(PageInput(kind: kind, name: nil)) }, .none
      )
    case .gameOption:
      (syntax, parse, completion) = ("[--game NAME]", parseGameOption(kind), .gameOption(kind))
      applies = .withSelection
    case .species:
      (syntax, parse, completion) = ("A [B] [C]", parseSpecies(kind), .speciesEverywhere)
    case .actions(let usage, let actions, let namesAfter, let reading):
      (syntax, parse) = (usage, parseOptions(kind, reading))
      completion = .actions(actions, namesAfter: namesAfter)
    case .speciesAndOptions(let usage, let options, let values, let reading):
      (syntax, parse) = (usage, parseOptions(kind, reading))
      completion = .speciesAndOptions(options: options, values: values)
    }
    return PageCommand(
      command: .init(
        CommandSpec(
          name: kind, aliases: aliases, arguments: syntax, group: group, summary: summary,
          details: details, examples: examples, feature: feature, completion: completion,
          applies: applies),
        parse: parse),
      arguments: arguments)
  }
}

/// `KIND WORDS…`, the words (lowercased) read by the kind's own type.
private func parseOptions(
  _ kind: String, _ reading: any PageOptions.Type
) -> @Sendable (Arguments, (Feature) -> Bool) -> ParseResult<PageInput> {
  { arguments, _ in
    do throws(PageOptionsProblem) {
      let options = try reading.init(words: arguments.words.map { $0.lowercased() })
      return .command(PageInput(kind: kind, words: options.words, options: options))
    } catch {
      return .fail(error.message)
    }
  }
}

/// `KIND` or `KIND --game NAME` (`--game=NAME` too), for `moves` and `where`.
private func parseGameOption(
  _ kind: String
) -> @Sendable (Arguments, (Feature) -> Bool) -> ParseResult<PageInput> {
  { arguments, _ in
    var words = arguments.words
    guard let first = words.first else { return .command(PageInput(kind: kind, name: nil)) }
    if first.lowercased().hasPrefix("--game=") {
      words[0] = String(first.dropFirst("--game=".count))
      words.insert("--game", at: 0)
    }
    guard words.first?.lowercased() == "--game" else {
      return .fail(
        "\"\(arguments.typed)\" takes only --game NAME (not \(Arguments.quoted(arguments.rest)))."
          + didYouMean(first.lowercased(), among: ["--game"]))
    }
    let game = Arguments.unquoted(words.dropFirst().joined(separator: " "))
    guard !game.isEmpty else {
      return .fail("\"--game\" needs a game, e.g. \"\(kind) --game red-blue\".")
    }
    return .command(PageInput(kind: kind, name: game))
  }
}

/// `KIND A [B] [C]` (`compare`): one to three species, each normalised as `open` normalises its
/// name.
private func parseSpecies(
  _ kind: String
) -> @Sendable (Arguments, (Feature) -> Bool) -> ParseResult<PageInput> {
  { arguments, _ in parseSpecies(kind, arguments) }
}

private func parseSpecies(_ kind: String, _ arguments: Arguments) -> ParseResult<PageInput> {
  guard !arguments.words.isEmpty else {
    return .fail("\"\(kind)\" needs species: \(kind) A B, e.g. \"\(kind) pikachu raichu\".")
  }
  guard arguments.words.count <= 3 else {
    return .fail("\"\(kind)\" takes at most three species (not \(arguments.words.count)).")
  }
  if let refused: ParseResult<PageInput> = arguments.punctuatedID() { return refused }
  let names = arguments.words.map(Arguments.nameWord)
  guard names.allSatisfy({ !$0.isEmpty }) else {
    return .fail("\"\(kind)\" needs species: \(kind) A B, e.g. \"\(kind) pikachu raichu\".")
  }
  return .command(PageInput(kind: kind, words: names))
}

/// The name after a page kind's command, as typed.
private func parsePageName(
  _ kind: String
) -> @Sendable (Arguments, (Feature) -> Bool) -> ParseResult<PageInput> {
  { arguments, _ in
    arguments.rest.isEmpty
      ? .fail("\"\(kind)\" needs a name: \(kind) NAME.")
      : .command(PageInput(kind: kind, name: arguments.rest))
  }
}
