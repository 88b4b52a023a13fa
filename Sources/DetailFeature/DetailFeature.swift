import APIClient
import DetailModels
import Locking
import Models

/// The detail and evolution screens of one species as view models, and name resolution for
/// `open ID|NAME|PREFIX`.
///
/// Stateless and `Sendable`; the client caches, so asking again is cheap.
public struct DetailFeature: Sendable {
  /// The longest name or id accepted by ``resolve(_:glossary:)``.
  public static let maximumInputLength = 64

  /// Starts work that may outlive the call that asked for it (warming the cache), named for
  /// logs and tests. The session passes its own, so that it owns, awaits and cancels that work;
  /// the feature never starts a task itself.
  public typealias WarmUp =
    @Sendable (
      _ name: String, _ work: @escaping @Sendable () async -> Void
    ) -> Void

  private let client: any PokeAPIClient
  private let warmUp: WarmUp

  /// Details over `client`; `warmUp` runs the evolution-chain warm-up (none by default).
  public init(client: any PokeAPIClient, warmUp: @escaping WarmUp = { _, _ in }) {
    self.client = client
    self.warmUp = warmUp
  }

  // MARK: - Resolving what the user typed

  /// The species meant by `input`: a number (optionally `#133`) is an id; otherwise the slug
  /// itself (any case, spaces for hyphens), else the one species whose slug starts with it.
  ///
  /// An id is taken as is (the API judges it). A name uses the species index; when that cannot
  /// be loaded, it is passed on as ``SpeciesKey/name(_:)`` for the API to judge. Throws
  /// ``DetailError/ambiguous(input:candidates:total:)`` or ``DetailError/unknown(input:suggestion:)``
  /// (with a near name when one exists).
  public func resolve(
    _ input: String, glossary: Glossary = .slugs
  ) async throws(DetailError) -> SpeciesKey {
    guard input.count <= Self.maximumInputLength else {
      throw .inputTooLong(maximum: Self.maximumInputLength)
    }
    let trimmed = SafeText.line(input).trimmingSpaces
    guard !trimmed.isEmpty else { throw .emptyInput }

    let digits = trimmed.hasPrefix("#") ? String(trimmed.dropFirst()) : trimmed
    if !digits.isEmpty, digits.allSatisfy(\.isASCIIDigitOrSign) {
      // An id goes straight to the API (one request, answered 404 when unknown): checking it
      // against the species index first would cost a large extra request on a cold cache.
      guard let id = Int(digits), id > 0 else {
        // A positive id too large for any species is one no species has.
        if digits.allSatisfy({ $0.isASCII && $0.isNumber }), digits.contains(where: { $0 != "0" }) {
          throw .api(.notFound(resource: "species #\(digits)"))
        }
        throw .invalidID(trimmed)
      }
      return .id(id)
    }

    let query = NameQuery.normalize(trimmed)
    guard !query.isEmpty else { throw .unknown(input: trimmed, suggestion: nil) }
    guard let index = try await availableIndex() else { return .name(query) }
    if let exact = index.first(where: { $0.name.lowercased() == query }) { return .id(exact.id) }
    return try Self.match(
      query, typed: trimmed, in: index,
      localized: glossary.language == nil ? [:] : glossary.species,
      folded: glossary.foldedSpecies)
  }

  /// The slug the species index gives species `id`, when it can be had.
  func indexedName(of id: Int) async -> String? {
    (try? await client.speciesIndex())?.first { $0.id == id }?.name
  }

  /// The species index, or `nil` when it cannot be loaded (the API then judges names itself);
  /// only a cancellation is thrown.
  private func availableIndex() async throws(DetailError) -> [SpeciesSummary]? {
    do {
      return try await client.speciesIndex()
    } catch .cancelled {
      throw .api(.cancelled)
    } catch {
      return nil
    }
  }

