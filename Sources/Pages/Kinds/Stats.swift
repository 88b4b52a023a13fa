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
  public var names: [LocalizedText]
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
    names = try Localized.decode(c, .names)
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

/// What `stats` is asked, as typed: a species (else the open one), a level, a nature, and the
/// IVs and EVs given, by stat slug.
public struct StatsQuery: Sendable, Equatable {
  /// Why the words cannot be read, in one line.
  public struct Problem: Error, Sendable, Equatable {
    public var message: String

    public init(message: String) { self.message = message }
  }

  public var species: String?
  public var level = 50
  public var nature: String?
  public var ivs: [String: Int] = [:]
  public var evs: [String: Int] = [:]
  /// Whether any option was given (without, the page also shows each stat's range).
  public var hasOptions = false

  /// The six stats, in the games' order.
  public static let stats = [
    "hp", "attack", "defense", "special-attack", "special-defense", "speed",
  ]
  /// The options, each taking one value.
  public static let options = ["--level", "--nature", "--ivs", "--evs"]
  static let usage = "stats [NAME] [--level N] [--nature X] [--ivs SPREAD] [--evs SPREAD]"

  public init() {}

  /// The words after `stats` (lowercased): `garchomp --level 50 --nature jolly --evs 252spe`;
  /// `--level=50` too.
  public init(_ words: [String]) throws(Problem) {
    var index = 0
    var given: Set<String> = []
    while index < words.count {
      var word = words[index]
      var value: String?
      if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
        value = String(word[word.index(after: equals)...])
        word = String(word[..<equals])
      }
      guard word.hasPrefix("-") else {
        if let species {
          throw Problem(
            message: "\"stats\" takes one species (not \"\(species)\" and \"\(word)\").")
        }
        species = word
        index += 1
        continue
      }
      guard Self.options.contains(word) else {
        throw Problem(
          message: "\"stats\" takes --level, --nature, --ivs and --evs (not \"\(word)\").")
      }
      guard given.insert(word).inserted else {
        throw Problem(message: "\"\(word)\" is given twice.")
      }
      if value == nil, index + 1 < words.count, !words[index + 1].hasPrefix("--") {
        value = words[index + 1]
        index += 1
      }
      guard let value, !value.isEmpty else {
        throw Problem(message: "\"\(word)\" needs a value: \(Self.usage).")
      }
      hasOptions = true
      switch word {
      case "--level":
        guard let level = Int(value), (1...100).contains(level) else {
          throw Problem(message: "The level is a number from 1 to 100 (not \"\(value)\").")
        }
        self.level = level
      case "--nature": nature = value
      case "--ivs": ivs = try Self.spread(value, option: word, most: 31, total: nil)
      default: evs = try Self.spread(value, option: word, most: 252, total: 510)
      }
      index += 1
    }
  }

  /// The value of each stat in `text`, as trainers write them: by stat (`252spe,252atk,4hp`,
  /// `spe252`), all six in order (`31/31/31/31/31/0`), or one for every stat (`31`); each at
  /// most `most`, together at most `total`.
  static func spread(_ text: String, option: String, most: Int, total: Int?) throws(Problem)
    -> [String: Int]
  {
    let items = text.split(whereSeparator: { $0 == "," || $0 == "/" || $0 == "+" }).map(
      String.init)
    let what = option == "--ivs" ? "IV" : "EV"
    let example =
      option == "--ivs" ? "--ivs 31/31/31/31/31/0 or --ivs 0spe" : "--evs 252spe,252atk,4hp"
    var values: [String: Int] = [:]
    if items.count == 1, let all = Int(items[0]) {
      values = Dictionary(uniqueKeysWithValues: stats.map { ($0, all) })
    } else if items.count == 6, items.allSatisfy({ Int($0) != nil }) {
      values = Dictionary(uniqueKeysWithValues: zip(stats, items.compactMap { Int($0) }))
    } else {
      for item in items {
        let digits = item.filter(\.isNumber)
        let letters = item.filter { !$0.isNumber }
        guard let number = Int(digits), !letters.isEmpty,
          item.hasPrefix(digits) || item.hasSuffix(digits)
        else {
          throw Problem(message: "\"\(item)\" is not a stat's \(what) (e.g. \(example)).")
        }
        guard let stat = statNamed(letters) else {
          throw Problem(
            message:
              "\"\(letters)\" is not a stat: hp, atk, def, spa, spd or spe (e.g. \(example)).")
        }
        guard values[stat] == nil else {
          throw Problem(message: "\(option) gives \(DisplayName.stat(stat)) twice.")
        }
        values[stat] = number
      }
    }
    for stat in stats {
      guard let value = values[stat], value > most else { continue }
      throw Problem(
        message: "\(what)s are 0 to \(most) (not \(value) for \(StatsPage.statName(stat))).")
    }
    if let total, values.values.reduce(0, +) > total {
      throw Problem(
        message: "EVs add up to at most \(total) (these add up to \(values.values.reduce(0, +))).")
    }
    return values
  }

  /// The stat an abbreviation names: Showdown's (`hp`, `atk`, `def`, `spa`, `spd`, `spe`), the
  /// games' (`sp.atk`, `spdef`) or the slug.
  static func statNamed(_ text: String) -> String? {
    let folded = text.lowercased().filter { $0.isLetter }
    switch folded {
    case "hp", "h": return "hp"
    case "atk", "attack", "at", "a": return "attack"
    case "def", "defense", "defence", "df", "b": return "defense"
    case "spa", "spatk", "satk", "sa", "specialattack", "c": return "special-attack"
    case "spd", "spdef", "sdef", "sd", "specialdefense", "specialdefence": return "special-defense"
    case "spe", "speed", "sp", "s": return "speed"
    default: return nil
    }
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
    public var iv: Int
    public var ev: Int
    /// What the nature multiplies it by: 1.1, 0.9 or 1.
    public var nature: Double
    /// The stat at the page's level.
    public var value: Int
    /// At level 50 and 100, from 0 IV and 0 EV with a hindering nature to 31 IV and 252 EV
    /// with a helping one; only when no option was given.
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

  public var address: PageAddress {
    PageAddress(
      kind: StatsFeature.command.name,
      key: PageTarget.arguments(selection: nil, words: [pokemon] + options).key)
  }
  public var title: String { "\(displayName) · stats" }
  public var links: [String: [String]] {
    ["open": [pokemon], "nature": nature.map { [$0] } ?? []]
  }

  public var document: PageDocument {
    let ranges = rows.contains { $0.range50 != nil }
    var columns: [PageDocument.Table.Column] = [
      .init("Stat"), .init("Base", .right), .init("IV", .right), .init("EV", .right),
      .init("Nature"), .init("Lv \(level)", .right),
    ]
    if ranges { columns += [.init("Lv 50 range", .right), .init("Lv 100 range", .right)] }
    func range(_ range: Range?) -> Span {
      range.map { Span("\($0.min)–\($0.max)") } ?? Span("—", .dim)
    }
    var cells = rows.map { row -> [Span] in
      let nature =
        row.nature > 1 ? Span("+10%", .strong) : (row.nature < 1 ? Span("−10%") : Span("", .dim))
      var cells = [
        Span(row.name, .strong), Span(String(row.base)), Span(String(row.iv)),
        Span(String(row.ev)), nature, Span(String(row.value), .strong),
      ]
      if ranges { cells += [range(row.range50), range(row.range100)] }
      return cells
    }
    var total = [
      Span("Total", .strong), Span(String(rows.map(\.base).reduce(0, +))), Span(""), Span(""),
      Span(""), Span(String(rows.map(\.value).reduce(0, +)), .strong),
    ]
    if ranges { total += [Span(""), Span("")] }
    cells.append(total)
    let evs = rows.filter { $0.ev > 0 }.map { "\($0.ev) \($0.name)" }
    let ivs = Set(rows.map(\.iv)).count == 1 ? "\(rows.first?.iv ?? 31) IVs" : "IVs as given"
    var subtitle = ["Level \(level)", natureName.map { "\($0) nature" } ?? "a neutral nature", ivs]
    subtitle.append(evs.isEmpty ? "no EVs" : "EVs " + evs.joined(separator: ", "))
    var blocks: [PageDocument.Block] = [.table(.init(columns: columns, rows: cells))]
    if ranges {
      blocks.append(
        .hint(
          "Ranges: 0 IV and 0 EV with a hindering nature to 31 IV and 252 EV with a helping one."))
    }
    blocks.append(
      .hint(
        "stats --level 100 --nature NAME --evs 252spe,252atk,4hp · nature \(nature ?? "NAME") · back"
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
      check: { words in
        do throws(StatsQuery.Problem) {
          _ = try StatsQuery(words)
          return nil
        } catch {
          return error.message
        }
      }),
    summary: "Work out the open species' actual stats.",
    details: """
      Works out the stats of the open species (or NAME, or a form: raichu-alola) with the \
      games' formulas. OPTIONS: --level N (50 unless given), --nature X (a neutral one \
      unless given), --ivs SPREAD (31 each unless given), --evs SPREAD (none unless given). A spread is \
      written as trainers write it: by stat (252spe,252atk,4hp; hp, atk, def, spa, spd, \
      spe), all six in order (31/31/31/31/31/0), or one number for all (0). EVs are 0 to \
      252 each and 510 in all, IVs 0 to 31. Without options it also shows each stat's \
      range at levels 50 and 100.
      """,
    examples: [
      "stats garchomp", "stats garchomp --level 50 --nature jolly --evs 252spe",
      "stats --level 100 --ivs 31/0/31/31/31/31",
    ],
    feature: "stats")

  /// The kind with its command, for the list of kinds (``PageKinds``).
  public static let declaration = PageKindDeclaration(command) { services in
    kind(client: services.client, details: services.details)
  }

  /// `stats [NAME] [options]`, about NAME or the selected species.
  public static func kind(client: any PokeAPIClient, details: any SpeciesDetails) -> PageKind {
    PageKind(
      name: command.name, example: "garchomp --level 50", subject: .arguments, names: nil
    ) { request async throws(PageError) in
      try await page(request, client: client, details: details)
    }
  }

  static func page(
    _ request: PageRequest, client: any PokeAPIClient, details: any SpeciesDetails
  ) async throws(PageError) -> StatsPage {
    guard case .arguments(let selection, let words) = request.target,
      let query = try? StatsQuery(words.map { $0.lowercased() })
    else {
      throw .invalidName(kind: "stats", example: "garchomp --level 50")
    }
    guard let input = query.species ?? selection else { throw .needsSelection(kind: "stats") }
    let detail: SpeciesDetailViewModel
    do throws(DetailError) {
      detail = try await details.open(input)
    } catch {
      throw PageError(error, kind: "stats", example: "garchomp --level 50")
    }
    let pokemonID = detail.form?.pokemonID ?? detail.id
    async let natureEffect = nature(query.nature, client: client, request: request)
    let pokemon: Pokemon
    do throws(APIError) {
      pokemon = try await client.pokemon(id: pokemonID)
    } catch {
      _ = await natureEffect
      throw .api(error)
    }
    let nature = try await natureEffect.get()
    let base = Dictionary(
      pokemon.stats.map { ($0.stat.name, $0.baseStat) }, uniquingKeysWith: { first, _ in first })
    let isShedinja = pokemon.name == "shedinja"
    let rows = StatsQuery.stats.compactMap { stat -> StatsPage.Row? in
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
        stat: stat,
        name: request.glossary.language == nil
          ? StatsPage.statName(stat) : request.glossary.stat(stat),
        base: base, iv: iv, ev: ev, nature: Double(tenths) / 10,
        value: StatsPage.value(
          stat, base: base, iv: iv, ev: ev, level: query.level, tenths: tenths,
          isShedinja: isShedinja),
        range50: range(50), range100: range(100))
    }
    // The options as given, to open the same page again (none: the page with the ranges).
    var options: [String] = []
    if query.hasOptions {
      options = ["--level", String(query.level)]
      if let nature { options += ["--nature", nature.name] }
      for (option, values, usual) in [("--ivs", query.ivs, 31), ("--evs", query.evs, 0)]
      where !values.isEmpty {
        options += [
          option, StatsQuery.stats.map { String(values[$0] ?? usual) }.joined(separator: "/"),
        ]
      }
    }
    var localizer = Localizer(request.glossary)
    return StatsPage(
      pokemonID: pokemonID, pokemon: detail.form?.name ?? detail.name,
      displayName: detail.displayName, level: query.level, nature: nature?.name,
      natureName: nature.map { localizer.name($0.names, slug: $0.name) }, rows: rows,
      options: options)
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
