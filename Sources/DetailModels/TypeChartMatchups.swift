import Models

extension TypeChart {
  /// What a defender of `types` takes from each attacking type other than ×1, named by
  /// `glossary`: weaknesses strongest first, resistances weakest first, then in the chart's order.
  public func matchups(of types: [String], glossary: Glossary) -> TypeMatchups {
    let factors = self.types.enumerated().map { (order: $0.offset, type: $0.element) }
      .map { (order: $0.order, type: $0.type, factor: factor($0.type, on: types)) }
    func matchup(_ entry: (order: Int, type: String, factor: Double)) -> TypeMatchups.Matchup {
      .init(type: glossary.type(entry.type), multiplier: entry.factor)
    }
    return TypeMatchups(
      weaknesses: factors.filter { $0.factor > 1 }
        .sorted { ($0.factor, -$0.order) > ($1.factor, -$1.order) }.map(matchup),
      resistances: factors.filter { $0.factor > 0 && $0.factor < 1 }
        .sorted { ($0.factor, $0.order) < ($1.factor, $1.order) }.map(matchup),
      immunities: factors.filter { $0.factor == 0 }.map { glossary.type($0.type) })
  }
}
