import Foundation

/// The type chart as factors: what each attacking type deals to each defending type, from every
/// type's defending relations, today's or a past generation's (Generation I's has no Dark, Steel
/// or Fairy, and Ghost does nothing to Psychic). Types that take no part in it (`unknown`,
/// `shadow`, `stellar`: no relations, or ids above 10000) are left out.
public struct TypeChart: Codable, Sendable, Equatable {
  /// The types in the API's order, by slug.
  public let types: [String]
  /// The factor each attacker deals to each defender, by defender, then attacker (×1 left out).
  private let taken: [String: [String: Double]]

  /// The chart of the games of `generation` (a number; `nil`: today's games), from every type.
  public init(_ all: [PokemonType], generation: Int? = nil) {
    let chart = all.filter { type in
      let relations = type.damageRelations
      return type.id < 10_000 && type.exists(in: generation)
        && !(relations.doubleDamageFrom.isEmpty && relations.halfDamageFrom.isEmpty
          && relations.noDamageFrom.isEmpty)
    }.sorted { $0.id < $1.id }
    var seen: Set<String> = []
    types = chart.map { SafeText.line($0.name) }.filter { seen.insert($0).inserted }
    let present = Set(types)
    var taken: [String: [String: Double]] = [:]
    for defender in chart where taken[SafeText.line(defender.name)] == nil {
      var factors: [String: Double] = [:]
      for (attacker, factor) in Self.factors(defender.damageTaken(in: generation))
      where present.contains(SafeText.line(attacker.name)) {
        factors[SafeText.line(attacker.name)] = factor
      }
      taken[SafeText.line(defender.name)] = factors
    }
    self.taken = taken
  }

  /// Today's chart as far as `defenders` know it: what each attacking type their relations name
  /// deals to them (the attackers in the API's order). Enough for a species' matchups from its
  /// own one or two types, without loading every type.
  public init(defending defenders: [PokemonType]) {
    var attackers: [String: Int] = [:]
    var taken: [String: [String: Double]] = [:]
    for defender in defenders where taken[SafeText.line(defender.name)] == nil {
      var factors: [String: Double] = [:]
      for (attacker, factor) in Self.factors(defender.damageRelations) {
        let slug = SafeText.line(attacker.name)
        factors[slug] = factor
        attackers[slug] = attacker.id ?? Int.max
      }
      taken[SafeText.line(defender.name)] = factors
    }
    types = attackers.sorted { ($0.value, $0.key) < ($1.value, $1.key) }.map(\.key)
    self.taken = taken
  }

  /// Each attacker `relations` name with what it deals: ×2, then ×½, then ×0 (a later list wins
  /// for an attacker named twice).
  private static func factors(
    _ relations: PokemonType.DamageTaken
  ) -> [(attacker: NamedResource, factor: Double)] {
    relations.doubleDamageFrom.map { ($0, 2.0) } + relations.halfDamageFrom.map { ($0, 0.5) }
      + relations.noDamageFrom.map { ($0, 0.0) }
  }

  /// What `attacker` deals to a defender of `types` (one or two): the product of its factors.
  public func factor(_ attacker: String, on types: [String]) -> Double {
    var seen: Set<String> = []
    return types.filter { seen.insert($0).inserted }.reduce(1.0) { product, defender in
      product * (taken[defender]?[attacker] ?? 1)
    }
  }
}
