/// A query with every name resolved to what the index keeps (slugs, ids), in the session's game,
/// with the page asked for: what ``FindIndex`` answers with one SQL statement.
public struct FindPlan: Sendable, Equatable {
  /// A term as the index reads it.
  public struct Term: Sendable, Equatable {
    public var field: FindField
    public var test: Test
    public var negated: Bool
    /// The term with its names as slugs (`type:fire` for `type:feu`), for JSON and the trail.
    public var word: String

    public init(_ field: FindField, _ test: Test, negated: Bool = false, word: String? = nil) {
      self.field = field
      self.test = test
      self.negated = negated
      self.word = word ?? Self.word(field, test, negated: negated)
    }

    /// A term as `find` reads it, its names as slugs (moves and species by id when not given).
    static func word(_ field: FindField, _ test: Test, negated: Bool, names: [String]? = nil)
      -> String
    {
      let sign = negated ? "-" : ""
      switch test {
      case .present: return sign + field.rawValue
      case .slugs(let slugs): return sign + field.rawValue + ":" + slugs.joined(separator: "|")
      case .moves(let moves):
        let shown = names ?? moves.map { String($0.move) }
        return sign + field.rawValue + ":"
          + zip(shown, moves).map { name, move in
            name + (move.method.map { "/" + $0 } ?? "")
          }.joined(separator: "|")
      case .species(let ids):
        return sign + field.rawValue + ":"
          + (names ?? ids.map(String.init)).joined(separator: "|")
      case .compare(let comparison, let number):
        return sign + field.rawValue + comparison.rawValue + FindPlan.number(number)
      case .within(let ranges):
        return sign + field.rawValue + ":"
          + ranges.map {
            $0.lowerBound == $0.upperBound
              ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)"
          }.joined(separator: "|")
      }
    }
  }

  /// A number as a term writes it: `100`, `2.5`.
  static func number(_ value: Double) -> String {
    value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }

  /// The query as `find` reads it, its names as slugs: terms, orders, `--all`.
  public func words(all: Bool) -> [String] {
    terms.map(\.word)
      + sort.map { "sort:" + ($0.descending ? "-" : "") + $0.field.rawValue }
      + (all ? ["--all"] : [])
  }

  /// What a term tests, its names resolved.
  public enum Test: Sendable, Equatable {
    /// The field is set (`legendary`, `evolves`).
    case present
    /// One of these slugs (`type:fire|water`, `evolves:trade`).
    case slugs([String])
    /// One of these moves, each learnt by any method or by the one named.
    case moves([LearntMove])
    /// One of these species (`learnedby:charizard`).
    case species([Int])
    /// A number compared.
    case compare(FindComparison, Double)
    /// Within one of these ranges (`gen:1-3`).
    case within([ClosedRange<Int>])
  }

  /// A move and, when one is named (`/machine`), how it is learnt.
  public struct LearntMove: Sendable, Equatable {
    public var move: Int
    public var method: String?

    public init(move: Int, method: String? = nil) {
      self.move = move
      self.method = method
    }
  }

  public var subject: FindQuery.Subject
  public var terms: [Term]
  public var sort: [FindSort]
  /// Whether a species' forms are rows too.
  public var forms: Bool
  /// The game's generation, whose types, stats, abilities, chart and species count; `nil`
  /// without a game (today's, everything).
  public var generation: Int?
  /// The game (a version group's id), whose learnsets and move numbers count; `nil`: any game's
  /// learnsets, today's numbers.
  public var game: Int?
  /// The species the session's gender filter lets through; `nil`: all.
  public var species: Set<Int>?
  /// The page (from 1) and how many rows a page holds; `nil`: every row on one page.
  public var page: Int
  public var pageSize: Int?

  public init(
    subject: FindQuery.Subject = .species, terms: [Term] = [], sort: [FindSort] = [],
    forms: Bool = false, generation: Int? = nil, game: Int? = nil, species: Set<Int>? = nil,
    page: Int = 1, pageSize: Int? = 20
  ) {
    self.subject = subject
    self.terms = terms
    self.sort = sort
    self.forms = forms
    self.generation = generation
    self.game = game
    self.species = species
    self.page = page
    self.pageSize = pageSize
  }

  /// The era whose types, stats and abilities count: the game's generation, else 0 (today).
  var era: Int { generation ?? 0 }

  /// The number fields the rows show: those the terms compare and the orders sort by, each once,
  /// in the order named.
  public var shownFields: [FindField] {
    var seen: Set<FindField> = []
    let named = terms.map(\.field) + sort.map(\.field)
    return named.filter { $0.shape == .number && seen.insert($0).inserted }
  }
}

/// One row `find` found: a species (or a form, with `forms`), or a move.
public struct FindRow: Sendable, Equatable {
  /// The pokemon's id (the species' for its usual one), or the move's.
  public var id: Int
  /// The species' id (a move's own).
  public var speciesID: Int
  /// The slug (`raichu-alola`, `ice-beam`).
  public var name: String
  /// Type slugs in slot order (a move's one).
  public var types: [String]
  /// The numbers the query names (a move's power, accuracy, PP, priority and generation
  /// always).
  public var values: [FindField: Double]
  /// A move's class (`physical`).
  public var damageClass: String?

  public init(
    id: Int, speciesID: Int, name: String, types: [String], values: [FindField: Double] = [:],
    damageClass: String? = nil
  ) {
    self.id = id
    self.speciesID = speciesID
    self.name = name
    self.types = types
    self.values = values
    self.damageClass = damageClass
  }
}

/// One page of what the index found.
public struct FindAnswer: Sendable, Equatable {
  public var rows: [FindRow]
  /// How many rows there are over all pages.
  public var total: Int

  public init(rows: [FindRow], total: Int) {
    self.rows = rows
    self.total = total
  }
}
