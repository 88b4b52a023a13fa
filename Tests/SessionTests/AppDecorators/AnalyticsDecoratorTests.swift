import APIClient
import AppDecorators
import DetailFeature
import DetailModels
import Models
import Testing

/// A detail feature that answers without any network, failing for unknown names.
struct StubDetails: SpeciesDetails {
  func open(
    _ input: String, glossary: Glossary
  ) async throws(DetailError) -> SpeciesDetailViewModel {
    guard input == "eevee" || input == "133" else {
      throw .unknown(input: input, suggestion: nil)
    }
    return try await details(of: .id(133), form: nil, glossary: glossary)
  }

  func details(
    of key: SpeciesKey, form: Int?, glossary: Glossary
  ) async throws(DetailError) -> SpeciesDetailViewModel {
    SpeciesDetailViewModel(
      id: 133, name: "eevee", displayName: "Eevee", genus: nil, types: ["normal"],
      heightCentimetres: 30, weightKilograms: 6.5, genderRatio: "", abilities: [], stats: [],
      baseStatTotal: 0, flavorText: nil, isBaby: false, isLegendary: false, isMythical: false,
      evolutionChainID: 67)
  }

  func evolution(
    of key: SpeciesKey, glossary: Glossary
  ) async throws(DetailError) -> EvolutionTreeViewModel {
    EvolutionTreeViewModel(
      chainID: 67, selectedSpeciesID: 133,
      root: EvolutionNode(
        id: 133, name: "eevee", displayName: "Eevee", isBaby: false, isSelected: true,
        children: []))
  }
}

@Suite("Analytics is attached around the detail feature")
struct AnalyticsDecoratorTests {
  @Test func openingASpeciesRecordsItsID() async throws {
    let tracker = RecordingAnalyticsTracker()
    let details = AnalyticsSpeciesDetails(base: StubDetails(), tracker: tracker)
    _ = try await details.open("eevee", glossary: .slugs)
    #expect(await tracker.events == [.speciesSelected(id: 133)])
  }

  @Test func onlyOpeningCounts() async throws {
    let tracker = RecordingAnalyticsTracker()
    let details = AnalyticsSpeciesDetails(base: StubDetails(), tracker: tracker)
    _ = try await details.details(of: .id(133), glossary: .slugs)
    _ = try await details.evolution(of: .id(133), glossary: .slugs)
    await #expect(throws: DetailError.self) {
      try await details.open("missingno", glossary: .slugs)
    }
    #expect(await tracker.events == [])
  }

  @Test func theDecoratorChangesNoAnswer() async throws {
    let details = AnalyticsSpeciesDetails(base: StubDetails(), tracker: RecordingAnalyticsTracker())
    #expect(
      try await details.open("133", glossary: .slugs)
        == (try await StubDetails().open("133", glossary: .slugs)))
  }
}
