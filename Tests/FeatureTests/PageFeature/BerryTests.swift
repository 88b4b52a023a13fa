import APIClient
import CommandLanguage
import Foundation
import Models
import Pages
import TestSupport
import Testing

/// Berries, their firmness, flavours and items, in the API's shape, named in English and
/// Japanese.
private enum Berries {
  static func name(_ text: String, _ language: String) -> String {
    #"{"name":"\#(text)","language":\#(Fixtures.reference("language", language, 1))}"#
  }

  static func flavors(_ potencies: [(String, Int)]) -> String {
    potencies.enumerated().map { index, flavor in
      #"{"flavor":\#(Fixtures.reference("berry-flavor", flavor.0, index + 1)),"potency":\#(flavor.1)}"#
    }.joined(separator: ",")
  }

  /// Cheri: spicy alone; its firmness, flavours and item all there.
  static let cheri = #"""
    {"id":1,"name":"cheri","firmness":\#(Fixtures.reference("berry-firmness", "soft", 2)),
     "flavors":[\#(flavors([("spicy", 10), ("dry", 0), ("sweet", 0), ("bitter", 0), ("sour", 0)]))],
     "growth_time":3,"max_harvest":5,"natural_gift_power":60,
     "natural_gift_type":\#(Fixtures.reference("type", "fire", 10)),
     "item":\#(Fixtures.reference("item", "cheri-berry", 126)),
     "size":20,"smoothness":25,"soil_dryness":15}
    """#

  /// Oran: four flavours as strong, sweet last; its firmness not served.
  static let oran = #"""
    {"id":7,"name":"oran","firmness":\#(Fixtures.reference("berry-firmness", "super-hard", 5)),
     "flavors":[\#(flavors([("spicy", 10), ("dry", 10), ("sweet", 0), ("bitter", 10), ("sour", 10)]))],
     "growth_time":4,"max_harvest":5,"natural_gift_power":60,
     "natural_gift_type":\#(Fixtures.reference("type", "poison", 4)),
     "item":\#(Fixtures.reference("item", "oran-berry", 132)),
     "size":35,"smoothness":20,"soil_dryness":15}
    """#

  /// Roseli, as the API has it: nothing but its id, name and item (not served here).
  static let roseli = #"""
    {"id":68,"name":"roseli","firmness":null,"flavors":[],"growth_time":null,"max_harvest":null,
     "natural_gift_power":null,"natural_gift_type":null,
     "item":\#(Fixtures.reference("item", "roseli-berry", 2279)),
     "size":null,"smoothness":null,"soil_dryness":null}
    """#

  static let soft = #"""
    {"id":2,"name":"soft","names":[\#(name("やわらかい", "ja-Hrkt")),\#(name("Soft", "en"))]}
    """#

  static let flavorNames = [
    ("spicy", "からい", "Spicy"), ("dry", "しぶい", "Dry"), ("sweet", "あまい", "Sweet"),
    ("bitter", "にがい", "Bitter"), ("sour", "すっぱい", "Sour"),
  ].enumerated().map { index, flavor in
    #"""
    {"id":\#(index + 1),"name":"\#(flavor.0)","names":[\#(name(flavor.1, "ja-Hrkt")),\#(name(flavor.2, "en"))]}
    """#
  }

  static let cheriBerry = #"""
    {"id":126,"name":"cheri-berry",
     "names":[\#(name("クラボのみ", "ja-Hrkt")),\#(name("Cheri Berry", "en"))],
     "effect_entries":[\#(Fixtures.english("effect", "Cures paralysis.", extra: #""short_effect":"Held: cures paralysis.","#))],
     "flavor_text_entries":[\#(Fixtures.english("text", "Cures paralysis in battle."))]}
    """#

  static let oranBerry = #"""
    {"id":132,"name":"oran-berry",
     "names":[\#(name("オレンのみ", "ja-Hrkt")),\#(name("Oran Berry", "en"))],
     "effect_entries":[],"flavor_text_entries":[]}
    """#

  static func client() throws -> FixtureClient {
    try FixtureClient([
      "berry": [cheri, oran, roseli], "berry-firmness": [soft], "berry-flavor": flavorNames,
      "item": [cheriBerry, oranBerry],
    ])
  }
}

@Suite("Berry pages")
struct BerryPageTests {
  func open(_ name: String, in language: String? = nil) async throws -> BerryPage {
    let client = try Berries.client()
    let glossary = language.map { Glossary(language: Language.named($0), types: ["fire": "ほのお"]) }
    let page = try await PageDirectory(kinds: [BerryFeature.kind(client: client)]).open(
      "berry", name, glossary: glossary ?? .slugs)
    return try #require(page as? BerryPage)
  }

  @Test func theFactsOfTheBerryItsFlavoursStrongestFirstAndTheItemItIs() async throws {
    let page = try await open("cheri")
    #expect(page.displayName == "Cheri Berry")
    #expect(page.firmness == "soft" && page.firmnessName == "Soft")
    #expect(page.flavors.map(\.flavor) == ["spicy", "dry", "sweet", "bitter", "sour"])
    #expect(page.flavors.first?.potency == 10)
    #expect(page.growthTime == 3 && page.maxHarvest == 5 && page.soilDryness == 15)
    #expect(page.size == 20 && page.smoothness == 25)
    #expect(page.naturalGiftType == "fire" && page.naturalGiftPower == 60)
    #expect(page.item == "cheri-berry" && page.effect == "Held: cures paralysis.")
    #expect(page.links == ["item": ["cheri-berry"], "type": ["fire"]])
    guard case .fields(let fields) = page.document.blocks.first else {
      Issue.record("no fields")
      return
    }
    let shown = Dictionary(
      fields.map { ($0.label, $0.value.map(\.text).joined()) }, uniquingKeysWith: { a, _ in a })
    #expect(shown["Flavours"] == "Spicy 10 · Dry 0 · Sweet 0 · Bitter 0 · Sour 0")
    #expect(shown["Size"] == "2 cm")
    #expect(shown["Natural Gift"] == "Fire · power 60")
    #expect(shown["Growth"] == "3 h a stage, four stages · up to 5 a tree")
    #expect(page.document.subtitle == "Berry #1 · Soft")
  }

  @Test func equalFlavoursKeepTheAPIsOrderAndAMissingFirmnessIsNamedFromItsSlug() async throws {
    let page = try await open("oran")
    #expect(page.flavors.map(\.flavor) == ["spicy", "dry", "bitter", "sour", "sweet"])
    #expect(page.firmnessName == "Super Hard")
    guard case .fields(let fields) = page.document.blocks.first else {
      Issue.record("no fields")
      return
    }
    #expect(fields.first { $0.label == "Size" }?.value.map(\.text) == ["3.5 cm"])
    #expect(page.effect == nil)
  }

  @Test func inJapaneseItsItemsNameFlavoursAndFirmnessAndItOpensByThatName() async throws {
    let page = try await open("クラボのみ", in: "ja")
    #expect(page.name == "cheri" && page.displayName == "クラボのみ")
    #expect(page.flavors.first?.displayName == "からい")
    #expect(page.firmnessName == "やわらかい" && page.naturalGiftTypeName == "ほのお")
    // The effect is in English alone: said once.
    #expect(page.fallbackNote != nil)
  }

  @Test func aBerryTheAPIKnowsLittleOfSaysSo() async throws {
    let page = try await open("roseli")
    #expect(page.displayName == "Roseli Berry" && page.flavors.isEmpty && page.effect == nil)
    #expect(
      page.document.blocks.first
        == .paragraph(
          heading: "No details", text: "PokéAPI lists nothing more about this berry."))
  }

  @Test func theJSONHasTheFactsAndNotTheNote() async throws {
    let object = try json(try await open("cheri"))
    #expect(object["naturalGiftType"] as? String == "fire")
    #expect(object["size"] as? Int == 20)
    #expect((object["flavors"] as? [[String: Any]])?.first?["potency"] as? Int == 10)
    #expect(object["fallbackNote"] == nil)
  }

  @Test func theCommandIsTheKindsAndItsFlagItsOwn() {
    let kinds = CommandSet(PageKinds.commands)
    #expect(kinds.table.command(named: "berry")?.feature == "berries")
    #expect(kinds.table.features.last == "berries")
    #expect(
      kinds.parse("berry cheri") == .command(PageInput(kind: "berry", name: "cheri")))
  }
}