  /// The species of `index` that `query` (normalised) names, as in ``resolve(_:glossary:)``: by slug,
  /// then by its name in `localized` (by id, in the session's language; compared folded as
  /// ``NameQuery`` folds: case, Latin accents, full and half width).
  static func match(
    _ query: String, typed: String, in index: [SpeciesSummary], localized: [Int: String] = [:],
    folded foldedNames: [Int: String] = [:]
  ) throws(DetailError) -> SpeciesKey {
    let byID = index.sorted()
    // Each species under every name it answers to: its slug, and its name in the language
    // (folded once with the glossary, else by the resolver).
    let resolver = NameResolver(
      byID.map { species in
        (
          species.id,
          [species.name] + [foldedNames[species.id] ?? localized[species.id]].compactMap { $0 }
        )
      })
    let bySpecies = Dictionary(byID.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    func shown(_ id: Int) -> String { SafeText.line(localized[id] ?? bySpecies[id]?.name ?? "") }
    switch resolver.resolve(query) {
    case .found(let id): return .id(id)
    case .ambiguous(let candidates, let total):
      throw .ambiguous(input: typed, candidates: candidates.map(shown), total: total)
    case .unknown(let suggestion):
      throw .unknown(input: typed, suggestion: suggestion.map(shown))
    }
  }

  // MARK: - Details

  /// The detail screen of a species: its default form, or the form (a `pokemon` id from its
  /// varieties, e.g. 10100 for `raichu-alola`) given as `form`.
  ///
  /// For an id, the species and its pokemon are requested in parallel, the species first (see
  /// ``speciesAndPokemon(id:pokemonID:)``; the pokemon id is guessed
  /// as the species id, or is the form's, and fetched again only if the species names another
  /// default variety). A name is what ``resolve(_:glossary:)`` returns when the species index could not be
  /// loaded, so the index is not asked again: the species is requested by name, then its
  /// pokemon. As soon as the species names its evolution chain, the chain is handed to `warmUp`,
  /// without waiting for it: that warms the client's cache for ``evolution(of:glossary:)``, and its
  /// failure is ignored here. Then the pokemon's types are loaded for the matchups.
  public func details(
    of key: SpeciesKey, form: Int? = nil, glossary: Glossary
  ) async throws(DetailError) -> SpeciesDetailViewModel {
    let species: Species
    var pokemon: Pokemon
    switch key {
    case .id(let id):
      (species, pokemon) = try await speciesAndPokemon(id: id, pokemonID: form ?? id)
    case .name:
      species = try await call { () async throws(APIError) in try await speciesWarmingChain(key) }
      let id = form ?? species.defaultPokemonID
      pokemon = try await call { () async throws(APIError) in try await client.pokemon(id: id) }
    }
    let pokemonID = form.flatMap { species.form(id: $0)?.pokemon.id } ?? species.defaultPokemonID
    if pokemon.id != pokemonID {
      pokemon = try await call { () async throws(APIError) in
        try await client.pokemon(id: pokemonID)
      }
    }
    var model = Self.viewModel(species: species, pokemon: pokemon, glossary: glossary)
    async let abilityNames = Self.abilityNames(of: pokemon, glossary: glossary, client: client)
    model.matchups = try await Self.matchups(of: pokemon, glossary: glossary, client: client)
    let names = await abilityNames
    for index in model.abilities.indices {
      if let name = names[pokemon.abilities.sorted { $0.slot < $1.slot }[index].ability.name] {
        model.abilities[index].name = name
      }
    }
    return model
  }

  /// The names of `pokemon`'s abilities from the API in the glossary's language (English where
  /// it has none, and without a language: `RKS System`, not a name made from `rks-system`),
  /// loaded in parallel; none for those that cannot be loaded.
  static func abilityNames(
    of pokemon: Pokemon, glossary: Glossary, client: any PokeAPIClient
  ) async -> [String: String] {
    await client.names(
      of: AbilityKind.self, pokemon.abilities.map(\.ability.name),
      in: glossary.language ?? .english)
  }

  /// The species and form that `query` (normalised) names when it is the slug of one of a
  /// species' forms, or a prefix of just one (`raichu-alola`, `mr-mime-galar`): the species is
  /// the longest whose slug followed by `-` starts the query. `nil` when it names none; the
  /// form is `nil` for the species' default one.
  func form(named query: String) async throws(DetailError) -> (species: Int, form: Int?)? {
    guard let index = try await availableIndex() else { return nil }
    let owners = index.filter { query.hasPrefix($0.name.lowercased() + "-") }
    guard let owner = owners.max(by: { $0.name.count < $1.name.count }) else { return nil }
    let species = try await call { () async throws(APIError) in
      try await client.species(.id(owner.id))
    }
    let varieties = species.varieties.filter { $0.pokemon.id != nil }
    let exact = varieties.first { $0.pokemon.name.lowercased() == query }
    let prefixed = varieties.filter { $0.pokemon.name.lowercased().hasPrefix(query) }
    guard let variety = exact ?? (prefixed.count == 1 ? prefixed.first : nil) else { return nil }
    return (owner.id, variety.isDefault ? nil : variety.pokemon.id)
  }

  /// The matchups of `pokemon`'s types, from their damage relations (loaded in parallel, one
  /// small cached resource per type); `nil` when a type cannot be loaded. Throws only when
  /// cancelled.
  static func matchups(
    of pokemon: Pokemon, glossary: Glossary = .slugs, client: any PokeAPIClient
  ) async throws(DetailError) -> TypeMatchups? {
    let references = pokemon.types.map(\.type)
    guard !references.isEmpty else { return nil }
    let loaded = await withTaskGroup(of: PokemonType?.self) { group in
      for reference in references {
        group.addTask { try? await client.pokemonType(reference) }
      }
      var types: [PokemonType] = []
      for await type in group { if let type { types.append(type) } }
      return types
    }
    if Task.isCancelled { throw .api(.cancelled) }
    guard loaded.count == references.count else { return nil }
    return TypeChart(defending: loaded).matchups(
      of: loaded.map { SafeText.line($0.name) }, glossary: glossary)
  }

  /// The detail view model of a species and its default pokemon, in the glossary's language
  /// (names as capitalised slugs and English texts without one).
  static func viewModel(
    species: Species, pokemon: Pokemon, glossary: Glossary = .slugs
  ) -> SpeciesDetailViewModel {
    let stats = pokemon.stats.map {
      SpeciesDetailViewModel.Stat(
        name: glossary.stat($0.stat.name), value: $0.baseStat, slug: SafeText.line($0.stat.name))
    }
    let name = glossary.language.flatMap { species.name(in: $0) }
    // The usual form is called by the species' name in the language shown.
    var forms: [SpeciesDetailViewModel.Form] =
      species.varieties.count > 1 ? species.varieties.compactMap(form) : []
    for index in forms.indices where forms[index].isDefault {
      if let name { forms[index].displayName = name.text }
    }
    let shown = species.form(id: pokemon.id).flatMap { $0.isDefault ? nil : form($0) }
    let language = glossary.language ?? .english
    let genus = species.genus(in: language)
    let flavorText = species.flavorText(in: language)
    let fellBack =
      glossary.language != nil
      && [name?.fallback ?? true, genus?.fallback ?? false, flavorText?.fallback ?? false]
        .contains(true)
    let types = pokemon.types.sorted { $0.slot < $1.slot }
    var model = SpeciesDetailViewModel(
      id: species.id,
      name: SafeText.line(species.name),
      displayName: shown?.displayName ?? name?.text
        ?? glossary.species(species.id, slug: species.name),
      genus: genus?.text,
      types: types.map { glossary.type($0.type.name) },
      heightCentimetres: pokemon.heightCentimetres,
      weightKilograms: pokemon.weightKilograms,
      genderRatio: species.genderRatio.description,
      abilities: pokemon.abilities.sorted { $0.slot < $1.slot }.map {
        SpeciesDetailViewModel.Ability(
          name: Words.title($0.ability.name), isHidden: $0.isHidden,
          slug: SafeText.line($0.ability.name), slot: $0.slot)
      },
      stats: stats,
      baseStatTotal: stats.reduce(0) { $0.addingReportingOverflow($1.value).partialValue },
      flavorText: flavorText?.text,
      isBaby: species.isBaby,
      isLegendary: species.isLegendary,
      isMythical: species.isMythical,
      evolutionChainID: species.evolutionChainID, form: shown, forms: forms)
    model.typeSlugs = types.map { SafeText.line($0.type.name) }
    let pastTypes = pokemon.pastTypes.compactMap { past in
      past.generation.id.map { generation in
        SpeciesDetailViewModel.PastTypes(
          throughGeneration: generation,
          slugs: past.types.sorted { $0.slot < $1.slot }.map { SafeText.line($0.type.name) })
      }
    }.sorted { $0.throughGeneration < $1.throughGeneration }
    model.pastTypeSlugs = pastTypes.isEmpty ? nil : pastTypes
    let pastStats = pokemon.pastStats.compactMap { past in
      past.generation.id.map { generation in
        SpeciesDetailViewModel.PastStats(
          throughGeneration: generation,
          stats: past.stats.map {
            .init(
              name: glossary.stat($0.stat.name), value: $0.baseStat,
              slug: SafeText.line($0.stat.name))
          })
      }
    }.sorted { $0.throughGeneration < $1.throughGeneration }
    model.pastStats = pastStats.isEmpty ? nil : pastStats
    let pastAbilities = pokemon.pastAbilities.compactMap { past in
      past.generation.id.map { generation in
        SpeciesDetailViewModel.PastAbilities(
          throughGeneration: generation,
          abilities: past.abilities.map {
            .init(
              slot: $0.slot, slug: $0.ability.map { SafeText.line($0.name) }, isHidden: $0.isHidden)
          })
      }
    }.sorted { $0.throughGeneration < $1.throughGeneration }
    model.pastAbilities = pastAbilities.isEmpty ? nil : pastAbilities
    model.introduced = species.generation?.id
    model.language = glossary.language?.code
    model.fallbackNote = fellBack ? glossary.fallbackNote : nil
    return model
  }

  /// A variety as the view model shows it; `nil` when its url names no id.
  private static func form(_ variety: Species.Variety) -> SpeciesDetailViewModel.Form? {
    variety.pokemon.id.map {
      .init(
        name: SafeText.line(variety.pokemon.name),
        displayName: DisplayName.of(variety.pokemon.name),
        pokemonID: $0, isDefault: variety.isDefault)
    }
  }

  // MARK: - Evolution

  /// The whole evolution chain of a species as a tree, that species marked. A species without a
  /// chain gets a tree of itself alone.
  public func evolution(
    of key: SpeciesKey, glossary: Glossary
  ) async throws(DetailError) -> EvolutionTreeViewModel {
    let species = try await call { () async throws(APIError) in try await client.species(key) }
    guard let chainID = species.evolutionChainID else {
      let node = EvolutionNode(
        id: species.id, name: SafeText.line(species.name),
        displayName: glossary.language.flatMap { species.name(in: $0)?.text }
          ?? glossary.species(species.id, slug: species.name),
        isBaby: species.isBaby, isSelected: true, children: [])
      return EvolutionTreeViewModel(chainID: nil, selectedSpeciesID: species.id, root: node)
    }
    return try await evolution(
      chainID: chainID, selectedSpeciesID: species.id, glossary: glossary)
  }

  /// The evolution chain `chainID` (from ``SpeciesDetailViewModel/evolutionChainID``) as a tree,
  /// `selectedSpeciesID` marked. The items, moves and places its ways name are looked up in
  /// parallel for their English names; one that cannot be loaded (offline, not cached) is
  /// named from its slug.
  public func evolution(
    chainID: Int, selectedSpeciesID: Int?, glossary shown: Glossary
  ) async throws(DetailError) -> EvolutionTreeViewModel {
    let chain = try await call { () async throws(APIError) in
      try await client.evolutionChain(id: chainID)
    }
    let names = try await Self.names(
      Self.references(in: chain), in: shown.language ?? .english, client: client)
    let glossary = try await Self.withMembers(of: chain, in: shown, client: client)
    return try Self.tree(of: chain, selectedSpeciesID: selectedSpeciesID, glossary: glossary) {
      kind, resource in
      names[GameReference(kind: kind, name: resource.name)]
    }
  }

  /// `glossary` with the names of `chain`'s members it lacks in its language, from their species
  /// (a few requests together, cached): the tree does not wait for every species' name to load.
  static func withMembers(
    of chain: EvolutionChain, in glossary: Glossary, client: any PokeAPIClient
  ) async throws(DetailError) -> Glossary {
    var members: [Int] = []
    func visit(_ link: ChainLink) {
      if let id = link.species.id { members.append(id) }
      link.evolvesTo.forEach(visit)
    }
    visit(chain.chain)
    let named = await client.naming(members, in: glossary)
    if Task.isCancelled { throw .api(.cancelled) }
    return named
  }

  /// The tree view model of `chain`, naming species with `glossary` and items, moves and places
  /// with `names`.
  static func tree(
    of chain: EvolutionChain, selectedSpeciesID: Int?, glossary: Glossary = .slugs,
    names: @escaping EvolutionTrigger.Names = { _, _ in nil }
  ) throws(DetailError) -> EvolutionTreeViewModel {
    let words = EvolutionTrigger(names: names)
    func node(_ link: ChainLink, parent: String?) throws(DetailError) -> EvolutionNode {
      guard let id = link.species.id else {
        throw .api(.invalidData(resource: "evolution-chain/\(chain.id)"))
      }
      var children: [EvolutionNode] = []
      for child in link.evolvesTo {
        children.append(try node(child, parent: link.species.name))
      }
      let ways = parent.map {
        words.describe(link.evolutionDetails, species: link.species.name, parent: $0)
      }
      return EvolutionNode(
        id: id, name: SafeText.line(link.species.name),
        displayName: glossary.species(id, slug: link.species.name), isBaby: link.isBaby,
        isSelected: id == selectedSpeciesID, ways: ways?.ways ?? [], also: ways?.also,
        children: children)
    }
    return EvolutionTreeViewModel(
      chainID: chain.id, selectedSpeciesID: selectedSpeciesID,
      root: try node(chain.chain, parent: nil))
  }

  /// An item, move or place by kind and slug.
  struct GameReference: Hashable {
    var kind: GameResourceKind
    var name: String
  }

  /// The items, moves and places whose names the words of `chain` show (the places of a long
  /// list only as far as it is spelled out).
  static func references(in chain: EvolutionChain) -> [GameReference: NamedResource] {
    var found: [GameReference: NamedResource] = [:]
    let recorder = EvolutionTrigger { kind, resource in
      found[GameReference(kind: kind, name: resource.name)] = resource
      return nil
    }
    func visit(_ link: ChainLink, parent: String?) {
      if let parent {
        _ = recorder.describe(link.evolutionDetails, species: link.species.name, parent: parent)
      }
      for child in link.evolvesTo { visit(child, parent: link.species.name) }
    }
    visit(chain.chain, parent: nil)
    return found
  }

  /// The names of `references` in `language` (else English), loaded in parallel (the client
  /// bounds how many go out at once); those that cannot be loaded are left out. Throws only
  /// when cancelled.
  static func names(
    _ references: [GameReference: NamedResource], in language: Language = .english,
    client: any PokeAPIClient
  ) async throws(DetailError) -> [GameReference: String] {
    let names = await withTaskGroup(of: (GameReference, String?).self) { group in
      for (reference, resource) in references {
        group.addTask {
          let loaded = try? await client.gameResource(reference.kind, resource)
          return (reference, loaded?.name(in: language))
        }
      }
      var names: [GameReference: String] = [:]
      for await (reference, name) in group {
        if let name { names[reference] = name }
      }
      return names
    }
    if Task.isCancelled { throw .api(.cancelled) }
    return names
  }

  // MARK: - Helpers

  /// The species `id` and the pokemon `pokemonID`, requested together; the species' evolution
  /// chain goes to ``warmEvolutionChain(id:)`` as soon as the species' answer names it
  /// (``speciesWarmingChain(_:)``). The pokemon is asked for by a child task one priority below
  /// the species': when both requests start together (a cold start gathers them while its
  /// connection opens), the transport, which orders them by the base priority of the task that
  /// asked, sends the species' first, and a server that works in order answers it ahead of the
  /// pokemon's 460 KB. The chain, and the names after it, wait for the species' answer only.
  /// (Awaiting the group raises the child's current priority, not its base one.)
  private func speciesAndPokemon(
    id: Int, pokemonID: Int
  ) async throws(DetailError) -> (Species, Pokemon) {
    enum Answer: Sendable {
      case species(Result<Species, APIError>)
      case pokemon(Result<Pokemon, APIError>)
    }
    let client = client
    let below = Self.priority(below: Task.basePriority ?? Task.currentPriority)
    var species: Result<Species, APIError> = .failure(.cancelled)
    var pokemon: Result<Pokemon, APIError> = .failure(.cancelled)
    await withTaskGroup(of: Answer.self) { group in
      group.addTask { [self] in
        .species(
          await Self.result { () async throws(APIError) in
            try await speciesWarmingChain(.id(id))
          })
      }
      group.addTask(priority: below) {
        .pokemon(
          await Self.result { () async throws(APIError) in try await client.pokemon(id: pokemonID) }
        )
      }
      for await answer in group {
        switch answer {
        case .species(let result):
          species = result
          if case .failure = result { group.cancelAll() }
        case .pokemon(let result):
          pokemon = result
        }
      }
    }
    do {
      return (try species.get(), try pokemon.get())
    } catch {
      throw .api(error)
    }
  }

  /// The next priority below `priority` (`.background` has none below it).
  public static func priority(below priority: TaskPriority) -> TaskPriority {
    [TaskPriority.low, .medium, .high].last { $0 < priority } ?? .background
  }

  private static func result<T>(
    _ body: () async throws(APIError) -> T
  ) async -> Result<T, APIError> {
    do {
      return .success(try await body())
    } catch {
      return .failure(error)
    }
  }

  /// The species `key`, its evolution chain warmed (``warmEvolutionChain(id:)``) as soon as the
  /// client's answer names it, before the species is decoded: on a cold start the chain's
  /// request leaves a millisecond or two sooner, and the names after it. When the answer did
  /// not name it (the species came from the cache, say), or named another than the decoded
  /// species does, the decoded species' chain is warmed once it is in.
  private func speciesWarmingChain(_ key: SpeciesKey) async throws(APIError) -> Species {
    let named = Locked<Int?>(nil)
    let species = try await client.species(key) { [self] chainID in
      named.withLock { $0 = chainID }
      warmEvolutionChain(id: chainID)
    }
    if let chainID = species.evolutionChainID, named.withLock({ $0 }) != chainID {
      warmEvolutionChain(id: chainID)
    }
    return species
  }

  /// Hands the fetch of the evolution chain `chainID`, and then of the names its ways show, to
  /// `warmUp`; errors are ignored.
  private func warmEvolutionChain(id chainID: Int) {
    let client = client
    warmUp("evolution chain #\(chainID)") {
      guard let chain = try? await client.evolutionChain(id: chainID) else { return }
      _ = try? await Self.names(Self.references(in: chain), client: client)
    }
  }

  private func call<T>(
    _ body: () async throws(APIError) -> T
  ) async throws(DetailError) -> T {
    do {
      return try await body()
    } catch {
      throw .api(error)
    }
  }
}

extension Species {
  /// The id of the species' default pokemon (its default variety), else the species id.
  var defaultPokemonID: Int {
    varieties.first(where: \.isDefault)?.pokemon.id ?? id
  }

  /// The variety (form) whose pokemon id is `id`.
  func form(id: Int) -> Variety? {
    varieties.first { $0.pokemon.id == id }
  }
}

extension String {
  fileprivate var trimmingSpaces: String {
    var text = Substring(self)
    while text.first?.isWhitespace == true { text.removeFirst() }
    while text.last?.isWhitespace == true { text.removeLast() }
    return String(text)
  }
}

extension Character {
  fileprivate var isASCIIDigitOrSign: Bool {
    ("0"..."9").contains(self) || self == "-" || self == "+"
  }
}
