import APIClient
import DetailFeature
import DetailModels
import Models
import TestSupport
import Testing

@Suite("Resolving what the user typed")
struct ResolveTests {
  let feature = DetailFeature(client: FixtureClient(index: indexFixture))

  @Test(
    "Ids, names and unique prefixes",
    arguments: [
      ("133", 133), ("#25", 25), ("eevee", 133), ("EEVEE", 133), ("  Eevee ", 133),
      ("mr mime", 122), ("Mr. Mime", 122), ("bulb", 1), ("porygon", 137), ("porygon z", 474),
      ("pidgeot", 18), ("pidgeott", 17), ("nidoran♀", 29),
    ])
  func resolves(input: String, id: Int) async throws {
    #expect(try await feature.resolve(input) == .id(id))
  }

  @Test func aHyphenTypedAtTheEndIsPartOfThePrefix() async throws {
    #expect(try await feature.resolve("porygon-") == .id(474))
    #expect(try await feature.resolve("Porygon- ") == .id(474))
    await #expect(throws: DetailError.invalidID("-")) { try await feature.resolve("-") }
  }

  @Test func anAmbiguousPrefixListsCandidates() async throws {
    let error = await #expect(throws: DetailError.self) { try await feature.resolve("pi") }
    #expect(
      error
        == .ambiguous(
          input: "pi",
          candidates: [
            "pidgey", "pidgeotto", "pidgeot", "pikachu", "pinsir", "pichu", "pineco", "piloswine",
          ], total: 10))
  }

  @Test(
    "Unknown names suggest a near one",
    arguments: [("pikachuu", "pikachu"), ("bulbsaur", "bulbasaur"), ("eevve", "eevee")])
  func suggestion(input: String, suggestion: String) async throws {
    await #expect(throws: DetailError.unknown(input: input, suggestion: suggestion)) {
      try await feature.resolve(input)
    }
  }

  /// A name the index knows whose species the server does not serve is named, not numbered;
  /// an id stays the API's own "not found".
  @Test func aSpeciesTheServerLacksIsNamed() async throws {
    await #expect(throws: DetailError.notServed(name: "Porygon-Z", id: 474)) {
      try await feature.open("porygon z")
    }
    let byID = await #expect(throws: DetailError.self) { try await feature.open("474") }
    guard case .api(.notFound) = byID else {
      Issue.record("\(String(describing: byID))")
      return
    }
  }

  @Test func unknownNameMessage() async throws {
    let near = await #expect(throws: DetailError.self) { try await feature.resolve("pikachuu") }
    #expect(near == .unknown(input: "pikachuu", suggestion: "pikachu"))
    let far = await #expect(throws: DetailError.self) { try await feature.resolve("xyzzy") }
    #expect(far == .unknown(input: "xyzzy", suggestion: nil))
  }

  @Test func badIdsAndInputsAreRefused() async throws {
    await #expect(throws: DetailError.invalidID("0")) { try await feature.resolve("0") }
    await #expect(throws: DetailError.invalidID("-5")) { try await feature.resolve("-5") }
    // A positive id too large for an Int is one no species has, as `open 99999` is; not "not
    // a positive number".
    await #expect(
      throws: DetailError.api(.notFound(resource: "species #99999999999999999999999"))
    ) {
      try await feature.resolve("#99999999999999999999999")
    }
    await #expect(throws: DetailError.emptyInput) { try await feature.resolve("  ") }
    await #expect(throws: DetailError.inputTooLong(maximum: 64)) {
      try await feature.resolve(String(repeating: "x", count: 65))
    }
    await #expect(throws: DetailError.unknown(input: "ee[31m", suggestion: nil)) {
      try await feature.resolve("ee\u{1B}[31m")
    }
  }

  @Test func anIDGoesStraightToTheAPIWithoutLoadingTheIndex() async throws {
    let client = FixtureClient()
    let feature = DetailFeature(client: client)
    #expect(try await feature.resolve("5000") == .id(5000))
    #expect(try await feature.resolve("#133") == .id(133))
    #expect(await client.count("pokemon-species?limit") == 0)
  }

  @Test func withoutAnIndexTheAPIDecides() async throws {
    let client = FixtureClient()
    await client.fail("pokemon-species?limit", with: .offline)
    let feature = DetailFeature(client: client)
    #expect(try await feature.resolve("Eevee") == .name("eevee"))
    #expect(try await feature.resolve("133") == .id(133))
  }
}
