import APIClient
import CommandLanguage
import Models

/// `GET move/{id or name}`: a move's numbers, texts, machines and learners (English texts only).
public struct Move: APIResource, Hashable, MoveNumbers {
  public static let path = "move"
  public static let representation = "move-page+games+past"

  public var id: Int
  public var name: String
  @Localized public var names: [LocalizedText]
  public var accuracy: Int?
  public var power: Int?
  public var pp: Int?
  public var priority: Int
  public var effectChance: Int?
  public var damageClass: NamedResource?
  public var type: NamedResource?
  public var generation: NamedResource?
  @Localized public var effects: [LocalizedText]
  @Localized public var flavorTexts: [LocalizedText]
  @OrEmpty public var machines: [MachineUse]
  @OrEmpty public var learnedByPokemon: [NamedResource]
  /// What it was before games changed it (Bite was Normal before Gold / Silver).
  @OrEmpty public var pastValues: [PastMoveValues]

  public init(
    id: Int, name: String, names: [LocalizedText] = [], accuracy: Int? = nil, power: Int? = nil,
    pp: Int? = nil, priority: Int = 0, effectChance: Int? = nil,
    damageClass: NamedResource? = nil, type: NamedResource? = nil,
    generation: NamedResource? = nil, effects: [LocalizedText] = [],
    flavorTexts: [LocalizedText] = [], machines: [MachineUse] = [],
    learnedByPokemon: [NamedResource] = [], pastValues: [PastMoveValues] = []
  ) {
    self.pastValues = pastValues
    self.id = id
    self.name = name
    self.names = names
    self.accuracy = accuracy
    self.power = power
    self.pp = pp
    self.priority = priority
    self.effectChance = effectChance
    self.damageClass = damageClass
    self.type = type
    self.generation = generation
    self.effects = effects
    self.flavorTexts = flavorTexts
    self.machines = machines
    self.learnedByPokemon = learnedByPokemon
  }

  enum CodingKeys: String, CodingKey {
    case id, name, names, accuracy, power, pp, priority, type, generation, machines
    case effectChance = "effect_chance"
    case damageClass = "damage_class"
    case effects = "effect_entries"
    case flavorTexts = "flavor_text_entries"
    case learnedByPokemon = "learned_by_pokemon"
    case pastValues = "past_values"
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    id = try c.decode(Int.self, forKey: .id)
    name = try c.decode(String.self, forKey: .name)
    _names = try c.decode(Localized.self, forKey: .names)
    accuracy = try c.decodeIfPresent(Int.self, forKey: .accuracy)
    power = try c.decodeIfPresent(Int.self, forKey: .power)
    pp = try c.decodeIfPresent(Int.self, forKey: .pp)
    priority = try c.decodeIfPresent(Int.self, forKey: .priority) ?? 0
    effectChance = try c.decodeIfPresent(Int.self, forKey: .effectChance)
    damageClass = try c.decodeIfPresent(NamedResource.self, forKey: .damageClass)
    type = try c.decodeIfPresent(NamedResource.self, forKey: .type)
    generation = try c.decodeIfPresent(NamedResource.self, forKey: .generation)
    _effects = try c.decode(Localized.self, forKey: .effects)
    _flavorTexts = try c.decode(Localized.self, forKey: .flavorTexts)
    _machines = try c.decode(OrEmpty.self, forKey: .machines)
    _learnedByPokemon = try c.decode(OrEmpty.self, forKey: .learnedByPokemon)
    _pastValues = try c.decode(OrEmpty.self, forKey: .pastValues)
  }

  /// The machine of the newest game that has one.
  public func newestMachine(_ order: GameOrder) -> MachineUse? {
    machines.max { order.rank($0.versionGroup) < order.rank($1.versionGroup) }
  }
}

