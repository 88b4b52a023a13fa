/// Reads input lines as commands of a ``CommandTable``, and derives `help` and tab completion
/// from it.
///
/// Every function takes `isEnabled`, which answers whether a feature flag (e.g. `evolution`) is
/// on; a command whose feature is off is missing from help and completion, and reading it gives
/// `.disabled`.
public struct CommandParser: Sendable {
  /// The commands it knows.
  public let table: CommandTable

  /// A parser of `table`'s commands.
  public init(table: CommandTable) { self.table = table }

  /// Reads one input line: which command it is, and the words after its name.
  ///
  /// Command names are matched in any case; lines over `maximumLineLength` characters or with
  /// control characters (other than tab) are refused with one line; blank lines and lines
  /// starting with `#` are `.empty`.
  public func read(
    _ line: String, isEnabled: (Feature) -> Bool = { _ in true }
  ) -> LineReading {
    if let refusal = Self.refusal(of: line) { return .failure(refusal) }
    let text = String(Self.withoutLineEnd(line)).trimmingWhitespace()
    if text.isEmpty || text.hasPrefix("#") { return .empty }

    let commandWord = String(text.prefix { !$0.isWhitespace })
    let typed = commandWord.lowercased()
    guard let spec = table.command(named: typed) else {
      return .failure(table.unknownCommand(commandWord, isEnabled: isEnabled))
    }
    if let feature = spec.feature, !isEnabled(feature) {
      return .disabled(DisabledFeature(feature: feature, command: spec.name))
    }
    let rest = String(text.dropFirst(commandWord.count)).trimmingWhitespace()
    let words = rest.split(whereSeparator: \.isWhitespace).map(String.init)
    return .command(spec, Arguments(typed: typed, words: words, rest: rest, table: table))
  }
}

/// What a line is as text, before it is a command: its limits, its quotes, a script's lines.
extension CommandParser {
  /// `text` without the quotes around it, as a command takes its argument (`"mr mime"` →
  /// `mr mime`): what messages echo back.
  public static func unquotedArgument(_ text: String) -> String { Arguments.unquoted(text) }

  /// The longest line accepted, in characters.
  public static let maximumLineLength = 4096

  /// Why `line` is refused before it is even read as a command (too long, or with a control
  /// character); `nil` when it is not. A refused line is not kept in the history either.
  public static func refusal(of line: String) -> ParseFailure? {
    if line.utf8.count > maximumLineLength {
      let length = line.count
      if length > maximumLineLength {
        return ParseFailure(
          "That line is too long (\(length) characters); the limit is \(maximumLineLength).")
      }
    }
    if let control = withoutLineEnd(line).unicodeScalars.first(where: isRefusedControl) {
      return ParseFailure(
        "That line contains a control character (\(codePoint(control))); it was not run.")
    }
    return nil
  }

  static func withoutLineEnd(_ line: String) -> Substring {
    var line = Substring(line)
    while let last = line.unicodeScalars.last, last == "\n" || last == "\r" {
      line = Substring(line.unicodeScalars.dropLast())
    }
    return line
  }

  /// Splits a `-c` script into command lines: at `;` and line breaks, each trimmed, empty ones
  /// dropped. `"open eevee; evolution"` → `["open eevee", "evolution"]`.
  ///
  /// A `;` inside quotes is part of its command (`open "a;b"` is one command). A quote opens at
  /// the start of a word (`"` anywhere) and closes at the same quote on the same line; an
  /// apostrophe inside a word (`farfetch'd`) and a quote never closed are plain characters.
  public static func splitScript(_ text: String) -> [String] {
    var commands: [String] = []
    var current = ""
    let characters = Array(text)
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character == ";" || character.isNewline {
        commands.append(current)
        current = ""
      } else if let end = closingQuote(in: characters, at: index) {
        current.append(contentsOf: characters[index...end])
        index = end
      } else {
        current.append(character)
      }
      index += 1
    }
    commands.append(current)
    return commands.map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
  }

  /// Where the quote opening at `index` closes on the same line; `nil` when the character there
  /// opens no quote.
  private static func closingQuote(in characters: [Character], at index: Int) -> Int? {
    let quote = characters[index]
    let startsWord = index == 0 || characters[index - 1].isWhitespace
    guard quote == "\"" || (quote == "'" && startsWord) else { return nil }
    var end = index + 1
    while end < characters.count, !characters[end].isNewline {
      if characters[end] == quote { return end }
      end += 1
    }
    return nil
  }

  /// C0 controls, DEL and C1 controls, except tab (taken as a space).
  private static func isRefusedControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09: false
    case 0x00...0x1F, 0x7F...0x9F: true
    default: false
    }
  }

  private static func codePoint(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}

extension String {
  /// Without whitespace (and line breaks) at either end.
  func trimmingWhitespace() -> String {
    guard let start = firstIndex(where: { !$0.isWhitespace }),
      let end = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[start...end])
  }
}
