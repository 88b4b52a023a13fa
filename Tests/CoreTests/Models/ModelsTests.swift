import Foundation
import Models
import Testing

@Suite("Species names and ids")
struct NamesAndIDsTests {
  @Test(
    "Slugs are capitalised word by word",
    arguments: [
      ("bulbasaur", "Bulbasaur"), ("mr-mime", "Mr-Mime"), ("nidoran-f", "Nidoran-F"),
      ("porygon-z", "Porygon-Z"), ("ho-oh", "Ho-Oh"), ("type-null", "Type-Null"),
    ])
  func capitalisation(slug: String, expected: String) {
    #expect(DisplayName.of(slug) == expected)
  }

  @Test func idsComeFromURLsNotPositions() {
    let page = SpeciesListPage(
      count: 2, next: nil, previous: nil,
      results: [
        NamedResource(name: "pecharunt", url: "https://pokeapi.co/api/v2/pokemon-species/1025/"),
        NamedResource(name: "venusaur-mega", url: "http://127.0.0.1:9/api/v2/pokemon/10033"),
        NamedResource(name: "broken", url: "https://pokeapi.co/api/v2/pokemon-species/"),
      ])
    #expect(page.summaries.map(\.id) == [1025, 10033])
  }

  @Test func controlCharactersAreNeutralised() {
    let raw = "It may mutate if\u{0C}it is exposed\nto \u{1B}[31mradiation.\u{07}"
    #expect(SafeText.paragraph(raw) == "It may mutate if it is exposed to [31mradiation.")
    #expect(DisplayName.of("eev\u{1B}ee") == "Eevee")
  }

  @Test func genderFilterMembership() {
    #expect(GenderFilter.male.admits(genderRate: 0))
    #expect(!GenderFilter.female.admits(genderRate: 0))
    #expect(GenderFilter.female.admits(genderRate: 8))
    #expect(!GenderFilter.male.admits(genderRate: 8))
    #expect(GenderFilter.genderless.admits(genderRate: -1))
    #expect(!GenderFilter.male.admits(genderRate: -1))
    #expect(GenderRatio(rate: 1).description == "87.5% ♂ · 12.5% ♀")
    #expect(GenderRatio(rate: -1).description == "Genderless")
  }

  @Test func unitConversions() {
    let eevee = Pokemon(id: 133, name: "eevee", height: 3, weight: 65)
    #expect(eevee.heightCentimetres == 30)
    #expect(eevee.weightKilograms == 6.5)
  }
}

@Suite("Decoding API bodies")
struct DecodingTests {
  @Test func speciesToleratesUnknownFieldsAndNulls() throws {
    let json = """
      {"id": 133, "name": "eevee", "gender_rate": 1, "is_baby": false, "habitat": null,
       "evolution_chain": {"url": "https://pokeapi.co/api/v2/evolution-chain/67/"},
       "genera": [{"genus": "Evolution Pokémon", "language": {"name": "en", "url": "x/9/"}}],
       "flavor_text_entries": [{"flavor_text": "Its genetic\\fcode", "language": {"name": "en", "url": "x/9/"}}],
       "varieties": [], "extra": {"deep": [1, 2, null]}}
      """
    let species = try JSONDecoder().decode(Species.self, from: Data(json.utf8))
    #expect(species.evolutionChainID == 67)
    #expect(species.englishGenus == "Evolution Pokémon")
    #expect(species.englishFlavorText == "Its genetic code")
  }

  @Test func onlyTheNewestTextOfEachLanguageIsKeptSoTheCachedCopyIsSmall() throws {
    let json = """
      {"id": 133, "name": "eevee", "gender_rate": 1,
       "genera": [{"genus": "しんかポケモン", "language": {"name": "ja", "url": "x/1/"}},
                  {"genus": "Evolution Pokémon", "language": {"name": "en", "url": "x/9/"}},
                  {"genus": "Pokémon Évolutif", "language": {"name": "fr", "url": "x/5/"}}],
       "flavor_text_entries": [
         {"flavor_text": "Old text", "language": {"name": "en", "url": "x/9/"}},
         {"flavor_text": "Texte", "language": {"name": "fr", "url": "x/5/"}},
         {"flavor_text": "Newest text", "language": {"name": "en", "url": "x/9/"}},
         {"flavor_text": "テキスト", "language": {"name": "ja", "url": "x/1/"}}]}
      """
    let species = try JSONDecoder().decode(Species.self, from: Data(json.utf8))
    #expect(species.englishGenus == "Evolution Pokémon")
    #expect(species.englishFlavorText == "Newest text")
    #expect(species.genera.count == 3)
    // One text per language: the newest English one, the French, the Japanese.
    #expect(species.flavorTextEntries.map(\.flavorText) == ["Newest text", "Texte", "テキスト"])
    #expect(species.genus(in: Language.named("ja")!)! == ("しんかポケモン", false))
    #expect(species.flavorText(in: Language.named("FR")!)! == ("Texte", false))
    // German is not there: English stands in, and says so.
    #expect(species.genus(in: Language.named("de")!)! == ("Evolution Pokémon", true))
    // What is cached is this value re-encoded: it decodes to the same thing.
    let cached = try JSONDecoder().decode(Species.self, from: try JSONEncoder().encode(species))
    #expect(cached == species)
  }

