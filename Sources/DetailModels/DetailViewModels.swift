import Models

/// Everything the detail screen of one species shows.
public struct SpeciesDetailViewModel: Codable, Sendable, Equatable {
  /// An ability and whether it is the hidden one.
  public struct Ability: Codable, Sendable, Equatable {
    /// In words, e.g. `Run Away`, in the language shown.
    public var name: String
    /// Hidden abilities are marked by renderers.
    public var isHidden: Bool
    /// The slug, which `ability` takes (`run-away`).
    public var slug: String
    /// Its slot (3 is the hidden one's), which the game's abilities are read by.
    public var slot: Int?

    /// An ability with every field given; the slug is made from the name when not given.
    public init(name: String, isHidden: Bool, slug: String? = nil, slot: Int? = nil) {
      self.name = name
      self.isHidden = isHidden
      self.slug = slug ?? name.lowercased().replacing(" ", with: "-")
      self.slot = slot
    }
  }

  /// One of the species' forms (a `pokemon` of its varieties): `raichu-alola`, `charizard-gmax`.
  public struct Form: Codable, Sendable, Equatable {
    /// The slug, which `open` takes.
    public var name: String
    /// The slug capitalised word by word (`Raichu-Alola`).
    public var displayName: String
    /// The id of its `pokemon` (10100).
    public var pokemonID: Int
    /// The species' usual form.
    public var isDefault: Bool

    /// A form with every field given.
    public init(name: String, displayName: String, pokemonID: Int, isDefault: Bool) {
      self.name = name
      self.displayName = displayName
      self.pokemonID = pokemonID
      self.isDefault = isDefault
    }
  }

  /// The types a species had through a generation, before they changed.
  public struct PastTypes: Codable, Sendable, Equatable {
    /// The last generation they held in (5 for Generation V).
    public var throughGeneration: Int
    /// Their slugs in slot order.
    public var slugs: [String]

    public init(throughGeneration: Int, slugs: [String]) {
      self.throughGeneration = throughGeneration
      self.slugs = slugs
    }
  }

  /// The base stats a species had through a generation, before they changed: only those that
  /// differed (Butterfree's Special Attack 80 through Generation V).
  public struct PastStats: Codable, Sendable, Equatable {
    /// The last generation they held in.
    public var throughGeneration: Int
    public var stats: [Stat]

    public init(throughGeneration: Int, stats: [Stat]) {
      self.throughGeneration = throughGeneration
      self.stats = stats
    }
  }

  /// The ability slots that differed through a generation (Gengar's first was Levitate through
  /// Generation VI).
  public struct PastAbilities: Codable, Sendable, Equatable {
    /// A slot then: its ability's slug, `nil` when the slot was empty.
    public struct Slot: Codable, Sendable, Equatable {
      public var slot: Int
      public var slug: String?
      public var isHidden: Bool

      public init(slot: Int, slug: String?, isHidden: Bool) {
        self.slot = slot
        self.slug = slug
        self.isHidden = isHidden
      }
    }

    /// The last generation they held in.
    public var throughGeneration: Int
    public var abilities: [Slot]

    public init(throughGeneration: Int, abilities: [Slot]) {
      self.throughGeneration = throughGeneration
      self.abilities = abilities
    }
  }

  /// Its types' slugs in the games of `generation` (`nil`: today's): those of the first change
  /// after it, else today's.
  public func typeSlugs(in generation: Int?) -> [String] {
    PastGenerations.holding(
      in: generation, (pastTypeSlugs ?? []).map { ($0.throughGeneration, $0.slugs) })
      ?? typeSlugs
  }

  /// A base stat, e.g. `Sp. Atk` 65.
  public struct Stat: Codable, Sendable, Equatable {
    /// Short name: `HP`, `Attack`, `Defense`, `Sp. Atk`, `Sp. Def`, `Speed` (and `Special` in
    /// Generation I).
    public var name: String
    /// The base value.
    public var value: Int
    /// The API's slug (`special-attack`; `special` in Generation I).
    public var slug: String?

    /// A stat with every field given.
    public init(name: String, value: Int, slug: String? = nil) {
      self.name = name
      self.value = value
      self.slug = slug
    }
  }

