import APIClient
import CommandLanguage
import Models

/// `GET location-area/{id}`: a place's English name (`Trophy Garden`) and the location it is in.
public struct LocationArea: APIResource, Hashable {
  public static let path = "location-area"
  public static let representation = "location-area+languages"

  public var id: Int
  public var name: String
  @Localized public var names: [LocalizedText]
  public var location: NamedResource?

  public init(
    id: Int, name: String, names: [LocalizedText] = [], location: NamedResource? = nil
  ) {
    self.id = id
    self.name = name
    self.names = names
    self.location = location
  }

  enum CodingKeys: String, CodingKey {
    case id, name, names, location
  }

  /// Its name in the language of `words` (English where it has none), else its slug in words
  /// without the API's `-area` (`Kanto Route 12`).
  public func displayName(_ words: inout Localizer) -> String {
    let slug = name.hasSuffix("-area") ? String(name.dropLast("-area".count)) : name
    return words.name(names, slug: slug)
  }

  /// The place as a page names it: its location's name (`location`, in the language) when it is
  /// the location's own area (`kanto-route-1-area` in `kanto-route-1`), whose names the API
  /// gives less well (`Road 1` for Route 1); else its own name (`Bell Tower (7F)`), English
  /// `Road N` said `Route N` as its location says it.
  public func place(_ words: inout Localizer, location name: String?) -> String {
    guard let location, let name else { return displayName(&words) }
    if self.name == location.name + "-area" { return name }
    // An area without a name of its own: its location's, with its part (`Route 2 (main)`).
    if !names.contains(where: { !$0.text.isEmpty }) {
      let prefix = location.name + "-"
      var part = self.name.hasPrefix(prefix) ? String(self.name.dropFirst(prefix.count)) : self.name
      if part.hasSuffix("-area") { part = String(part.dropLast("-area".count)) }
      if part == "area" { part = "" }
      let words = SafeText.line(part).split(separator: "-").joined(separator: " ")
      return words.isEmpty ? name : "\(name) (\(words))"
    }
    let own = displayName(&words)
    guard name.contains("Route"), !name.contains("Road") else { return own }
    return own.replacingOccurrences(of: "Road ", with: "Route ")
  }

  /// Its English name, else its slug in words without the API's `-area`.
  public var displayName: String {
    var words = Localizer(Glossary(language: .english))
    return displayName(&words)
  }
}

/// The `where [--game NAME]` page: where the selected species (or form) is found in the wild in
/// one game, each place with how, at which levels, how often and when.
public struct EncounterPage: Page, Codable, Equatable {
  /// One way to meet it in one place.
  public struct Row: Codable, Sendable, Hashable {
    /// The place, in English (`Viridian Forest`).
    public var place: String
    /// The location area's slug.
    public var area: String
    /// The method's slug (`walk`, `old-rod`, `gift`).
    public var method: String
    public var minLevel: Int
    public var maxLevel: Int
    /// The chance in percent: the slots of this way added up, the same in each of `versions`.
    public var chance: Int
    /// The conditions' slugs (`time-night`, `swarm-yes`).
    public var conditions: [String]
    /// The versions it applies to, in the game's order: all of the game's, or those where this
    /// way has these levels and this chance (another row has the others').
    public var versions: [String]

    public init(
      place: String, area: String, method: String, minLevel: Int, maxLevel: Int, chance: Int,
      conditions: [String], versions: [String]
    ) {
      self.place = place
      self.area = area
      self.method = method
      self.minLevel = minLevel
      self.maxLevel = maxLevel
      self.chance = chance
      self.conditions = conditions
      self.versions = versions
    }
  }

