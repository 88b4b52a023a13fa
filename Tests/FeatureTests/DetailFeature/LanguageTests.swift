import APIClient
import DetailModels
import Foundation
import Models
import TestSupport
import Testing

@testable import DetailFeature

/// `/pokemon-species/25` in the API's shape, with names and texts in kana, hangul, hanzi and
/// accented Latin, and none in German or Czech.
let pikachuSpeciesJSON = """
  {"id": 25, "name": "pikachu", "gender_rate": 4,
   "names": [
     {"name": "ピカチュウ", "language": {"name": "ja-Hrkt", "url": "https://pokeapi.co/api/v2/language/1/"}},
     {"name": "피카츄", "language": {"name": "ko", "url": "https://pokeapi.co/api/v2/language/3/"}},
     {"name": "皮卡丘", "language": {"name": "zh-Hant", "url": "https://pokeapi.co/api/v2/language/4/"}},
     {"name": "Pikachu", "language": {"name": "fr", "url": "https://pokeapi.co/api/v2/language/5/"}},
     {"name": "Pikachu", "language": {"name": "en", "url": "https://pokeapi.co/api/v2/language/9/"}}],
   "genera": [
     {"genus": "ねずみポケモン", "language": {"name": "ja-Hrkt", "url": "https://pokeapi.co/api/v2/language/1/"}},
     {"genus": "쥐포켓몬", "language": {"name": "ko", "url": "https://pokeapi.co/api/v2/language/3/"}},
     {"genus": "Pokémon Souris", "language": {"name": "fr", "url": "https://pokeapi.co/api/v2/language/5/"}},
     {"genus": "Mouse Pokémon", "language": {"name": "en", "url": "https://pokeapi.co/api/v2/language/9/"}}],
   "flavor_text_entries": [
     {"flavor_text": "An old text.", "language": {"name": "en", "url": "https://pokeapi.co/api/v2/language/9/"}},
     {"flavor_text": "でんきを　ためこむ。", "language": {"name": "ja-Hrkt", "url": "https://pokeapi.co/api/v2/language/1/"}},
     {"flavor_text": "전기를 모은다.", "language": {"name": "ko", "url": "https://pokeapi.co/api/v2/language/3/"}},
     {"flavor_text": "Il stocke l’électricité.", "language": {"name": "fr", "url": "https://pokeapi.co/api/v2/language/5/"}},
     {"flavor_text": "It stores electricity.", "language": {"name": "en", "url": "https://pokeapi.co/api/v2/language/9/"}}],
   "varieties": [
     {"is_default": true, "pokemon": {"name": "pikachu", "url": "https://pokeapi.co/api/v2/pokemon/25/"}},
     {"is_default": false, "pokemon": {"name": "pikachu-gmax", "url": "https://pokeapi.co/api/v2/pokemon/10199/"}}]}
  """

let pikachuPokemonJSON = """
  {"id": 25, "name": "pikachu", "height": 4, "weight": 60,
   "types": [{"slot": 1, "type": {"name": "electric", "url": "https://pokeapi.co/api/v2/type/13/"}}],
   "abilities": [{"ability": {"name": "static", "url": "https://pokeapi.co/api/v2/ability/9/"}, "is_hidden": false, "slot": 1}],
   "stats": [
     {"base_stat": 35, "stat": {"name": "hp", "url": "https://pokeapi.co/api/v2/stat/1/"}},
     {"base_stat": 50, "stat": {"name": "special-attack", "url": "https://pokeapi.co/api/v2/stat/4/"}}]}
  """

private func pikachu() throws -> (Species, Pokemon) {
  (try decode(Species.self, pikachuSpeciesJSON), try decode(Pokemon.self, pikachuPokemonJSON))
}

/// A glossary with the types' and stats' names in Japanese or Korean (none in French).
private func glossary(_ code: String, species: [Int: String] = [:]) -> Glossary {
  let korean = code == "ko"
  let japanese = code.lowercased().hasPrefix("ja")
  return Glossary(
    language: Language.named(code), species: species,
    types: korean ? ["electric": "전기"] : japanese ? ["electric": "でんき"] : [:],
    stats: korean ? ["special-attack": "특수공격"] : japanese ? ["special-attack": "とくこう"] : [:])
}

@Suite("Species in every language")
struct SpeciesLanguageTests {
  @Test(
    "The name, genus and newest text in the language, its near language standing in",
    arguments: [
      ("ja", "ピカチュウ", "ねずみポケモン", "でんきを　ためこむ。"),
      ("ja-hrkt", "ピカチュウ", "ねずみポケモン", "でんきを　ためこむ。"),
      ("ko", "피카츄", "쥐포켓몬", "전기를 모은다."),
      ("FR", "Pikachu", "Pokémon Souris", "Il stocke l’électricité."),
    ])
  func inTheLanguage(code: String, name: String, genus: String, text: String) throws {
    let (species, pokemon) = try pikachu()
    let model = DetailFeature.viewModel(
      species: species, pokemon: pokemon, glossary: glossary(code))
    #expect(model.displayName == name && model.genus == genus && model.flavorText == text)
    #expect(model.language == Language.named(code)?.code)
    #expect(model.fallbackNote == nil)
    // The usual form is called by the species' name; types and stats by the glossary's.
    #expect(model.forms.first?.displayName == name)
    #expect(model.types == [code == "ko" ? "전기" : code == "FR" ? "Electric" : "でんき"])
    #expect(model.typeSlugs == ["electric"])
  }

