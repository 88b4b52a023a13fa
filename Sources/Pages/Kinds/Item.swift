import APIClient
import CommandLanguage
import Models

/// `GET item/{id or name}`: what an item does, what it costs and who holds it in the wild.
public struct Item: APIResource, Hashable {
  /// A pokemon that holds the item in the wild, with how often in each game.
  public struct Holder: Codable, Sendable, Hashable {
    /// How often, in one game.
    public struct Detail: Codable, Sendable, Hashable {
      public var rarity: Int
      public var version: NamedResource

      public init(rarity: Int, version: NamedResource) {
        self.rarity = rarity
        self.version = version
      }
    }

    public var pokemon: NamedResource
    public var versionDetails: [Detail]

    public init(pokemon: NamedResource, versionDetails: [Detail] = []) {
      self.pokemon = pokemon
      self.versionDetails = versionDetails
    }

    enum CodingKeys: String, CodingKey {
      case pokemon
      case versionDetails = "version_details"
    }
  }

  /// A price in one version group (the API's newer `prices`).
  public struct Price: Codable, Sendable, Hashable {
    public var purchasePrice: Int?
    public var versionGroup: NamedResource?

    public init(purchasePrice: Int?, versionGroup: NamedResource?) {
      self.purchasePrice = purchasePrice
      self.versionGroup = versionGroup
    }

    enum CodingKeys: String, CodingKey {
      case purchasePrice = "purchase_price"
      case versionGroup = "version_group"
    }
  }

  public static let path = "item"
  public static let representation = "item-page+games+past"

  public var id: Int
  public var name: String
  @Localized public var names: [LocalizedText]
  /// The price in shops (the API's older `cost`); 0 or `nil` when it cannot be bought.
  public var cost: Int?
  @OrEmpty public var prices: [Price]
  public var category: NamedResource?
  @Localized public var effects: [LocalizedText]
  @Localized public var flavorTexts: [LocalizedText]
  @OrEmpty public var heldByPokemon: [Holder]
  /// The generations whose games index it (`game_indices`): the first is the one it came in.
  public var generations: [Int]

  public init(
    id: Int, name: String, names: [LocalizedText] = [], cost: Int? = nil, prices: [Price] = [],
    category: NamedResource? = nil, effects: [LocalizedText] = [],
    flavorTexts: [LocalizedText] = [], heldByPokemon: [Holder] = [], generations: [Int] = []
  ) {
    self.generations = generations
    self.id = id
    self.name = name
    self.names = names
    self.cost = cost
    self.prices = prices
    self.category = category
    self.effects = effects
    self.flavorTexts = flavorTexts
    self.heldByPokemon = heldByPokemon
  }

  enum CodingKeys: String, CodingKey {
    case id, name, names, cost, prices, category
    case effects = "effect_entries"
    case flavorTexts = "flavor_text_entries"
    case heldByPokemon = "held_by_pokemon"
    case gameIndices = "game_indices"
    case generations
  }

  /// An entry of `game_indices`: only its generation is read.
  private struct GameIndex: Decodable {
    var generation: NamedResource
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    id = try c.decode(Int.self, forKey: .id)
    name = try c.decode(String.self, forKey: .name)
    _names = try c.decode(Localized.self, forKey: .names)
    cost = try c.decodeIfPresent(Int.self, forKey: .cost)
    _prices = try c.decode(OrEmpty.self, forKey: .prices)
    category = try c.decodeIfPresent(NamedResource.self, forKey: .category)
    _effects = try c.decode(Localized.self, forKey: .effects)
    _flavorTexts = try c.decode(Localized.self, forKey: .flavorTexts)
    _heldByPokemon = try c.decode(OrEmpty.self, forKey: .heldByPokemon)
    // The API's indices, or the generations stored before.
    generations =
      try c.decodeIfPresent([Int].self, forKey: .generations)
      ?? c.decodeIfPresent([GameIndex].self, forKey: .gameIndices)?.compactMap(\.generation.id)
      ?? []
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(id, forKey: .id)
    try c.encode(name, forKey: .name)
    try c.encode(names, forKey: .names)
    try c.encodeIfPresent(cost, forKey: .cost)
    try c.encode(prices, forKey: .prices)
    try c.encodeIfPresent(category, forKey: .category)
    try c.encode(effects, forKey: .effects)
    try c.encode(flavorTexts, forKey: .flavorTexts)
    try c.encode(heldByPokemon, forKey: .heldByPokemon)
    try c.encode(generations, forKey: .generations)
  }

  /// The prices in shops, newest game first (by `order`, by id where the order is not known),
  /// each with its game's slug; `cost` (the API's older single price, of no game) when there
  /// are none.
  public func shopPrices(_ order: GameOrder?) -> [(price: Int, game: String?)] {
    let order = order ?? GameOrder([], complete: false)
    let unnamed = NamedResource(name: "", url: "")
    let sold = prices.filter { ($0.purchasePrice ?? 0) > 0 }.sorted {
      order.rank($0.versionGroup ?? unnamed) > order.rank($1.versionGroup ?? unnamed)
    }
    if !sold.isEmpty {
      return sold.compactMap { price in
        price.purchasePrice.map { ($0, price.versionGroup?.name) }
      }
    }
    if let cost, cost > 0 { return [(cost, nil)] }
    return []
  }
}

