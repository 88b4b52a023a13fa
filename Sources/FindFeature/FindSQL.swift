import Cache

/// A ``FindPlan`` as the one SQL statement that answers it over the index's tables
/// (``FindIndex``), with its arguments: each term a condition on the row, the orders, the page.
///
/// The facts of the game come from the era's rows (its generation's types, stats and abilities,
/// chart), the game's learnsets and move numbers; what came later than the game is left out.
struct FindSQL: Equatable {
  var sql: String
  var arguments: [SQLiteValue]

  static func == (lhs: FindSQL, rhs: FindSQL) -> Bool {
    lhs.sql == rhs.sql && lhs.arguments.count == rhs.arguments.count
  }

  /// The statement that answers `plan`.
  init(_ plan: FindPlan) {
    var builder = Builder()
    switch plan.subject {
    case .species: sql = builder.species(plan)
    case .moves: sql = builder.moves(plan)
    }
    arguments = builder.arguments
  }

  /// Writes a statement, numbering its arguments (`?3`) so that clauses can be written in any
  /// order.
  private struct Builder {
    var arguments: [SQLiteValue] = []

    mutating func bind(_ value: SQLiteValue) -> String {
      arguments.append(value)
      return "?\(arguments.count)"
    }

    mutating func bind(_ value: Int) -> String { bind(.integer(value)) }
    mutating func bind(_ value: String) -> String { bind(.text(value)) }

    mutating func list(_ values: [String]) -> String {
      values.map { bind($0) }.joined(separator: ", ")
    }

    // MARK: Species

    mutating func species(_ plan: FindPlan) -> String {
      let era = bind(plan.era)
      var conditions: [String] = []
      if !plan.forms { conditions.append("p.is_default = 1") }
      if let generation = plan.generation {
        conditions.append("COALESCE(p.generation, s.generation) <= \(bind(generation))")
      }
      if let allowed = plan.species {
        let ids = allowed.sorted().map(String.init).joined(separator: ",")
        conditions.append("s.id IN (SELECT value FROM json_each(\(bind("[\(ids)]"))))")
      }
      for term in plan.terms {
        guard let condition = speciesCondition(term, plan: plan, era: era) else { continue }
        conditions.append(Self.held(condition, negated: term.negated))
      }
      let order = Self.order(plan.sort, column: Self.speciesColumn) + ["s.id", "p.id"]
      return """
        SELECT p.id, p.species, p.name,
          (SELECT type FROM find_typing WHERE pokemon = p.id AND era = \(era) AND slot = 1)
            || COALESCE(' ' || (SELECT type FROM find_typing
              WHERE pokemon = p.id AND era = \(era) AND slot = 2), ''),
          st.hp, st.atk, st.def, st.spa, st.spd, st.spe, st.bst, p.height, p.weight,
          COALESCE(p.generation, s.generation), COUNT(*) OVER ()
        FROM find_pokemon p JOIN find_species s ON s.id = p.species
        LEFT JOIN find_stats st ON st.pokemon = p.id AND st.era = \(era)
        WHERE \(conditions.isEmpty ? "1" : conditions.joined(separator: "\n  AND "))
        ORDER BY \(order.joined(separator: ", "))
        \(page(plan))
        """
    }

    /// A term's condition, or its negation: a condition without a value (no power) is false,
    /// so that its negation holds (`-power>50` lists the status moves).
    static func held(_ condition: String, negated: Bool) -> String {
      negated ? "NOT COALESCE((\(condition)), 0)" : "(\(condition))"
    }

    /// The orders asked for, each on its column, rows without a value last.
    static func order(_ sorts: [FindSort], column: (FindField) -> String) -> [String] {
      sorts.map { sort in
        "(\(column(sort.field))) IS NULL, \(column(sort.field))\(sort.descending ? " DESC" : "")"
      }
    }

