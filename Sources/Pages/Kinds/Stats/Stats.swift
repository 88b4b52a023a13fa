import APIClient
import CommandLanguage
import DetailModels
import Models

/// `GET nature/{id or name}`, the stats it raises and lowers and its names: what `stats` reads,
/// apart from the nature page's decoding.
public struct NatureEffect: APIResource, Hashable {
  public static let path = "nature"
  public static let representation = "nature-effect+languages"

  public var id: Int
  public var name: String
  @Localized public var names: [LocalizedText]
  /// The stat raised by 10 % (`speed`); the same as ``decreasedStat`` for a neutral nature.
  public var increasedStat: String?
  /// The stat lowered by 10 %.
  public var decreasedStat: String?

  public init(
    id: Int, name: String, names: [LocalizedText] = [], increasedStat: String? = nil,
    decreasedStat: String? = nil
  ) {
    self.id = id
    self.name = name
    self.names = names
    self.increasedStat = increasedStat
    self.decreasedStat = decreasedStat
  }

  enum CodingKeys: String, CodingKey {
    case id, name, names
    case increasedStat = "increased_stat"
    case decreasedStat = "decreased_stat"
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    id = try c.decode(Int.self, forKey: .id)
    name = try c.decode(String.self, forKey: .name)
    _names = try c.decode(Localized.self, forKey: .names)
    // The API's references, or the slugs alone as they are kept.
    func stat(_ key: CodingKeys) throws -> String? {
      if let slug = try? c.decodeIfPresent(String.self, forKey: key) { return slug }
      return try c.decodeIfPresent(NamedResource.self, forKey: key)?.name
    }
    increasedStat = try stat(.increasedStat)
    decreasedStat = try stat(.decreasedStat)
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(id, forKey: .id)
    try c.encode(name, forKey: .name)
    try c.encode(names, forKey: .names)
    try c.encodeIfPresent(increasedStat, forKey: .increasedStat)
    try c.encodeIfPresent(decreasedStat, forKey: .decreasedStat)
  }

  /// What it multiplies `stat` by, in tenths: 11 for the stat it raises, 9 for the one it
  /// lowers, 10 otherwise (and for every stat of a neutral nature).
  public func tenths(_ stat: String) -> Int {
    guard increasedStat != decreasedStat else { return 10 }
    return stat == increasedStat ? 11 : (stat == decreasedStat ? 9 : 10)
  }
}

/// The `stats [NAME] [--level N] [--nature X] [--ivs …] [--evs …]` page: a species' (or
/// form's) actual stats, worked out with the games' formulas.
public struct StatsPage: Page, Codable, Equatable {
  /// The lowest and highest a stat can be at a level.
  public struct Range: Codable, Sendable, Equatable {
    public var min: Int
    public var max: Int

    public init(min: Int, max: Int) {
      self.min = min
      self.max = max
    }
  }

  /// One stat.
  public struct Row: Codable, Sendable, Equatable {
    /// The stat's slug (`speed`).
    public var stat: String
    /// Its name in full in the page's language (`Speed`).
    public var name: String
    public var base: Int
    /// From Generation III: its IV, EV and what the nature multiplies it by (1.1, 0.9 or 1).
    public var iv: Int?
    public var ev: Int?
    public var nature: Double?
    /// In Generations I and II: its DV (HP's made from the others') and stat experience.
    public var dv: Int?
    public var statExp: Int?
    /// The stat at the page's level.
    public var value: Int
    /// At level 50 and 100, from 0 IV and 0 EV with a hindering nature to 31 IV and 252 EV
    /// with a helping one (in Generations I and II, from DV 0 without stat experience to DV
    /// 15 with 65535); only when no option was given.
    public var range50: Range?
    public var range100: Range?
  }

  /// The pokemon's id and slug (the form's, for a form).
  public var pokemonID: Int
  public var pokemon: String
  /// Its name in the page's language.
  public var displayName: String
  public var level: Int
  /// The nature's slug; `nil` when none was given (a neutral one is used).
  public var nature: String?
  /// The nature's name in the page's language.
  public var natureName: String?
  public var rows: [Row]
  /// The options as given (`--level 50 --nature jolly`), to open the page again.
  public var options: [String]
  /// With a game, its generation, whose formulas and base stats the rows follow (1 for Red:
  /// DVs, stat experience, one Special); `nil`: today's.
  public var generation: Int?
  /// The session's game, when one is played.
  public var gameName: String?
  /// With a game, the generation the species came in when that is after the game's: the
  /// rows are then today's.
  public var cameLater: Int?

