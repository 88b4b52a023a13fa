import APIClient
import CommandLanguage
import DetailModels
import Models

/// What `team` was asked to do: show the team, or change it first.
enum TeamAction: PageOptions, Equatable {
  case show
  /// Add these (none: the open species).
  case add([String])
  /// Remove a slot (`2`) or a member by name.
  case remove(String)
  case clear

  /// The action the words after `team` ask for, the names read as `open` reads them (`#25` is
  /// `25`), or one line saying what is wrong with them.
  init(words: [String]) throws(PageOptionsProblem) {
    guard let first = words.first else {
      self = .show
      return
    }
    let rest = words.dropFirst().map(Arguments.nameWord)
    // A name that is only marks (`#`) is none.
    let named = PageOptionsProblem(
      "\"team \(first)\" needs names, e.g. \"team \(first) pikachu\".")
    switch first {
    case "add":
      guard rest.count <= TeamRoster.maximumMembers else {
        throw PageOptionsProblem(
          "A team has six members at most; \"team add\" takes at most six (not \(rest.count)).")
      }
      guard rest.allSatisfy({ !$0.isEmpty }) else { throw named }
      self = .add(rest)
    case "remove", "rm":
      guard rest.count == 1 else {
        throw PageOptionsProblem(
          "\"team remove\" takes one slot number or name, e.g. \"team remove 2\" or \"team remove pikachu\"."
        )
      }
      guard !rest[0].isEmpty else { throw named }
      self = .remove(rest[0])
    case "clear":
      guard rest.isEmpty else {
        throw PageOptionsProblem("\"team clear\" takes nothing after it (it empties the team).")
      }
      self = .clear
    default:
      throw PageOptionsProblem(
        "\"team\" takes add NAME…, remove NAME|N or clear (not \"\(SafeText.line(first))\").")
    }
  }

  /// The words that ask for it again.
  var words: [String] {
    switch self {
    case .show: []
    case .add(let names): ["add"] + names
    case .remove(let member): ["remove", member]
    case .clear: ["clear"]
    }
  }

  /// The words `team` takes first.
  static let actionWords = ["add", "remove", "clear"]
}

/// The `team` page: the members with their types, the coverage of their types, and the types
/// that would help most, with species of them from the session game's Pokédexes.
public struct TeamPage: Page, Codable, Equatable {
  /// A member, in its slot.
  public struct Member: Codable, Sendable, Equatable {
    /// The slot, from 1.
    public var slot: Int
    /// The species id, or the form's `pokemon` id.
    public var id: Int
    /// The slug (`raichu-alola`).
    public var name: String
    public var displayName: String
    /// Its types' slugs.
    public var types: [String]
  }

  /// A type that would help, with species of it not on the team.
  public struct Suggestion: Codable, Sendable, Equatable {
    /// The type's slug.
    public var type: String
    /// The team's weaknesses (types that hit two or more members super-effectively) it
    /// resists or is immune to.
    public var resists: [String]
    /// The types no member resists that it hits super-effectively.
    public var hits: [String]
    /// Some species of it, from the session game's Pokédexes (all species without a game).
    public var species: [PageSpecies]
  }

  public var members: [Member]
  /// Per attacking type (every type of the chart), the members' factors in slot order.
  public var defense: [TeamCoverage.Defense]
  /// The attacking types that hit three or more members super-effectively.
  public var sharedWeaknesses: [String]
  /// The attacking types no member resists.
  public var unresisted: [String]
  public var offense: TeamCoverage.Offense
  public var suggestions: [Suggestion]
  /// The types' names in the page's language, by slug.
  public var typeNames: [String: String]
  /// The game whose Pokédexes the suggestions come from (`Red`); `nil`: all species.
  public var game: String?
  /// The generation whose types and type chart the coverage follows (the game's: 1 for Red);
  /// `nil`: today's.
  public var generation: Int?
  /// What the command changed (`Added #6 Charizard.`); `nil` when it only showed the team.
  public var change: String?
  /// Why the change was not kept for the next sessions, when it was not.
  public var saveWarning: String?

  /// The most types suggested.
  public static let suggestionCount = 3
  /// The species of a suggested type looked at, in the Pokédexes' order, to pick those shown.
  public static let candidatesPerSuggestion = 10
  /// The most species shown for a suggested type.
  public static let speciesPerSuggestion = 5

