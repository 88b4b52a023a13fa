import APIClient
import CommandLanguage
import Models

/// `GET type/{id or name}`: a type's whole row and column of the chart, and its pokemon.
public struct TypeResource: APIResource, Hashable {
  /// The six lists of `damage_relations`.
  public struct Relations: Codable, Sendable, Hashable {
    @OrEmpty public var doubleDamageTo: [NamedResource]
    @OrEmpty public var halfDamageTo: [NamedResource]
    @OrEmpty public var noDamageTo: [NamedResource]
    @OrEmpty public var doubleDamageFrom: [NamedResource]
    @OrEmpty public var halfDamageFrom: [NamedResource]
    @OrEmpty public var noDamageFrom: [NamedResource]

    public init(
      doubleDamageTo: [NamedResource] = [], halfDamageTo: [NamedResource] = [],
      noDamageTo: [NamedResource] = [], doubleDamageFrom: [NamedResource] = [],
      halfDamageFrom: [NamedResource] = [], noDamageFrom: [NamedResource] = []
    ) {
      self.doubleDamageTo = doubleDamageTo
      self.halfDamageTo = halfDamageTo
      self.noDamageTo = noDamageTo
      self.doubleDamageFrom = doubleDamageFrom
      self.halfDamageFrom = halfDamageFrom
      self.noDamageFrom = noDamageFrom
    }

    enum CodingKeys: String, CodingKey {
      case doubleDamageTo = "double_damage_to"
      case halfDamageTo = "half_damage_to"
      case noDamageTo = "no_damage_to"
      case doubleDamageFrom = "double_damage_from"
      case halfDamageFrom = "half_damage_from"
      case noDamageFrom = "no_damage_from"
    }
  }

  public static let path = "type"
  public static let representation = "type-page+languages"

  public var id: Int
  public var name: String
  @Localized public var names: [LocalizedText]
  public var damageRelations: Relations
  public var generation: NamedResource?
  @OrEmpty public var pokemon: [PokemonType.Member]

  public init(
    id: Int, name: String, names: [LocalizedText] = [], damageRelations: Relations = Relations(),
    generation: NamedResource? = nil, pokemon: [PokemonType.Member] = []
  ) {
    self.id = id
    self.name = name
    self.names = names
    self.damageRelations = damageRelations
    self.generation = generation
    self.pokemon = pokemon
  }

  enum CodingKeys: String, CodingKey {
    case id, name, names, generation, pokemon
    case damageRelations = "damage_relations"
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    id = try c.decode(Int.self, forKey: .id)
    name = try c.decode(String.self, forKey: .name)
    _names = try c.decode(Localized.self, forKey: .names)
    damageRelations =
      try c.decodeIfPresent(Relations.self, forKey: .damageRelations) ?? Relations()
    generation = try c.decodeIfPresent(NamedResource.self, forKey: .generation)
    _pokemon = try c.decode(OrEmpty.self, forKey: .pokemon)
  }
}

/// The `type NAME` page: what it does attacking and defending, and its species.
public struct TypePage: Page, Equatable {
  /// The types a factor applies to, by slug, in the API's order.
  public struct Matchups: Codable, Sendable, Hashable {
    public var double: [String]
    public var half: [String]
    public var none: [String]
  }

  public var name: String
  public var displayName: String
  public var id: Int
  public var generation: String?
  /// The generation whose chart the matchups are (the session game's: 1 for Red); `nil`:
  /// today's.
  public var chartGeneration: Int?
  /// With a game, the generation the type came in when that is after the game's (Steel in
  /// Red: 2); the matchups are then today's.
  public var cameLater: Int?
  /// The types it deals ×2, ×½ and ×0 to.
  public var attacking: Matchups
  /// The types it takes ×2, ×½ and ×0 from.
  public var defending: Matchups
  /// Its species (their usual forms), by id.
  public var species: [PageSpecies]
  /// Its other forms (`raichu-alola`), by id.
  public var forms: [PageSpecies]
  /// The names of the types its matchups list, by slug, in the page's language.
  public var typeNames: [String: String]
  /// The language of the texts (`en` without one chosen).
  public var language: String
  /// Said once on the page when a text is in English for want of one in the language.
  public var fallbackNote: String?