  public var pokemonID: Int
  /// The pokemon's slug.
  public var pokemon: String
  /// The game shown (a version group's slug); empty when it is found in none.
  public var game: String
  /// The game's versions (`sword`, `shield`).
  public var versions: [String]
  /// Every game where it is found, newest first.
  public var games: [String]
  public var rows: [Row]
  /// How it is obtained when it is not found in the wild, as the data tells (`evolves from
  /// pichu`): the slug of the species it evolves from.
  public var evolvesFrom: String?
  /// The pokemon's name in the page's language (`ピカチュウ`), else its slug capitalised.
  public var pokemonName: String?
  /// The game's name in the page's language (`ルビー / サファイア`), when one was chosen.
  public var gameName: String?
  /// The versions' names in the page's language, by slug.
  public var versionNames: [String: String]?
  /// Said once on the page when a place is in English for want of a name in the language.
  public var fallbackNote: String?
  /// The API's names of the conditions the page does not put in its own words (`Before
  /// entering the Hall of Fame`), in the language when it has them, else English, by slug.
  public var conditionNames: [String: String]?
  /// How the game shown was chosen (`asked` with `--game`, the `session`'s, or the `newest`
  /// main-series game where it is found in the wild); `nil` when it is found nowhere.
  public var choice: GameChoice?
  /// Whether the API records no encounters for the game at all (Scarlet / Violet): the page
  /// has no rows and says the data lacks the game, not that the species is not there.
  public var noData: Bool?

  public init(
    pokemonID: Int, pokemon: String, game: String, versions: [String], games: [String],
    rows: [Row], evolvesFrom: String? = nil
  ) {
    self.pokemonID = pokemonID
    self.pokemon = SafeText.line(pokemon)
    self.game = SafeText.line(game)
    self.versions = versions.map(SafeText.line)
    self.games = games.map(SafeText.line)
    self.rows = rows
    self.evolvesFrom = evolvesFrom.map(SafeText.line)
  }

  /// `rows` by place as people read them, numbers as numbers (Route 1, Route 2, Route 12), a
  /// place's own rows in the order they came.
  public static func readingOrder(_ rows: [Row]) -> [Row] {
    rows.enumerated().sorted { a, b in
      switch a.element.place.compare(b.element.place, options: [.numeric, .caseInsensitive]) {
      case .orderedAscending: true
      case .orderedDescending: false
      case .orderedSame: a.offset < b.offset
      }
    }.map(\.element)
  }

  /// Shown again by its game, or by its one version when it shows one (`25 red`).
  public var address: PageAddress {
    let shown = versions.count == 1 ? versions[0] : game
    let target = PageTarget.selection(pokemon: pokemonID, argument: game.isEmpty ? nil : shown)
    return PageAddress(kind: EncounterFeature.command.name, target: target)
  }
  public var title: String {
    game.isEmpty ? "Where" : "Where in \(gameName ?? DisplayName.words(game))"
  }

  /// A version's name in the page's language, else its slug in words.
  func version(_ slug: String) -> String { versionNames?[slug] ?? DisplayName.words(slug) }
  public var links: [String: [String]] { evolvesFrom.map { ["open": [$0]] } ?? [:] }

  public var document: PageDocument {
    let name = pokemonName ?? DisplayName.of(pokemon)
    guard !game.isEmpty else {
      var text = "\(name) is not found in the wild in any game."
      if let evolvesFrom { text += " It evolves from \(DisplayName.of(evolvesFrom))." }
      return PageDocument(
        title: "\(name) · where to find it", blocks: [.paragraph(heading: "Nowhere", text: text)])
    }
    if noData == true {
      let game = gameName ?? DisplayName.words(game)
      return PageDocument(
        title: "\(name) · where to find it", subtitle: game,
        blocks: [
          .paragraph(
            heading: "No data",
            text:
              "PokéAPI records no places for \(game): where any Pokémon is found there is "
              + "not in its data."),
          .hint("where --game NAME for another game · back"),
        ])
    }
    let places = Set(rows.map(\.area)).count
    let table = PageDocument.Table(
      columns: [
        .init("Place"), .init("Method"), .init("Levels", .right), .init("Chance", .right),
        .init("When"),
      ],
      rows: rows.map { row in
        let levels =
          row.minLevel == row.maxLevel ? "\(row.minLevel)" : "\(row.minLevel)–\(row.maxLevel)"
        var when = Self.conditions(row.conditions, names: conditionNames ?? [:])
        if row.versions != versions {
          when.insert(row.versions.map(version).joined(separator: ", ") + " only", at: 0)
        }
        return [
          Span(row.place, .strong), Span(Self.method(row.method)), Span(levels),
          Span(row.chance > 0 ? "\(row.chance)%" : "—"),
          Span(when.isEmpty ? "" : when.joined(separator: ", "), .dim),
        ]
      })
    let hint = GameChoice.hint(
      choice, newest: "Newest with it in the wild", command: "where",
      others: games.count - 1)
    return PageDocument(
      title: "\(name) · where to find it",
      subtitle: versions.map(version).joined(separator: ", ")
        + " · \(places) place\(places == 1 ? "" : "s")",
      blocks: [.table(table)] + PageDocument.note(fallbackNote) + [
        .hint(hint + " · back")
      ])
  }