  /// Whether the rows follow Generations I and II (DVs and stat experience).
  var isOld: Bool { generation.map { $0 <= StatsFeature.lastOldGeneration } ?? false }

  /// A stat's name in full, in English (`special-attack` → `Special Attack`).
  public static func statName(_ slug: String) -> String {
    slug == "hp" ? "HP" : DisplayName.words(slug)
  }

  /// The stat at `level`: HP = ⌊(2B + IV + ⌊EV/4⌋) × L/100⌋ + L + 10 (Shedinja's is 1); the
  /// others ⌊(⌊(2B + IV + ⌊EV/4⌋) × L/100⌋ + 5) × N⌋, N being 1.1, 0.9 or 1 (`tenths` 11, 9, 10).
  public static func value(
    _ stat: String, base: Int, iv: Int, ev: Int, level: Int, tenths: Int = 10,
    isShedinja: Bool = false
  ) -> Int {
    let scaled = (2 * base + iv + ev / 4) * level / 100
    if stat == "hp" { return isShedinja ? 1 : scaled + level + 10 }
    return (scaled + 5) * tenths / 10
  }

  /// A stat in Generations I and II: HP = ⌊((B + DV) × 2 + ⌊⌈√E⌉ / 4⌋) × L/100⌋ + L + 10; the
  /// others ⌊((B + DV) × 2 + ⌊⌈√E⌉ / 4⌋) × L/100⌋ + 5, E the stat experience (⌈√E⌉ at most 255).
  public static func oldValue(_ stat: String, base: Int, dv: Int, statExp: Int, level: Int) -> Int {
    let root = statExp <= 0 ? 0 : min(255, Int(Double(statExp - 1).squareRoot()) + 1)
    let scaled = ((base + dv) * 2 + root / 4) * level / 100
    return stat == "hp" ? scaled + level + 10 : scaled + 5
  }

  /// HP's DV in Generations I and II: the lowest bit of Attack's, Defense's, Speed's and
  /// Special's, in that order.
  public static func hpDV(_ dvs: [String: Int]) -> Int {
    StatsQuery.dvStats.reduce(0) { $0 << 1 | ((dvs[$1] ?? 15) & 1) }
  }

  public var address: PageAddress {
    PageAddress(
      kind: StatsFeature.command.name,
      target: .arguments(selection: nil, words: [pokemon] + options))
  }
  public var title: String { "\(displayName) · stats" }
  public var links: [String: [String]] {
    ["open": [pokemon], "nature": nature.map { [$0] } ?? []]
  }

