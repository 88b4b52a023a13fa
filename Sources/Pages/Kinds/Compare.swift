import APIClient
import CommandLanguage
import DetailModels
import Models

/// The `compare A B [C]` page: two or three species (or forms) side by side.
public struct ComparePage: Page, Codable, Equatable {
  /// One species' facts as compared.
  public struct Entry: Codable, Sendable, Equatable {
    public var id: Int
    /// The species' or form's slug (`raichu-alola`), what `back` opens again.
    public var name: String
    public var displayName: String
    public var types: [String]
    /// The types' slugs, in the order of ``types`` (their colours are the slugs').
    public var typeSlugs: [String]?
    public var heightCentimetres: Int
    public var weightKilograms: Double
    public var abilities: [SpeciesDetailViewModel.Ability]
    public var stats: [SpeciesDetailViewModel.Stat]
    public var baseStatTotal: Int
    /// With a game, the generation it came in when that is after the game's (Steelix in Red:
    /// 2); the comparison is then of today's facts.
    public var cameLater: Int?
  }

  /// An attacking type that does not hit them all alike, and its factor on each.
  public struct Matchup: Codable, Sendable, Equatable {
    /// The type as shown (`Ground`).
    public var type: String
    public var factors: [Double]
  }

  public var species: [Entry]
  /// The attacking types whose factors differ between them, strongest first.
  public var matchups: [Matchup]
  /// Whether it compares the team's members (`compare team`, which `back` shows as the team is
  /// then); `nil` otherwise.
  public var isTeam: Bool?
  /// With a game, the generation whose types and type chart the types and matchups follow (1
  /// for Red); `nil`: today's.
  public var generation: Int?

  public init(_ details: [SpeciesDetailViewModel]) {
    species = details.map { detail in
      Entry(
        id: detail.form?.pokemonID ?? detail.id, name: detail.form?.name ?? detail.name,
        displayName: detail.displayName, types: detail.types,
        typeSlugs: detail.language == nil ? nil : detail.typeSlugs,
        heightCentimetres: detail.heightCentimetres, weightKilograms: detail.weightKilograms,
        abilities: detail.abilities, stats: detail.stats, baseStatTotal: detail.baseStatTotal)
    }
    var factors: [String: [Double]] = [:]
    var order: [String] = []
    for (index, detail) in details.enumerated() {
      guard let matchups = detail.matchups else { continue }
      let known =
        matchups.weaknesses.map { ($0.type, $0.multiplier) }
        + matchups.resistances.map { ($0.type, $0.multiplier) }
        + matchups.immunities.map { ($0, 0.0) }
      for (type, factor) in known {
        if factors[type] == nil {
          factors[type] = Array(repeating: 1, count: details.count)
          order.append(type)
        }
        factors[type]?[index] = factor
      }
    }
    matchups = order.compactMap { type in
      guard let values = factors[type], Set(values).count > 1 else { return nil }
      return Matchup(type: type, factors: values)
    }.sorted { ($0.factors.max() ?? 1) > ($1.factors.max() ?? 1) }
  }

  public var address: PageAddress {
    PageAddress(
      kind: CompareFeature.command.name,
      target: .arguments(
        selection: nil, words: isTeam == true ? [CompareFeature.teamWord] : species.map(\.name)))
  }
  public var title: String {
    isTeam == true ? "Team compared" : species.map(\.displayName).joined(separator: " vs ")
  }
  public var links: [String: [String]] {
    ["open": species.map(\.name), "ability": [], "type": []]
  }

  public var document: PageDocument {
    var rows: [[Span]] = []
    func row(_ label: String, _ cells: [Span]) { rows.append([Span(label, .strong)] + cells) }
    row(
      "Type",
      species.map { entry in
        Span(
          entry.types.joined(separator: " "),
          (entry.typeSlugs?.first ?? entry.types.first?.lowercased()).map { .type($0) } ?? .plain)
      })
    row("Height", species.map { Span(Measures.height(centimetres: $0.heightCentimetres)) })
    row("Weight", species.map { Span(Measures.weight(kilograms: $0.weightKilograms)) })
    let most = species.map(\.abilities.count).max() ?? 0
    for index in 0..<most {
      row(
        index == 0 ? "Abilities" : "",
        species.map { entry in
          guard index < entry.abilities.count else { return Span("") }
          let ability = entry.abilities[index]
          return Span(ability.name + (ability.isHidden ? " (hidden)" : ""))
        })
    }
    let statNames = species.first?.stats.map(\.name) ?? []
    for (index, name) in statNames.enumerated() {
      let values = species.map { index < $0.stats.count ? $0.stats[index].value : 0 }
      // Six columns of bars would not fit 80 columns: the team's values stand alone.
      let bars = species.count <= CompareFeature.maximumSpecies
      row(
        name,
        zip(values, Self.marked(values) { String($0) }).map { value, span in
          var span = span
          if bars { span.bar = value }
          return span
        })
    }
    row("Total", Self.marked(species.map(\.baseStatTotal)) { String($0) })
    let fixedRows = rows.count
    for matchup in matchups {
      rows.append(
        [Span("vs " + matchup.type, .type(matchup.type.lowercased()))]
          + matchup.factors.map { Span("×" + Span.factorText($0), .factor($0)) })
    }
    let columns =
      [PageDocument.Table.Column("")]
      + species.map { PageDocument.Table.Column($0.displayName) }
    return PageDocument(
      title: title,
      subtitle: (matchups.isEmpty
        ? "Base stats, the highest marked ▲"
        : "Base stats, the highest marked ▲; the matchups where they differ")
        + (generation.map { " (\(DisplayName.generation($0)))" } ?? ""),
      blocks: [
        .table(.init(columns: columns, rows: rows, cuttableFrom: fixedRows + 1))
      ] + laterNote + [
        .hint("open NAME · back")
      ]
    )
  }