  /// The species id.
  public var id: Int
  /// The API slug (`mr-mime`).
  public var name: String
  /// The slug capitalised word by word (`Mr-Mime`), or the form's (`Raichu-Alola`) when a form
  /// other than the usual one is shown: the screen's title.
  public var displayName: String
  /// The form shown, when it is not the species' usual one; its types, size, stats and
  /// abilities are the form's.
  public var form: Form?
  /// Every form of the species in the API's order (empty when it has only its usual one).
  public var forms: [Form]
  /// The genus, e.g. `Evolution Pokémon`, in the language shown.
  public var genus: String?
  /// Types in slot order, in words (`Grass`, `Poison`), in the language shown.
  public var types: [String]
  /// The types' slugs (`grass`, `poison`), in the order of ``types``.
  public var typeSlugs: [String] = []
  /// Its types' slugs in the generations before they last changed, the oldest change first
  /// (Clefairy: `normal` through Generation V); `nil` when they never changed.
  public var pastTypeSlugs: [PastTypes]?
  /// The language of the names and texts (`ja`), `nil` when none was chosen (slugs, English).
  public var language: String?
  /// Said once on the screen when a text is in English for want of one in the language.
  public var fallbackNote: String?
  /// Height in centimetres (the API's decimetres × 10).
  public var heightCentimetres: Int
  /// Weight in kilograms (the API's hectograms ÷ 10).
  public var weightKilograms: Double
  /// The gender split in words, e.g. `87.5% ♂ · 12.5% ♀` or `Genderless`.
  public var genderRatio: String
  /// Abilities in slot order.
  public var abilities: [Ability]
  /// Base stats in the API's order.
  public var stats: [Stat]
  /// The sum of the base stats.
  public var baseStatTotal: Int
  /// The newest Pokédex text in the language shown, control characters neutralised.
  public var flavorText: String?
  /// A baby species (e.g. Pichu).
  public var isBaby: Bool
  /// A legendary species.
  public var isLegendary: Bool
  /// A mythical species.
  public var isMythical: Bool
  /// The id of its evolution chain (not the species id).
  public var evolutionChainID: Int?
  /// How much damage it takes from each attacking type; `nil` when its types could not be
  /// loaded (offline, never cached).
  public var matchups: TypeMatchups?
  /// The generation whose types and type chart ``types`` and ``matchups`` follow: the session
  /// game's (1 for Red); `nil`: today's.
  public var typesGeneration: Int?
  /// Today's types, in words, when that generation's differ (Clefairy's `Fairy` in Red).
  public var todayTypes: [String]?
  /// Its numbers in the regional Pokédexes of the session's game (`Kanto No. 25`); `nil`
  /// without a game, or when they could not be had.
  public var regionalNumbers: [RegionalNumber]?
  /// The session game's name, when one is played (`Red`).
  public var gameName: String?
  /// The session game's generation, whose base stats and abilities are shown (1 for Red:
  /// Special, no abilities); `nil` without a game, or when it cannot be had.
  public var gameGeneration: Int?
  /// The generation the species came in (2 for Steelix).
  public var introduced: Int?
  /// That generation, when it came after the session game's: the page then shows today's facts,
  /// and says so (`Steelix came in Generation II: not in Red.`).
  public var cameLater: Int?
  /// Its base stats through the generations before they changed (only the stats that
  /// differed), oldest first; `nil` when none did.
  public var pastStats: [PastStats]?
  /// Its ability slots through the generations before they changed (only the slots that
  /// differed), oldest first; `nil` when none did.
  public var pastAbilities: [PastAbilities]?

  /// A detail with every field given.
  public init(
    id: Int, name: String, displayName: String, genus: String?, types: [String],
    heightCentimetres: Int, weightKilograms: Double, genderRatio: String, abilities: [Ability],
    stats: [Stat], baseStatTotal: Int, flavorText: String?, isBaby: Bool, isLegendary: Bool,
    isMythical: Bool, evolutionChainID: Int?, matchups: TypeMatchups? = nil, form: Form? = nil,
    forms: [Form] = []
  ) {
    self.id = id
    self.name = name
    self.displayName = displayName
    self.form = form
    self.forms = forms
    self.genus = genus
    self.types = types
    self.heightCentimetres = heightCentimetres
    self.weightKilograms = weightKilograms
    self.genderRatio = genderRatio
    self.abilities = abilities
    self.stats = stats
    self.baseStatTotal = baseStatTotal
    self.flavorText = flavorText
    self.isBaby = isBaby
    self.isLegendary = isLegendary
    self.isMythical = isMythical
    self.evolutionChainID = evolutionChainID
    self.matchups = matchups
  }
}

