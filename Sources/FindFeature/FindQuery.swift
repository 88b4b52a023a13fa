import CommandLanguage
import Models

/// What `find` asks, as typed: the terms every species (or move) found must meet, the order of
/// the rows, and whether every row goes on one page. Names in the terms stay as typed here
/// (`type:feu`); they are resolved to slugs against the Pokédex's names afterwards, as every
/// other name the session takes is.
///
/// ```
/// find type:water|ice -type:steel spe>100 gen:1-3 learns:ice-beam/machine sort:-spe
/// find moves type:fire class:physical power>=90
/// ```
public struct FindQuery: Sendable, Equatable {
  /// What is asked for: species (and, with the `forms` term, their forms), or moves.
  public enum Subject: String, Sendable, Equatable, Encodable {
    case species, moves
  }

  public var subject: Subject
  /// Every term a row must meet.
  public var terms: [FindTerm]
  /// The orders given (`sort:spe`, `sort:-bst`), the first deciding first; none: by id.
  public var sort: [FindSort]
  /// `--all`: every row on one page (for scripts).
  public var all: Bool
  /// The words as typed (empty for a query made in code).
  public var words: [String] = []

  public init(
    subject: Subject = .species, terms: [FindTerm] = [], sort: [FindSort] = [], all: Bool = false
  ) {
    self.subject = subject
    self.terms = terms
    self.sort = sort
    self.all = all
  }

  /// Whether rows are a species' forms too (the `forms` term).
  public var listsForms: Bool { terms.contains { $0.field == .forms } }

  /// The words after `find` (as typed), or one line saying what is wrong with the first that
  /// cannot be read. A word beginning with `-` is a term negated (`-type:water`), never an
  /// option: `--all` is the one option.
  public init(words typed: [String]) throws(FindProblem) {
    var words = typed[...]
    var subject = Subject.species
    if let first = words.first, first.lowercased() == "moves" {
      subject = .moves
      words = words.dropFirst()
    }
    self.init(subject: subject)
    self.words = typed.map { SafeText.line($0) }
    for word in words {
      let lowered = word.lowercased()
      if lowered == "--all" {
        all = true
        continue
      }
      if lowered.hasPrefix("--") {
        throw FindProblem(
          "\"find\" takes one option, --all (not \"\(SafeText.line(word))\"); a term is "
            + "negated with one \"-\": -type:water.")
      }
      if lowered.hasPrefix("sort:") || lowered.hasPrefix("-sort:") {
        sort.append(try FindSort(word: lowered, subject: subject))
        continue
      }
      terms.append(try FindTerm(word: word, subject: subject))
    }
    guard !terms.isEmpty || !sort.isEmpty || all else {
      throw FindProblem(
        subject == .moves
          ? "\"find moves\" needs terms, e.g. \"find moves type:fire power>=90\"."
          : "\"find\" needs terms, e.g. \"find type:water spe>100\".")
    }
  }
}

/// Why the words after `find` cannot be read: one line.
public struct FindProblem: Error, Sendable, Equatable {
  public var message: String

  public init(_ message: String) { self.message = message }
}

/// A fact a term reads, by the name `find` takes (the stat slugs are the trainers': `spe`).
public enum FindField: String, Sendable, Equatable, CaseIterable {
  // Species.
  case type, gen, dex, ability, hidden, learns
  case hp, atk, def, spa, spd, spe, bst
  case height, weight, weak, resists, immune, egg, color, shape
  case legendary, mythical, baby, final, evolves, forms
  // Moves.
  case moveClass = "class"
  case power, accuracy, pp, priority
  case learnedBy = "learnedby"

  /// How a term of the field is written.
  public enum Shape: Sendable, Equatable {
    /// `field:name`, `field:a|b` (`type:fire|water`).
    case names
    /// `field<N` and the other comparisons (`spe>100`).
    case number
    /// `gen:1`, `gen:1-3`, `gen:1|3`.
    case range
    /// The field alone (`legendary`).
    case flag
    /// The field alone, or with names (`evolves`, `evolves:trade`).
    case flagOrNames
  }

  public var shape: Shape {
    switch self {
    case .type, .dex, .ability, .hidden, .learns, .weak, .resists, .immune, .egg, .color, .shape,
      .moveClass, .learnedBy:
      .names
    case .hp, .atk, .def, .spa, .spd, .spe, .bst, .height, .weight, .power, .accuracy, .pp,
      .priority:
      .number
    case .gen: .range
    case .legendary, .mythical, .baby, .final, .forms: .flag
    case .evolves: .flagOrNames
    }
  }

  /// The subjects it is a fact of.
  public var subjects: Set<FindQuery.Subject> {
    switch self {
    case .type, .gen: [.species, .moves]
    case .moveClass, .power, .accuracy, .pp, .priority, .learnedBy: [.moves]
    default: [.species]
    }
  }