  public var address: PageAddress {
    PageAddress(kind: TeamFeature.command.name, target: .arguments(selection: nil, words: []))
  }
  public var title: String { "Team" }
  public var links: [String: [String]] {
    var types: [String] = []
    for type in members.flatMap(\.types) + suggestions.map(\.type) where !types.contains(type) {
      types.append(type)
    }
    return [
      "open": members.map(\.name) + suggestions.flatMap(\.species).map(\.name), "type": types,
    ]
  }

  /// The type's name on the page.
  func name(_ type: String) -> String { typeNames[type] ?? DisplayName.words(type) }

  /// Badges of `types`, each with the count `count` gives (when given), or a dimmed `none`.
  func badges(_ types: [String], none: String = "none", count: ((String) -> Int)? = nil)
    -> [Span]
  {
    guard !types.isEmpty else { return [Span(none, .dim)] }
    var spans: [Span] = []
    for (index, type) in types.enumerated() {
      if index > 0 { spans.append(Span(" ")) }
      spans.append(Span(name(type), .type(type)))
      if let count { spans.append(Span(" (\(count(type)))", .dim)) }
    }
    return spans
  }

  public var document: PageDocument {
    let count = members.isEmpty ? nil : "\(members.count) of \(TeamRoster.maximumMembers)"
    let subtitle = [change, count, game].compactMap { $0 }.joined(separator: " · ")
    guard !members.isEmpty else {
      return PageDocument(
        title: "Team", subtitle: subtitle.isEmpty ? nil : subtitle,
        blocks: [
          .paragraph(
            heading: "No members yet",
            text:
              "\"team add NAME\" adds species (six at most; forms too: raichu-alola), \"team add\" the open one."
          )
        ] + PageDocument.note(saveWarning) + [.hint("team add NAME · open NAME · back")])
    }
    let rows = members.map { member in
      [
        Span(String(member.slot)),
        Span(
          member.id < 10_000 ? "#\(member.id) \(member.displayName)" : member.displayName, .strong),
        Span(member.types.map(name).joined(separator: " "), .type(member.types.first ?? "")),
      ]
    }
    func hit(_ type: String) -> Int {
      defense.first { $0.type == type }?.factors.filter { $0 >= 2 }.count ?? 0
    }
    let pairs = defense.map(\.type).filter { hit($0) == 2 }
    var fields: [PageDocument.Field] = [
      .init(
        "Shared weaknesses",
        badges(sharedWeaknesses, none: "none: no type hits three members ×2", count: hit))
    ]
    if !pairs.isEmpty { fields.append(.init("Two weak to", badges(pairs))) }
    fields += [
      .init("Nobody resists", badges(unresisted)),
      .init("Hits ×2", badges(offense.superEffective)),
      .init("Cannot hit ×2", badges(offense.notSuperEffective)),
    ]
    let helps: [PageDocument.Block] = suggestions.map { suggestion in
      var reasons: [String] = []
      if !suggestion.resists.isEmpty {
        reasons.append("resists " + suggestion.resists.map(name).joined(separator: ", "))
      }
      if !suggestion.hits.isEmpty {
        reasons.append("hits " + suggestion.hits.map(name).joined(separator: ", "))
      }
      return .names(
        heading: "\(name(suggestion.type)): \(reasons.joined(separator: "; "))",
        suggestion.species.map { Span($0.label) }, none: "none")
    }
    return PageDocument(
      title: "Team", subtitle: subtitle,
      blocks: [
        .table(
          .init(
            columns: [.init("#", .right), .init("Pokémon"), .init("Type")], rows: rows)),
        .table(coverageTable),
        .fields(fields),
      ]
        + (helps.isEmpty
          ? [.paragraph(heading: "Would help most", text: "No type would make it better.")]
          : [.paragraph(heading: "Would help most", text: Self.helpText(game: game))] + helps)
        + PageDocument.note(saveWarning)
        + [.hint("team add NAME · team remove N · compare team · type NAME · back")])
  }

  /// What the suggestions are, and where their species come from.
  static func helpText(game: String?) -> String {
    "Types that resist what hits two members ×2 or hit what nobody resists, with species "
      + (game.map { "from \($0)'s Pokédexes" } ?? "of them")
      + " not on the team, the fully evolved and strongest first:"
  }

  /// How many members take each factor from each attacking type: a column per type (its name
  /// cut to three columns), a row per factor, a dot for none.
  var coverageTable: PageDocument.Table {
    let columns =
      [PageDocument.Table.Column("")]
      + defense.map { .init(DisplayWidth.prefix(name($0.type), columns: 3), .center) }
    let rows = [4.0, 2, 0.5, 0.25, 0].map { factor in
      [Span("×" + Span.factorText(factor), .factor(factor))]
        + defense.map { type in
          let count = type.factors.filter { $0 == factor }.count
          return count == 0 ? Span("·", .dim) : Span(String(count), .factor(factor))
        }
    }
    let era = generation.map { " (\(DisplayName.generation($0)))" } ?? ""
    return PageDocument.Table(
      heading: "How many take ×4, ×2, ×½, ×¼, ×0 from each attacking type" + era,
      columns: columns, rows: rows)
  }
}