/// The `move NAME` page.
public struct MovePage: Page, Equatable {
  /// The TM, TR or HM that teaches the move, and in which games.
  public struct MachineLabel: Codable, Sendable, Hashable {
    /// `TM126`.
    public var item: String
    /// The version group's slug (`scarlet-violet`).
    public var versionGroup: String
    /// The game's name from the API, by its versions' names (`Legends: Z-A`, `Scarlet /
    /// Violet`), in the page's language; `nil` when they cannot be loaded.
    public var gameName: String?

    public init(item: String, versionGroup: String, gameName: String? = nil) {
      self.item = item
      self.versionGroup = versionGroup
      self.gameName = gameName.map(SafeText.line)
    }
  }

  public var name: String
  public var displayName: String
  public var id: Int
  /// The type's slug (`electric`).
  public var type: String?
  /// `physical`, `special` or `status`.
  public var damageClass: String?
  public var power: Int?
  public var accuracy: Int?
  public var pp: Int?
  public var priority: Int
  /// The chance of its effect, in percent (`30`).
  public var effectChance: Int?
  /// The short effect, `$effect_chance` filled in.
  public var effect: String?
  /// The flavour text of the session's game when it has one, else the newest.
  public var flavorText: String?
  /// The type's name in the page's language (`Electric`, `でんき`).
  public var typeName: String?
  /// The language of the texts (`en` without one chosen).
  public var language: String
  /// Said once on the page when a text is in English for want of one in the language.
  public var fallbackNote: String?
  /// `Generation I`.
  public var generation: String?
  /// The machine in the session's game, else in the newest games that have one.
  public var machine: MachineLabel?
  /// The session's game's name, when one is played: the machine and the text are its.
  public var gameName: String?
  /// Whether no TM, TR or HM teaches it in the session's game (`nil` without one); a machine
  /// that could not be loaded is not said to be none.
  public var noMachineInGame: Bool?
  /// The generation it came in, when that is after the session game's (`Thief` in Red: 2):
  /// the numbers shown are then today's, not the game's.
  public var cameLater: Int?
  /// Today's numbers, when the session game's shown differ (Bite: Dark, today; Normal in Red).
  public var today: MoveValues?
  /// Whether its effect chance is today's for want of the game's: the data does not record the
  /// chances of Generations I and II, which often differed.
  public var chanceNotRecorded: Bool?
  /// Under a game, how many learners were left out: species of later games, and forms.
  public var leftOut: Int?
  /// How many species learn it (forms counted with their species).
  public var speciesCount: Int
  /// The pokemon that learn it, by id.
  public var learnedBy: [PageSpecies]

  /// The page of `move`, with the machine of its newest games (or of `game`, the session's)
  /// when it is known, its text `game`'s when it has one, else the newest game's by `order`
  /// (else the last listed).
  /// `facts`, the session game's, give its numbers in that game (today's when it came later).
  public init(
    _ move: Move, machine: Machine?, glossary: Glossary = .slugs, game: SessionGame? = nil,
    order: GameOrder? = nil, facts: GameFacts? = nil
  ) {
    var words = Localizer(glossary)
    name = SafeText.line(move.name)
    displayName = words.name(move.names, slug: move.name)
    id = move.id
    let introduced = move.generation?.id
    cameLater = facts?.cameLater(introduced)
    let values =
      cameLater == nil
      ? facts?.move(move) ?? move.values
      : move.values
    if values != move.values { today = move.values }
    let short = words.effect(move.effects)
    if let facts, cameLater == nil, values.effectChance != nil,
      facts.lacks(GameFacts.chancesGeneration), short?.contains("$effect_chance") == true
    {
      chanceNotRecorded = true
    }
    effectChance = values.effectChance
    type = values.type
    damageClass = values.damageClass
    power = values.power
    accuracy = values.accuracy
    pp = values.pp
    priority = move.priority
    effect = short.map { Self.fillingChance($0, values.effectChance) }
    flavorText = words.text(move.flavorTexts, order: order, game: game)
    typeName = type.map(glossary.type)
    language = words.language.code
    fallbackNote = words.note
    generation = move.generation.map { Localized.generation($0.name) }
    self.machine = machine.map {
      MachineLabel(item: $0.label, versionGroup: SafeText.line($0.versionGroup.name))
    }
    var seen: Set<Int> = []
    learnedBy = move.learnedByPokemon.compactMap { PageSpecies($0, glossary: glossary) }
      .filter { seen.insert($0.id).inserted }.sorted { $0.id < $1.id }
    speciesCount = learnedBy.filter(\.isSpecies).count
  }

