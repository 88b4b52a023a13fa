import Models
import Pages

/// One page of what `find` found, as a list page: a row per species (or form, or move) with its
/// types and the numbers the query names, paged; in JSON the type `find`.
public struct FindResult: Page, Equatable {
  /// One row.
  public struct Row: Sendable, Equatable, Encodable {
    /// The species' id (a form's pokemon id with `forms`), or the move's.
    public var id: Int
    /// The species' id (a move's own).
    public var speciesID: Int
    /// The slug.
    public var name: String
    /// The name in the session's language, else the slug in words (`Raichu-Alola`).
    public var displayName: String
    public var typeSlugs: [String]
    /// The types' names in the language.
    public var types: [String]
    /// The numbers shown, by the keys the other pages use (`speed`, `baseStatTotal`, `power`).
    public var values: [String: Double]
    /// A move's class (`physical`).
    public var damageClass: String?

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Key.self)
      try container.encode(id, forKey: Key("id"))
      try container.encode(name, forKey: Key("name"))
      try container.encode(displayName, forKey: Key("displayName"))
      try container.encode(typeSlugs, forKey: Key("typeSlugs"))
      if id != speciesID { try container.encode(speciesID, forKey: Key("speciesID")) }
      try container.encodeIfPresent(damageClass, forKey: Key("damageClass"))
      for (key, value) in values.sorted(by: { $0.key < $1.key }) {
        if value.rounded() == value, abs(value) < 1e15 {
          try container.encode(Int(value), forKey: Key(key))
        } else {
          try container.encode(value, forKey: Key(key))
        }
      }
    }

    private struct Key: CodingKey {
      var stringValue: String
      var intValue: Int? { nil }
      init(_ string: String) { stringValue = string }
      init?(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }
  }

  /// How much of the Pokédex the index holds.
  public struct Coverage: Sendable, Equatable, Encodable {
    public var species: Int
    public var speciesTotal: Int
    /// Species the server does not have (a partial server).
    public var speciesAbsent: Int
    public var moves: Int
    public var movesTotal: Int
    /// Why some are missing, in words; `nil` when nothing is.
    public var missing: String?
  }

  /// The words typed after `find`.
  public var typed: [String]
  /// The terms as slugs (`type:fire` for `type:feu`), then the orders.
  public var query: [String]
  /// `species` or `moves`.
  public var kind: FindQuery.Subject
  public var total: Int
  public var page: Int
  public var pageCount: Int
  /// The session's gender filter applied on top (`female`); `nil` without one.
  public var gender: String?
  public var rows: [Row]
  /// The numbers the rows show, by the keys of ``Row/values``.
  public var columns: [String]
  public var coverage: Coverage
  /// The session's game (its version group's slug), whose facts were asked.
  public var game: String?
  /// The game's name as the session shows it (`Red / Blue`).
  public var gameName: String?
  /// Whether every row is on this page (`--all`).
  public var all: Bool
  /// Whether the index is kept in memory for the session only (the cache's file cannot be
  /// written): built again next time.
  public var inMemory = false

  private enum CodingKeys: String, CodingKey {
    case query, kind, total, page, pageCount, gender, rows, columns, coverage, game
  }

  /// The page of `answer` to `query` as `plan` asked it.
  init(
    query: FindQuery, typed: [String], plan: FindPlan, answer: FindAnswer, glossary: Glossary,
    gender: GenderFilter, coverage: FindIndexBuilder.Coverage, game: String?, gameName: String?,
    moveNames: [String: String]
  ) {
    self.gameName = game == nil ? nil : (gameName ?? game.map(DisplayName.words))
    self.typed = typed
    self.query = plan.words(all: false)
    kind = query.subject
    total = answer.total
    all = query.all
    let size = plan.pageSize ?? max(1, answer.total)
    pageCount = max(1, (answer.total + size - 1) / size)
    page = plan.pageSize == nil ? 1 : plan.page
    self.gender = gender == .all ? nil : gender.rawValue
    self.game = game
    let shown = query.subject == .moves ? Self.moveFields : plan.shownFields
    columns = shown.map(Self.key)
    rows = answer.rows.map { row in
      var values: [String: Double] = [:]
      for field in shown { if let value = row.values[field] { values[Self.key(field)] = value } }
      let displayName: String
      switch query.subject {
      case .moves:
        displayName = moveNames[row.name].map(SafeText.line) ?? DisplayName.words(row.name)
      case .species:
        displayName =
          row.id == row.speciesID
          ? glossary.species(row.id, slug: row.name) : DisplayName.of(row.name)
      }
      return Row(
        id: row.id, speciesID: row.speciesID, name: SafeText.line(row.name),
        displayName: displayName, typeSlugs: row.types, types: row.types.map(glossary.type),
        values: values, damageClass: row.damageClass)
    }
    var missing: String?
    if let failure = coverage.failure {
      missing = FindFeature.words(failure)
    }
    self.coverage = Coverage(
      species: coverage.species, speciesTotal: coverage.speciesTotal,
      speciesAbsent: coverage.speciesAbsent, moves: coverage.moves,
      movesTotal: coverage.movesTotal, missing: missing)
  }

  /// The fields a move's row always shows.
  static let moveFields: [FindField] = [.power, .accuracy, .pp, .priority]

  /// The key of a number in JSON, as the other pages name it.
  static func key(_ field: FindField) -> String {
    switch field {
    case .hp: "hp"
    case .atk: "attack"
    case .def: "defense"
    case .spa: "special-attack"
    case .spd: "special-defense"
    case .spe: "speed"
    case .bst: "baseStatTotal"
    case .height: "heightCentimetres"
    case .weight: "weightKilograms"
    case .gen: "generation"
    default: field.rawValue
    }
  }

  /// A column's heading.
  static func heading(_ key: String) -> String {
    switch key {
    case "hp": "HP"
    case "attack": "Atk"
    case "defense": "Def"
    case "special-attack": "SpA"
    case "special-defense": "SpD"
    case "speed": "Spe"
    case "baseStatTotal": "BST"
    case "heightCentimetres": "cm"
    case "weightKilograms": "kg"
    case "generation": "Gen"
    case "accuracy": "Acc"
    case "priority": "Prio"
    case "pp": "PP"
    default: key.prefix(1).uppercased() + key.dropFirst()
    }
  }

  // MARK: Page

  public var address: PageAddress {
    PageAddress(kind: "find", target: .arguments(selection: nil, words: typed))
  }

  public var title: String { "find " + typed.joined(separator: " ") }

  public var links: [String: [String]] {
    kind == .moves
      ? ["move": rows.map(\.name)]
      : ["open": rows.map(\.name)]
  }

  public var document: PageDocument {
    let noun = kind == .moves ? "moves" : "Pokémon"
    var badges = [Span(" · \(total) found", .dim)]
    if pageCount > 1 { badges.append(Span(" · page \(page)/\(pageCount)", .dim)) }
    var notes: [String] = []
    if let gender { notes.append("\(gender) only (filter \(gender))") }
    if let gameName { notes.append("in \(gameName)") }
    if inMemory { notes.append("index in memory: the cache cannot be written") }
    if kind == .species,
      coverage.species + coverage.speciesAbsent < coverage.speciesTotal
    {
      notes.append(
        "\(coverage.species) of \(coverage.speciesTotal) species"
          + " (\(coverage.missing ?? "incomplete"): sync for the rest)")
    } else if kind == .species, coverage.speciesAbsent > 0 {
      notes.append(
        "the \(coverage.species) species the server has (of \(coverage.speciesTotal))")
    } else if kind == .moves, coverage.moves < coverage.movesTotal {
      notes.append("\(coverage.moves) of \(coverage.movesTotal) moves (sync for the rest)")
    }
    var document = PageDocument(
      title: "Find " + noun, badges: badges,
      subtitle: ([typed.joined(separator: " ")] + notes).joined(separator: " · "),
      blocks: [])
    guard !rows.isEmpty else {
      document.blocks = [.text("  (none found)", .plain)]
      document.tight = true
      return document
    }
    document.blocks.append(.table(table))
    var hints: [String] = []
    if page > 1 { hints.append("prev") }
    if page < pageCount { hints.append("next") }
    // A form opens by its name (`open raichu-alola`), a species by either.
    let forms = rows.contains { $0.id != $0.speciesID }
    hints.append(
      kind == .moves ? "move NAME" : forms ? "open NAME" : "open ID|NAME")
    hints.append("back")
    document.blocks.append(.hint(hints.joined(separator: " · ")))
    document.tight = true
    document.tightHint = true
    return document
  }

  /// The rows as a table: id, name, types (a move's class), then the numbers.
  private var table: PageDocument.Table {
    let moves = kind == .moves
    var columns: [PageDocument.Table.Column] = [
      .init("#", .right), .init(moves ? "Move" : "Name"), .init(moves ? "Type" : "Types"),
      .init(moves ? "Class" : ""),
    ]
    columns += self.columns.map { .init(Self.heading($0), .right) }
    let rows = rows.map { row -> [Span] in
      var cells = [Span(String(row.id), .dim), Span(row.displayName)]
      let types = zip(row.typeSlugs, row.types).map { Span($1, .type($0)) }
      if moves {
        cells.append(types.first ?? Span("—", .dim))
        cells.append(Span(row.damageClass.map(DisplayName.words) ?? "—"))
      } else {
        cells.append(types.first ?? Span(""))
        cells.append(types.count > 1 ? types[1] : Span(""))
      }
      for key in self.columns {
        cells.append(row.values[key].map { Span(FindPlan.number($0)) } ?? Span("—", .dim))
      }
      return cells
    }
    return PageDocument.Table(columns: columns, rows: rows)
  }
}
