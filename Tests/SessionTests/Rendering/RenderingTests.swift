import Cache
import CommandLanguage
import DetailFeature
import DetailModels
import Foundation
import ImageFeature
import Images
import ListFeature
import Models
import Presentation
import Rendering
import SyncFeature
import Testing

let rows = [
  SpeciesRow(id: 24, name: "arbok", displayName: "Arbok", hasImage: false),
  SpeciesRow(id: 25, name: "pikachu", displayName: "Pikachu", hasImage: true),
  SpeciesRow(id: 122, name: "mr-mime", displayName: "Mr-Mime", hasImage: false),
]
let page = SpeciesListViewModel(
  title: "Pokémon", filter: .all, page: 2, pageCount: 52, pageSize: 20, totalCount: 1025,
  rows: rows, isEmpty: false)
let eevee = SpeciesDetailViewModel(
  id: 133, name: "eevee", displayName: "Eevee", genus: "Evolution Pokémon", types: ["Normal"],
  heightCentimetres: 30, weightKilograms: 6.5, genderRatio: "87.5% ♂ · 12.5% ♀",
  abilities: [
    .init(name: "Run Away", isHidden: false), .init(name: "Anticipation", isHidden: true),
  ],
  stats: [.init(name: "HP", value: 55)], baseStatTotal: 55,
  flavorText: "Its genetic code is irregular.",
  isBaby: false, isLegendary: false, isMythical: false, evolutionChainID: 67)
let tree = EvolutionTreeViewModel(
  chainID: 67, selectedSpeciesID: 133,
  root: EvolutionNode(
    id: 133, name: "eevee", displayName: "Eevee", isBaby: false, isSelected: true,
    children: [
      EvolutionNode(
        id: 134, name: "vaporeon", displayName: "Vaporeon", isBaby: false, isSelected: false,
        ways: [EvolutionWay(conditions: "use Water Stone")], children: []),
      EvolutionNode(
        id: 135, name: "jolteon", displayName: "Jolteon", isBaby: false, isSelected: false,
        ways: [EvolutionWay(conditions: "use Thunder Stone")], children: []),
    ]))
let stored = StoredImage(
  url: URL(fileURLWithPath: "/data/pokedex/sprites/25.png"), png: Data([1, 2, 3]),
  image: RGBAImage(width: 1, height: 2, pixels: [255, 0, 0, 255, 0, 0, 255, 255]))

/// One of every output, to check properties that must hold for all of them.
let everyOutput: [CommandOutput] = [
  .list(page),
  .rows(
    SearchResultViewModel(
      kind: .search, title: "Search \"mime\"", query: "mime", rows: rows, isEmpty: false)),
  .rows(
    SearchResultViewModel(
      kind: .random, title: "Random Pokémon", query: nil, rows: rows, isEmpty: false)),
  .detail(eevee, image: .downloadHint),
  .detail(eevee, image: .image(stored)),
  .evolution(tree, images: .none),
  .evolution(
    tree,
    images: EvolutionImages(
      stored: [133: stored],
      failures: [.init(speciesID: 134, displayName: "Vaporeon", error: .offline)])),
  .downloaded(ImageDownload(imageID: 25, stored: stored, fetched: true, details: eevee)),
  .downloaded(ImageDownload(imageID: 25, stored: stored, fetched: false)),
  .image(speciesID: 25, stored),
  .filter(.female),
  .help("Commands:\n  list"),
  .history(["open 25", "evo"], firstNumber: 1),
  .clear,
  .pager(true),
  .language(
    LanguageReport(
      current: Language.named("ja"), changed: true, progress: NamesProgress(done: 12, total: 151))),
  .language(LanguageReport(current: nil, changed: false, progress: nil)),
  .cache(
    CacheStatistics(
      entries: 3, bytes: 2048, hits: 5, misses: 2, oldestEntry: Date(timeIntervalSince1970: 0),
      isPersistent: true, limitBytes: 256 << 20)),
  .cacheCleared,
  .flags(FeatureFlags().entries),
  .synced(
    SyncSummary(
      range: 1...3, synced: 2, images: 0,
      failures: [SyncFailure(id: 3, reason: .details(.api(.notFound(resource: "species #3"))))])),
]

@Suite("Text output")
struct TextRendererTests {
  let plain = TextRenderer(style: TextStyle(colorEnabled: false), images: nil)
  let colour = TextRenderer(
    style: TextStyle(colorEnabled: true), images: KittyImageRenderer())