  /// `Has a $effect_chance% chance to burn.` with the chance written in (`10%`), or without it
  /// when the API gives none (`Has a chance to burn.`).
  public static func fillingChance(_ text: String, _ chance: Int?) -> String {
    guard let chance else {
      return text.replacingOccurrences(of: "$effect_chance% ", with: "")
        .replacingOccurrences(of: "$effect_chance", with: "")
    }
    return text.replacingOccurrences(of: "$effect_chance", with: String(chance))
  }

  public var address: PageAddress { PageAddress(kind: MoveFeature.command.name, key: name) }
  public var title: String { displayName }

  public var links: [String: [String]] {
    ["open": learnedBy.map(\.name), "type": type.map { [$0] } ?? []]
  }

  public var document: PageDocument {
    func number(_ value: Int?, suffix: String = "") -> [Span] {
      value.map { [Span("\($0)\(suffix)")] } ?? [Span("—", .dim)]
    }
    /// ` (today 60)`, dimmed, when today's differs from the game's.
    func wasThen<Value: Equatable>(_ shown: Value?, _ today: Value??, _ words: (Value) -> String)
      -> [Span]
    {
      guard let today, today != shown else { return [] }
      return [Span(" (today \(today.map(words) ?? "—"))", .dim)]
    }
    var fields: [PageDocument.Field] = []
    fields += GameFacts.laterField(cameLater, gameName: gameName)
    if let type {
      fields.append(
        .init(
          "Type",
          [Span(typeName ?? DisplayName.words(type), .type(type))]
            + wasThen(type, today.map(\.type), DisplayName.words)))
    }
    if let damageClass {
      fields.append(
        .init(
          "Class",
          [Span(DisplayName.words(damageClass))]
            + wasThen(damageClass, today.map(\.damageClass), DisplayName.words)))
    }
    fields.append(.init("Power", number(power) + wasThen(power, today.map(\.power), String.init)))
    fields.append(
      .init(
        "Accuracy",
        number(accuracy, suffix: "%")
          + wasThen(accuracy, today.map(\.accuracy)) { "\($0)%" }))
    fields.append(.init("PP", number(pp) + wasThen(pp, today.map(\.pp), String.init)))
    fields.append(.init("Priority", priority > 0 ? "+\(priority)" : String(priority)))
    if machine == nil, noMachineInGame == true, let gameName {
      fields.append(.init("Machine", [Span("no TM, TR or HM in \(gameName)", .dim)]))
    }
    if let machine {
      fields.append(
        .init(
          "Machine",
          [
            Span(machine.item, .strong),
            Span(" in \(machine.gameName ?? DisplayName.words(machine.versionGroup))"),
          ]))
    }
    fields.append(
      .init(
        "Effect",
        (effect.map { [Span($0)] } ?? [Span("no description", .dim)])
          + (chanceNotRecorded == true
            ? [Span(" (today's chance: this game's is not recorded)", .dim)] : [])))
    if let flavorText, flavorText != effect { fields.append(.init("In game", flavorText)) }
    // Who learns it in any game: the API lists them so (`learnedBy`), not by game.
    let learners = speciesCount == 1 ? "1 species" : "\(speciesCount) species"
    // Narrowed to the game's generation only when its species could be had (`leftOut`).
    let narrowed = leftOut.flatMap { _ in gameName }
    fields.append(
      .init(
        "Learned by",
        narrowed.map { "\(learners) of \($0)'s generation or before, in any game" }
          ?? (gameName == nil ? learners : "\(learners) in any game")))
    return PageDocument(
      title: displayName,
      subtitle: (["Move"] + (generation.map { [$0] } ?? [])).joined(separator: " · "),
      blocks: [.fields(fields)] + GameFacts.leftOutHint(leftOut, gameName: gameName)
        + PageDocument.note(fallbackNote) + [
          .hint("open NAME · type \(type ?? "NAME") · back")
        ])
  }
}