  /// Other names a term may use (`speed>100`, `generation:1`, `colour:blue`).
  static let aliases: [String: FindField] = [
    "types": .type, "generation": .gen, "pokedex": .dex, "abilities": .ability,
    "learn": .learns, "move": .learns, "attack": .atk, "defense": .def, "defence": .def,
    "special-attack": .spa, "spatk": .spa, "special-defense": .spd, "spdef": .spd,
    "speed": .spe, "total": .bst, "stats": .bst, "egg-group": .egg, "egggroup": .egg,
    "colour": .color, "damage-class": .moveClass, "category": .moveClass, "acc": .accuracy,
    "learned-by": .learnedBy, "hiddenability": .hidden, "hidden-ability": .hidden,
  ]

  /// The field a term's name is, by its name or an alias (any case).
  static func named(_ name: String) -> FindField? {
    FindField(rawValue: name) ?? aliases[name]
  }

  /// The names a term of `subject` may start with, for completion and did-you-mean.
  public static func names(for subject: FindQuery.Subject) -> [String] {
    allCases.filter { $0.subjects.contains(subject) }.map(\.rawValue)
  }
}

/// One term: a field, what it is tested against, and whether it is negated (`-type:water`).
public struct FindTerm: Sendable, Equatable {
  /// What a term tests.
  public enum Test: Sendable, Equatable {
    /// The field is set (`legendary`, `evolves`).
    case present
    /// One of these names (`type:fire|water`), as typed; a move's learn method after `/`
    /// (`learns:ice-beam/machine`) is kept with its name.
    case anyOf([String])
    /// A number compared (`spe>100`, `priority<0`).
    case compare(FindComparison, Double)
    /// Within one of these ranges (`gen:1-3`, `gen:1|3`).
    case within([ClosedRange<Int>])
  }

  public var field: FindField
  public var test: Test
  public var negated: Bool

  public init(_ field: FindField, _ test: Test, negated: Bool = false) {
    self.field = field
    self.test = test
    self.negated = negated
  }

  /// The term one word writes, for a query about `subject`.
  init(word: String, subject: FindQuery.Subject) throws(FindProblem) {
    let shown = SafeText.line(word)
    var text = Substring(word)
    let negated = text.hasPrefix("-")
    if negated { text = text.dropFirst() }
    // The field's name runs up to `:` or a comparison.
    let end = text.firstIndex { ":<>=!".contains($0) } ?? text.endIndex
    let name = text[..<end].lowercased()
    let rest = text[end...]
    guard !name.isEmpty else {
      throw FindProblem("\"\(shown)\" names no field, e.g. \"type:fire\" or \"spe>100\".")
    }
    guard let field = FindField.named(name) else {
      let known = FindField.names(for: subject) + FindField.aliases.keys.sorted()
      throw FindProblem(
        "\"\(SafeText.line(String(name)))\" is not something find knows"
          + (name == word.lowercased() ? "." : " (\(shown)).")
          + Arguments.didYouMean(String(name), among: known)
          + (rest.isEmpty && subject == .species
            ? " A name is written with its field: type:fire." : ""))
    }
    guard field.subjects.contains(subject) else {
      throw FindProblem(
        subject == .species
          ? "\"\(field.rawValue)\" is a move's: \"find moves \(shown)\"."
          : "\"\(field.rawValue)\" is a species': \"find \(shown)\".")
    }
    // `forms` says what the rows are, not which: there is nothing to negate.
    if negated, field == .forms {
      throw FindProblem("\"forms\" lists the forms as rows of their own; it cannot be negated.")
    }
    self.init(field, try Self.test(of: field, rest, word: shown), negated: negated)
  }

  /// What follows the field's name, read as its shape says.
  private static func test(
    of field: FindField, _ rest: Substring, word: String
  ) throws(FindProblem) -> Test {
    let example = Self.example(field)
    switch field.shape {
    case .flag:
      guard rest.isEmpty else {
        throw FindProblem("\"\(field.rawValue)\" is written alone (not \"\(word)\").")
      }
      return .present
    case .flagOrNames:
      if rest.isEmpty { return .present }
      return .anyOf(try names(rest, field: field, word: word, example: example))
    case .names:
      return .anyOf(try names(rest, field: field, word: word, example: example))
    case .number:
      guard let (comparison, number) = FindComparison.read(rest) else {
        throw FindProblem(
          "\"\(word)\" compares \(field.rawValue) with a number: \(example) (<, <=, =, >=, >, !=).")
      }
      return .compare(comparison, number)
    case .range:
      guard rest.hasPrefix(":") || rest.hasPrefix("=") else {
        throw FindProblem("\"\(field.rawValue)\" takes a generation or a range: \(example).")
      }
      var ranges: [ClosedRange<Int>] = []
      for part in rest.dropFirst().split(separator: "|", omittingEmptySubsequences: false) {
        let bounds = part.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(bounds.count),
          let low = Int(bounds[0]), let high = Int(bounds.last ?? ""), low >= 1, low <= high,
          high <= 99
        else {
          throw FindProblem(
            "\"\(word)\": a generation is a number from 1, a range two (\(example)).")
        }
        ranges.append(low...high)
      }
      return .within(ranges)
    }
  }