  @Test func whatTheAPIHasNotInTheLanguageIsEnglishAndTheScreenSaysSo() throws {
    let (species, pokemon) = try pikachu()
    let model = DetailFeature.viewModel(
      species: species, pokemon: pokemon, glossary: Glossary(language: Language.named("de")))
    #expect(model.displayName == "Pikachu" && model.genus == "Mouse Pokémon")
    #expect(model.flavorText == "It stores electricity.")
    #expect(model.fallbackNote == "Shown in English where PokéAPI has no German text.")
    // Nothing loaded for German: stats and types by their usual English words.
    #expect(model.stats.map(\.name) == ["HP", "Sp. Atk"] && model.types == ["Electric"])
  }

  @Test func withoutALanguageNamesAreCapitalisedSlugsAndTextsEnglish() throws {
    let (species, pokemon) = try pikachu()
    let model = DetailFeature.viewModel(species: species, pokemon: pokemon)
    #expect(model.displayName == "Pikachu" && model.genus == "Mouse Pokémon")
    #expect(model.flavorText == "It stores electricity.")
    #expect(model.language == nil && model.fallbackNote == nil)
    #expect(model.stats.map(\.name) == ["HP", "Sp. Atk"])
  }

  @Test func englishGivesTheOfficialNames() throws {
    let json = """
      {"id": 122, "name": "mr-mime", "gender_rate": 4,
       "names": [{"name": "Mr. Mime", "language": {"name": "en", "url": "x/9/"}},
                 {"name": "M. Mime", "language": {"name": "fr", "url": "x/5/"}}]}
      """
    let species = try decode(Species.self, json)
    let pokemon = Pokemon(id: 122, name: "mr-mime", height: 13, weight: 545)
    #expect(DetailFeature.viewModel(species: species, pokemon: pokemon).displayName == "Mr-Mime")
    let english = DetailFeature.viewModel(
      species: species, pokemon: pokemon, glossary: Glossary(language: .english))
    #expect(english.displayName == "Mr. Mime" && english.fallbackNote == nil)
  }

  @Test func rowsAreNamedFromTheirSpeciesWhileTheNamesAreNotLoaded() async throws {
    let (species, pokemon) = try pikachu()
    let client = FixtureClient(index: indexFixture, species: [species], pokemon: [pokemon])
    let named = await client.naming([25, 25, 10_100], in: glossary("ko"))
    #expect(named.species == [25: "피카츄"])
    #expect(await client.count("pokemon-species/") == 1)
    // Without a language, or with the name already there, nothing is read.
    _ = await client.naming([25], in: .slugs)
    _ = await client.naming([25], in: named)
    #expect(await client.count("pokemon-species/") == 1)
  }

  @Test func theDetailsAreInTheGlossarysLanguageAndNameAbilitiesInIt() async throws {
    let (species, pokemon) = try pikachu()
    let client = FixtureClient(index: indexFixture, species: [species], pokemon: [pokemon])
    let feature = DetailFeature(client: client)
    let detail = try await feature.details(of: .id(25), glossary: glossary("ja"))
    #expect(detail.displayName == "ピカチュウ" && detail.stats.last?.name == "とくこう")
    // The ability's names could not be loaded here: its slug in words, the slug kept for links.
    #expect(detail.abilities.map(\.name) == ["Static"] && detail.abilities[0].slug == "static")
  }
}

@Suite("Opening by a name in the language shown")
struct LocalizedResolveTests {
  static let index = [
    SpeciesSummary(id: 25, name: "pikachu"), SpeciesSummary(id: 26, name: "raichu"),
    SpeciesSummary(id: 133, name: "eevee"), SpeciesSummary(id: 172, name: "pichu"),
  ]

  func match(_ typed: String, _ names: [Int: String]) throws(DetailError) -> SpeciesKey {
    try DetailFeature.match(
      NameQuery.normalize(typed), typed: typed, in: Self.index, localized: names)
  }

  @Test(
    "Case, accents, width and kana script are folded",
    arguments: ["Évoli", "évoli", "evoli", "EVOLI", "ÉVO", "ｅｖｏｌｉ"])
  func french(typed: String) throws {
    #expect(
      try match(typed, [133: "Évoli", 25: "Pikachu", 26: "Raichu", 172: "Pichu"]) == .id(133))
  }

  @Test(arguments: ["ピカチュウ", "ぴかちゅう", "ﾋﾟｶﾁｭｳ", "ピカチ"])
  func japanese(typed: String) throws {
    #expect(try match(typed, [25: "ピカチュウ", 26: "ライチュウ", 172: "ピチュー"]) == .id(25))
  }

  @Test func slugsAndKoreanAndChineseWorkTogether() throws {
    #expect(try match("pikachu", [25: "피카츄"]) == .id(25))
    #expect(try match("피카츄", [25: "피카츄", 26: "라이츄"]) == .id(25))
    #expect(try match("皮卡丘", [25: "皮卡丘"]) == .id(25))
  }

  @Test func aPrefixOfSeveralListsThemInTheLanguage() {
    #expect(throws: DetailError.ambiguous(input: "ピ", candidates: ["ピカチュウ", "ピチュー"], total: 2)) {
      try match("ピ", [25: "ピカチュウ", 26: "ライチュウ", 172: "ピチュー"])
    }
  }

  @Test func aNearMissSuggestsTheNameInTheLanguage() {
    #expect(throws: DetailError.unknown(input: "Évolie", suggestion: "Évoli")) {
      try match("Évolie", [133: "Évoli"])
    }
  }
}