/// The move pages over `client`.
public enum MoveFeature {
  /// The `move` command: its words, help, arguments and feature flag.
  public static let command = CommandSpec.page(
    "move", group: .pokedex, summary: "A move and who learns it",
    details: """
      Shows a move: type, damage class, power, accuracy, PP, priority, what it does, its \
      description, the generation that introduced it, its TM, TR or HM number, and how \
      many species learn it; the description and the number are your game's (see "game"), \
      else the newest games'.
      """,
    examples: ["move thunderbolt", "move quick attack"], feature: .moves)

  /// The kind with its command, for the list of kinds (``PageKinds``).
  public static let declaration = PageKindDeclaration(command) { services in
    kind(client: services.client)
  }

  /// `move NAME`: the move, then the machine of its newest game (one more request, whose
  /// failure only leaves the machine out; which game is newest is known once the games its
  /// machines and texts name are, or the whole order is kept).
  public static func kind(client: any PokeAPIClient) -> PageKind {
    .named(command, example: "thunderbolt", resource: Move.self, client: client) {
      move, request, client async throws(APIError) in
      var machine: Machine?
      // The session's game's machine, else the newest game's.
      var use: MachineUse?
      // The games' order tells the newest machine and the newest text: the whole order when
      // kept, else that of the games its machines and texts name.
      let named =
        move.machines.map(\.versionGroup.name) + move.flavorTexts.compactMap(\.versionGroup)
        + move.pastValues.map(\.versionGroup.name)
      // The session game's numbers: its generation, and its place among the games named.
      async let generation = GameFacts.generation(of: request.game, client: client)
      async let existing = GameFacts.speciesResult(of: request.game, client: client)
      let order = try await GameOrder.ranking(named + [request.game?.group], client)
      let known = await generation
      let facts = request.game.map { GameFacts(game: $0, generation: known, order: order) }
      if let game = request.game {
        use = move.machines.first { $0.versionGroup.name == game.group }
      } else if !move.machines.isEmpty {
        use = move.newestMachine(order ?? GameOrder([], complete: false))
      }
      if let id = use?.machine.id {
        do throws(APIError) {
          machine = try await client.resource(Machine.self, String(id))
        } catch .cancelled {
          throw APIError.cancelled
        } catch {
          machine = nil
        }
      }
      var page = MovePage(
        move, machine: machine, glossary: request.glossary, game: request.game, order: order,
        facts: facts)
      // Under a game, the learners of its generation and before.
      let species = try await existing.get()
      let learners = GameFacts.keeping(page.learnedBy, existing: species, id: \.id)
      page.learnedBy = learners.kept
      page.speciesCount = learners.kept.filter(\.isSpecies).count
      page.leftOut = species == nil ? nil : learners.leftOut
      page.noMachineInGame = request.game.map { game in
        !move.machines.contains { $0.versionGroup.name == game.group }
      }
      if let game = page.machine?.versionGroup {
        page.machine?.gameName = await GameNames.game(
          game, glossary: request.glossary, client: client)
      }
      if let game = request.game {
        let catalog = await (try? GameCatalog.load(client))?.naming(
          games: [game.group], client: client, glossary: request.glossary)
        page.gameName = catalog?.label(game) ?? DisplayName.words(game.version ?? game.group)
      }
      return page
    }
  }
}