  @Test func downloadedRowsCarryAMarkerEvenWithoutColour() {
    let text = plain.render(.list(page))
    #expect(text.contains("★ #25   Pikachu"))
    #expect(text.contains("  #24   Arbok"))
    #expect(!text.contains("★ #24"))
    #expect(text.hasPrefix("Pokémon · all · page 2/52 · 1025 total"))
  }

  @Test func downloadedRowsAreHighlightedInColour() {
    let lines = colour.render(.list(page)).split(separator: "\n")
    let pikachu = lines.first { $0.contains("Pikachu") } ?? ""
    let arbok = lines.first { $0.contains("Arbok") } ?? ""
    #expect(pikachu.hasPrefix("\u{1B}[1;33m★"))
    #expect(!arbok.contains("1;33m"))
  }

  @Test("Plain output never holds an escape code", arguments: everyOutput.indices)
  func plainOutputHasNoEscapes(index: Int) {
    #expect(!plain.render(everyOutput[index]).contains("\u{1B}"))
  }

  @Test func detailsShowUnitsHintAndHiddenAbilities() {
    let text = plain.render(.detail(eevee, image: .downloadHint))
    #expect(text.contains("Height    30 cm"))
    #expect(text.contains("Weight    6.5 kg"))
    #expect(text.contains("Anticipation (hidden)"))
    // Where images can be drawn only: not piped, not with images off.
    #expect(!text.contains("download image"))
    #expect(
      colour.render(.detail(eevee, image: .downloadHint)).contains(
        "Tip: \"download image\" shows Eevee right here."))
    #expect(!plain.render(.detail(eevee, image: .none)).contains("download image"))
  }

  @Test func evolutionIsATreeWithTheSelectionMarked() {
    let text = plain.render(.evolution(tree, images: .none))
    #expect(
      text == """
        Evolution
        Eevee ◀ #133
        ├─ Vaporeon #134  use Water Stone
        └─ Jolteon #135  use Thunder Stone
        """)
  }

  @Test func furtherWaysAndTheAlsoLineHangUnderTheirSpeciesWithTheTreeJoined() {
    func node(
      _ id: Int, _ name: String, _ ways: [EvolutionWay], also: String? = nil,
      _ children: [EvolutionNode] = []
    ) -> EvolutionNode {
      EvolutionNode(
        id: id, name: name.lowercased(), displayName: name, isBaby: false, isSelected: false,
        ways: ways, also: also, children: children)
    }
    let slowpoke = EvolutionTreeViewModel(
      chainID: 33, selectedSpeciesID: nil,
      root: node(
        79, "Slowpoke", [],
        [
          node(
            80, "Slowbro",
            [
              EvolutionWay(conditions: "level 37"),
              EvolutionWay(
                conditions: "use Galarica Cuff", form: "Galarian form",
                fromForm: "Galarian Slowpoke"),
            ],
            [node(9001, "Slowbro-Next", [EvolutionWay(conditions: "trade")])]),
          node(
            462, "Magnezone", [EvolutionWay(conditions: "use Thunder Stone")],
            also: "level up at Mt. Coronet or Chargestone Cave"),
        ]))
    #expect(
      plain.render(.evolution(slowpoke, images: .none)) == """
        Evolution
        Slowpoke #79
        ├─ Slowbro #80  level 37
        │  │  or use Galarica Cuff (Galarian form, from Galarian Slowpoke)
        │  └─ Slowbro-Next #9001  trade
        └─ Magnezone #462  use Thunder Stone
              also: level up at Mt. Coronet or Chargestone Cave
        """)
  }

  /// Eevee's Leafeon at 80 columns: the also line wraps beside the tree, never past the edge.
  @Test func aLongAlsoLineWrapsBesideTheTreeWithin80Columns() {
    let eevee = EvolutionTreeViewModel(
      chainID: 67, selectedSpeciesID: nil,
      root: EvolutionNode(
        id: 133, name: "eevee", displayName: "Eevee", isBaby: false, isSelected: false,
        ways: [],
        children: [
          EvolutionNode(
            id: 470, name: "leafeon", displayName: "Leafeon", isBaby: false, isSelected: false,
            ways: [EvolutionWay(conditions: "use Leaf Stone")],
            also:
              "level up near a special rock at Eterna Forest, Pinwheel Forest or 3 other places",
            children: []),
          EvolutionNode(
            id: 471, name: "glaceon", displayName: "Glaceon", isBaby: false, isSelected: false,
            ways: [EvolutionWay(conditions: "use Ice Stone")], children: []),
        ]))
    let text = plain.render(.evolution(eevee, images: .none))
    #expect(text.split(separator: "\n").allSatisfy { DisplayWidth.of($0) < 80 }, "\(text)")
    #expect(
      text.contains(
        """
        ├─ Leafeon #470  use Leaf Stone
        │     also: level up near a special rock at Eterna Forest, Pinwheel Forest or 3
        │           other places
        └─ Glaceon #471  use Ice Stone
        """))
  }

  @Test func matchupsAreWordedUnderTheFactsAndWrapped() {
    var charizard = eevee
    charizard.matchups = TypeMatchups(
      weaknesses: [
        .init(type: "Rock", multiplier: 4), .init(type: "Water", multiplier: 2),
        .init(type: "Electric", multiplier: 2),
      ],
      resistances: ["Bug", "Grass", "Fighting", "Steel", "Fire", "Fairy", "Ghost", "Dragon"]
        .enumerated().map { .init(type: $0.element, multiplier: $0.offset < 2 ? 0.25 : 0.5) },
      immunities: ["Ground"])
    let narrow = TextRenderer(
      style: TextStyle(colorEnabled: false), images: nil, terminalSize: { (60, 24) })
    let text = narrow.render(.detail(charizard, image: .none))
    #expect(text.contains("\nWeak to   Rock ×4, Water ×2, Electric ×2\n"))
    #expect(
      text.contains(
        """
        Resists   Bug ×¼, Grass ×¼, Fighting ×½, Steel ×½,
                  Fire ×½, Fairy ×½, Ghost ×½, Dragon ×½
        Immune to Ground
        """))
    #expect(!plain.render(.detail(eevee, image: .none)).contains("Weak to"))
  }

  @Test func aSpeciesNotStoredSaysWhy() {
    let summary = SyncSummary(
      range: 1...4, synced: 2, images: 0,
      failures: [3, 4].map { SyncFailure(id: $0, reason: .notStored(.diskFull)) })
    #expect(
      plain.render(.synced(summary)) == """
        Synced 2 species (#1–#4). 2 failed:
          #3: fetched, but not stored: the disk is full.
          #4: fetched, but not stored: the disk is full.
        """)
  }

  @Test func typesAreColouredBadges() {
    let text = colour.render(.detail(eevee, image: .none))
    #expect(text.contains("48;2;168;167;122m Normal "))
    #expect(plain.render(.detail(eevee, image: .none)).contains("Type      Normal"))
  }

  @Test func imagesAreDrawnInColourAndAPathOtherwise() {
    #expect(plain.render(.image(speciesID: 25, stored)) == "/data/pokedex/sprites/25.png")
    let drawn = colour.render(.image(speciesID: 25, stored))
    #expect(drawn.hasPrefix("\u{1B}_Ga=T,f=100"))
  }

  @Test func theReasonForColourNamesWhatDecidedIt() {
    #expect(
      TextStyle.reason(choice: "never", isTerminal: true, environment: [:]) == "--color never")
    #expect(
      TextStyle.reason(choice: "auto", isTerminal: false, environment: [:])
        == "standard output is not a terminal")
    #expect(
      TextStyle.reason(choice: "auto", isTerminal: true, environment: ["NO_COLOR": "1"])
        == "NO_COLOR is set")
    #expect(
      TextStyle.reason(choice: "auto", isTerminal: true, environment: ["TERM": "xterm"])
        == "TERM is xterm")
  }

  @Test func colourIsDecidedLikeAGoodCLI() {
    #expect(!TextStyle.decide(choice: "auto", isTerminal: false, environment: [:]).colorEnabled)
    #expect(
      TextStyle.decide(choice: "auto", isTerminal: true, environment: ["TERM": "xterm"])
        .colorEnabled)
    #expect(
      !TextStyle.decide(choice: "auto", isTerminal: true, environment: ["NO_COLOR": "1"])
        .colorEnabled)
    #expect(
      TextStyle.decide(choice: "auto", isTerminal: true, environment: ["NO_COLOR": ""]).colorEnabled
    )
    #expect(
      !TextStyle.decide(choice: "auto", isTerminal: true, environment: ["TERM": "dumb"])
        .colorEnabled)
    #expect(
      TextStyle.decide(choice: "always", isTerminal: false, environment: ["NO_COLOR": "1"])
        .colorEnabled)
    #expect(!TextStyle.decide(choice: "never", isTerminal: true, environment: [:]).colorEnabled)
  }
}