  /// The species that came after the session's game, said once: they are compared as today.
  var laterNote: [PageDocument.Block] {
    let later = species.compactMap { entry in
      entry.cameLater.map { "\(entry.displayName) came in \(DisplayName.generation($0))" }
    }
    guard !later.isEmpty else { return [] }
    return [
      .hint(
        TextTools.listed(later) + ", after the game's: they are compared as they are today.")
    ]
  }

  /// Each value drawn by `text`, the highest (when not all equal) marked with `▲`.
  static func marked(_ values: [Int], _ text: (Int) -> String) -> [Span] {
    let highest = values.max() ?? 0
    let alike = Set(values).count == 1
    return values.map { value in
      value == highest && !alike ? Span(text(value) + " ▲", .marked) : Span(text(value))
    }
  }

}

/// The compare pages over the detail feature.
public enum CompareFeature {
  /// The `compare` command: its words, help, arguments and feature flag.
  public static let command = CommandSpec.page(
    "compare", aliases: ["vs"], arguments: .species,
    group: .species, summary: "Two or three side by side",
    details: """
      Shows two or three species (or forms) side by side: types, height, weight, \
      abilities, each base stat with its bar and the highest marked, the totals, and the \
      attacking types that hit them differently. With one name, the open species is \
      compared with it. Names and ids as for open (raichu-alola, 25). "compare team" \
      compares your team's members, up to six.
      """,
    examples: [
      "compare pikachu raichu", "compare 1 4 7", "open 25", "compare raichu-alola", "compare team",
    ],
    feature: .compare)

  /// The kind with its command, for the list of kinds (``PageKinds``).
  public static let declaration = PageKindDeclaration(command) { services in
    kind(details: services.details, team: services.team, client: services.client)
  }

  /// The most species compared at once.
  public static let maximumSpecies = 3

  /// The word that compares the team's members (`compare team`).
  public static let teamWord = "team"

  /// `compare A B [C]`, `compare B` with the selected species, or `compare team`: their
  /// details, together; with a game and a client, as the game has them (types, matchups, base
  /// stats, abilities), or all as today when one came later.
  public static func kind(
    details: any SpeciesDetails, team: TeamRoster = TeamRoster(),
    client: (any PokeAPIClient)? = nil
  ) -> PageKind {
    PageKind(command, example: "pikachu raichu", names: nil) {
      request async throws(PageError) in
      let (compared, isTeam) = try await species(request, details: details, team: team)
      // The game's generation and chart once, for all of them; each as the game has it.
      var shown = compared
      if let game = request.game, let client,
        let generation = await GameFacts.generation(of: game, client: client)
      {
        let chart = try? await TypeChart.load(client, generation: generation)
        do throws(APIError) {
          shown = try await APIRequests.together(compared) {
            detail async throws(APIError) in
            await GameFacts.apply(
              to: detail, generation: generation, chart: chart,
              introduced: await GameFacts.introduced(detail, client: client),
              glossary: request.glossary, client: client)
          }
        } catch {
          throw .api(error)
        }
        if Task.isCancelled { throw .api(.cancelled) }
      }
      // One chart for all: today's when one of them is not of the game's generation.
      let generations = Set(shown.map(\.typesGeneration))
      var page = ComparePage(generations.count == 1 ? shown : compared)
      for (index, detail) in shown.enumerated() {
        page.species[index].cameLater = detail.cameLater
      }
      page.isTeam = isTeam ? true : nil
      page.generation = generations.count == 1 ? generations.first ?? nil : nil
      return page
    }
  }

  /// The species `request` compares, and whether they are the team's members.
  static func species(
    _ request: PageRequest, details: any SpeciesDetails, team: TeamRoster
  ) async throws(PageError) -> (details: [SpeciesDetailViewModel], isTeam: Bool) {
    guard case .arguments(let selection, var words) = request.target else {
      throw .invalidName(kind: CompareFeature.command.name, example: "pikachu raichu")
    }
    if words == [teamWord] {
      let members = await team.members
      guard members.count >= 2 else {
        throw .refused(
          "\"compare team\" needs two members; the team has \(members.count) (team add NAME).")
      }
      return (
        try await SpeciesPages.details(
          of: members, details: details, glossary: request.glossary,
          kind: CompareFeature.command.name), true
      )
    }
    if words.count == 1 {
      guard let selection else { throw .needsSelection(kind: CompareFeature.command.name) }
      words.insert(selection, at: 0)
    }
    guard (2...maximumSpecies).contains(words.count) else {
      throw .invalidName(kind: CompareFeature.command.name, example: "pikachu raichu")
    }
    return (
      try await SpeciesPages.open(
        words, details: details, glossary: request.glossary, kind: CompareFeature.command.name),
      false
    )
  }
}
