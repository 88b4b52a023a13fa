import APIClient
import DetailModels
import Models

/// A species as the session's game has it: its types then, and the damage they took under that
/// generation's type chart (Clefairy is Normal in Red, and Ghost does nothing to Psychic there).
public struct GameTyping: Sendable {
  /// The game's generation (1 for Red).
  public var generation: Int
  /// That generation's type chart.
  public var chart: TypeChart

  /// `detail` with its types and matchups in this generation, named by `glossary`; as it was
  /// when a type of it came later (a species of a later generation).
  public func apply(
    to detail: SpeciesDetailViewModel, glossary: Glossary
  ) -> SpeciesDetailViewModel {
    let slugs = detail.typeSlugs(in: generation)
    guard slugs.allSatisfy(chart.types.contains) else { return detail }
    var model = detail
    if slugs != detail.typeSlugs {
      model.todayTypes = detail.types
      model.types = slugs.map(glossary.type)
      model.typeSlugs = slugs
    }
    model.typesGeneration = generation
    model.matchups = chart.matchups(of: slugs, glossary: glossary)
    return model
  }
}
