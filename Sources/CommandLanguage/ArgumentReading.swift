import Models

/// The ways of reading words every command's parser shares: quotes, numbers, names, on/off,
/// ranges; and the one-line failures they give.
extension Arguments {
  /// The word in quotes for a message, cut short if it is long.
  public static func quoted(_ word: String) -> String {
    let limit = 40
    return word.count > limit ? "\"\(word.prefix(limit))…\"" : "\"\(word)\""
  }

  /// `text` without the quotes around it (`"Legends: Z-A"`, `'red'`, `“red”`).
  public static func unquoted(_ text: String) -> String {
    let quotes: [(Character, Character)] = [("\"", "\""), ("'", "'"), ("\u{201C}", "\u{201D}")]
    for (open, close) in quotes where text.count >= 2 && text.first == open && text.last == close {
      let inner = text.dropFirst().dropLast().drop(while: \.isWhitespace)
      return String(inner.reversed().drop(while: \.isWhitespace).reversed())
    }
    return text
  }

  /// `" Did you mean "open"?"` when a candidate is near `word`, otherwise `""`.
  public static func didYouMean(_ word: String, among candidates: [String]) -> String {
    CommandLanguage.didYouMean(word, among: candidates)
  }

  /// The generations of the National Pokédex (`filter gen N`, `sync`'s ranges).
  public static let generations = 1...Generation.all.count

  /// A whole number as typed.
  public enum Number: Sendable, Equatable {
    case number(Int)
    case tooLarge
    case notANumber
  }

  /// A whole number in ASCII digits, with an optional sign.
  public static func number(_ word: String) -> Number {
    if let number = Int(word) { return .number(number) }
    let digits = word.hasPrefix("-") || word.hasPrefix("+") ? word.dropFirst() : Substring(word)
    let allDigits = !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    return allDigits ? .tooLarge : .notANumber
  }

  /// The marks a typed name is read without: quotes, apostrophes, dots and colons (`Mr. Mime`,
  /// `Farfetch'd`, `"pikachu"`, `“pikachu”`).
  public static let nameMarks: Set<Character> = [
    "'", "\"", ".", ":", "\u{2018}", "\u{2019}", "\u{201C}", "\u{201D}",
  ]

  /// A typed word as species' names and ids are read, by `open`, `compare` and `team add` alike:
  /// lowercased, without ``nameMarks``, and an id without its `#` (`#133` → `133`).
  public static func nameWord(_ word: String) -> String {
    var name = word.lowercased().filter { !nameMarks.contains($0) }
    if name.hasPrefix("#") { name.removeFirst() }
    return name
  }

  /// Punctuation in a number is not dropped as it is in a name: `25.0`, `1.5` and `2'5` are not
  /// ids (they once opened #250, #15 and #25). The failure for the first such word, if any.
  public func punctuatedID<Parsed>() -> ParseResult<Parsed>? {
    for word in words {
      let number = word.hasPrefix("#") ? word.dropFirst() : Substring(word)
      if number.contains(where: \.isNumber), number.contains(where: Self.nameMarks.contains),
        number.allSatisfy({ ($0.isASCII && $0.isNumber) || Self.nameMarks.contains($0) })
      {
        return .fail(
          "\(Self.quoted(word)) is not a Pokémon id; ids are whole numbers, e.g. \"open 25\".")
      }
    }
    return nil
  }

  /// `value` when no words follow the command, else one line saying it takes none.
  public func none<Parsed>(_ value: Parsed) -> ParseResult<Parsed> {
    words.isEmpty
      ? .command(value)
      : .fail("\"\(typed)\" takes no arguments (not \(Self.quoted(rest))).")
  }

  /// `on` (`true`), `off` (`false`), nothing (`nil`), or one line saying it takes on or off.
  public func onOff() -> ParseResult<Bool?> {
    if words.isEmpty { return .command(nil) }
    switch rest.lowercased() {
    case "on": return .command(true)
    case "off": return .command(false)
    default:
      return .fail(
        "\"\(typed)\" takes on or off (not \(Self.quoted(rest)))."
          + Self.didYouMean(rest.lowercased(), among: ["on", "off"]))
    }
  }
}