/// The species of a type (not its forms), in id order, from the type's answer; kept as a
/// derived value of its own per type (`type-species/fire`), so that the team reads only the
/// types it suggests.
enum TypeSpecies {
  static func of(_ type: String, client: any PokeAPIClient) async throws(APIError)
    -> [SpeciesSummary]
  {
    try await client.derived("type-species/\(type)") { () async throws(APIError) in
      // By its id, as the type chart asked for it: the answer is cached under that URL.
      let reference =
        try await client.typeIndex().first { $0.name == type }
        ?? NamedResource(name: type, url: "")
      let answer = try await client.pokemonType(reference)
      var seen: Set<Int> = []
      return Derived(
        answer.pokemon.compactMap { member in
          guard let id = member.pokemon.id, id < 10_000, seen.insert(id).inserted else {
            return nil
          }
          return SpeciesSummary(id: id, name: SafeText.line(member.pokemon.name))
        }.sorted())
    }
  }
}

/// The team: `team`, `team add`, `team remove`, `team clear`, over the species' details.
public enum TeamFeature {
  /// The `team` command: its words, help, arguments and feature flag.
  public static let command = CommandSpec.page(
    "team",
    arguments: .actions(
      syntax: "[add NAME…|remove N|clear]", actions: TeamAction.actionWords,
      namesAfter: ["add", "remove"],
      reading: TeamAction.self),
    group: .yourGame, summary: "A team of six, its coverage",
    details: """
      Shows your team (six at most) with each member's types, and its coverage: for each \
      attacking type how many members take ×4, ×2, ×½, ×¼ or ×0, the weaknesses three or \
      more share, the types nobody resists, what the team's own types hit ×2 and what they \
      cannot, and the types that would help most (resisting the types that hit two or more \
      members ×2, hitting those nobody resists), with species of them from your game's \
      Pokédexes (all species without a game) not on the team yet; with a game, its \
      generation's types and type chart. "team add NAME…" adds \
      species or forms (raichu-alola), "team add" the open one; "team remove N" removes \
      slot N, "team remove NAME" that member; "team clear" empties it. The team is kept in \
      the data directory for the next sessions. "compare team" compares its members.
      """,
    examples: [
      "team add charizard venusaur blastoise", "team", "team remove 2", "open pikachu",
      "team add", "team clear",
    ],
    feature: "team")

  /// The kind with its command, for the list of kinds (``PageKinds``).
  public static let declaration = PageKindDeclaration(command) { services in
    kind(client: services.client, details: services.details, roster: services.team)
  }

  /// `team [add NAME…|remove NAME|N|clear]`: the change made and kept, then the team.
  public static func kind(
    client: any PokeAPIClient, details: any SpeciesDetails, roster: TeamRoster
  ) -> PageKind {
    PageKind(command, example: "add pikachu", names: nil) {
      request async throws(PageError) in
      try await page(request, client: client, details: details, roster: roster)
    }
  }

  static func page(
    _ request: PageRequest, client: any PokeAPIClient, details: any SpeciesDetails,
    roster: TeamRoster
  ) async throws(PageError) -> TeamPage {
    let (selection, action) = try request.arguments(
      TeamAction.self, kind: TeamFeature.command.name, example: "add pikachu")
    let before = await roster.members
    var members = before
    var change: String?
    switch action {
    case .show: break
    case .add(let names):
      guard let inputs = names.isEmpty ? selection.map({ [$0] }) : names else {
        throw .needsSelection(kind: "\(TeamFeature.command.name) add")
      }
      let added = try await SpeciesPages.open(
        inputs, details: details, glossary: request.glossary, kind: TeamFeature.command.name)
      var new: [TeamMember] = []
      for detail in added {
        let member = TeamMember(detail)
        guard !members.contains(where: { $0.name == member.name }) else {
          throw .refused("\(detail.displayName) is on the team already.")
        }
        guard !new.contains(member) else {
          throw .refused("\(detail.displayName) is named twice; a team has each once.")
        }
        new.append(member)
      }
      let room = TeamRoster.maximumMembers - members.count
      guard new.count <= room else {
        throw .refused(
          room == 0
            ? "The team is full (six); \"team remove N\" makes room."
            : "Only \(room) more fit\(room == 1 ? "s" : "") (six at most); the team has \(members.count)."
        )
      }
      members += new
      change = "Added " + TextTools.listed(added.map(\.displayName))
    case .remove(let typed):
      let slot = try await slotToRemove(
        typed, of: members, details: details, glossary: request.glossary)
      change = "Removed \(DisplayName.of(members[slot].name))"
      members.remove(at: slot)
    case .clear:
      guard !members.isEmpty else { throw .refused("The team is empty already.") }
      members = []
      change = "Cleared the team"
    }
    let saveWarning = members == before ? nil : await roster.replace(with: members)
    return try await show(
      members, request: request, client: client, details: details, change: change,
      saveWarning: saveWarning)
  }

