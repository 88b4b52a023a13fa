import APIClient
import Models
import Pages

/// `GET location-area/{id}`: a place's English name (`Trophy Garden`) and the location it is in.
public struct LocationArea: APIResource, Hashable {
  public static let path = "location-area"
  public static let representation = "location-area+languages"

  public var id: Int
  public var name: String
  public var names: [LocalizedText]
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

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    id = try c.decode(Int.self, forKey: .id)
    name = try c.decode(String.self, forKey: .name)
    names = try Localized.decode(c, .names)
    location = try c.decodeIfPresent(NamedResource.self, forKey: .location)
  }

  /// Its name in the language of `words` (English where it has none), else its slug in words
  /// without the API's `-area` (`Kanto Route 12`).
  public func displayName(_ words: inout Localizer) -> String {
    let slug = name.hasSuffix("-area") ? String(name.dropLast("-area".count)) : name
    return words.name(names, slug: slug)
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
    /// The chance in percent (the slots of one version added up; the highest over its versions).
    public var chance: Int
    /// The conditions' slugs (`time-night`, `swarm-yes`).
    public var conditions: [String]
    /// The versions it applies to (the game's versions, in order; all of them when not all).
    public var versions: [String]
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

  public var address: PageAddress {
    PageAddress(kind: "where", key: game.isEmpty ? "\(pokemonID)" : "\(pokemonID) \(game)")
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
    let places = Set(rows.map(\.area)).count
    let table = PageDocument.Table(
      columns: [
        .init("Place"), .init("Method"), .init("Levels", .right), .init("Chance", .right),
        .init("When"),
      ],
      rows: rows.map { row in
        let levels =
          row.minLevel == row.maxLevel ? "\(row.minLevel)" : "\(row.minLevel)–\(row.maxLevel)"
        var when = Self.conditions(row.conditions)
        if row.versions != versions {
          when.insert(row.versions.map(version).joined(separator: ", ") + " only", at: 0)
        }
        return [
          Span(row.place, .strong), Span(Self.method(row.method)), Span(levels),
          Span(row.chance > 0 ? "\(row.chance)%" : "—"),
          Span(when.isEmpty ? "" : when.joined(separator: ", "), .dim),
        ]
      })
    let others = games.count - 1
    return PageDocument(
      title: "\(name) · where to find it",
      subtitle: versions.map(version).joined(separator: ", ")
        + " · \(places) place\(places == 1 ? "" : "s")",
      blocks: [.table(table)] + PageDocument.note(fallbackNote) + [
        .hint(
          "where --game NAME" + (others > 0 ? " (\(others) other games)" : "") + " · back")
      ])
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

  /// Conditions in words, those of one kind together (`weather: rain, fog`).
  public static func conditions(_ slugs: [String]) -> [String] {
    let kinds = [
      "weather-", "story-progress-", "max-den-rarity-", "max-den-rating-", "season-", "time-",
    ]
    var words: [String] = []
    var grouped: [String: [String]] = [:]
    var kindOrder: [String] = []
    for slug in slugs {
      guard let kind = kinds.first(where: { slug.hasPrefix($0) }) else {
        words.append(condition(slug))
        continue
      }
      if grouped[kind] == nil { kindOrder.append(kind) }
      grouped[kind, default: []].append(slug)
    }
    for kind in kindOrder {
      let members = grouped[kind] ?? []
      if members.count == 1 {
        words.append(condition(members[0]))
      } else {
        let label = DisplayName.words(String(kind.dropLast())).lowercased()
        let values = members.map {
          DisplayName.words(String($0.dropFirst(kind.count))).lowercased()
        }
        words.append("\(label): " + values.joined(separator: " or "))
      }
    }
    return words
  }

  /// A condition in words (`time-night` → `at night`, `swarm-yes` → `in a swarm`).
  public static func condition(_ slug: String) -> String {
    let known: [String: String] = [
      "time-morning": "in the morning", "time-day": "by day", "time-night": "at night",
      "time-evening": "in the evening", "swarm-yes": "in a swarm", "swarm-no": "no swarm",
      "radar-on": "with the Poké Radar", "radar-off": "without the Poké Radar",
      "radio-off": "radio off", "radio-hoenn": "Hoenn Sound on the radio",
      "radio-sinnoh": "Sinnoh Sound on the radio",
    ]
    if let words = known[slug] { return words }
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

/// The encounter pages over `client`.
public enum EncounterFeature {
  /// `where [--game NAME]`, about the selected species or form: its encounters and the games'
  /// order (one read when kept), then the places' names together: two round trips.
  public static func kind(client: any PokeAPIClient) -> PageKind {
    PageKind(
      name: "where", example: "--game red-blue", subject: .selection,
      names: { () async throws(APIError) in try await client.names(of: VersionGroup.path) },
      show: { request async throws(PageError) in
        try await page(request, client: client)
      })
  }

  static func page(_ request: PageRequest, client: any PokeAPIClient) async throws(PageError)
    -> EncounterPage
  {
    guard let (id, argument) = request.selection else {
      throw .invalidName(kind: "where", example: "--game red-blue")
    }
    async let order = GameOrder.loaded(client)
    let found: PokemonEncounters
    let games: GameOrder
    let name: (pokemon: String, evolvesFrom: String?)
    do throws(APIError) {
      found = try await client.encounters(pokemonID: id)
      games = try await order.get()
      name = try await pokemonName(id, client: client)
    } catch {
      throw .api(error)
    }
    var byGame: [String: (game: NamedResource, versions: [String])] = [:]
    for encounter in found.encounters {
      for detail in encounter.versionDetails {
        let game =
          games.game(of: detail.version.name)
          ?? NamedResource(name: detail.version.name, url: detail.version.url)
        var entry = byGame[game.name] ?? (game, [])
        if !entry.versions.contains(detail.version.name) {
          entry.versions.append(detail.version.name)
        }
        byGame[game.name] = entry
      }
    }
    let ordered = byGame.values.sorted { games.rank($0.game) > games.rank($1.game) }
    guard let newest = ordered.first else {
      return EncounterPage(
        pokemonID: id, pokemon: name.pokemon, game: "", versions: [], games: [], rows: [],
        evolvesFrom: name.evolvesFrom)
    }
    let chosen =
      try argument.map { typed throws(PageError) in
        try resolve(typed, among: ordered, of: name.pokemon)
      } ?? newest
    request.progress("Fetching the places")
    let encounters = found.encounters.filter { encounter in
      encounter.versionDetails.contains { chosen.versions.contains($0.version.name) }
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
    let versionOrder = ordered.flatMap(\.versions)
    let versions = chosen.versions.sorted {
      (versionOrder.firstIndex(of: $0) ?? 0) < (versionOrder.firstIndex(of: $1) ?? 0)
    }
    var rows: [EncounterPage.Row] = []
    var words = Localizer(request.glossary)
    for (encounter, area) in zip(encounters, areas) {
      let place = area?.displayName(&words) ?? DisplayName.words(encounter.locationArea.name)
      rows += Self.rows(encounter, place: place, versions: versions)
    }
    var page = EncounterPage(
      pokemonID: id, pokemon: name.pokemon, game: chosen.game.name, versions: versions,
      games: ordered.map(\.game.name), rows: rows)
    page.fallbackNote = words.note
    if request.glossary.language != nil {
      page.pokemonName = request.glossary.species(id, slug: name.pokemon)
      async let game = GameNames.game(chosen.game.name, glossary: request.glossary, client: client)
      page.versionNames = await GameNames.versions(
        versions, glossary: request.glossary, client: client)
      page.gameName = await game
    }
    return page
  }

  /// One row per way to meet it in `encounter`'s place, in the game's `versions`: chances of
  /// one version's slots added up, levels spanned, the versions it applies to.
  static func rows(
    _ encounter: LocationEncounter, place: String, versions: [String]
  ) -> [EncounterPage.Row] {
    struct Key: Hashable {
      var method: String
      var conditions: [String]
    }
    var rows: [Key: EncounterPage.Row] = [:]
    var order: [Key] = []
    for detail in encounter.versionDetails where versions.contains(detail.version.name) {
      var chances: [Key: Int] = [:]
      for way in detail.encounterDetails {
        let key = Key(
          method: SafeText.line(way.method.name),
          conditions: way.conditionValues.map { SafeText.line($0.name) }.sorted())
        chances[key, default: 0] += way.chance
        var row =
          rows[key]
          ?? EncounterPage.Row(
            place: place, area: SafeText.line(encounter.locationArea.name), method: key.method,
            minLevel: way.minLevel, maxLevel: way.maxLevel, chance: 0,
            conditions: key.conditions, versions: [])
        if rows[key] == nil { order.append(key) }
        row.minLevel = min(row.minLevel, way.minLevel)
        row.maxLevel = max(row.maxLevel, way.maxLevel)
        if !row.versions.contains(detail.version.name) { row.versions.append(detail.version.name) }
        rows[key] = row
      }
      for (key, chance) in chances {
        let highest = rows[key]?.chance ?? 0
        rows[key]?.chance = max(highest, chance)
      }
    }
    let found = order.compactMap { key in
      rows[key].map { row in
        var row = row
        row.versions = versions.filter(row.versions.contains)
        return row
      }
    }
    return merged(found)
  }

  /// Rows alike but for their conditions (the same place, method, levels, chance and versions:
  /// one per weather, say) made one, their conditions together.
  static func merged(_ rows: [EncounterPage.Row]) -> [EncounterPage.Row] {
    struct Key: Hashable {
      var area: String
      var method: String
      var levels: [Int]
      var chance: Int
      var versions: [String]
    }
    var merged: [Key: EncounterPage.Row] = [:]
    var order: [Key] = []
    for row in rows {
      let key = Key(
        area: row.area, method: row.method, levels: [row.minLevel, row.maxLevel],
        chance: row.chance, versions: row.versions)
      if var existing = merged[key] {
        for condition in row.conditions where !existing.conditions.contains(condition) {
          existing.conditions.append(condition)
        }
        merged[key] = existing
      } else {
        merged[key] = row
        order.append(key)
      }
    }
    return order.compactMap { merged[$0] }
  }

  /// The pokemon's slug, and the species it evolves from (for a species' own pokemon).
  private static func pokemonName(
    _ id: Int, client: any PokeAPIClient
  ) async throws(APIError) -> (pokemon: String, evolvesFrom: String?) {
    guard id < 10_000 else { return ("pokemon-\(id)", nil) }
    let species = try await client.species(.id(id))
    return (species.name, species.evolvesFromSpecies?.name)
  }

  /// The game `typed` names among those where it is found: a game or one of its versions, itself
  /// or the only one it starts.
  static func resolve(
    _ typed: String, among games: [(game: NamedResource, versions: [String])], of pokemon: String
  ) throws(PageError) -> (game: NamedResource, versions: [String]) {
    let query = NameQuery.normalize(typed)
    if let exact = games.first(where: { $0.game.name == query || $0.versions.contains(query) }) {
      return exact
    }
    let prefixed = games.filter { entry in
      entry.game.name.hasPrefix(query) || entry.versions.contains { $0.hasPrefix(query) }
    }
    if prefixed.count == 1 { return prefixed[0] }
    if prefixed.count > 1 {
      throw .ambiguous(
        kind: "game", input: SafeText.line(typed),
        candidates: prefixed.prefix(8).map { SafeText.line($0.game.name) },
        total: prefixed.count)
    }
    throw .unknown(
      kind: "game where \(DisplayName.of(pokemon)) is found", input: SafeText.line(typed),
      suggestion: nil)
  }
}
