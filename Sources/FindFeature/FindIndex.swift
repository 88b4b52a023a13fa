import CShims
import Cache
import Foundation

/// The index `find` asks: the facts of every species, form and move as tables with indexes in
/// the cache's SQLite file (its own tables, `find_…`, beside the cached answers), each question
/// one SQL statement (``FindSQL``).
///
/// Built a piece at a time, each in a transaction of its own (a species with its pokemon, a
/// move, a chain, the games …), each marked done when written: an interrupted build keeps what
/// it wrote and the next goes on from there. Derived from answers, so a file whose index
/// tables were written by another schema has them dropped and rebuilt, and a cache that cannot
/// be written has an index in memory for the session.
public actor FindIndex {
  /// The version of the tables below: another drops and rebuilds them.
  static let schemaVersion = 3

  private let connection: SQLiteConnection
  /// Whether the index lives in memory only (the cache's file could not be written).
  public nonisolated let inMemory: Bool

  private init(connection: sending SQLiteConnection, inMemory: Bool) {
    self.connection = connection
    self.inMemory = inMemory
  }

  /// Why the index is in memory rather than in the cache's file.
  public enum Kept: Sendable, Equatable {
    /// In the cache's file.
    case onDisk
    /// In memory: the file cannot be opened or written, or a newer pokedex keeps its index
    /// there (left as it is).
    case inMemory
  }

  /// The index in the cache's database file in `directory` (created if need be), else in memory
  /// (no directory, a file that cannot be opened or written, or one whose index a newer pokedex
  /// wrote). An index made from another server's answers (`origin`, the API's address) is
  /// emptied first.
  public static func open(directory: URL?, origin: String = "") throws -> FindIndex {
    if let directory {
      let path = directory.appendingPathComponent(SQLiteCacheStore.fileName).path
      if let connection = try? SQLiteConnection(
        path: path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, busyTimeout: 5),
        (try? prepare(connection, origin: origin)) != nil
      {
        return FindIndex(connection: connection, inMemory: false)
      }
    }
    return try inMemoryIndex()
  }

  /// An index in memory, for the session only (it fails only without memory).
  public static func inMemoryIndex() throws -> FindIndex {
    let connection = try SQLiteConnection(
      path: ":memory:", flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, busyTimeout: 0)
    try prepare(connection, origin: "")
    return FindIndex(connection: connection, inMemory: true)
  }

  /// A newer pokedex's index, left as it is.
  struct NewerSchema: Error {}

  /// Sets the connection as the cache's store sets its own (a log synced at checkpoints, kept
  /// to 1 MB), then creates the tables, after dropping an older schema's; the write lock is
  /// taken only when something is to be written.
  private static func prepare(_ connection: SQLiteConnection, origin: String) throws {
    try connection.execute(
      """
      PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;
      PRAGMA journal_size_limit = \(SQLiteCacheStore.logKeptAtClose);
      PRAGMA wal_autocheckpoint = \(SQLiteCacheStore.logKeptAtClose / 4096)
      """)
    func version() throws -> Int? {
      let exists = try !connection.rows(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'find_meta'"
      ) { $0.integer(0) }.isEmpty
      guard exists else { return nil }
      return try connection.rows("SELECT value FROM find_meta WHERE key = 'schema'") {
        Int($0.text(0) ?? "")
      }.first ?? nil
    }
    func kept(_ key: String) throws -> String? {
      try connection.rows("SELECT value FROM find_meta WHERE key = ?", [.text(key)]) {
        $0.text(0)
      }.first ?? nil
    }
    if let found = try version(), found > schemaVersion { throw NewerSchema() }
    if try version() == schemaVersion, try kept("origin") == origin { return }
    try connection.writing {
      if try version() != schemaVersion {
        try connection.execute(
          "CREATE TABLE IF NOT EXISTS find_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        for table in try tables(connection) where table != "find_meta" {
          try connection.execute("DROP TABLE \"\(table)\"")
        }
        try connection.execute("DELETE FROM find_meta")
        try connection.execute(schema)
        try connection.query(
          "INSERT INTO find_meta (key, value) VALUES ('schema', ?)",
          [.text(String(schemaVersion))])
      } else {
        // Another server's answers: none of it holds.
        try empty(connection)
      }
      try connection.query(
        "INSERT OR REPLACE INTO find_meta (key, value) VALUES ('origin', ?)", [.text(origin)])
    }
  }

  /// The index's tables.
  private static func tables(_ connection: SQLiteConnection) throws -> [String] {
    try connection.rows(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name GLOB 'find_*'"
    ) { $0.text(0) ?? "" }
  }

  /// Every table emptied but the schema's version and the origin.
  private static func empty(_ connection: SQLiteConnection) throws {
    for table in try tables(connection) where table != "find_meta" {
      try connection.execute("DELETE FROM \"\(table)\"")
    }
    try connection.execute("DELETE FROM find_meta WHERE key NOT IN ('schema', 'origin')")
  }

  /// The tables. Eras: 0 today, else a generation. Games: a version group's id. A learnset
  /// row is found by its pokemon and move (`learns:` asks for a row's pokemon, `learnedby:` for a
  /// move's learners, by pokemon): the one key serves both, and rewriting a species.
  static let schema = """
    CREATE TABLE find_done (key TEXT PRIMARY KEY, present INTEGER NOT NULL) WITHOUT ROWID;
    CREATE TABLE find_species (
      id INTEGER PRIMARY KEY, name TEXT NOT NULL, generation INTEGER,
      legendary INTEGER NOT NULL, mythical INTEGER NOT NULL, baby INTEGER NOT NULL,
      color TEXT, shape TEXT, chain INTEGER);
    CREATE TABLE find_pokemon (
      id INTEGER PRIMARY KEY, species INTEGER NOT NULL, name TEXT NOT NULL,
      is_default INTEGER NOT NULL, height INTEGER NOT NULL, weight REAL NOT NULL,
      generation INTEGER);
    CREATE INDEX find_pokemon_species ON find_pokemon (species);
    CREATE TABLE find_typing (
      pokemon INTEGER NOT NULL, era INTEGER NOT NULL, slot INTEGER NOT NULL, type TEXT NOT NULL,
      PRIMARY KEY (pokemon, era, slot)) WITHOUT ROWID;
    CREATE TABLE find_stats (
      pokemon INTEGER NOT NULL, era INTEGER NOT NULL, hp INTEGER, atk INTEGER, def INTEGER,
      spa INTEGER, spd INTEGER, spe INTEGER, bst INTEGER,
      PRIMARY KEY (pokemon, era)) WITHOUT ROWID;
    CREATE TABLE find_ability (
      pokemon INTEGER NOT NULL, era INTEGER NOT NULL, slot INTEGER NOT NULL,
      ability TEXT NOT NULL, hidden INTEGER NOT NULL,
      PRIMARY KEY (pokemon, era, slot)) WITHOUT ROWID;
    CREATE TABLE find_learn (
      pokemon INTEGER NOT NULL, move INTEGER NOT NULL, game INTEGER NOT NULL,
      method TEXT NOT NULL, PRIMARY KEY (pokemon, move, game, method)) WITHOUT ROWID;
    CREATE TABLE find_egg_group (
      egg_group TEXT NOT NULL, species INTEGER NOT NULL,
      PRIMARY KEY (egg_group, species)) WITHOUT ROWID;
    CREATE TABLE find_dex (
      pokedex TEXT NOT NULL, species INTEGER NOT NULL, number INTEGER NOT NULL,
      PRIMARY KEY (pokedex, species)) WITHOUT ROWID;
    CREATE TABLE find_evolution (
      chain INTEGER NOT NULL, from_species INTEGER NOT NULL, to_species INTEGER NOT NULL,
      trigger TEXT NOT NULL, PRIMARY KEY (from_species, to_species, trigger)) WITHOUT ROWID;
    CREATE TABLE find_chart (
      era INTEGER NOT NULL, attacking TEXT NOT NULL, defending TEXT NOT NULL,
      factor REAL NOT NULL, PRIMARY KEY (era, attacking, defending)) WITHOUT ROWID;
    CREATE TABLE find_game (id INTEGER PRIMARY KEY, name TEXT NOT NULL, generation INTEGER);
    CREATE TABLE find_move (
      id INTEGER PRIMARY KEY, name TEXT NOT NULL, generation INTEGER, priority INTEGER NOT NULL);
    CREATE TABLE find_move_values (
      move INTEGER NOT NULL, game INTEGER NOT NULL, type TEXT, class TEXT, power INTEGER,
      accuracy INTEGER, pp INTEGER, PRIMARY KEY (move, game)) WITHOUT ROWID;
    """

  // MARK: What is done

  /// Every piece written, by key (`species/25`, `move/85`, `chain/10`, `games`), with whether
  /// the server had it (a species it answers "not found" for is done, and absent).
  public func done() throws -> [String: Bool] {
    var done: [String: Bool] = [:]
    try connection.query("SELECT key, present FROM find_done") { row in
      done[row.text(0) ?? ""] = row.integer(1) != 0
      return true
    }
    return done
  }

  /// Marks species or move `id` done with nothing to write (the server does not have it), and
  /// forgets what was kept of it.
  public func markAbsent(species id: Int) throws {
    try connection.writing {
      try forgetPokemon(ofSpecies: id)
      try connection.query("DELETE FROM find_species WHERE id = ?", [.integer(id)])
      try mark("species/\(id)", present: false)
    }
  }

  public func markAbsent(move id: Int) throws {
    try connection.writing {
      try connection.query("DELETE FROM find_move_values WHERE move = ?", [.integer(id)])
      try connection.query("DELETE FROM find_move WHERE id = ?", [.integer(id)])
      try mark("move/\(id)", present: false)
    }
  }

  /// Deletes the rows of every pokemon kept for species `id` (a form since dropped too).
  private func forgetPokemon(ofSpecies id: Int) throws {
    for table in ["find_typing", "find_stats", "find_ability", "find_learn"] {
      try connection.query(
        "DELETE FROM \(table) WHERE pokemon IN (SELECT id FROM find_pokemon WHERE species = ?)",
        [.integer(id)])
    }
    try connection.query("DELETE FROM find_pokemon WHERE species = ?", [.integer(id)])
  }

  /// Marks `key` (a part) to be asked for again.
  public func unmark(_ key: String) throws {
    try connection.query("DELETE FROM find_done WHERE key = ?", [.text(key)])
  }

  private func mark(_ key: String, present: Bool) throws {
    try connection.query(
      "INSERT OR REPLACE INTO find_done (key, present) VALUES (?, ?)",
      [.text(key), .integer(present ? 1 : 0)])
  }

  /// A value kept beside the tables (`species-total`).
  public func meta(_ key: String) throws -> String? {
    try connection.rows("SELECT value FROM find_meta WHERE key = ?", [.text(key)]) { $0.text(0) }
      .first ?? nil
  }

  public func setMeta(_ key: String, _ value: String) throws {
    try connection.writing {
      try connection.query(
        "INSERT OR REPLACE INTO find_meta (key, value) VALUES (?, ?)", [.text(key), .text(value)])
    }
  }

  /// Forgets everything (the cache was cleared): the next `find` builds the index again.
  public func removeAll() throws {
    try connection.writing { try Self.empty(connection) }
  }

  // MARK: Writing

  /// Writes a species with its pokemon (replacing what was kept of them) and marks it done.
  public func store(_ species: IndexedSpecies) throws {
    try connection.writing {
      try forgetPokemon(ofSpecies: species.id)
      try connection.query(
        """
        INSERT OR REPLACE INTO find_species
          (id, name, generation, legendary, mythical, baby, color, shape, chain)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
        [
          .integer(species.id), .text(species.name), Self.value(species.generation),
          .integer(species.isLegendary ? 1 : 0), .integer(species.isMythical ? 1 : 0),
          .integer(species.isBaby ? 1 : 0), Self.value(species.color), Self.value(species.shape),
          Self.value(species.chain),
        ])
      for pokemon in species.pokemon { try write(pokemon, of: species.id) }
      try mark("species/\(species.id)", present: true)
    }
  }

  private func write(_ pokemon: IndexedPokemon, of species: Int) throws {
    try connection.query(
      """
      INSERT OR REPLACE INTO find_pokemon
        (id, species, name, is_default, height, weight, generation)
      VALUES (?, ?, ?, ?, ?, ?, ?)
      """,
      [
        .integer(pokemon.id), .integer(species), .text(pokemon.name),
        .integer(pokemon.isDefault ? 1 : 0), .integer(pokemon.heightCentimetres),
        .real(pokemon.weightKilograms), Self.value(pokemon.generation),
      ])
    var typing: [[SQLiteValue]] = []
    var stats: [[SQLiteValue]] = []
    var abilities: [[SQLiteValue]] = []
    for (era, facts) in pokemon.eras.sorted(by: { $0.key < $1.key }) {
      let id = SQLiteValue.integer(pokemon.id)
      for (slot, type) in facts.types.enumerated() {
        typing.append([id, .integer(era), .integer(slot + 1), .text(type)])
      }
      let columns: [FindField] = [.hp, .atk, .def, .spa, .spd, .spe]
      stats.append(
        [id, .integer(era)] + columns.map { Self.value(facts.stats[$0]) }
          + [facts.stats.isEmpty ? .null : .integer(facts.total(generation: era))])
      for (slot, ability) in facts.abilities.enumerated() {
        abilities.append(
          [
            id, .integer(era), .integer(slot + 1), .text(ability.slug),
            .integer(ability.hidden ? 1 : 0),
          ])
      }
    }
    try connection.repeating(
      "INSERT OR REPLACE INTO find_typing (pokemon, era, slot, type) VALUES (?, ?, ?, ?)", typing)
    try connection.repeating(
      """
      INSERT OR REPLACE INTO find_stats (pokemon, era, hp, atk, def, spa, spd, spe, bst)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
      """, stats)
    try connection.repeating(
      """
      INSERT OR REPLACE INTO find_ability (pokemon, era, slot, ability, hidden)
      VALUES (?, ?, ?, ?, ?)
      """, abilities)
    try connection.repeating(
      "INSERT OR IGNORE INTO find_learn (move, pokemon, game, method) VALUES (?, ?, ?, ?)",
      pokemon.learned.map {
        [.integer($0.move), .integer(pokemon.id), .integer($0.game), .text($0.method)]
      })
  }

  /// Writes moves with their numbers in each game, each marked done.
  public func store(_ moves: [IndexedMove]) throws {
    try connection.writing {
      for move in moves {
        try connection.query("DELETE FROM find_move_values WHERE move = ?", [.integer(move.id)])
        try connection.query(
          "INSERT OR REPLACE INTO find_move (id, name, generation, priority) VALUES (?, ?, ?, ?)",
          [
            .integer(move.id), .text(move.name), Self.value(move.generation),
            .integer(move.priority),
          ])
        try connection.repeating(
          """
          INSERT INTO find_move_values (move, game, type, class, power, accuracy, pp)
          VALUES (?, ?, ?, ?, ?, ?, ?)
          """,
          move.values.sorted { $0.key < $1.key }.map { game, numbers in
            [
              .integer(move.id), .integer(game), Self.value(numbers.type),
              Self.value(numbers.damageClass), Self.value(numbers.power),
              Self.value(numbers.accuracy), Self.value(numbers.pp),
            ]
          })
        try mark("move/\(move.id)", present: true)
      }
    }
  }

  /// Writes one part whole (replacing what was kept of it) and marks it done.
  public func store(_ part: IndexedPart) throws {
    try connection.writing {
      switch part {
      case .games(let games):
        try connection.execute("DELETE FROM find_game")
        try connection.repeating(
          "INSERT INTO find_game (id, name, generation) VALUES (?, ?, ?)",
          games.map { [.integer($0.id), .text($0.name), Self.value($0.generation)] })
      case .chart(let era, let factors):
        try connection.query("DELETE FROM find_chart WHERE era = ?", [.integer(era)])
        try connection.repeating(
          "INSERT OR REPLACE INTO find_chart (era, attacking, defending, factor) VALUES (?, ?, ?, ?)",
          factors.map {
            [.integer(era), .text($0.attacking), .text($0.defending), .real($0.factor)]
          })
      case .colors(let groups): try writeSpeciesColumn("color", groups)
      case .shapes(let groups): try writeSpeciesColumn("shape", groups)
      case .eggGroups(let groups):
        try connection.execute("DELETE FROM find_egg_group")
        try connection.repeating(
          "INSERT OR IGNORE INTO find_egg_group (egg_group, species) VALUES (?, ?)",
          groups.flatMap { group, species in species.map { [.text(group), .integer($0)] } })
      case .pokedexes(let pokedexes):
        try connection.execute("DELETE FROM find_dex")
        try connection.repeating(
          "INSERT OR IGNORE INTO find_dex (pokedex, species, number) VALUES (?, ?, ?)",
          pokedexes.flatMap { pokedex, entries in
            entries.map { [.text(pokedex), .integer($0.species), .integer($0.number)] }
          })
      case .chain(let id, let evolutions):
        try connection.query("DELETE FROM find_evolution WHERE chain = ?", [.integer(id)])
        try connection.repeating(
          """
          INSERT OR IGNORE INTO find_evolution (chain, from_species, to_species, trigger)
          VALUES (?, ?, ?, ?)
          """,
          evolutions.map { [.integer(id), .integer($0.from), .integer($0.to), .text($0.trigger)] })
      }
      try mark(part.key, present: true)
    }
  }

  /// The colours and shapes are kept on the species' rows: those written already are given
  /// them (the builder gives them to those it writes later).
  private func writeSpeciesColumn(_ column: String, _ groups: [String: [Int]]) throws {
    for (slug, species) in groups {
      try connection.repeating(
        "UPDATE find_species SET \(column) = ? WHERE id = ?",
        species.map { [.text(slug), .integer($0)] })
    }
  }

  // MARK: Asking

  /// The page of rows `plan` asks for, and how many there are in all.
  public func answer(_ plan: FindPlan) throws -> FindAnswer {
    let statement = FindSQL(plan)
    var total = 0
    let shown = plan.shownFields
    let rows = try connection.rows(statement.sql, statement.arguments) { row -> FindRow in
      switch plan.subject {
      case .species:
        total = row.integer(14)
        var values: [FindField: Double] = [:]
        let columns: [FindField: Int32] = [
          .hp: 4, .atk: 5, .def: 6, .spa: 7, .spd: 8, .spe: 9, .bst: 10, .height: 11,
          .weight: 12, .gen: 13,
        ]
        for field in shown + [.gen] {
          if let column = columns[field], !row.isNull(column) { values[field] = row.real(column) }
        }
        return FindRow(
          id: row.integer(0), speciesID: row.integer(1), name: row.text(2) ?? "",
          types: (row.text(3) ?? "").split(separator: " ").map(String.init), values: values)
      case .moves:
        total = row.integer(10)
        var values: [FindField: Double] = [:]
        for (field, column) in [
          (FindField.power, Int32(4)), (.accuracy, 5), (.pp, 6),
          (.priority, 7), (.gen, 9),
        ] where !row.isNull(column) {
          values[field] = row.real(column)
        }
        return FindRow(
          id: row.integer(0), speciesID: row.integer(1), name: row.text(2) ?? "",
          types: row.text(3).map { [$0] } ?? [], values: values, damageClass: row.text(8))
      }
    }
    if rows.isEmpty, plan.page > 1 {
      // Past the last page: how many there are all the same.
      var first = plan
      first.page = 1
      return FindAnswer(rows: [], total: try answer(first).total)
    }
    return FindAnswer(rows: rows, total: total)
  }

  /// How many species and moves the index holds.
  public func counts() throws -> (species: Int, moves: Int) {
    let counts = try connection.rows(
      "SELECT (SELECT COUNT(*) FROM find_species), (SELECT COUNT(*) FROM find_move)"
    ) { ($0.integer(0), $0.integer(1)) }
    return counts.first ?? (0, 0)
  }

  /// The bytes the index's tables and indexes take in the file (SQLite's `dbstat`), `nil` when
  /// SQLite was built without it.
  public func bytes() -> Int? {
    // Asked table by table: `dbstat` reads only the pages of a name it is given.
    guard let tables = try? Self.tables(connection) else { return nil }
    var total = 0
    for table in tables {
      guard
        let size = try? connection.rows(
          "SELECT SUM(pgsize) FROM dbstat WHERE name = ?", [.text(table)], { $0.integer(0) }
        ).first
      else { return nil }
      total += size
    }
    return total
  }

  /// The games kept (what a build reads back instead of asking again).
  public func games() throws -> [IndexedGame] {
    try connection.rows("SELECT id, name, generation FROM find_game ORDER BY id") { row in
      IndexedGame(
        id: row.integer(0), name: row.text(1) ?? "",
        generation: row.isNull(2) ? nil : row.integer(2))
    }
  }

  /// The generation of the game (version group) `slug`, when the index knows it.
  public func generation(ofGame slug: String) throws -> Int? {
    try connection.rows("SELECT generation FROM find_game WHERE name = ?", [.text(slug)]) {
      $0.isNull(0) ? nil : $0.integer(0)
    }.first ?? nil
  }

  /// The species' slugs by id, for names the language has none for.
  public func speciesNames() throws -> [Int: String] {
    var names: [Int: String] = [:]
    try connection.query("SELECT id, name FROM find_species") { row in
      names[row.integer(0)] = row.text(1) ?? ""
      return true
    }
    return names
  }

  /// The chains of the species indexed.
  public func chains() throws -> Set<Int> {
    Set(
      try connection.rows("SELECT DISTINCT chain FROM find_species WHERE chain IS NOT NULL") {
        $0.integer(0)
      })
  }

  /// Whether the index holds `slug` among the values of `field` (a type, ability, egg group,
  /// Pokédex, colour, shape or evolution trigger), so that it needs no resolving.
  public func holds(_ slug: String, as field: FindField) throws -> Bool {
    try known(slug, as: field) != nil
  }

  /// The id of the move called `slug`, when the index holds it.
  public func moveID(_ slug: String) throws -> Int? {
    try known(slug, as: .learns)
  }

  /// A row for `slug` among the values of `field`: a move's id, else 0; `nil` when none.
  private func known(_ slug: String, as field: FindField) throws -> Int? {
    let sql: String
    switch field {
    case .evolves: sql = "SELECT 0 FROM find_evolution WHERE trigger = ?1"
    case .color: sql = "SELECT 0 FROM find_species WHERE color = ?1"
    case .shape: sql = "SELECT 0 FROM find_species WHERE shape = ?1"
    case .type, .weak, .resists, .immune:
      sql = """
        SELECT 0 FROM find_chart WHERE attacking = ?1
        UNION ALL SELECT 0 FROM find_typing WHERE type = ?1
        """
    case .ability, .hidden: sql = "SELECT 0 FROM find_ability WHERE ability = ?1"
    case .egg: sql = "SELECT 0 FROM find_egg_group WHERE egg_group = ?1"
    case .dex: sql = "SELECT 0 FROM find_dex WHERE pokedex = ?1"
    case .learns: sql = "SELECT id FROM find_move WHERE name = ?1"
    default: return nil
    }
    return try connection.rows(sql + " LIMIT 1", [.text(slug)]) { $0.integer(0) }.first
  }

  /// The game (version group) `slug`'s id, when the index knows it.
  public func gameID(_ slug: String) throws -> Int? {
    try connection.rows("SELECT id FROM find_game WHERE name = ?", [.text(slug)]) {
      $0.integer(0)
    }.first
  }

  private static func value(_ number: Int?) -> SQLiteValue { number.map { .integer($0) } ?? .null }
  private static func value(_ text: String?) -> SQLiteValue { text.map { .text($0) } ?? .null }
}
