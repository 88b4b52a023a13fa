import APIClient
import DetailModels
import Models

/// Species details as the detail feature makes them, by what is typed to open them: for the
/// pages about species (`compare`, `stats`).
struct FixedDetails: SpeciesDetails {
  var known: [String: SpeciesDetailViewModel]

  func open(_ input: String, glossary: Glossary) async throws(DetailError)
    -> SpeciesDetailViewModel
  {
    guard let detail = known[input] else { throw .unknown(input: input, suggestion: nil) }
    return detail
  }

  func details(
    of key: SpeciesKey, form: Int?, glossary: Glossary
  ) async throws(DetailError) -> SpeciesDetailViewModel {
    try await open(key.pathComponent, glossary: glossary)
  }

  func evolution(
    of key: SpeciesKey, glossary: Glossary
  ) async throws(DetailError) -> EvolutionTreeViewModel {
    throw .unknown(input: key.pathComponent, suggestion: nil)
  }
}
