import APIClient
import DetailModels
import Models

extension DetailFeature: SpeciesDetails {
  public func open(
    _ input: String, glossary: Glossary
  ) async throws(DetailError) -> SpeciesDetailViewModel {
    do throws(DetailError) {
      let key = try await resolve(input, glossary: glossary)
      do throws(DetailError) {
        return try await details(of: key, glossary: glossary)
      } catch .api(.notFound(let resource)) {
        // A name the index knows that the server does not serve: said by its name.
        guard case .id(let id) = key, Int(NameQuery.normalize(input)) == nil,
          let name = await indexedName(of: id)
        else { throw .api(.notFound(resource: resource)) }
        throw .notServed(name: DisplayName.of(name), id: id)
      }
    } catch .unknown(let typed, let suggestion) {
      guard let (species, form) = try await form(named: NameQuery.normalize(typed)) else {
        throw .unknown(input: typed, suggestion: suggestion)
      }
      return try await details(of: .id(species), form: form, glossary: glossary)
    }
  }
}