/// The `item NAME` page.
public struct ItemPage: Page, Equatable {
  /// A pokemon holding the item in the wild, and how often in the versions shown.
  public struct Holder: Codable, Sendable, Hashable {
    public var species: PageSpecies
    /// The chance (percent) when it is the same in every version shown.
    public var rarity: Int?
    /// Where the chance differs by version, each chance with its versions: the newest version's
    /// first; empty when `rarity` covers them all.
    public var chances: [Chance]
  }

  /// One chance of holding the item, and the versions it is the chance in.
  public struct Chance: Codable, Sendable, Hashable {
    /// In percent.
    public var rarity: Int
    /// The versions' slugs, in the games' order.
    public var versions: [String]
    /// The versions' games named from the API (`Black / White, X / Y`), once named.
    public var gamesName: String?
  }

  public var name: String
  public var displayName: String
  public var id: Int
  /// The category's slug (`held-items`).
  public var category: String?
  /// The category's name from the API in the page's language, else English (`TM materials`).
  public var categoryName: String?
  /// What it costs in a shop, in the session's game, else in the newest game that sells it;
  /// `nil` when it cannot be bought (there).
  public var cost: Int?
  /// The game of the price (a version group's slug), when the API tells.
  public var costGame: String?
  /// That game's name (`Sword / Shield`).
  public var costGameName: String?
  /// The session's game's name, when one is played: the price and the text are its.
  public var gameName: String?
  /// With a game, the generation the item came in when that is after the game's (Metal Powder
  /// in Red: 2).
  public var cameLater: Int?
  /// The short effect.
  public var effect: String?
  /// The flavour text of the session's game when it has one, else of the newest game that has
  /// one, in the language (else English).
  public var flavorText: String?
  public var heldBy: [Holder]
  /// The language of the texts (`en` without one chosen).
  public var language: String
  /// Said once on the page when a text is in English for want of one in the language.
  public var fallbackNote: String?

  /// The page of `item`; `order` tells which game is newest (without it, the last listed);
  /// `game`, the session's, whose price and text it shows when it has them.
  public init(
    _ item: Item, glossary: Glossary = .slugs, order: GameOrder? = nil, game: SessionGame? = nil
  ) {
    var words = Localizer(glossary)
    name = SafeText.line(item.name)
    displayName = words.name(item.names, slug: item.name)
    id = item.id
    category = item.category.map { SafeText.line($0.name) }
    let prices = item.shopPrices(order)
    let price = game.map { game in prices.first { $0.game == game.group } } ?? prices.first
    cost = price?.price
    costGame = price?.game.map(SafeText.line)
    effect = words.effect(item.effects)
    flavorText = words.text(item.flavorTexts, order: order, game: game)
    language = words.language.code
    fallbackNote = words.note
    var seen: Set<Int> = []
    heldBy = item.heldByPokemon.compactMap { holder in
      Self.holder(holder, glossary: glossary, order: order, game: game)
    }.filter { seen.insert($0.species.id).inserted }.sorted { $0.species.id < $1.species.id }
  }

  /// `holder` in the versions shown: the session's game's (`nil` when it holds it in none of
  /// them), else every version listed; one chance when they agree, else each with its versions.
  private static func holder(
    _ holder: Item.Holder, glossary: Glossary, order: GameOrder?, game: SessionGame?
  ) -> Holder? {
    guard let species = PageSpecies(holder.pokemon, glossary: glossary) else { return nil }
    var details = holder.versionDetails
    if let game, let order {
      let versions = Set(game.versions(in: order))
      details = details.filter { versions.contains($0.version.name) }
      if details.isEmpty { return nil }
    }
    var versionsByRarity: [Int: [String]] = [:]
    for detail in details {
      versionsByRarity[detail.rarity, default: []].append(SafeText.line(detail.version.name))
    }
    guard versionsByRarity.count > 1 else {
      return Holder(species: species, rarity: versionsByRarity.keys.first, chances: [])
    }
    let order = order ?? GameOrder([], complete: false)
    func newest(_ versions: [String]) -> (Int, Int) {
      versions.compactMap { order.game(of: $0) }.map(order.rank).max { $0 < $1 }
        ?? (Int.min, Int.min)
    }
    let chances = versionsByRarity.map { rarity, versions in
      Chance(rarity: rarity, versions: order.sorted(versions: versions))
    }.sorted { a, b in
      let (na, nb) = (newest(a.versions), newest(b.versions))
      return na != nb ? na > nb : a.rarity > b.rarity
    }
    return Holder(species: species, rarity: nil, chances: chances)
  }