  /// The names after `:`, split at `|`, none empty.
  private static func names(
    _ rest: Substring, field: FindField, word: String, example: String
  ) throws(FindProblem) -> [String] {
    guard rest.hasPrefix(":") else {
      throw FindProblem("\"\(field.rawValue)\" takes a name: \(example) (not \"\(word)\").")
    }
    let names = rest.dropFirst().split(separator: "|", omittingEmptySubsequences: false).map(
      String.init)
    guard !names.contains(where: \.isEmpty) else {
      throw FindProblem("\"\(word)\" needs a name after \":\" and each \"|\": \(example).")
    }
    return names.map { SafeText.line($0) }
  }

  /// A term of the field, for messages.
  static func example(_ field: FindField) -> String {
    switch field {
    case .type: "type:fire"
    case .gen: "gen:1 or gen:1-3"
    case .dex: "dex:kanto"
    case .ability: "ability:levitate"
    case .hidden: "hidden:intimidate"
    case .learns: "learns:ice-beam or learns:ice-beam/machine"
    case .hp, .atk, .def, .spa, .spd, .spe, .bst: "\(field.rawValue)>100"
    case .height: "height>200 (cm)"
    case .weight: "weight<10 (kg)"
    case .weak: "weak:ice"
    case .resists: "resists:ground"
    case .immune: "immune:ground"
    case .egg: "egg:dragon"
    case .color: "color:blue"
    case .shape: "shape:quadruped"
    case .legendary, .mythical, .baby, .final, .forms: field.rawValue
    case .evolves: "evolves or evolves:trade"
    case .moveClass: "class:physical"
    case .power: "power>=90"
    case .accuracy: "accuracy=100"
    case .pp: "pp<=10"
    case .priority: "priority>0"
    case .learnedBy: "learnedby:charizard"
    }
  }
}

/// How a number is compared.
public enum FindComparison: String, Sendable, Equatable, CaseIterable {
  case less = "<"
  case lessOrEqual = "<="
  case equal = "="
  case greaterOrEqual = ">="
  case greater = ">"
  case notEqual = "!="

  /// The comparison and the number that `text` writes (`>100`, `<=2.5`, `:90` for equal).
  static func read(_ text: Substring) -> (FindComparison, Double)? {
    let ordered: [(String, FindComparison)] = [
      ("<=", .lessOrEqual), (">=", .greaterOrEqual), ("!=", .notEqual), ("==", .equal),
      ("<", .less), (">", .greater), ("=", .equal), (":", .equal),
    ]
    for (sign, comparison) in ordered where text.hasPrefix(sign) {
      // Digits, one point, a leading minus (`priority<-1`): not `1e9`, `0x10` or `inf`.
      let number = text.dropFirst(sign.count)
      let digits = number.hasPrefix("-") ? number.dropFirst() : number
      guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
        digits.filter({ $0 == "." }).count <= 1, let value = Double(number)
      else { return nil }
      return (comparison, value)
    }
    return nil
  }
}

/// An order of the rows: by a field, highest first when `descending` (`sort:-bst`).
public struct FindSort: Sendable, Equatable {
  public var field: FindField
  public var descending: Bool

  public init(_ field: FindField, descending: Bool = false) {
    self.field = field
    self.descending = descending
  }

  /// `sort:spe`, `sort:-bst` (or `-sort:bst`), for a query about `subject`.
  init(word: String, subject: FindQuery.Subject) throws(FindProblem) {
    var key = word.hasPrefix("-") ? String(word.dropFirst()) : word
    var descending = word.hasPrefix("-")
    key = String(key.dropFirst("sort:".count))
    if key.hasPrefix("-") {
      descending.toggle()
      key.removeFirst()
    }
    let sortable = FindField.allCases.filter {
      $0.shape == .number && $0.subjects.contains(subject)
    }
    guard let field = FindField.named(key), sortable.contains(field) || field == .gen else {
      let names = sortable.map(\.rawValue)
      let aliases = FindField.aliases.filter { sortable.contains($0.value) }.keys.sorted()
      throw FindProblem(
        "\"\(SafeText.line(word))\" sorts by a number: \(names.joined(separator: ", ")) or gen."
          + Arguments.didYouMean(key, among: names + ["gen"] + aliases))
    }
    self.init(field, descending: descending)
  }
}
