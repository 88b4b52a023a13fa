import APIClient
import Models

/// The detail feature as the session sees it. It is a protocol so that the composition root can
/// wrap the feature in decorators (analytics, logging) without the feature knowing.
///
/// Each call is given the language to answer in (`glossary`, with the names of what it
/// mentions): the session's, as every page is (``Glossary/slugs`` for capitalised slugs and
/// English).
public protocol SpeciesDetails: Sendable {
  /// Resolves what the user typed after `open` (id, slug, unique prefix, a name in the
  /// glossary's language, or the slug of one of a species' forms, `raichu-alola`) and loads the
  /// details. This is the one call that means "the user selected a species".
  func open(_ input: String, glossary: Glossary) async throws(DetailError)
    -> SpeciesDetailViewModel
  /// The details of an already-selected species again (`info`): its default form, or the form
  /// (pokemon) `form` when it is given.
  func details(
    of key: SpeciesKey, form: Int?, glossary: Glossary
  ) async throws(DetailError) -> SpeciesDetailViewModel
  /// The whole evolution tree around a species.
  func evolution(
    of key: SpeciesKey, glossary: Glossary
  ) async throws(DetailError) -> EvolutionTreeViewModel
}

extension SpeciesDetails {
  /// The details of a species' default form.
  public func details(
    of key: SpeciesKey, glossary: Glossary
  ) async throws(DetailError) -> SpeciesDetailViewModel {
    try await details(of: key, form: nil, glossary: glossary)
  }
}
