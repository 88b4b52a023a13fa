import APIClient
import DetailModels
import Models

extension DetailFeature: SpeciesDetails {
  public func open(_ input: String) async throws(DetailError) -> SpeciesDetailViewModel {
    do {
      return try await details(of: resolve(input))
    } catch .unknown(let typed, let suggestion) {
      guard let (species, form) = try await form(named: NameQuery.normalize(typed)) else {
        throw .unknown(input: typed, suggestion: suggestion)
      }
      return try await details(of: .id(species), form: form)
    }
  }
}