  /// The slot (from 0) `typed` names: a slot number, or a member by slug, else by name.
  static func slotToRemove(
    _ typed: String, of members: [TeamMember], details: any SpeciesDetails, glossary: Glossary
  ) async throws(PageError) -> Int {
    guard !members.isEmpty else { throw .refused("The team is empty.") }
    if let number = Int(typed) {
      guard (1...members.count).contains(number) else {
        throw .refused(
          "No slot \(number): the team has \(members.count) (team remove 1…\(members.count)).")
      }
      return number - 1
    }
    let query = NameQuery.normalize(typed)
    if let slot = members.firstIndex(where: { $0.name == query }) { return slot }
    let detail: SpeciesDetailViewModel
    do throws(DetailError) {
      detail = try await details.open(typed, glossary: glossary)
    } catch {
      throw PageError(error, kind: TeamFeature.command.name, example: "remove pikachu")
    }
    guard let slot = members.firstIndex(where: { $0.name == TeamMember(detail).name }) else {
      throw .refused("\(detail.displayName) is not on the team.")
    }
    return slot
  }

  /// How a candidate for the team stands: whether it evolves no further, and its base stat
  /// total in the game's generation.
  struct Strength: Codable, Sendable {
    var fullyEvolved: Bool
    var total: Int
  }

  /// The strength of each species of `ids` whose species, default pokemon and evolution chain
  /// load (all at once, each cached); those that do not are left out, to be ranked last. Each is
  /// kept for good as a derived value of its own (`team-strength/ID`, per generation): a warm
  /// `team` reads a few bytes for each candidate instead of decoding its three answers.
  static func strength(
    of ids: Set<Int>, client: any PokeAPIClient, generation: Int?
  ) async -> [Int: Strength] {
    let era = generation.map { "-generation-\($0)" } ?? ""
    return await withTaskGroup(of: (Int, Strength?).self) { group in
      for id in ids {
        group.addTask {
          let strength = try? await client.derived("team-strength/\(id)\(era)") {
            () async throws(APIError) -> Derived<Strength> in
            let (strength, whole) = try await Self.strength(
              of: id, client: client, generation: generation)
            return Derived(strength, keep: whole, forGood: true)
          }
          return (id, strength)
        }
      }
      var strength: [Int: Strength] = [:]
      for await (id, value) in group { strength[id] = value }
      return strength
    }
  }

  /// The strength of species `id`, from its species, its default pokemon and its chain, and
  /// whether the chain was there to tell (without it, a species is taken to evolve no further,
  /// and that is not kept).
  private static func strength(
    of id: Int, client: any PokeAPIClient, generation: Int?
  ) async throws(APIError) -> (Strength, whole: Bool) {
    let species = try await client.species(.id(id))
    let pokemonID = species.varieties.first { $0.isDefault }?.pokemon.id ?? id
    async let pokemon = APIRequests.result(
      of: { (id: Int) async throws(APIError) in try await client.pokemon(id: id) }, pokemonID)
    let chainID = species.evolutionChain?.id
    async let chain: EvolutionChain? = {
      guard let chainID else { return nil }
      return try? await client.evolutionChain(id: chainID)
    }()
    let total = try await pokemon.get().stats(in: generation).map(\.baseStat).reduce(0, +)
    let loaded = await chain
    let evolvesFurther = loaded.map { Self.evolves(id, in: $0.chain) } ?? false
    return (
      Strength(fullyEvolved: !evolvesFurther, total: total),
      whole: chainID == nil || loaded != nil
    )
  }

  /// Whether species `id` evolves into another in the chain from `link`.
  static func evolves(_ id: Int, in link: ChainLink) -> Bool {
    if link.species.id == id { return !link.evolvesTo.isEmpty }
    return link.evolvesTo.contains { evolves(id, in: $0) }
  }