  /// Whether `method` (a slug) is meeting it in the wild (walking, surfing, fishing, in the
  /// open …), not a gift, a trade, a raid or a one-off: what a game with the usual data for this
  /// page has.
  public static func isInTheWild(_ method: String) -> Bool {
    let other: Set<String> = [
      "gift", "gift-egg", "npc-trade", "static", "only-one", "snag", "snag-rematch", "max-raid",
      "dynamax-adventure", "pokeflute", "colosseum-bonus-disc-jpn", "pokespot", "island-scan",
    ]
    return !other.contains(method)
  }

  /// A method in a few words (`walk` → `walking`, `old-rod` → `fishing, Old Rod`).
  public static func method(_ slug: String) -> String {
    switch slug {
    case "walk": "walking"
    case "surf": "surfing"
    case "old-rod", "good-rod", "super-rod": "fishing, \(DisplayName.words(slug))"
    case "rock-smash": "Rock Smash"
    case "headbutt": "Headbutt"
    case "gift": "gift"
    case "gift-egg": "gift (egg)"
    case "only-one": "only one"
    case "sos": "SOS call"
    case "max-raid": "Max Raid"
    case "overworld": "in the open"
    case "wanderer": "wandering"
    default: DisplayName.words(slug).lowercased()
    }
  }

  /// The kinds of condition whose values are said together, by the prefix of their slugs.
  static let conditionKinds = [
    "weather-", "story-progress-", "max-den-rarity-", "max-den-rating-", "season-", "time-",
  ]

  /// The kind of a condition: one of ``conditionKinds``, else its slug up to the first `-`
  /// (`radio-off` → `radio-`, `swarm-yes` → `swarm-`).
  static func conditionKind(_ slug: String) -> String {
    if let kind = conditionKinds.first(where: { slug.hasPrefix($0) }) { return kind }
    guard let dash = slug.firstIndex(of: "-") else { return slug }
    return String(slug[...dash])
  }

  /// Whether `a` and `b` are one way but for the values of one kind of condition that both
  /// have: the same place, method, levels, chance and versions, and the same other conditions.
  static func differOnlyInOneKind(_ a: Row, _ b: Row) -> Bool {
    guard a.area == b.area, a.method == b.method, a.minLevel == b.minLevel,
      a.maxLevel == b.maxLevel, a.chance == b.chance, a.versions == b.versions
    else { return false }
    let kindsOfA = Set(a.conditions.map(conditionKind))
    return kindsOfA.contains { kind in
      b.conditions.contains { conditionKind($0) == kind }
        && Set(a.conditions.filter { conditionKind($0) != kind })
          == Set(b.conditions.filter { conditionKind($0) != kind })
    }
  }

  /// Conditions in words, those of one kind together (`weather: rain or fog`); those the page
  /// does not word itself by their `names` from the API.
  public static func conditions(_ slugs: [String], names: [String: String] = [:]) -> [String] {
    // Every kind's values together, in the order the kinds come: rows merge only on one kind's
    // values (``differOnlyInOneKind(_:_:)``), so the values of a kind are alternatives.
    var grouped: [String: [String]] = [:]
    var kindOrder: [String] = []
    for slug in slugs {
      let kind = conditionKind(slug)
      if grouped[kind] == nil { kindOrder.append(kind) }
      grouped[kind, default: []].append(slug)
    }
    return kindOrder.map { kind in
      let members = grouped[kind] ?? []
      guard members.count > 1 else { return condition(members[0], names: names) }
      if conditionKinds.contains(kind),
        ownWords.contains(kind)
          || !members.allSatisfy({
            names[$0] != nil
          })
      {
        let label = DisplayName.words(String(kind.dropLast())).lowercased()
        let values = members.map {
          DisplayName.words(String($0.dropFirst(kind.count))).lowercased()
        }
        return "\(label): " + values.joined(separator: " or ")
      }
      return members.map { condition($0, names: names) }.joined(separator: " or ")
    }
  }

