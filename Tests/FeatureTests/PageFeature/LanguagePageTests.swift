import APIClient
import Foundation
import Models
import Pages
import TestSupport
import Testing

/// Resources in the API's shape with names and texts in kana, hangul, hanzi and accented Latin.
private enum Localised {
  static func entry(_ key: String, _ text: String, _ language: String, extra: String = "")
    -> String
  {
    #"{"\#(key)":"\#(text)",\#(extra)"language":\#(Fixtures.reference("language", language, 1))}"#
  }

  /// Static, named in five languages, its effect in French and English only, its flavour text
  /// in Japanese and English.
  static let staticAbility = #"""
    {"id":9,"name":"static",
     "names":[\#(entry("name", "せいでんき", "ja-Hrkt")),\#(entry("name", "정전기", "ko")),
              \#(entry("name", "靜電", "zh-Hant")),\#(entry("name", "Statik", "fr")),
              \#(entry("name", "Static", "en"))],
     "effect_entries":[
       \#(entry("effect", "Paralyse.", "fr", extra: #""short_effect":"Paralyse au contact.","#)),
       \#(entry("effect", "Paralyzes.", "en", extra: #""short_effect":"May paralyze on contact.","#))],
     "flavor_text_entries":[
       \#(entry("flavor_text", "Old.", "en")),
       \#(entry("flavor_text", "ふれた　あいてを　まひさせる。", "ja-Hrkt")),
       \#(entry("flavor_text", "Contact may paralyze.", "en"))],
     "generation":\#(Fixtures.reference("generation", "generation-iii", 3)),
     "pokemon":[{"is_hidden":false,"slot":1,"pokemon":\#(Fixtures.reference("pokemon", "pikachu", 25))},
                {"is_hidden":false,"slot":1,"pokemon":\#(Fixtures.reference("pokemon", "pikachu-gmax", 10190))}]}
    """#

  static let timid = #"""
    {"id":35,"name":"timid","names":[\#(entry("name", "おくびょう", "ja-Hrkt")),\#(entry("name", "Timide", "fr")),\#(entry("name", "Timid", "en"))],
     "increased_stat":\#(Fixtures.reference("stat", "speed", 6)),
     "decreased_stat":\#(Fixtures.reference("stat", "attack", 2)),
     "likes_flavor":\#(Fixtures.reference("berry-flavor", "sweet", 3)),
     "hates_flavor":\#(Fixtures.reference("berry-flavor", "spicy", 1))}
    """#
}

private func localisedClient() throws -> FixtureClient {
  try FixtureClient([
    "ability": [Localised.staticAbility], "nature": [Localised.timid],
    "type": [Fixtures.fire, Fixtures.water, Fixtures.ghost, Fixtures.stellar],
  ])
}

private func glossary(_ code: String) -> Glossary {
  Glossary(
    language: Language.named(code), species: [25: code == "ko" ? "피카츄" : "ピカチュウ"],
    types: ["water": code == "ko" ? "물" : "みず", "grass": "くさ"],
    stats: ["speed": "すばやさ", "attack": "こうげき"])
}

@Suite("Pages in every language")
struct LanguagePageTests {
  func page<P: Page>(_ kind: String, _ name: String?, _ code: String?, as: P.Type) async throws
    -> P
  {
    let directory = PageDirectory(kinds: [
      AbilityFeature.kind(client: try localisedClient()),
      NatureFeature.kind(client: try localisedClient()),
      TypeFeature.kind(client: try localisedClient()),
      TypeFeature.chart(client: try localisedClient()),
    ])
    let shown = code.map(glossary) ?? .slugs
    return try #require(try await directory.open(kind, name, glossary: shown) as? P)
  }

  @Test(
    "An ability's name and texts in the language, English where it has none, said once",
    arguments: [
      ("ja", "せいでんき", "May paralyze on contact.", "ふれた　あいてを　まひさせる。", true),
      ("ko", "정전기", "May paralyze on contact.", "Contact may paralyze.", true),
      ("zh-hant", "靜電", "May paralyze on contact.", "Contact may paralyze.", true),
      ("fr", "Statik", "Paralyse au contact.", "Contact may paralyze.", true),
      ("en", "Static", "May paralyze on contact.", "Contact may paralyze.", false),
    ])
  func ability(code: String, name: String, effect: String, text: String, fellBack: Bool)
    async throws
  {
    let page = try await page("ability", "static", code, as: AbilityPage.self)
    #expect(page.displayName == name && page.effect == effect && page.flavorText == text)
    #expect(page.language == Language.named(code)?.code)
    let notes = page.document.blocks.filter {
      if case .hint(let text) = $0 { return text.hasPrefix("Shown in English") }
      return false
    }
    #expect(notes.count == (fellBack ? 1 : 0))
    // The species it names are named in the language; forms keep their slugs.
    #expect(page.holders.first?.label == (code == "ko" ? "#25 피카츄" : "#25 ピカチュウ"))
    #expect(page.holders.last?.label == "Pikachu-Gmax")
  }

  @Test func withoutALanguagePagesAreEnglishAsBefore() async throws {
    let page = try await page("ability", "static", nil, as: AbilityPage.self)
    #expect(page.displayName == "Static" && page.language == "en" && page.fallbackNote == nil)
    #expect(page.holders.first?.label == "#25 Pikachu")
  }

  @Test func aNatureNamesItsStatsInTheLanguage() async throws {
    let page = try await page("nature", "timid", "ja", as: NaturePage.self)
    #expect(page.nature.displayName == "おくびょう")
    guard case .fields(let fields) = page.document.blocks.first else {
      Issue.record("no fields")
      return
    }
    #expect(fields.first?.value.first?.text == "すばやさ")
    #expect(fields.dropFirst().first?.value.first?.text == "こうげき")
  }

  @Test func aTypeNamesTheTypesItListsInTheLanguage() async throws {
    let page = try await page("type", "fire", "ko", as: TypePage.self)
    #expect(page.typeNames["water"] == "물")
    #expect(page.fallbackNote != nil)  // Fire has only an English name here.
  }

  @Test func theChartIsKeptPerLanguageAndItsColumnsStayThreeColumnsWide() async throws {
    let client = try localisedClient()
    let chart = TypeFeature.chart(client: client)
    let japanese = try #require(
      try await chart.show(PageRequest(.whole, glossary: glossary("ja"))) as? TypeChartPage)
    let plain = try #require(try await chart.show(PageRequest(.whole)) as? TypeChartPage)
    #expect(plain.labels.allSatisfy { !$0.isEmpty })
    // The fixtures' types are named in English only: the Japanese chart says so, once.
    #expect(japanese.fallbackNote != nil && plain.fallbackNote == nil)
    guard case .table(let table) = japanese.document.blocks.first else {
      Issue.record("no table")
      return
    }
    #expect(table.columns.dropFirst().allSatisfy { DisplayWidth.of($0.heading) <= 3 })
  }
}

@Suite("Games named in the language shown")
struct GameNamesTests {
  static func version(_ id: Int, _ slug: String, _ japanese: String?) -> String {
    let names = [
      japanese.map { Localised.entry("name", $0, "ja") },
      Localised.entry("name", slug.capitalized, "en"),
    ]
    .compactMap { $0 }.joined(separator: ",")
    return #"{"id":\#(id),"name":"\#(slug)","names":[\#(names)]}"#
  }

  static let scarletViolet = #"""
    {"id":25,"name":"scarlet-violet","order":27,
     "versions":[\#(Fixtures.reference("version", "scarlet", 40)),\#(Fixtures.reference("version", "violet", 41))]}
    """#

  @Test func aGameIsNamedByItsVersionsInTheLanguageElseInEnglish() async throws {
    let client = try FixtureClient([
      "version-group": [Self.scarletViolet],
      "version": [Self.version(40, "scarlet", "スカーレット"), Self.version(41, "violet", "バイオレット")],
    ])
    let japanese = Glossary(language: Language.named("ja"))
    #expect(
      await GameNames.game("scarlet-violet", glossary: japanese, client: client)
        == "スカーレット / バイオレット")
    #expect(
      await GameNames.versions(
        ["scarlet"], glossary: Glossary(language: Language.named("ko")), client: client)
        == ["scarlet": "Scarlet"])
    // Without a language, the API's English names, never names made from slugs.
    #expect(
      await GameNames.game("scarlet-violet", glossary: .slugs, client: client)
        == "Scarlet / Violet")
    #expect(await GameNames.game("legends-za", glossary: .slugs, client: client) == nil)
  }
}

@Suite("Names in the language typed back")
struct LocalNamesResolveTests {
  static let staticOnly = #"""
    {"id":9,"name":"static","names":[\#(Localised.entry("name", "Statik", "fr")),\#(Localised.entry("name", "せいでんき", "ja-Hrkt")),\#(Localised.entry("name", "Static", "en"))]}
    """#
  static let stall = #"""
    {"id":100,"name":"stall","names":[\#(Localised.entry("name", "Frein", "fr")),\#(Localised.entry("name", "Stall", "en"))]}
    """#

  func opened(_ typed: String, in code: String?) async throws -> (AbilityPage, [String]) {
    let client = try FixtureClient(["ability": [Self.staticOnly, Self.stall]])
    let directory = PageDirectory(kinds: [AbilityFeature.kind(client: client)])
    let page = try await directory.open(
      "ability", typed, glossary: Glossary(language: code.flatMap(Language.named)))
    return (try #require(page as? AbilityPage), await client.requests)
  }

  @Test func aNameInTheLanguageOrInEnglishOpensIt() async throws {
    #expect(try await opened("statik", in: "fr").0.name == "static")
    #expect(try await opened("Frein", in: "fr").0.name == "stall")
    #expect(try await opened("セイデンキ", in: "ja").0.name == "static")
    #expect(try await opened("せいで", in: "ja").0.name == "static")
  }

  @Test func withoutALanguageNoNamesAreLoaded() async throws {
    let (page, requests) = try await opened("stat", in: nil)
    #expect(page.name == "static")
    #expect(
      !requests.contains {
        $0.hasPrefix("ability/") && $0 != "ability/stat" && $0 != "ability/static"
      })
  }

  @Test func aSlugTypedExactlyIsThatOneEvenWhenAnotherIsNamedSoInTheLanguage() async throws {
    // In French, Tackle is "Charge" and the move charge is "Chargeur": a slug typed exactly
    // (what Tab completes) is the slug's, at the cost of one read; Tackle is `tackle` there.
    let charge =
      #"{"id":268,"name":"charge","names":[\#(Localised.entry("name", "Chargeur", "fr")),\#(Localised.entry("name", "Charge", "en"))]}"#
    let tackle =
      #"{"id":33,"name":"tackle","names":[\#(Localised.entry("name", "Charge", "fr")),\#(Localised.entry("name", "Tackle", "en"))]}"#
    let client = try FixtureClient(["ability": [charge, tackle]])
    let directory = PageDirectory(kinds: [AbilityFeature.kind(client: client)])
    let french = Glossary(language: Language.named("fr"))
    #expect(try await directory.open("ability", "charge", glossary: french).title == "Chargeur")
    #expect(try await directory.open("ability", "chargeur", glossary: french).title == "Chargeur")
    #expect(try await directory.open("ability", "tackle", glossary: french).title == "Charge")
  }

  @Test func twoOfOneNameAreToldApartByTheirSlugs() async throws {
    let great =
      #"{"id":3,"name":"great-ball","names":[\#(Localised.entry("name", "Super Ball", "fr"))]}"#
    let lagreat =
      #"{"id":1800,"name":"lagreat-ball","names":[\#(Localised.entry("name", "Super Ball", "fr"))]}"#
    let client = try FixtureClient(["ability": [great, lagreat]])
    let directory = PageDirectory(kinds: [AbilityFeature.kind(client: client)])
    await #expect(
      throws: PageError.ambiguous(
        kind: "ability", input: "super ball",
        candidates: ["Super Ball (great-ball)", "Super Ball (lagreat-ball)"], total: 2)
    ) {
      try await directory.open(
        "ability", "super ball", glossary: Glossary(language: Language.named("fr")))
    }
  }

  @Test func ambiguousAndNearNamesAreSaidInTheLanguage() async throws {
    let client = try FixtureClient(["ability": [Self.staticOnly, Self.stall]])
    let directory = PageDirectory(kinds: [AbilityFeature.kind(client: client)])
    let french = Glossary(language: Language.named("fr"))
    await #expect(
      throws: PageError.ambiguous(
        kind: "ability", input: "st", candidates: ["Frein", "Statik"], total: 2)
    ) {
      try await directory.open("ability", "st", glossary: french)
    }
    await #expect(
      throws: PageError.unknown(kind: "ability", input: "statek", suggestion: "Statik")
    ) {
      try await directory.open("ability", "statek", glossary: french)
    }
  }
}
