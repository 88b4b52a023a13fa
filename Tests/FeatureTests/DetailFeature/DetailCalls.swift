import APIClient
import DetailFeature
import DetailModels
import Models

/// The detail feature's calls in capitalised slugs and English (no language chosen), as most of
/// these tests ask them.
extension SpeciesDetails {
  func open(_ input: String) async throws(DetailError) -> SpeciesDetailViewModel {
    try await open(input, glossary: .slugs)
  }

  func details(
    of key: SpeciesKey, form: Int? = nil
  ) async throws(DetailError) -> SpeciesDetailViewModel {
    try await details(of: key, form: form, glossary: .slugs)
  }

  func evolution(of key: SpeciesKey) async throws(DetailError) -> EvolutionTreeViewModel {
    try await evolution(of: key, glossary: .slugs)
  }
}

extension DetailFeature {
  func evolution(
    chainID: Int, selectedSpeciesID: Int?
  ) async throws(DetailError) -> EvolutionTreeViewModel {
    try await evolution(chainID: chainID, selectedSpeciesID: selectedSpeciesID, glossary: .slugs)
  }
}