  /// The kinds of condition the page words itself (`by day`, `in spring`, `weather: rain`).
  static let ownWords: Set<String> = ["time-", "season-", "weather-"]

  /// Whether the page words `slug` itself; the others are named from the API.
  public static func isWorded(_ slug: String) -> Bool {
    knownConditions[slug] != nil || ownWords.contains { slug.hasPrefix($0) }
  }

  static let knownConditions: [String: String] = [
    "time-morning": "in the morning", "time-day": "by day", "time-night": "at night",
    "time-evening": "in the evening", "swarm-yes": "in a swarm", "swarm-no": "no swarm",
    "radar-on": "with the Poké Radar", "radar-off": "without the Poké Radar",
    "radio-off": "radio off", "radio-hoenn": "Hoenn Sound on the radio",
    "radio-sinnoh": "Sinnoh Sound on the radio",
  ]

  /// A condition in words (`time-night` → `at night`, `swarm-yes` → `in a swarm`), else by its
  /// name from the API in `names`, else its slug in words.
  public static func condition(_ slug: String, names: [String: String] = [:]) -> String {
    if let words = knownConditions[slug] { return words }
    if !isWorded(slug), let name = names[slug] { return name }
    for (prefix, lead) in [
      ("season-", "in "), ("weather-", "weather: "), ("story-progress-", "story: "),
      ("slot2-", "with Pokémon "),
    ] where slug.hasPrefix(prefix) {
      let rest = DisplayName.words(String(slug.dropFirst(prefix.count)))
      return lead + (prefix == "slot2-" ? "\(rest) in slot 2" : rest.lowercased())
    }
    return DisplayName.words(slug).lowercased()
  }
}

/// Locations (`kanto-route-1`), for ``ResourceNames``: a place's name where its area is its own.
public enum LocationKind: NamedKind {
  public static let path = "location"
}

/// Encounter conditions (`story-progress-before-hall-of-fame`), for ``ResourceNames``.
public enum ConditionKind: NamedKind {
  public static let path = "encounter-condition-value"
}

/// The encounter pages over `client`.
public enum EncounterFeature {
  /// The `where` command: its words, help, arguments and feature flag.
  public static let command = CommandSpec.page(
    "where", aliases: [], arguments: .gameOption,
    group: .species, summary: "Where it lives in the wild",
    details: """
      Lists where the selected species (or form) is found in the wild in one game: each \
      place by its name, how (walking, surfing, fishing with which rod, a gift …), the \
      levels, the chance, and when (time of day, season, swarm …). A chance is one \
      version's: where a game's versions differ, each has its row. It shows your game (see \
      "game"; a version narrows it to that version), else the newest main-series game \
      where it lives in the wild, unless --game names another game or one of its versions; \
      a species found nowhere says how it is obtained when the data tells.
      """,
    examples: ["open pikachu", "where", "where --game yellow"], feature: .where)

  /// The kind with its command, for the list of kinds (``PageKinds``).
  public static let declaration = PageKindDeclaration(command) { services in
    kind(client: services.client)
  }

  /// `where [--game NAME]`, about the selected species or form: its encounters and the games
  /// (their order and names: a few reads once kept), then the places' and their locations'
  /// names together. It shows the game `--game` names, else the session's, else the newest
  /// main-series game where it lives in the wild.
  public static func kind(client: any PokeAPIClient) -> PageKind {
    PageKind(
      command, example: "--game red-blue",
      // The games by version group and by version (`red-blue`, `red`), for completion.
      names: { () async throws(APIError) in
        let order = try await GameOrder.load(client)
        var names: [String] = []
        for game in order.games {
          for name in [game] + order.versions(of: game) where !names.contains(name) {
            names.append(name)
          }
        }
        return names.map { NamedResource(name: $0, url: "") }
      },
      show: { request async throws(PageError) in
        try await page(request, client: client)
      })
  }