  @Test(arguments: ["", #", "flavor_text_entries": null"#, #", "flavor_text_entries": []"#])
  func aSpeciesWithoutFlavourTextsHasNone(entries: String) throws {
    let json = #"{"id": 1, "name": "bulbasaur", "gender_rate": 1"# + entries + "}"
    let species = try JSONDecoder().decode(Species.self, from: Data(json.utf8))
    #expect(species.flavorTextEntries.isEmpty)
    #expect(species.englishFlavorText == nil)
  }

  @Test func wrongShapesAreRejected() {
    let json = #"{"id": "one", "name": "eevee", "gender_rate": 1}"#
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Species.self, from: Data(json.utf8))
    }
  }
}

@Suite("Text tools")
struct TextToolsTests {
  @Test func editDistanceCountsASwapAsOneEdit() {
    #expect(TextTools.editDistance("opne", "open") == 1)
    #expect(TextTools.editDistance("pikachuu", "pikachu") == 1)
    #expect(TextTools.editDistance("", "abc") == 3)
    #expect(TextTools.editDistance("kitten", "sitting") == 3)
    #expect(TextTools.editDistance("abcdefgh", "zzzzzzzz", limit: 2) == 3)
  }

  @Test func wrapBreaksAtSpacesAndKeepsLongWords() {
    #expect(TextTools.wrap("one two three four", width: 9) == ["one two", "three", "four"])
    #expect(
      TextTools.wrap("supercalifragilistic is long", width: 5)
        == ["supercalifragilistic", "is", "long"])
    #expect(TextTools.wrap("", width: 10) == [])
  }

  @Test func trailingSpacesAreDroppedAndNothingElse() {
    #expect(TextTools.droppingTrailingSpaces("Eevee  #133   ") == "Eevee  #133")
    #expect(TextTools.droppingTrailingSpaces("  indented") == "  indented")
    #expect(TextTools.droppingTrailingSpaces("イーブイ ") == "イーブイ")
    #expect(TextTools.droppingTrailingSpaces("tab\t") == "tab\t")
    #expect(TextTools.droppingTrailingSpaces("   ") == "")
    #expect(TextTools.droppingTrailingSpaces("") == "")
  }
}

@Suite("Untrusted numbers never crash")
struct UntrustedNumberTests {
  @Test func absurdHeightsSaturate() {
    #expect(Pokemon(id: 1, name: "x", height: .max, weight: 1).heightCentimetres == .max)
    #expect(Pokemon(id: 1, name: "x", height: .min, weight: 1).heightCentimetres == .min)
  }
}

@Suite("Gender lists")
struct GenderListTests {
  @Test func speciesAreFilteredByRateOnceEachInIDOrder() {
    func entry(_ rate: Int, _ id: Int) -> GenderList.Entry {
      GenderList.Entry(
        rate: rate,
        pokemonSpecies: NamedResource(name: "s\(id)", url: "https://x/pokemon-species/\(id)/"))
    }
    let list = GenderList(
      id: 1, name: "female",
      pokemonSpeciesDetails: [entry(8, 30), entry(1, 2), entry(1, 2), entry(0, 5), entry(4, 10001)])
    #expect(list.species(admittedBy: .female).map(\.id) == [2, 30, 10001])
    #expect(list.species(admittedBy: .male).map(\.id) == [2, 5, 10001])
    #expect(list.species(admittedBy: .all).map(\.id) == [2, 5, 30, 10001])
  }
}

@Suite("Text from the network is capped for display")
struct DisplayCapTests {
  @Test func aHugeNameIsCutWithAnEllipsis() {
    let huge = String(repeating: "a", count: 5_000_000)
    let shown = SafeText.line(huge)
    #expect(shown.count == SafeText.lineLimit + 1)
    #expect(shown.hasSuffix("…"))
    #expect(DisplayName.of(huge).count == SafeText.lineLimit + 1)
    #expect(SafeText.line("mr-mime") == "mr-mime")
  }

  @Test func aHugeParagraphIsCutWithAnEllipsis() {
    let shown = SafeText.paragraph(String(repeating: "word ", count: 1_000_000))
    #expect(shown.count <= SafeText.paragraphLimit + 1)
    #expect(shown.hasSuffix("…"))
  }
}

@Suite("Heights and weights")
struct MeasuresTests {
  @Test func heightsAreCentimetresAsTheSeedAsks() {
    #expect(Measures.height(centimetres: 30) == "30 cm")
    #expect(Measures.height(centimetres: 99) == "99 cm")
    #expect(Measures.height(centimetres: 100) == "100 cm")
    #expect(Measures.height(centimetres: 170) == "170 cm")
    #expect(Measures.height(centimetres: 2000) == "2000 cm")
    #expect(Measures.height(centimetres: .max).hasSuffix(" cm"))
  }

  @Test func weightsAreKilogramsWithoutATrailingZero() {
    #expect(Measures.weight(kilograms: 6.5) == "6.5 kg")
    #expect(Measures.weight(kilograms: 60) == "60 kg")
    #expect(Measures.weight(kilograms: 999.9) == "999.9 kg")
    #expect(Measures.weight(kilograms: -0.5) == "-0.5 kg")
    #expect(Measures.weight(kilograms: 1e300).hasSuffix(" kg"))
  }
}