  public var document: PageDocument {
    let ranges = rows.contains { $0.range50 != nil }
    var columns: [PageDocument.Table.Column] =
      isOld
      ? [
        .init("Stat"), .init("Base", .right), .init("DV", .right), .init("Stat exp", .right),
        .init("Lv \(level)", .right),
      ]
      : [
        .init("Stat"), .init("Base", .right), .init("IV", .right), .init("EV", .right),
        .init("Nature"), .init("Lv \(level)", .right),
      ]
    if ranges { columns += [.init("Lv 50 range", .right), .init("Lv 100 range", .right)] }
    func range(_ range: Range?) -> Span {
      range.map { Span("\($0.min)–\($0.max)") } ?? Span("—", .dim)
    }
    var cells = rows.map { row -> [Span] in
      let tenths = row.nature ?? 1
      let nature =
        tenths > 1 ? Span("+10%", .strong) : (tenths < 1 ? Span("−10%") : Span("", .dim))
      var cells =
        isOld
        ? [
          Span(row.name, .strong), Span(String(row.base)), Span(String(row.dv ?? 15)),
          Span(String(row.statExp ?? 0)), Span(String(row.value), .strong),
        ]
        : [
          Span(row.name, .strong), Span(String(row.base)), Span(String(row.iv ?? 31)),
          Span(String(row.ev ?? 0)), nature, Span(String(row.value), .strong),
        ]
      if ranges { cells += [range(row.range50), range(row.range100)] }
      return cells
    }
    var total =
      [Span("Total", .strong), Span(String(rows.map(\.base).reduce(0, +)))]
      + Array(repeating: Span(""), count: isOld ? 2 : 3)
      + [Span(String(rows.map(\.value).reduce(0, +)), .strong)]
    if ranges { total += [Span(""), Span("")] }
    cells.append(total)
    var subtitle = ["Level \(level)"]
    if isOld {
      let dvs = Set(rows.compactMap(\.dv))
      subtitle.append(dvs.count == 1 ? "DVs \(dvs.first ?? 15)" : "DVs as given")
      let exp = rows.filter { ($0.statExp ?? 0) > 0 }.map { "\($0.statExp ?? 0) \($0.name)" }
      let every = Set(rows.map { $0.statExp ?? 0 })
      subtitle.append(
        exp.isEmpty
          ? "no stat experience"
          : every.count == 1
            ? "stat exp \(every.first ?? 0) each" : "stat exp " + exp.joined(separator: ", "))
    } else {
      let evs = rows.filter { ($0.ev ?? 0) > 0 }.map { "\($0.ev ?? 0) \($0.name)" }
      let ivs =
        Set(rows.map(\.iv)).count == 1 ? "\(rows.first?.iv ?? 31) IVs" : "IVs as given"
      subtitle += [natureName.map { "\($0) nature" } ?? "a neutral nature", ivs]
      subtitle.append(evs.isEmpty ? "no EVs" : "EVs " + evs.joined(separator: ", "))
    }
    if let generation, let gameName, cameLater == nil {
      subtitle.append("\(gameName) (\(DisplayName.generation(generation)))")
    }
    var blocks: [PageDocument.Block] = []
    if cameLater != nil {
      blocks.append(.fields(GameFacts.laterField(cameLater, gameName: gameName)))
    }
    blocks.append(.table(.init(columns: columns, rows: cells)))
    if ranges {
      blocks.append(
        .hint(
          isOld
            ? "Ranges: DV 0 without stat experience to DV 15 with 65535."
            : "Ranges: 0 IV and 0 EV with a hindering nature to 31 IV and 252 EV with a helping one."
        ))
    }
    blocks.append(
      .hint(
        isOld
          ? "stats --level 100 --dvs 15/15/15/15 --statexp 65535 · back"
          : "stats --level 100 --nature NAME --evs 252spe,252atk,4hp · nature \(nature ?? "NAME") · back"
      ))
    return PageDocument(
      title: title, subtitle: subtitle.joined(separator: " · "), blocks: blocks)
  }
}

/// The stats pages over the species' details and the client.
public enum StatsFeature {
  /// The `stats` command: its words, help, arguments and feature flag.
  public static let command = CommandSpec.page(
    "stats",
    arguments: .speciesAndOptions(
      syntax: "[NAME] [OPTIONS]",
      options: StatsQuery.options, values: ["--nature": NatureEffect.path],
      reading: StatsQuery.self),
    group: .species, summary: "Its actual stats at a level",
    details: """
      Works out the stats of the open species (or NAME, or a form: raichu-alola) with the \
      games' formulas. OPTIONS: --level N (50 unless given), --nature X (a neutral one \
      unless given), --ivs SPREAD (31 each unless given), --evs SPREAD (none unless given). A spread is \
      written as trainers write it: by stat (252spe,252atk,4hp; hp, atk, def, spa, spd, \
      spe), all six in order (31/31/31/31/31/0), or one number for all (0). EVs are 0 to \
      252 each and 510 in all, IVs 0 to 31. Without options it also shows each stat's \
      range at levels 50 and 100. In a game of Generations I and II (see "game") the \
      games' own formulas and base stats: --dvs SPREAD (Attack, Defense, Speed, Special, 0 \
      to 15, 15 unless given; HP's DV is made from them) and --statexp SPREAD (HP, Attack, \
      Defense, Speed, Special, 0 to 65535, none unless given) instead of IVs, EVs and a \
      nature; Generation I has one Special stat, Generation II's Sp. Atk and Sp. Def share \
      Special's DV and stat experience.
      """,
    examples: [
      "stats garchomp", "stats garchomp --level 50 --nature jolly --evs 252spe",
      "stats --level 100 --ivs 31/0/31/31/31/31", "game red", "stats 6 --dvs 15/15/15/15",
    ],
    feature: "stats")

  /// The kind with its command, for the list of kinds (``PageKinds``).
  public static let declaration = PageKindDeclaration(command) { services in
    kind(client: services.client, details: services.details)
  }