  public init(_ type: TypeResource, glossary: Glossary = .slugs) {
    var words = Localizer(glossary)
    name = SafeText.line(type.name)
    displayName = words.name(type.names, slug: type.name)
    language = words.language.code
    fallbackNote = words.note
    id = type.id
    generation = type.generation.map { Localized.generation($0.name) }
    func slugs(_ list: [NamedResource]) -> [String] {
      var seen: Set<String> = []
      return list.map { SafeText.line($0.name) }.filter { seen.insert($0).inserted }
    }
    let relations = type.damageRelations
    attacking = Matchups(
      double: slugs(relations.doubleDamageTo), half: slugs(relations.halfDamageTo),
      none: slugs(relations.noDamageTo))
    defending = Matchups(
      double: slugs(relations.doubleDamageFrom), half: slugs(relations.halfDamageFrom),
      none: slugs(relations.noDamageFrom))
    typeNames = [:]
    for slug in attacking.double + attacking.half + attacking.none + defending.double
      + defending.half + defending.none
    {
      typeNames[slug] = glossary.type(slug)
    }
    var seen: Set<Int> = []
    let members = type.pokemon.compactMap { PageSpecies($0.pokemon, glossary: glossary) }
      .filter { seen.insert($0.id).inserted }.sorted { $0.id < $1.id }
    species = members.filter(\.isSpecies)
    forms = members.filter { !$0.isSpecies }
  }

  /// The page of `type` with the matchups of `chart`, the chart of the games of `generation`;
  /// today's, saying so, when the type came later.
  public init(
    _ type: TypeResource, chart: TypeChart, generation: Int, glossary: Glossary = .slugs
  ) {
    self.init(type, glossary: glossary)
    guard chart.types.contains(name) else {
      cameLater = type.generation?.id
      return
    }
    chartGeneration = generation
    func row(_ factor: (String) -> Double) -> Matchups {
      Matchups(
        double: chart.types.filter { factor($0) == 2 },
        half: chart.types.filter { factor($0) == 0.5 },
        none: chart.types.filter { factor($0) == 0 })
    }
    attacking = row { chart.factor(name, on: [$0]) }
    defending = row { chart.factor($0, on: [name]) }
    for slug in chart.types where typeNames[slug] == nil { typeNames[slug] = glossary.type(slug) }
  }

  public var address: PageAddress { PageAddress(kind: TypeFeature.command.name, key: name) }
  public var title: String { displayName }

  public var links: [String: [String]] {
    let all =
      attacking.double + attacking.half + attacking.none + defending.double
      + defending.half + defending.none
    var seen: Set<String> = []
    return ["open": (species + forms).map(\.name), "type": all.filter { seen.insert($0).inserted }]
  }

  public var document: PageDocument {
    func badges(_ slugs: [String]) -> [Span] {
      guard !slugs.isEmpty else { return [Span("—", .dim)] }
      var spans: [Span] = []
      for (index, slug) in slugs.enumerated() {
        if index > 0 { spans.append(Span(" ")) }
        spans.append(Span(typeNames[slug] ?? DisplayName.words(slug), .type(slug)))
      }
      return spans
    }
    // With a game, whose chart the matchups are.
    let era: [PageDocument.Field] =
      if let chartGeneration {
        [.init("Chart", [Span("\(DisplayName.generation(chartGeneration)), the game's")])]
      } else if let cameLater {
        [
          .init(
            "Chart",
            [Span("today's: it came in \(DisplayName.generation(cameLater)), after the game's")])
        ]
      } else { [] }
    return PageDocument(
      title: displayName,
      subtitle: (["Type"] + (generation.map { [$0] } ?? [])).joined(separator: " · "),
      blocks: [
        .fields(
          era + [
            .init("Attacking", [Span("deals", .dim)]),
            .init("  ×2 to", badges(attacking.double)),
            .init("  ×½ to", badges(attacking.half)),
            .init("  ×0 to", badges(attacking.none)),
            .init("Defending", [Span("takes", .dim)]),
            .init("  ×2 from", badges(defending.double)),
            .init("  ×½ from", badges(defending.half)),
            .init("  ×0 from", badges(defending.none)),
          ]),
        .names(heading: "\(displayName) Pokémon", species.map { Span($0.label) }, none: "none"),
        .names(heading: "Other forms", forms.map { Span($0.label) }, none: "none"),
      ] + PageDocument.note(fallbackNote) + [.hint("open NAME · type NAME · types · back")])
  }
}

/// The whole type chart: a row per attacking type, a column per defending type.
public struct TypeChartPage: Page, Codable, Equatable {
  /// The types in the API's order, by slug.
  public var types: [String]
  /// `factors[attacker][defender]`, in the order of ``types``.
  public var factors: [[Double]]
  /// The types' names in the chart's language, in the order of ``types``.
  public var labels: [String]
  /// The generation whose chart it is (the session game's); `nil`: today's.
  public var generation: Int?
  /// Said once on the chart when a type's name is in English for want of one in the language.
  public var fallbackNote: String?