  /// `species` (in the Pokédexes' order) with the fully evolved first, then the highest base
  /// stat totals; those of unknown strength after them, in their order.
  static func ranked(_ species: [SpeciesSummary], by strength: [Int: Strength]) -> [SpeciesSummary]
  {
    species.enumerated().sorted { first, second in
      switch (strength[first.element.id], strength[second.element.id]) {
      case (let one?, let other?):
        if one.fullyEvolved != other.fullyEvolved { return one.fullyEvolved }
        if one.total != other.total { return one.total > other.total }
        return first.offset < second.offset
      case (.some, nil): return true
      case (nil, .some): return false
      case (nil, nil): return first.offset < second.offset
      }
    }.map(\.element)
  }

  /// The team page of `members`: their details (by id), each type's species (kept whole), and
  /// with a game its generation and Pokédexes, together; then that generation's type chart
  /// (kept whole for it).
  static func show(
    _ members: [TeamMember], request: PageRequest, client: any PokeAPIClient,
    details: any SpeciesDetails, change: String?, saveWarning: String?
  ) async throws(PageError) -> TeamPage {
    async let context = APIRequests.result(
      of: { (game: SessionGame?) async throws(APIError) in
        try await GameContext.of(game, client: client)
      }, request.game)
    let shown: [SpeciesDetailViewModel]
    do throws(PageError) {
      shown = try await SpeciesPages.details(
        of: members, details: details, glossary: request.glossary, kind: TeamFeature.command.name)
    } catch {
      _ = await context
      throw error
    }
    let game: GameContext
    let typeChart: TypeChart
    do throws(APIError) {
      game = try await context.get()
      typeChart = try await TypeChart.load(client, generation: game.generation)
    } catch {
      throw .api(error)
    }
    let pokedexes = game.pokedexes
    let memberTypes = shown.map { $0.typeSlugs(in: game.generation) }
    let coverage = TeamCoverage(members: memberTypes, chart: typeChart)
    // The species of the game's Pokédexes, in their order (the first Pokédex's first).
    var order: [Int: Int] = [:]
    for (index, entry) in pokedexes.flatMap(\.entries).enumerated()
    where order[entry.species.id] == nil {
      order[entry.species.id] = index
    }
    let onTeam = Set(shown.map(\.id))
    var candidates: [(help: TeamCoverage.Help, species: [SpeciesSummary])] = []
    for help in coverage.helps where candidates.count < TeamPage.suggestionCount {
      let ofType: [SpeciesSummary]
      do {
        ofType = try await TypeSpecies.of(help.type, client: client)
      } catch {
        throw .api(error)
      }
      let species =
        ofType
        .filter { !onTeam.contains($0.id) && (pokedexes.isEmpty || order[$0.id] != nil) }
        .sorted { ((order[$0.id] ?? $0.id), $0.id) < ((order[$1.id] ?? $1.id), $1.id) }
      guard !species.isEmpty else { continue }
      candidates.append((help, Array(species.prefix(TeamPage.candidatesPerSuggestion))))
    }
    // What a trainer would pick: fully evolved, then the strongest.
    let strength = await Self.strength(
      of: Set(candidates.flatMap { $0.species.map(\.id) }), client: client,
      generation: game.generation)
    let picked = candidates.map { help, species in
      (
        help: help,
        species: Array(Self.ranked(species, by: strength).prefix(TeamPage.speciesPerSuggestion))
      )
    }
    // The species suggested, named in the language even before every species' names load.
    let named = await client.naming(picked.flatMap { $0.species.map(\.id) }, in: request.glossary)
    let suggestions = picked.map { help, species in
      TeamPage.Suggestion(
        type: help.type, resists: help.resists, hits: help.hits,
        species: species.map { PageSpecies(id: $0.id, name: $0.name, glossary: named) })
    }
    let teamMembers = shown.enumerated().map { index, detail in
      TeamPage.Member(
        slot: index + 1, id: detail.form?.pokemonID ?? detail.id,
        name: detail.form?.name ?? detail.name, displayName: detail.displayName,
        types: memberTypes[index])
    }
    var typeNames: [String: String] = [:]
    for type in typeChart.types { typeNames[type] = request.glossary.type(type) }
    return TeamPage(
      members: teamMembers, defense: coverage.defense,
      sharedWeaknesses: coverage.sharedWeaknesses, unresisted: coverage.unresisted,
      offense: coverage.offense, suggestions: suggestions, typeNames: typeNames,
      game: request.game.map { DisplayName.words($0.version ?? $0.group) },
      generation: game.generation, change: change, saveWarning: saveWarning)
  }
}