  public var address: PageAddress { PageAddress(kind: ItemFeature.command.name, key: name) }
  public var title: String { displayName }
  public var links: [String: [String]] { ["open": heldBy.map(\.species.name)] }

  public var document: PageDocument {
    var fields = GameFacts.laterField(cameLater, gameName: gameName)
    if let category {
      fields.append(.init("Category", categoryName ?? DisplayName.words(category)))
    }
    let game = costGameName ?? costGame.map(DisplayName.words)
    let unsold = gameName.map { "not sold in shops in \($0)" } ?? "not sold in shops"
    fields.append(
      .init(
        "Cost",
        cost.map { cost in
          [Span("₽\(cost)")] + (game.map { [Span(" in \($0)", .dim)] } ?? [])
        } ?? [Span(unsold, .dim)]))
    fields.append(.init("Effect", effect.map { [Span($0)] } ?? [Span("no description", .dim)]))
    if let flavorText, flavorText != effect { fields.append(.init("In game", flavorText)) }
    // A chance that differs by version is a range here, told game by game below.
    let holders = heldBy.map { holder in
      let rarities = holder.chances.map(\.rarity)
      let chance =
        holder.rarity.map { " (\($0)%)" }
        ?? rarities.min().map { " (\($0)–\(rarities.max() ?? $0)%)" } ?? ""
      return Span(holder.species.label + chance)
    }
    let byGame = heldBy.filter { !$0.chances.isEmpty }.map { holder in
      PageDocument.Field(
        holder.species.label,
        holder.chances.enumerated().map { index, chance in
          Span(
            "\(chance.rarity)% in "
              + (chance.gamesName
                ?? chance.versions.map(DisplayName.words).joined(separator: ", "))
              + (index < holder.chances.count - 1 ? "; " : ""))
        })
    }
    let heading = gameName.map { "Held in the wild in \($0) by" } ?? "Held in the wild by"
    let none = gameName.map { "no wild Pokémon in \($0)" } ?? "no wild Pokémon"
    return PageDocument(
      title: displayName, subtitle: "Item",
      blocks: [
        .fields(fields),
        .names(heading: heading, holders, none: none),
      ] + (byGame.isEmpty ? [] : [.fields(byGame)]) + PageDocument.note(fallbackNote) + [
        .hint("open NAME · back")
      ])
  }
}

/// Item categories (`held-items`), for ``ResourceNames``.
public enum ItemCategoryKind: NamedKind {
  public static let path = "item-category"
}

/// The item pages over `client`.
public enum ItemFeature {
  /// The `item` command: its words, help, arguments and feature flag.
  public static let command = CommandSpec.page(
    "item", group: .pokedex, summary: "An item and who holds it",
    details: """
      Shows an item: its category, its price in a shop (your game's, see "game", else the \
      newest game's, named), what it does, its description and the Pokémon that hold it \
      in the wild. NAME may be its name in the language shown.
      """,
    examples: ["item leftovers", "item thunder stone"], feature: .items)

  /// The kind with its command, for the list of kinds (``PageKinds``).
  public static let declaration = PageKindDeclaration(command) { services in
    kind(client: services.client)
  }

  /// `item NAME`: the item, and the games' order when its prices or texts are of several games
  /// (kept: one read once it has been loaded; where it cannot be had, the last listed stands
  /// in).
  public static func kind(client: any PokeAPIClient) -> PageKind {
    .named(command, example: "leftovers", resource: Item.self, client: client) {
      item, request, client async throws(APIError) in
      // The games' order when its prices or texts are of several games, or to name the
      // session's game.
      let chanceDiffers = item.heldByPokemon.contains {
        Set($0.versionDetails.map(\.rarity)).count > 1
      }
      let catalog = try await GameOrder.loadIfNeeded(
        for: item.prices.map(\.versionGroup?.name) + item.flavorTexts.map(\.versionGroup),
        anyway: request.game != nil || chanceDiffers, client
      ).map { GameCatalog(order: $0) }
      var page = ItemPage(
        item, glossary: request.glossary, order: catalog?.order, game: request.game)
      page.cameLater = await GameFacts.cameLater(
        item.generations.min(), than: request.game, client: client)
      if let category = page.category {
        page.categoryName = await client.names(
          of: ItemCategoryKind.self, [category], in: request.glossary.language ?? .english
        )[category]
      }
      if var named = catalog {
        let games = [page.costGame, request.game?.group].compactMap { $0 }
        let versions = page.heldBy.flatMap(\.chances).flatMap(\.versions)
        named = await named.naming(games: games, client: client, glossary: request.glossary)
        named = await named.naming(versions, client: client, glossary: request.glossary)
        page.costGameName = page.costGame.map { named.label(SessionGame(group: $0)) }
        page.gameName = request.game.map(named.label)
        for holder in page.heldBy.indices {
          for chance in page.heldBy[holder].chances.indices {
            page.heldBy[holder].chances[chance].gamesName = named.label(
              versions: page.heldBy[holder].chances[chance].versions)
          }
        }
      }
      return page
    }
  }
}