@Suite("JSON output follows docs/JSON-OUTPUT.md")
struct JSONRendererTests {
  let renderer = JSONRenderer()

  /// The `data` keys documented for each `type` (optional ones may be absent).
  static let documented: [String: (required: Set<String>, optional: Set<String>)] = [
    "list": (
      ["title", "filter", "page", "pageCount", "pageSize", "totalCount", "isEmpty", "rows"],
      ["marked"]
    ),
    "search": (["title", "query", "isEmpty", "kind", "rows"], []),
    "random": (["title", "isEmpty", "kind", "rows"], ["query"]),
    "detail": (
      [
        "id", "name", "displayName", "types", "heightCentimetres", "weightKilograms", "genderRatio",
        "abilities", "stats", "baseStatTotal", "isBaby", "isLegendary", "isMythical",
        "downloadHint", "forms", "typeSlugs",
      ],
      [
        "genus", "flavorText", "evolutionChainID", "imagePath", "imageVariant", "form",
        "matchups", "language", "fallbackNote", "regionalNumbers", "typesGeneration",
        "todayTypes", "pastTypeSlugs", "pastStats", "pastAbilities", "introduced", "cameLater",
        "gameName", "gameGeneration",
      ]
    ),
    "evolution": (["root", "images"], ["chainID", "selectedSpeciesID", "imageFailures"]),
    "image": (
      ["speciesID", "path", "variant", "downloaded"], ["formWithoutImage", "variantAsked"]
    ),
    "filter": (["filter", "gender"], ["type", "generation", "pokedex"]),
    "help": (["text"], []),
    "history": (["entries", "firstNumber"], []),
    "cache": (
      ["entries", "bytes", "hits", "misses", "persistent", "species"], ["oldestEntry", "limit"]
    ),
    "cache_cleared": ([], []),
    "clear": ([], []),
    "pager": (["on"], []),
    "language": (["changed", "available"], ["language", "namesLoaded", "namesTotal", "warning"]),
    "sync": (["range", "synced", "images", "failures"], []),
  ]