  /// `stats [NAME] [options]`, about NAME or the selected species.
  public static func kind(client: any PokeAPIClient, details: any SpeciesDetails) -> PageKind {
    PageKind(
      command, example: "garchomp --level 50", names: nil
    ) { request async throws(PageError) in
      try await page(request, client: client, details: details)
    }
  }

  static func page(
    _ request: PageRequest, client: any PokeAPIClient, details: any SpeciesDetails
  ) async throws(PageError) -> StatsPage {
    let (selection, query) = try request.arguments(
      StatsQuery.self, kind: StatsFeature.command.name, example: "garchomp --level 50")
    let detail = try await SpeciesPages.one(
      query.species, selection: selection, details: details, glossary: request.glossary,
      kind: StatsFeature.command.name,
      example: "garchomp --level 50")
    let pokemonID = detail.form?.pokemonID ?? detail.id
    // The game's generation sets the formulas and the base stats; a species of a later
    // generation is worked out as today.
    let gameGeneration = await GameFacts.generation(of: request.game, client: client)
    if Task.isCancelled { throw .api(.cancelled) }
    let introduced =
      gameGeneration == nil ? nil : await GameFacts.introduced(detail, client: client)
    let cameLater = GameFacts.cameLater(introduced, generation: gameGeneration)
    let generation = cameLater == nil ? gameGeneration : nil
    let gameName = GameFacts.name(of: request)
    if let refusal = refusal(query, generation: generation, gameName: gameName) {
      throw .refused(refusal)
    }
    async let natureEffect = nature(query.nature, client: client, request: request)
    let pokemon: Pokemon
    do throws(APIError) {
      pokemon = try await client.pokemon(id: pokemonID)
    } catch {
      _ = await natureEffect
      throw .api(error)
    }
    let nature = try await natureEffect.get()
    let stats = pokemon.stats(in: generation)
    let base = Dictionary(
      stats.map { ($0.stat.name, $0.baseStat) }, uniquingKeysWith: { first, _ in first })
    func name(_ stat: String) -> String {
      request.glossary.language == nil ? StatsPage.statName(stat) : request.glossary.stat(stat)
    }
    let rows: [StatsPage.Row]
    if let generation, generation <= lastOldGeneration {
      rows = oldRows(query, base: base, order: stats.map(\.stat.name), name: name)
    } else {
      rows = modernRows(
        query, base: base, nature: nature, isShedinja: pokemon.name == "shedinja", name: name)
    }
    // The options as given, to open the same page again (none: the page with the ranges).
    var options: [String] = []
    if query.hasOptions {
      options = ["--level", String(query.level)]
      if let nature { options += ["--nature", nature.name] }
      let spreads = [
        ("--ivs", query.ivs, 31, StatsQuery.stats), ("--evs", query.evs, 0, StatsQuery.stats),
        ("--dvs", query.dvs, 15, StatsQuery.dvStats),
        ("--statexp", query.statExp, 0, StatsQuery.statExpStats),
      ]
      for (option, values, usual, order) in spreads where !values.isEmpty {
        options += [option, order.map { String(values[$0] ?? usual) }.joined(separator: "/")]
      }
    }
    var localizer = Localizer(request.glossary)
    var page = StatsPage(
      pokemonID: pokemonID, pokemon: detail.form?.name ?? detail.name,
      displayName: detail.displayName, level: query.level, nature: nature?.name,
      natureName: nature.map { localizer.name($0.names, slug: $0.name) }, rows: rows,
      options: options)
    page.generation = generation
    page.gameName = gameName
    page.cameLater = cameLater
    return page
  }

  /// The last generation of DVs and stat experience (Gold, Silver and Crystal).
  public static let lastOldGeneration = 2

  /// Why the options do not fit the game, in one line: a nature, IVs or EVs before Generation
  /// III, DVs or stat experience after Generation II; `nil` when they fit.
  static func refusal(_ query: StatsQuery, generation: Int?, gameName: String?) -> String? {
    let old = (generation ?? 9) <= lastOldGeneration
    let game = gameName ?? "this game"
    if old,
      let option = StatsQuery.options.first(where: {
        query.given.contains($0) && StatsQuery.modernOptions.contains($0)
      })
    {
      let what = option == "--nature" ? "Natures" : option == "--ivs" ? "IVs" : "EVs"
      let instead =
        option == "--nature" ? "" : option == "--ivs" ? ": use --dvs" : ": use --statexp"
      return "\(what) came in Generation III: \(game) has none (\(option))\(instead)."
    }
    if !old,
      let option = StatsQuery.options.first(where: {
        query.given.contains($0) && StatsQuery.oldOptions.contains($0)
      })
    {
      let what = option == "--dvs" ? "DVs" : "Stat experience"
      let instead = option == "--dvs" ? "--ivs" : "--evs"
      guard generation != nil else {
        return "\(what) (\(option)) are Generations I and II's: use \(instead)."
      }
      return "\(what) (\(option)) are Generations I and II's, not \(game)'s: use \(instead)."
    }
    return nil
  }