    /// The column of a number a species row is sorted and compared by.
    static func speciesColumn(_ field: FindField) -> String {
      switch field {
      case .hp, .atk, .def, .spa, .spd, .spe, .bst: "st.\(field.rawValue)"
      case .height: "p.height"
      case .weight: "p.weight"
      default: "COALESCE(p.generation, s.generation)"
      }
    }

    mutating func speciesCondition(
      _ term: FindPlan.Term, plan: FindPlan, era: String
    ) -> String? {
      switch (term.field, term.test) {
      case (_, .compare(let comparison, let number)):
        return "\(Self.speciesColumn(term.field)) \(comparison.sql) \(bind(.real(number)))"
      case (.gen, .within(let ranges)):
        return ranges.map {
          "COALESCE(p.generation, s.generation) BETWEEN \(bind($0.lowerBound)) AND \(bind($0.upperBound))"
        }.joined(separator: " OR ")
      case (.type, .slugs(let types)):
        return """
          EXISTS (SELECT 1 FROM find_typing t WHERE t.pokemon = p.id AND t.era = \(era)
            AND t.type IN (\(list(types))))
          """
      case (.ability, .slugs(let abilities)), (.hidden, .slugs(let abilities)):
        return """
          EXISTS (SELECT 1 FROM find_ability a WHERE a.pokemon = p.id AND a.era = \(era)
            AND a.ability IN (\(list(abilities)))\(term.field == .hidden ? " AND a.hidden = 1" : ""))
          """
      case (.learns, .moves(let moves)):
        return moves.map { learnt in
          var condition = "l.move = \(bind(learnt.move)) AND l.pokemon = p.id"
          if let game = plan.game { condition += " AND l.game = \(bind(game))" }
          if let method = learnt.method { condition += " AND l.method = \(bind(method))" }
          return "EXISTS (SELECT 1 FROM find_learn l WHERE \(condition))"
        }.joined(separator: " OR ")
      case (.weak, .slugs(let types)), (.resists, .slugs(let types)),
        (.immune, .slugs(let types)):
        let test =
          switch term.field {
          case .weak: ">= 1"
          case .resists: "BETWEEN -9 AND -1"
          default: "= -99"
          }
        return types.map { "\(matchup(attacking: $0, era: era)) \(test)" }
          .joined(separator: " OR ")
      case (.dex, .slugs(let pokedexes)):
        return """
          EXISTS (SELECT 1 FROM find_dex d WHERE d.species = s.id
            AND d.pokedex IN (\(list(pokedexes))))
          """
      case (.egg, .slugs(let groups)):
        return """
          EXISTS (SELECT 1 FROM find_egg_group g WHERE g.species = s.id
            AND g.egg_group IN (\(list(groups))))
          """
      case (.color, .slugs(let colors)): return "s.color IN (\(list(colors)))"
      case (.shape, .slugs(let shapes)): return "s.shape IN (\(list(shapes)))"
      case (.legendary, _): return "s.legendary = 1"
      case (.mythical, _): return "s.mythical = 1"
      case (.baby, _): return "s.baby = 1"
      case (.evolves, .slugs(let triggers)):
        return evolves(plan, triggers: triggers)
      case (.evolves, _): return evolves(plan, triggers: nil)
      case (.final, _): return "NOT \(evolves(plan, triggers: nil))"
      default: return nil  // `forms` says what the rows are, not which
      }
    }

    /// Whether something evolves from the row's species (in the game, when it exists there),
    /// by one of `triggers` when given.
    mutating func evolves(_ plan: FindPlan, triggers: [String]?) -> String {
      var condition = "e.from_species = s.id"
      if let triggers { condition += " AND e.trigger IN (\(list(triggers)))" }
      // In a game, what it evolves into must be there too (Golbat is final in Red); otherwise
      // the chain says, whether or not the species it evolves into is indexed.
      guard let generation = plan.generation else {
        return "EXISTS (SELECT 1 FROM find_evolution e WHERE \(condition))"
      }
      return """
        EXISTS (SELECT 1 FROM find_evolution e JOIN find_species c ON c.id = e.to_species
          WHERE \(condition) AND c.generation <= \(bind(generation)))
        """
    }

