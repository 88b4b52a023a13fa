import APIClient
import Models
import Pages
import TestSupport
import Testing

private func reference(_ path: String, _ name: String, _ id: Int) -> String {
  #"{"name":"\#(name)","url":"https://x.test/api/v2/\#(path)/\#(id)/"}"#
}

private let kanto = #"""
  {"id":2,"name":"kanto","is_main_series":true,"names":[
  {"name":"Kanto","language":\#(reference("language", "en", 9))},
  {"name":"カントー","language":\#(reference("language", "ja", 11))}],
  "pokemon_entries":[
  {"entry_number":1,"pokemon_species":\#(reference("pokemon-species", "bulbasaur", 1))},
  {"entry_number":2,"pokemon_species":\#(reference("pokemon-species", "chikorita", 152))}]}
  """#

private let johto = #"""
  {"id":3,"name":"original-johto","is_main_series":true,"names":[
  {"name":"Original Johto","language":\#(reference("language", "en", 9))}],
  "pokemon_entries":[
  {"entry_number":1,"pokemon_species":\#(reference("pokemon-species", "chikorita", 152))}]}
  """#

private func directory() throws -> (PageDirectory, FixtureClient) {
  let client = try FixtureClient(["pokedex": [kanto, johto]])
  return (PageDirectory(kinds: [DexFeature.kind(client: client)]), client)
}

@Suite("Regional Pokédexes")
struct DexTests {
  @Test func itsSpeciesInItsOrderNumberedAsInIt() async throws {
    let page = try #require(try await directory().0.open("dex", "kanto") as? PokedexPage)
    #expect(page.displayName == "Kanto")
    #expect(page.entries.map(\.number) == [1, 2])
    #expect(page.entries.map(\.species.id) == [1, 152])
    #expect(page.links["open"] == ["bulbasaur", "chikorita"])
    guard case .names(_, let spans, _) = page.document.blocks.first else {
      Issue.record("no names")
      return
    }
    #expect(spans.map(\.text) == ["1 Bulbasaur", "2 Chikorita"])
  }

  @Test func namedInTheLanguageAndFoundByThatName() async throws {
    let (pages, _) = try directory()
    let japanese = Glossary(language: .named("ja"))
    let page = try #require(
      try await pages.open("dex", "カントー", glossary: japanese) as? PokedexPage)
    #expect(page.name == "kanto" && page.displayName == "カントー")
    #expect(try await pages.slug(of: "dex", named: "orig") == "original-johto")
  }

  @Test func theGamesPokedexesGiveTheNumbers() async throws {
    let client = try FixtureClient([
      "pokedex": [kanto, johto],
      "version-group": [
        #"{"id":4,"name":"gold-silver","order":4,"versions":[],"pokedexes":[\#(reference("pokedex", "original-johto", 3)), \#(reference("pokedex", "kanto", 2))]}"#
      ],
    ])
    let numbers = await Pokedex.numbers(
      ofSpecies: 152, in: SessionGame(group: "gold-silver"), glossary: .slugs, client: client)
    #expect(numbers.map(\.number) == [1, 2])
    #expect(numbers.map(\.name) == ["Original Johto", "Kanto"])
    let none = await Pokedex.numbers(
      ofSpecies: 152, in: SessionGame(group: "nowhere"), glossary: .slugs, client: client)
    #expect(none.isEmpty)
  }
}