  func object(_ output: CommandOutput) throws -> [String: Any] {
    let line = renderer.render(output)
    #expect(!line.contains("\n"))
    return try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
  }

  @Test("Every result is one object with documented keys", arguments: everyOutput.indices)
  func documentedKeys(index: Int) throws {
    let json = try object(everyOutput[index])
    #expect(Set(json.keys) == ["type", "data"])
    let type = try #require(json["type"] as? String)
    if type == "flags" {
      let entries = try #require(json["data"] as? [[String: Any]])
      #expect(entries.allSatisfy { Set($0.keys) == ["name", "enabled", "source"] })
      return
    }
    let keys = try #require(Self.documented[type], "undocumented type \(type)")
    let data = try #require(json["data"] as? [String: Any])
    #expect(keys.required.isSubset(of: data.keys))
    #expect(Set(data.keys).subtracting(keys.required).isSubset(of: keys.optional))
  }

  @Test func rowsAndTreesKeepTheirShape() throws {
    let list = try object(.list(page))["data"] as? [String: Any]
    let firstRow = (list?["rows"] as? [[String: Any]])?.first
    #expect(Set(firstRow?.keys ?? [:].keys) == ["id", "name", "displayName", "hasImage", "types"])
    let evolution = try object(.evolution(tree, images: .none))["data"] as? [String: Any]
    let root = evolution?["root"] as? [String: Any]
    #expect((root?["children"] as? [Any])?.count == 2)
    #expect(root?["isSelected"] as? Bool == true)
  }

  @Test func failuresAreErrorObjectsWithAKind() throws {
    let failure = CommandFailure.detail(.api(.notFound(resource: "species #9999")))
    let line = try #require(renderer.render(CommandOutcome.failure(failure)))
    let json = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    #expect(json["type"] as? String == "error")
    let data = try #require(json["data"] as? [String: Any])
    #expect(data["kind"] as? String == "not_found")
    #expect(data["message"] as? String == "Not found: species #9999.")
  }
}

@Suite("Untrusted numbers in view models")
struct UntrustedNumbersRenderingTests {
  @Test func statBarsStayWithinTheirTwentyCells() {
    var detail = eevee
    detail.stats = [.init(name: "HP", value: -100), .init(name: "Attack", value: 9999)]
    let text = TextRenderer(style: TextStyle(colorEnabled: false), images: nil)
      .render(.detail(detail, image: .none))
    let bars = text.split(separator: "\n").filter { $0.hasPrefix("HP") || $0.hasPrefix("Attack") }
    #expect(bars.count == 2)
    #expect(bars[0].hasSuffix(String(repeating: "░", count: 20)))
    #expect(bars[1].hasSuffix(String(repeating: "█", count: 20)))
  }
}