  /// The chart of `types` (each with the damage it takes from the others); types that take no
  /// part in the chart (`unknown`, `shadow`, `stellar`: no relations, or ids above 10000) are
  /// left out.
  public init(_ all: [PokemonType], glossary: Glossary = .slugs, generation: Int? = nil) {
    self.generation = generation
    let chart = TypeChart(all, generation: generation)
    let byName = Dictionary(
      all.map { (SafeText.line($0.name), $0) }, uniquingKeysWith: { first, _ in first })
    types = chart.types
    let picked = chart.types.map { type in
      glossary.language.flatMap { LocalName.pick(byName[type]?.names ?? [], in: $0) }
    }
    labels = zip(chart.types, picked).map { type, name in name?.text ?? DisplayName.words(type) }
    let fellBack = glossary.language != nil && picked.contains { $0?.fallback ?? true }
    fallbackNote = fellBack ? glossary.fallbackNote : nil
    factors = chart.types.map { attacker in
      chart.types.map { defender in chart.factor(attacker, on: [defender]) }
    }
  }

  public var address: PageAddress { PageAddress(kind: TypeFeature.chartCommand.name, key: nil) }
  public var title: String { "Type chart" }
  public var links: [String: [String]] { ["type": types] }

  public var document: PageDocument {
    let columns =
      [PageDocument.Table.Column("")]
      + labels.map { PageDocument.Table.Column(DisplayWidth.prefix($0, columns: 3), .center) }
    let rows = types.enumerated().map { row, attacker in
      [Span(labels[row], .type(attacker))]
        + factors[row].map { factor in
          Span(factor == 1 ? "·" : Span.factorText(factor), .factor(factor))
        }
    }
    let era = generation.map { " · \(DisplayName.generation($0))" } ?? ""
    return PageDocument(
      title: "Type chart",
      subtitle: "Attacking type down the side, defending type across the top" + era,
      blocks: [.table(.init(columns: columns, rows: rows))] + PageDocument.note(fallbackNote)
        + [.hint("type NAME · back")])
  }

  enum CodingKeys: String, CodingKey {
    case types, factors, labels, fallbackNote, generation
  }
}

/// The type pages over `client`.
public enum TypeFeature {
  /// The `type` command: its words, help, arguments and feature flag.
  public static let command = CommandSpec.page(
    "type", group: .pokedex, summary: "A type's matchups, species",
    details: """
      Shows a type: what it deals double, half or no damage to when attacking, what it \
      takes double, half or no damage from when defending, and its species. With a game \
      ("game red"), the matchups are its generation's: Ghost does nothing to Psychic in Red.
      """,
    examples: ["type fire", "type ghost"], feature: .types)

  /// The kind with its command, for the list of kinds (``PageKinds``).
  public static let declaration = PageKindDeclaration(command) { services in
    kind(client: services.client)
  }

  /// The `types` command: its words, help, arguments and feature flag.
  public static let chartCommand = CommandSpec.page(
    "types", arguments: .none, group: .pokedex, summary: "The whole type chart",
    details: """
      Draws the type chart: a row per attacking type, a column per defending type, each \
      cell the factor (2, ½, 0; a dot for 1), in colour where colour is on. With a game, \
      its generation's chart: no Dark, Steel or Fairy in Red.
      """,
    examples: ["types"], feature: .types)

  /// The kind with its command, for the list of kinds (``PageKinds``).
  public static let chartDeclaration = PageKindDeclaration(chartCommand) { services in
    chart(client: services.client)
  }

  /// `type NAME`. Tab and `filter type` offer the types of species: not `unknown` and `shadow`,
  /// the API's types above 10000, which no species has (they still open by name).
  public static func kind(client: any PokeAPIClient) -> PageKind {
    .named(
      command, example: "fire", resource: TypeResource.self, client: client,
      localNames: { _, _ async throws(APIError) in try await client.typeNames() },
      listing: { ($0.id ?? 0) < 10_000 }
    ) { type, request, client async throws(APIError) in
      guard let generation = try await GameContext.generation(of: request.game, client: client)
      else { return TypePage(type, glossary: request.glossary) }
      let chart = try await TypeChart.load(client, generation: generation)
      return TypePage(type, chart: chart, generation: generation, glossary: request.glossary)
    }
  }

  /// `types`: the chart, from every type's defending relations (the same answers the details'
  /// matchups use), fetched together, then kept whole (one read next time); with a game, its
  /// generation's chart.
  public static func chart(client: any PokeAPIClient) -> PageKind {
    PageKind(chartCommand, example: "", names: nil) {
      request async throws(PageError) in
      do throws(APIError) {
        let generation = try await GameContext.generation(of: request.game, client: client)
        let language = request.glossary.language.map { "-" + $0.code } ?? ""
        let era = generation.map { "-generation-\($0)" } ?? ""
        return try await client.derived("type-chart" + language + era) {
          () async throws(APIError) -> Derived<TypeChartPage> in
          Derived(
            TypeChartPage(
              try await client.allTypes(), glossary: request.glossary, generation: generation))
        }
      } catch {
        throw .api(error)
      }
    }
  }
}