  static func page(_ request: PageRequest, client: any PokeAPIClient) async throws(PageError)
    -> EncounterPage
  {
    guard case .selection(let id, let argument) = request.target else {
      throw .invalidName(kind: EncounterFeature.command.name, example: "--game red-blue")
    }
    async let loadedCatalog = GameCatalog.loaded(client)
    let found: PokemonEncounters
    let catalog: GameCatalog
    let name: (pokemon: String, evolvesFrom: String?)
    do throws(APIError) {
      found = try await client.encounters(pokemonID: id)
      catalog = try await loadedCatalog.get()
      name = try await pokemonName(id, client: client)
    } catch {
      throw .api(error)
    }
    let games = catalog.order
    var byGame: [String: [String]] = [:]
    var usual: Set<String> = []
    for encounter in found.encounters {
      for detail in encounter.versionDetails {
        let version = detail.version.name
        let group = games.game(of: version)?.name ?? version
        if !(byGame[group]?.contains(version) ?? false) {
          byGame[group, default: []].append(version)
        }
        if detail.encounterDetails.contains(where: { EncounterPage.isInTheWild($0.method.name) }) {
          usual.insert(group)
        }
      }
    }
    let shown = request.glossary.species(id, slug: name.pokemon)
    guard
      let chosen = try await catalog.choose(
        typed: argument, session: request.game,
        among: byGame.map { (group: $0.key, versions: $0.value) },
        usual: usual.contains, statement: "\(shown) is not found in the wild", verb: "is",
        client: client, glossary: request.glossary,
        recorded: { group async throws(APIError) in
          try await EncounterData.exists(for: group, client: client)
        })
    else {
      return EncounterPage(
        pokemonID: id, pokemon: name.pokemon, game: "", versions: [], games: [], rows: [],
        evolvesFrom: name.evolvesFrom)
    }
    let ordered = byGame.keys.sorted {
      games.rank(NamedResource(name: $0, url: "")) > games.rank(NamedResource(name: $1, url: ""))
    }
    // The game's name and the conditions' names, together with the places.
    async let named = catalog.named(chosen, client: client, glossary: request.glossary)
    let unworded = Set(
      found.encounters.flatMap(\.versionDetails).filter {
        chosen.versions.contains($0.version.name)
      }
      .flatMap(\.encounterDetails).flatMap(\.conditionValues).map(\.name)
    ).filter { !EncounterPage.isWorded($0) }
    async let conditionNames = client.names(
      of: ConditionKind.self, Array(unworded), in: request.glossary.language ?? .english)
    request.progress("Fetching the places")
    let versions = chosen.versions
    let encounters = found.encounters.filter { encounter in
      encounter.versionDetails.contains { versions.contains($0.version.name) }
    }
    let areas: [LocationArea?]
    do throws(APIError) {
      areas = try await APIRequests.together(encounters.map(\.locationArea)) {
        area async throws(APIError) -> LocationArea? in
        do throws(APIError) {
          return try await client.resource(
            LocationArea.self, area.id.map(String.init) ?? area.name)
        } catch .cancelled {
          throw .cancelled
        } catch {
          return nil
        }
      }
    } catch {
      throw .api(error)
    }
    let language = request.glossary.language ?? .english
    let locations = await client.names(
      of: LocationKind.self, areas.compactMap { $0?.location?.name }, in: language)
    var rows: [EncounterPage.Row] = []
    var words = Localizer(request.glossary)
    for (encounter, area) in zip(encounters, areas) {
      let place =
        area?.place(&words, location: area?.location.flatMap { locations[$0.name] })
        ?? DisplayName.words(encounter.locationArea.name)
      rows += Self.rows(encounter, place: place, versions: versions)
    }
    var page = EncounterPage(
      pokemonID: id, pokemon: name.pokemon, game: chosen.group, versions: versions,
      games: ordered, rows: EncounterPage.readingOrder(rows))
    page.choice = chosen.choice
    // A game the API records no places for has none of its encounters either: no rows.
    page.noData = chosen.noData ? true : nil
    page.fallbackNote = words.note
    if request.glossary.language != nil {
      page.pokemonName = request.glossary.species(id, slug: name.pokemon)
    }
    let game = await named
    let conditions = await conditionNames
    page.conditionNames = conditions.isEmpty ? nil : conditions
    page.versionNames = game.versionNames
    page.gameName = game.name
    return page
  }