/// The attacking types that hit a species harder or softer than usual (×1 is left out).
/// A species' number in a regional Pokédex.
public struct RegionalNumber: Codable, Sendable, Equatable {
  /// The Pokédex's slug (`kanto`).
  public var pokedex: String
  /// Its name in the language shown (`Kanto`).
  public var name: String
  public var number: Int

  public init(pokedex: String, name: String, number: Int) {
    self.pokedex = pokedex
    self.name = name
    self.number = number
  }
}

public struct TypeMatchups: Codable, Sendable, Equatable {
  /// An attacking type and its damage factor.
  public struct Matchup: Codable, Sendable, Equatable {
    /// The attacking type in words (`Rock`).
    public var type: String
    /// ×4, ×2, ×0.5 or ×0.25.
    public var multiplier: Double

    /// A matchup with every field given.
    public init(type: String, multiplier: Double) {
      self.type = type
      self.multiplier = multiplier
    }
  }

  /// ×4 and ×2, strongest first, then in the API's type order.
  public var weaknesses: [Matchup]
  /// ×¼ and ×½, strongest resistance first.
  public var resistances: [Matchup]
  /// The attacking types that do nothing (×0).
  public var immunities: [String]

  /// Matchups with every field given.
  public init(weaknesses: [Matchup], resistances: [Matchup], immunities: [String]) {
    self.weaknesses = weaknesses
    self.resistances = resistances
    self.immunities = immunities
  }
}

/// A whole evolution chain as a tree, with the selected species marked.
///
/// JSON output carries the tree (`root` with nested `children`). Text renderers use ``rows``:
/// the tree flattened depth-first, each row with a ready box-drawing ``EvolutionRow/prefix``
/// (`├─ `, `└─ `, `│  `) and its depth and position, so they draw nothing themselves.
public struct EvolutionTreeViewModel: Codable, Sendable, Equatable {
  /// The chain's own id (`nil` for a species without a chain: then `root` is that species alone).
  public var chainID: Int?
  /// The species the user selected.
  public var selectedSpeciesID: Int?
  /// The first stage of the chain.
  public var root: EvolutionNode

  /// A tree with every field given.
  public init(chainID: Int?, selectedSpeciesID: Int?, root: EvolutionNode) {
    self.chainID = chainID
    self.selectedSpeciesID = selectedSpeciesID
    self.root = root
  }

  /// Whether the chain is just one species.
  public var hasEvolutions: Bool { !root.children.isEmpty }

  /// The tree flattened depth-first (children in the API's order), ready for a text renderer:
  ///
  /// ```
  /// Wurmple
  /// ├─ Silcoon (level 7)
  /// │  └─ Beautifly (level 10)
  /// └─ Cascoon (level 7)
  ///    └─ Dustox (level 10)
  /// ```
  public var rows: [EvolutionRow] {
    var rows: [EvolutionRow] = []
    func visit(_ node: EvolutionNode, depth: Int, isLast: Bool, indent: String) {
      let prefix = depth == 0 ? "" : indent + (isLast ? "└─ " : "├─ ")
      let childIndent = depth == 0 ? "" : indent + (isLast ? "   " : "│  ")
      let continuation = childIndent + (node.children.isEmpty ? "   " : "│  ")
      rows.append(
        EvolutionRow(
          node: node, depth: depth, isLast: isLast, prefix: prefix, continuation: continuation))
      for (index, child) in node.children.enumerated() {
        visit(
          child, depth: depth + 1, isLast: index == node.children.count - 1, indent: childIndent)
      }
    }
    visit(root, depth: 0, isLast: true, indent: "")
    return rows
  }
}

