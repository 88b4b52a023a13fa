import Models

/// What a team's types cover: how each attacking type hits its members, the weaknesses they
/// share, the types none of them resists, what their own types hit super-effectively, and the
/// types that would help most.
public struct TeamCoverage: Codable, Sendable, Equatable {
  /// An attacking type and the factor it deals to each member, in slot order.
  public struct Defense: Codable, Sendable, Equatable {
    /// The attacking type's slug.
    public var type: String
    public var factors: [Double]
  }

  /// The defending types the team's own types hit super-effectively, and those none of them does.
  public struct Offense: Codable, Sendable, Equatable {
    public var superEffective: [String]
    public var notSuperEffective: [String]
  }

  /// A type that would help: the team's weaknesses it resists (or is immune to) and the
  /// unresisted types it hits super-effectively.
  public struct Help: Codable, Sendable, Equatable {
    public var type: String
    public var resists: [String]
    public var hits: [String]
    /// How much it helps: the weaknesses it resists and the unresisted types it hits.
    public var score: Int { resists.count + hits.count }
  }

  /// Every attacking type of the chart, in its order, with the members' factors.
  public var defense: [Defense]
  /// The attacking types that hit three or more members super-effectively, the most first.
  public var sharedWeaknesses: [String]
  /// The attacking types that hit two or more members super-effectively (what a new member
  /// should resist), the most first.
  public var weaknesses: [String]
  /// The attacking types no member resists (×1 or more on every one), in the chart's order.
  public var unresisted: [String]
  public var offense: Offense
  /// Every type that would help at all, the most helpful first (then in the chart's order).
  public var helps: [Help]

  /// How many members an attacking type must hit super-effectively to be a shared weakness.
  public static let sharedBy = 3

  /// The coverage of members of `types` (each one or two type slugs, in slot order).
  public init(members types: [[String]], chart: TypeChart) {
    let defense = chart.types.map { attacker in
      Defense(type: attacker, factors: types.map { chart.factor(attacker, on: $0) })
    }
    self.defense = defense
    func hitting(atLeast count: Int) -> [String] {
      defense.map { ($0.type, $0.factors.filter { $0 >= 2 }.count) }
        .filter { $0.1 >= count }
        .enumerated().sorted { ($0.element.1, -$0.offset) > ($1.element.1, -$1.offset) }
        .map(\.element.0)
    }
    sharedWeaknesses = types.isEmpty ? [] : hitting(atLeast: Self.sharedBy)
    let weaknesses = types.isEmpty ? [] : hitting(atLeast: 2)
    self.weaknesses = weaknesses
    let unresisted =
      types.isEmpty ? [] : defense.filter { $0.factors.allSatisfy { $0 >= 1 } }.map(\.type)
    self.unresisted = unresisted
    var own: [String] = []
    for type in types.joined() where !own.contains(type) { own.append(type) }
    let hit = chart.types.filter { defender in
      own.contains { chart.factor($0, on: [defender]) >= 2 }
    }
    offense = Offense(
      superEffective: hit, notSuperEffective: chart.types.filter { !hit.contains($0) })
    helps = chart.types.map { candidate in
      Help(
        type: candidate,
        resists: weaknesses.filter { chart.factor($0, on: [candidate]) < 1 },
        hits: unresisted.filter { chart.factor(candidate, on: [$0]) >= 2 })
    }.enumerated().filter { $0.element.score > 0 }
      .sorted { ($0.element.score, -$0.offset) > ($1.element.score, -$1.offset) }
      .map(\.element)
  }

  /// How many members take `factor` from each attacking type, in the chart's order.
  public func count(taking factor: Double) -> [Int] {
    defense.map { $0.factors.filter { $0 == factor }.count }
  }
}