  /// The rows of `encounter`'s place in the game's `versions` (in the game's order). A way to meet
  /// it is a method and its conditions; in each version its slots' chances add up and their
  /// levels span. A row is one way in the versions where it is alike (the same levels and
  /// chance): where versions differ, each gets a row of its own, so every chance is one
  /// version's, never the highest of several.
  static func rows(
    _ encounter: LocationEncounter, place: String, versions: [String]
  ) -> [EncounterPage.Row] {
    struct Way: Hashable {
      var method: String
      var conditions: [String]
    }
    struct Slots: Hashable {
      var minLevel: Int
      var maxLevel: Int
      var chance: Int
    }
    var slots: [Way: [String: Slots]] = [:]
    var ways: [Way] = []
    for detail in encounter.versionDetails where versions.contains(detail.version.name) {
      let version = detail.version.name
      for found in detail.encounterDetails {
        let way = Way(
          method: SafeText.line(found.method.name),
          conditions: found.conditionValues.map { SafeText.line($0.name) }.sorted())
        if slots[way] == nil { ways.append(way) }
        var sum =
          slots[way]?[version]
          ?? Slots(minLevel: found.minLevel, maxLevel: found.maxLevel, chance: 0)
        sum.minLevel = min(sum.minLevel, found.minLevel)
        sum.maxLevel = max(sum.maxLevel, found.maxLevel)
        sum.chance += found.chance
        slots[way, default: [:]][version] = sum
      }
    }
    var rows: [EncounterPage.Row] = []
    for way in ways {
      let byVersion = slots[way] ?? [:]
      var alike: [(slots: Slots, versions: [String])] = []
      for version in versions {
        guard let found = byVersion[version] else { continue }
        if let index = alike.firstIndex(where: { $0.slots == found }) {
          alike[index].versions.append(version)
        } else {
          alike.append((found, [version]))
        }
      }
      rows += alike.map { group in
        EncounterPage.Row(
          place: place, area: SafeText.line(encounter.locationArea.name), method: way.method,
          minLevel: group.slots.minLevel, maxLevel: group.slots.maxLevel,
          chance: group.slots.chance, conditions: way.conditions, versions: group.versions)
      }
    }
    return merged(rows)
  }

  /// Rows alike but for the values of one kind of condition (the same place, method, levels,
  /// chance, versions and other conditions: one per weather, say) made one, that kind's values
  /// together (`weather: rain or fog`). Rows that differ otherwise (one with a condition, one
  /// without) stay apart: together they would say something the data does not.
  static func merged(_ rows: [EncounterPage.Row]) -> [EncounterPage.Row] {
    var merged: [EncounterPage.Row] = []
    for row in rows {
      if let index = merged.firstIndex(where: { EncounterPage.differOnlyInOneKind($0, row) }) {
        for condition in row.conditions where !merged[index].conditions.contains(condition) {
          merged[index].conditions.append(condition)
        }
      } else {
        merged.append(row)
      }
    }
    return merged
  }

  /// The pokemon's slug, and the species it evolves from (for a species' own pokemon).
  private static func pokemonName(
    _ id: Int, client: any PokeAPIClient
  ) async throws(APIError) -> (pokemon: String, evolvesFrom: String?) {
    guard id < 10_000 else { return ("pokemon-\(id)", nil) }
    let species = try await client.species(.id(id))
    return (species.name, species.evolvesFromSpecies?.name)
  }
}