    /// What the `attacking` type does to the row's types in the era, as the sum of each type's
    /// step (×2 one up, ×½ one down): ≥ 1 weak, −1 or less resists, −99 when a type takes ×0.
    mutating func matchup(attacking: String, era: String) -> String {
      """
      (SELECT CASE WHEN MIN(COALESCE(c.factor, 1)) = 0 THEN -99
        ELSE SUM(CASE WHEN c.factor > 1 THEN 1 WHEN c.factor < 1 THEN -1 ELSE 0 END) END
        FROM find_typing y LEFT JOIN find_chart c ON c.era = \(era)
          AND c.attacking = \(bind(attacking)) AND c.defending = y.type
        WHERE y.pokemon = p.id AND y.era = \(era))
      """
    }

    // MARK: Moves

    mutating func moves(_ plan: FindPlan) -> String {
      let game = bind(plan.game ?? 0)
      var conditions: [String] = []
      if let generation = plan.generation {
        conditions.append("COALESCE(m.generation, 0) <= \(bind(generation))")
      }
      for term in plan.terms {
        guard let condition = moveCondition(term, plan: plan) else { continue }
        conditions.append(Self.held(condition, negated: term.negated))
      }
      let order = Self.order(plan.sort, column: Self.moveColumn) + ["m.id"]
      return """
        SELECT m.id, m.id, m.name, v.type, v.power, v.accuracy, v.pp, m.priority, v.class,
          m.generation, COUNT(*) OVER ()
        FROM find_move m JOIN find_move_values v ON v.move = m.id
          AND v.game = COALESCE((SELECT game FROM find_move_values WHERE move = m.id
            AND game = \(game)), 0)
        WHERE \(conditions.isEmpty ? "1" : conditions.joined(separator: "\n  AND "))
        ORDER BY \(order.joined(separator: ", "))
        \(page(plan))
        """
    }

    static func moveColumn(_ field: FindField) -> String {
      switch field {
      case .power: "v.power"
      case .accuracy: "v.accuracy"
      case .pp: "v.pp"
      case .priority: "m.priority"
      default: "m.generation"
      }
    }

    mutating func moveCondition(_ term: FindPlan.Term, plan: FindPlan) -> String? {
      switch (term.field, term.test) {
      case (_, .compare(let comparison, let number)):
        return "\(Self.moveColumn(term.field)) \(comparison.sql) \(bind(.real(number)))"
      case (.gen, .within(let ranges)):
        return ranges.map {
          "m.generation BETWEEN \(bind($0.lowerBound)) AND \(bind($0.upperBound))"
        }.joined(separator: " OR ")
      case (.type, .slugs(let types)): return "v.type IN (\(list(types)))"
      case (.moveClass, .slugs(let classes)): return "v.class IN (\(list(classes)))"
      case (.learnedBy, .species(let species)):
        let ids = species.map { bind($0) }.joined(separator: ", ")
        var condition = """
          l.move = m.id AND l.pokemon IN
            (SELECT id FROM find_pokemon WHERE species IN (\(ids)) AND is_default = 1)
          """
        if let game = plan.game { condition += " AND l.game = \(bind(game))" }
        return "EXISTS (SELECT 1 FROM find_learn l WHERE \(condition))"
      default: return nil
      }
    }

    mutating func page(_ plan: FindPlan) -> String {
      guard let size = plan.pageSize else { return "" }
      // A page number typed past any real one (`page 600000000000000000`) asks past the end.
      let (offset, overflow) = max(0, plan.page - 1).multipliedReportingOverflow(by: size)
      return "LIMIT \(bind(size)) OFFSET \(bind(overflow ? Int.max : offset))"
    }
  }
}

extension FindComparison {
  /// The comparison in SQL.
  var sql: String {
    switch self {
    case .less: "<"
    case .lessOrEqual: "<="
    case .equal: "="
    case .greaterOrEqual: ">="
    case .greater: ">"
    case .notEqual: "<>"
    }
  }
}