  /// The rows of Generations I and II, in `order` (the game's stats: Special in Generation I):
  /// DVs 15 and no stat experience unless given, HP's DV made from the others'; in Generation
  /// II Sp. Atk and Sp. Def share Special's DV and stat experience.
  static func oldRows(
    _ query: StatsQuery, base: [String: Int], order: [String], name: (String) -> String
  ) -> [StatsPage.Row] {
    func kept(_ stat: String) -> String {
      stat == "special-attack" || stat == "special-defense" ? "special" : stat
    }
    return order.compactMap { stat -> StatsPage.Row? in
      guard let base = base[stat] else { return nil }
      let dv = stat == "hp" ? StatsPage.hpDV(query.dvs) : query.dvs[kept(stat)] ?? 15
      let exp = query.statExp[kept(stat)] ?? 0
      func range(_ level: Int) -> StatsPage.Range? {
        guard !query.hasOptions else { return nil }
        return StatsPage.Range(
          min: StatsPage.oldValue(stat, base: base, dv: 0, statExp: 0, level: level),
          max: StatsPage.oldValue(stat, base: base, dv: 15, statExp: 65535, level: level))
      }
      return StatsPage.Row(
        stat: stat, name: name(stat), base: base, dv: dv, statExp: exp,
        value: StatsPage.oldValue(stat, base: base, dv: dv, statExp: exp, level: query.level),
        range50: range(50), range100: range(100))
    }
  }

  /// The rows from Generation III on: IVs 31, no EVs and a neutral nature unless given.
  static func modernRows(
    _ query: StatsQuery, base: [String: Int], nature: NatureEffect?, isShedinja: Bool,
    name: (String) -> String
  ) -> [StatsPage.Row] {
    StatsQuery.stats.compactMap { stat -> StatsPage.Row? in
      guard let base = base[stat] else { return nil }
      let iv = query.ivs[stat] ?? 31
      let ev = query.evs[stat] ?? 0
      let tenths = nature?.tenths(stat) ?? 10
      func range(_ level: Int) -> StatsPage.Range? {
        guard !query.hasOptions else { return nil }
        let hindering = stat == "hp" ? 10 : 9
        let helping = stat == "hp" ? 10 : 11
        return StatsPage.Range(
          min: StatsPage.value(
            stat, base: base, iv: 0, ev: 0, level: level, tenths: hindering,
            isShedinja: isShedinja),
          max: StatsPage.value(
            stat, base: base, iv: 31, ev: 252, level: level, tenths: helping,
            isShedinja: isShedinja))
      }
      return StatsPage.Row(
        stat: stat, name: name(stat), base: base, iv: iv, ev: ev, nature: Double(tenths) / 10,
        value: StatsPage.value(
          stat, base: base, iv: iv, ev: ev, level: query.level, tenths: tenths,
          isShedinja: isShedinja),
        range50: range(50), range100: range(100))
    }
  }

  /// The nature `typed` names: its slug (one request), else whatever the nature kind resolves
  /// it to (its names in English and in the session's language); `nil` when none was typed.
  static func nature(
    _ typed: String?, client: any PokeAPIClient, request: PageRequest
  ) async -> Result<NatureEffect?, PageError> {
    guard let typed else { return .success(nil) }
    do throws(APIError) {
      return .success(try await client.resource(NatureEffect.self, NameQuery.normalize(typed)))
    } catch .notFound {
      // Not a slug: resolved among the natures' names.
    } catch {
      return .failure(.api(error))
    }
    let slug: String
    do throws(PageError) {
      slug = try await request.slug(NatureEffect.path, typed)
    } catch {
      return .failure(error)
    }
    do throws(APIError) {
      return .success(try await client.resource(NatureEffect.self, slug))
    } catch {
      return .failure(.api(error))
    }
  }
}
