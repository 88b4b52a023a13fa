import Models

/// How each built-in command reads the words after its name, and the helpers they share: each
/// turns `Arguments` into a ``ParseResult`` (a command, or one line saying what is wrong).

/// `KIND` or `KIND --game NAME` (`--game=NAME` too), for `moves` and `where`.
func parseGameOption(
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
func punctuatedID(in words: [String], dropped: Set<Character>) -> ParseResult? {
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
func parseSpecies(
  _ kind: String
) -> @Sendable (Arguments, (Feature) -> Bool) -> ParseResult {
  { arguments, _ in parseSpecies(kind, arguments) }
}

func parseSpecies(_ kind: String, _ arguments: Arguments) -> ParseResult {
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
func parsePageName(
  _ kind: String
) -> @Sendable (Arguments, (Feature) -> Bool) -> ParseResult {
  { arguments, _ in
    arguments.rest.isEmpty
      ? fail("\"\(kind)\" needs a name: \(kind) NAME.")
      : .command(.show(kind: kind, name: arguments.rest))
  }
}

/// A command that takes no arguments.
func noArguments(
  _ command: Command
) -> @Sendable (Arguments, (Feature) -> Bool) -> ParseResult {
  { arguments, _ in
    arguments.words.isEmpty
      ? .command(command)
      : fail("\"\(arguments.typed)\" takes no arguments (not \(quoted(arguments.rest))).")
  }
}

func parsePage(_ arguments: Arguments, _: (Feature) -> Bool) -> ParseResult {
  guard let word = arguments.words.first else {
    return fail("\"page\" needs a number: page N.")
  }
  guard arguments.words.count == 1 else {
    return fail("\"page\" takes one number: page N.")
  }
  switch parseNumber(word) {
  case .number(let number) where number >= 1: return .command(.listPage(number))
  case .number: return fail("Page numbers start at 1.")
  case .tooLarge: return fail("That page number is too large.")
  case .notANumber: return fail("\"page\" needs a number: page N (not \(quoted(word))).")
  }
}

func parseFilter(_ arguments: Arguments, _: (Feature) -> Bool) -> ParseResult {
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
func nameWord(_ word: String) -> String {
  var name = word.lowercased().filter { !nameMarks.contains($0) }
  if name.hasPrefix("#") { name.removeFirst() }
  return name
}

/// Names are normalised towards slugs (``nameWord(_:)``), words joined by `-` (`Mr. Mime` →
/// `mr-mime`, `Farfetch'd` → `farfetchd`); `#133` → `133`.
func parseOpen(_ arguments: Arguments, _: (Feature) -> Bool) -> ParseResult {
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

func parseDownload(_ arguments: Arguments, _: (Feature) -> Bool) -> ParseResult {
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

func parseSearch(_ arguments: Arguments, _: (Feature) -> Bool) -> ParseResult {
  arguments.rest.isEmpty
    ? fail("\"search\" needs some text: search TEXT.")
    : .command(.search(unquoted(arguments.rest)))
}

func parseRandom(_ arguments: Arguments, _: (Feature) -> Bool) -> ParseResult {
  guard let word = arguments.words.first else { return .command(.random(1)) }
  guard arguments.words.count == 1 else {
    return fail("\"random\" takes one number from 1 to 50.")
  }
  if case .number(let count) = parseNumber(word), (1...50).contains(count) {
    return .command(.random(count))
  }
  return fail("\"random\" takes a number from 1 to 50 (not \(quoted(word))).")
}

func parseEvolution(_ arguments: Arguments, isEnabled: (Feature) -> Bool) -> ParseResult {
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

func parseHistory(_ arguments: Arguments, _: (Feature) -> Bool) -> ParseResult {
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

func parsePager(_ arguments: Arguments, _: (Feature) -> Bool) -> ParseResult {
  parseSwitch(arguments).map { .command(.pager($0)) } ?? switchFailure(arguments)
}

func parseShiny(_ arguments: Arguments, _: (Feature) -> Bool) -> ParseResult {
  parseSwitch(arguments).map { .command(.shiny($0)) } ?? switchFailure(arguments)
}

/// `on` (`true`), `off` (`false`), nothing (`.some(nil)`), or `nil` for anything else.
func parseSwitch(_ arguments: Arguments) -> Bool?? {
  if arguments.words.isEmpty { return .some(nil) }
  switch arguments.rest.lowercased() {
  case "on": return true
  case "off": return false
  default: return nil
  }
}

func switchFailure(_ arguments: Arguments) -> ParseResult {
  fail(
    "\"\(arguments.typed)\" takes on or off (not \(quoted(arguments.rest)))."
      + didYouMean(arguments.rest.lowercased(), among: ["on", "off"]))
}

func parseLanguage(_ arguments: Arguments, _: (Feature) -> Bool) -> ParseResult {
  if arguments.words.isEmpty { return .command(.language(nil)) }
  let value = arguments.rest.lowercased()
  if ["off", "none", "slugs"].contains(value) { return .command(.language(.off)) }
  if let language = Language.named(value) { return .command(.language(.choose(language))) }
  return fail(
    "\"lang\" takes a language code such as \"ja\" or \"fr\", or \"off\" (not \(quoted(arguments.rest))); "
      + "\"lang\" lists them." + didYouMean(value, among: Language.all.map(\.code)))
}

func parseGame(_ arguments: Arguments, _: (Feature) -> Bool) -> ParseResult {
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

func parseCache(_ arguments: Arguments, _: (Feature) -> Bool) -> ParseResult {
  if arguments.words.isEmpty { return .command(.cache(clear: false)) }
  let value = arguments.words.joined(separator: " ").lowercased()
  if value == "clear" { return .command(.cache(clear: true)) }
  return fail(
    "\"cache\" takes only \"clear\" (not \(quoted(value)))." + didYouMean(value, among: ["clear"]))
}

func parseSync(_ arguments: Arguments, isEnabled: (Feature) -> Bool) -> ParseResult {
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
func parseRange(_ word: String) -> Result<ClosedRange<Int>, ParseFailure> {
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

func parseHelp(_ arguments: Arguments, isEnabled: (Feature) -> Bool) -> ParseResult {
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

func fail(_ message: String) -> ParseResult {
  .failure(ParseFailure(message))
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