/// One species in an evolution tree.
public struct EvolutionNode: Codable, Sendable, Equatable {
  /// The species id (from its url).
  public var id: Int
  /// The API slug.
  public var name: String
  /// The slug capitalised word by word.
  public var displayName: String
  /// A baby species (bred, not caught).
  public var isBaby: Bool
  /// The species the user selected.
  public var isSelected: Bool
  /// How it evolves from its parent, in words: every way joined with ` or `
  /// (`level 20 or level 20, at night (Alolan form, from Alolan Rattata)`); `nil` for the root or
  /// when the API gives no details.
  public var trigger: String?
  /// Each way to evolve from its parent (empty for the root).
  public var ways: [EvolutionWay]
  /// Other ways the API lists but does not mark as the usual ones (older games' places,
  /// affection …), in one line; `nil` when there are none.
  public var also: String?
  /// What it evolves into, in the API's order.
  public var children: [EvolutionNode]

  /// A node with every field given; ``trigger`` is made from `ways`.
  public init(
    id: Int, name: String, displayName: String, isBaby: Bool, isSelected: Bool,
    ways: [EvolutionWay] = [], also: String? = nil, children: [EvolutionNode]
  ) {
    self.id = id
    self.name = name
    self.displayName = displayName
    self.isBaby = isBaby
    self.isSelected = isSelected
    self.trigger = ways.isEmpty ? nil : ways.map(\.text).joined(separator: " or ")
    self.ways = ways
    self.also = also
    self.children = children
  }
}

/// One way to evolve: its conditions and, for a form, which one it gives and comes from.
public struct EvolutionWay: Codable, Sendable, Hashable {
  /// The conditions in words: `level 25, at night`, `use King's Rock`, `trade holding Metal Coat`.
  public var conditions: String
  /// The form this way gives, when not the species' usual one: `Midnight form`, `Alolan form`.
  public var form: String?
  /// The form that evolves, when not the parent's usual one: `Galarian Slowpoke`.
  public var fromForm: String?

  /// A way with every field given.
  public init(conditions: String, form: String? = nil, fromForm: String? = nil) {
    self.conditions = conditions
    self.form = form
    self.fromForm = fromForm
  }

  /// The whole way in words: `level 25, at night (Midnight form)`,
  /// `use Galarica Cuff (Galarian form, from Galarian Slowpoke)`.
  public var text: String {
    let notes = [form, fromForm.map { "from \($0)" }].compactMap { $0 }
    return notes.isEmpty ? conditions : "\(conditions) (\(notes.joined(separator: ", ")))"
  }

  enum CodingKeys: String, CodingKey {
    case conditions, form, fromForm, text
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    conditions = try c.decode(String.self, forKey: .conditions)
    form = try c.decodeIfPresent(String.self, forKey: .form)
    fromForm = try c.decodeIfPresent(String.self, forKey: .fromForm)
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(conditions, forKey: .conditions)
    try c.encodeIfPresent(form, forKey: .form)
    try c.encodeIfPresent(fromForm, forKey: .fromForm)
    try c.encode(text, forKey: .text)
  }
}

/// One line of a flattened evolution tree: a node of it (its species and how it is reached,
/// read through the row: `row.displayName`) and where the line stands.
@dynamicMemberLookup
public struct EvolutionRow: Sendable, Equatable {
  /// The node, with its subtree.
  public var node: EvolutionNode
  /// 0 for the root, 1 for its evolutions, …
  public var depth: Int
  /// The last child of its parent (the root counts as last).
  public var isLast: Bool
  /// Box-drawing characters to print before the name: `""` for the root, else e.g. `│  └─ `.
  public var prefix: String
  /// Box-drawing characters to print before a further line of this row (a second way, the
  /// `also` line), so that the tree's lines stay joined: e.g. `│  │  `.
  public var continuation: String

  /// The row of `node` at a place in the tree.
  public init(
    node: EvolutionNode, depth: Int, isLast: Bool, prefix: String, continuation: String = ""
  ) {
    self.node = node
    self.depth = depth
    self.isLast = isLast
    self.prefix = prefix
    self.continuation = continuation
  }

  /// A field of the node (`id`, `displayName`, `ways` …).
  public subscript<Value>(dynamicMember field: KeyPath<EvolutionNode, Value>) -> Value {
    node[keyPath: field]
  }
}
