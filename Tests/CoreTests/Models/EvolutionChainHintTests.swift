import Foundation
import Models
import Testing

@Suite("The evolution chain read off a species' bytes")
struct EvolutionChainHintTests {
  /// A species as the API writes it: pretty-printed, keys in order, the chain among them.
  static let pretty = """
    {
        "base_happiness": 70,
        "capture_rate": 45,
        "color": {
            "name": "brown",
            "url": "https://pokeapi.co/api/v2/pokemon-color/3/"
        },
        "evolution_chain": {
            "url": "https://pokeapi.co/api/v2/evolution-chain/67/"
        },
        "evolves_from_species": null,
        "flavor_text_entries": [],
        "gender_rate": 1,
        "genera": [],
        "id": 133,
        "is_baby": false,
        "name": "eevee",
        "varieties": []
    }
    """

  @Test func aPrettyPrintedSpeciesNamesItsChain() throws {
    let json = Data(Self.pretty.utf8)
    #expect(Species.evolutionChainID(inJSON: json) == 67)
    // The hint agrees with the decoded species.
    #expect(try JSONDecoder().decode(Species.self, from: json).evolutionChainID == 67)
  }

  @Test func compactJSONAndARelativeURLAreReadAlike() {
    let compact =
      #"{"id":1,"evolution_chain":{"url":"/api/v2/evolution-chain/1/"},"name":"bulbasaur"}"#
    #expect(Species.evolutionChainID(inJSON: Data(compact.utf8)) == 1)
  }

  @Test func theKeyInsideAStringIsNotTheKey() {
    // In a string, the key's quotes are escaped; the real key comes after.
    let json = #"""
      {"flavor": "a \"evolution_chain\": {\"url\": \"/api/v2/evolution-chain/9/\"} here",
       "evolution_chain": {"url": "/api/v2/evolution-chain/67/"}}
      """#
    #expect(Species.evolutionChainID(inJSON: Data(json.utf8)) == 67)
  }

  @Test(arguments: [
    #"{"id": 1}"#,
    #"{"evolution_chain": null}"#,
    #"{"evolution_chain": {"name": "x", "url": "/api/v2/evolution-chain/1/"}}"#,
    #"{"evolution_chain": {"url": "https:\/\/pokeapi.co\/api\/v2\/evolution-chain\/1\/"}}"#,
    #"{"evolution_chain": {"url": "/api/v2/pokemon/67/"}}"#,
    #"{"evolution_chain": {"url": "/api/v2/evolution-chain/x/"}}"#,
    #"{"evolution_chain": {"url": "/api/v2/evolution-chain/67"#,
    #"{"evolution_chain": {"url": "/api/v2/evolution-chain/0/"}}"#,
    "",
  ])
  func anythingNotReadPlainlyGivesNoHint(json: String) {
    #expect(Species.evolutionChainID(inJSON: Data(json.utf8)) == nil)
  }
}
