import CommandLanguage
import DetailModels
import Models
import Pages
import Presentation

extension SessionState {
  /// The open species as the status line names it (`#25 Pikachu`), else `the species`.
  var selectionName: String {
    selected.map { "#\($0.id) \($0.displayName)" } ?? "the species"
  }
}

/// `open ID|NAME`: a species by id, slug, unique prefix or a name in the language shown.
struct OpenCommand: BuiltInCommand {
  /// The id or name made slug-like: lowercased, a leading `#` dropped, quotes, apostrophes,
  /// dots and colons dropped, words joined by `-` (`open Mr. Mime` → `mr-mime`, `open #133` →
  /// `133`). Other characters are kept (`open Pokémon` → `pokémon`).
  var name: String
  /// The argument as typed (without quotes around it), which messages echo: `open
  /// ../../etc/passwd` is not echoed as `etcpasswd`.
  var typed: String

  init(_ name: String, typed: String? = nil) {
    self.name = name
    self.typed = typed ?? name
  }

  static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name }
  func hash(into hasher: inout Hasher) { hasher.combine(name) }

  var speciesOpened: String? { name }

  static let spec = CommandSpec(
    name: "open", aliases: [], arguments: "ID|NAME",
    group: .species, summary: "A species, by number or name",
    details: """
      Selects a species and shows its details. ID is its number (133, or #133); NAME is \
      its name in any case (eevee, Mr-Mime, Mr. Mime) or the start of exactly one name \
      (pikac for pikachu). Tab completes names.
      """,
    examples: ["open 133", "open eevee", "open mr-mime"], completion: .species)

  static func parse(_ arguments: Arguments, isEnabled: (Feature) -> Bool) -> ParseResult<Self> {
    if let refused: ParseResult<Self> = arguments.punctuatedID() { return refused }
    var words = arguments.words.map(Arguments.nameWord)
    words.removeAll { $0.isEmpty }
    if words.count > 1, words[0].allSatisfy({ $0.isASCII && $0.isNumber }) {
      return .fail(
        "\"open\" takes one species: open ID|NAME (not \(Arguments.quoted(arguments.rest))).")
    }
    guard !words.isEmpty else {
      return .fail("\"open\" needs a species: open ID|NAME, e.g. \"open 133\" or \"open eevee\".")
    }
    return .command(
      Self(words.joined(separator: "-"), typed: Arguments.unquoted(arguments.rest)))
  }

  func waiting(_ state: SessionState) -> String {
    "Fetching \(Int(name) != nil ? "species #" : "")\(SafeText.line(name))"
  }

  /// By id, slug or prefix, or by a name in the language shown; a name not found while the
  /// names of that language load is looked up again once they have (the status line counts
  /// them).
  func run(on shell: isolated Shell, status: StatusLine?) async throws(CommandFailure)
    -> CommandOutcome
  {
    let detail: SpeciesDetailViewModel
    let dependencies = shell.dependencies
    // Read before the glossary is: names loaded in between are then looked for again.
    let namesWereLoaded = dependencies.language?.hasSpeciesNames ?? true
    let context = await shell.context()
    do {
      detail = try await dependencies.species.open(name, in: context)
    } catch {
      // A name the slugs do not know may be one in the language, even one near a slug
      // (Glurak, Charizard in German, is near golurk): its names are loaded (counted), and it
      // is looked up again. A script cannot wait for a background load it does not see.
      guard case .unknown = error, !namesWereLoaded, let language = dependencies.language,
        language.current != nil
      else { throw .detail(error.echoing(typed)) }
      await shell.waitForSpeciesNames(language, status: status)
      if Task.isCancelled { throw .cancelled }
      do {
        // In the language's glossary as it is now, with the names.
        detail = try await dependencies.species.open(name, in: await shell.context())
      } catch {
        throw .detail(error.echoing(typed))
      }
    }
    return await shell.select(detail)
  }
}

/// `info`: the open species' details again.
struct InfoCommand: PlainCommand {
  static let spec = CommandSpec(
    name: "info", aliases: [], arguments: "",
    group: .species, summary: "The open species again",
    details: "Shows the details of the selected species again.",
    examples: ["info"], applies: .withSelection)

  func waiting(_ state: SessionState) -> String { "Fetching \(state.selectionName)" }

  func run(on shell: isolated Shell, status: StatusLine?) async throws(CommandFailure)
    -> CommandOutcome
  {
    let selected = try shell.requireSelection()
    return try await shell.showSpecies(selected, form: shell.state.selectedForm)
  }
}

/// `evolution [--images]` (`evo`): the open species' evolution tree, with the members' pictures
/// downloaded; `--images` downloads the missing ones first.
struct EvolutionCommand: BuiltInCommand {
  var images = false

  static let spec = CommandSpec(
    name: "evolution", aliases: ["evo"], arguments: "[--images]",
    group: .species, summary: "Its evolution tree",
    details: """
      Shows the whole evolution chain of the selected species as a tree, every branch \
      with what triggers it (level 16, use Water Stone, trade …); the selected species \
      is marked. The members whose images are downloaded are drawn in a row under the \
      tree; --images downloads the missing ones first.
      """,
    examples: ["open eevee", "evolution", "evo", "evo --images"], feature: .evolution,
    completion: .imagesOption, applies: .withSelection)

  static func parse(_ arguments: Arguments, isEnabled: (Feature) -> Bool) -> ParseResult<Self> {
    switch arguments.words.map({ $0.lowercased() }) {
    case []: return .command(Self())
    case ["--images"]:
      guard isEnabled(.images) else {
        return .disabled(DisabledFeature(feature: .images, command: spec.name))
      }
      return .command(Self(images: true))
    default:
      return .fail(
        "\"\(arguments.typed)\" takes only --images (not \(Arguments.quoted(arguments.rest))).")
    }
  }

  func waiting(_ state: SessionState) -> String {
    images
      ? "Downloading the images of \(state.selectionName)'s evolutions"
      : "Fetching the evolution of \(state.selectionName)"
  }

  func run(on shell: isolated Shell, status: StatusLine?) async throws(CommandFailure)
    -> CommandOutcome
  {
    let selected = try shell.requireSelection()
    let context = await shell.context()
    let tree = try await shell.details { species throws(DetailError) in
      try await species.evolution(of: .id(selected.id), in: context)
    }
    if images { _ = try shell.requireImages() }
    return .output(.evolution(tree, images: await shell.images(of: tree, downloading: images)))
  }
}

/// `back`: the page before the one shown, on the trail.
struct BackCommand: PlainCommand {
  static let spec = CommandSpec(
    name: "back", aliases: [], arguments: "",
    group: .species, summary: "Back along the trail",
    details: """
      Every page you open (a list page, a species, an ability, a move, a type, an item, a \
      nature) goes on a trail, which the prompt names. "back" shows the page before the \
      one shown again, whatever its kind; from a species it returns to the list page that \
      holds it, the species marked there.
      """,
    examples: ["open pikachu", "ability static", "back"], applies: .withTrail)

  func waiting(_ state: SessionState) -> String { "Going back" }

  /// The page before the one shown, on the trail, shown again; from a species shown first, the
  /// list page that holds it, the species marked there.
  func run(on shell: isolated Shell, status: StatusLine?) async throws(CommandFailure)
    -> CommandOutcome
  {
    let state = shell.state
    guard state.canGoBack, let current = state.trail.last else { throw .nothingToGoBackTo }
    let before = state.trail.dropLast().last
    var kept = Array(state.trail.dropLast(before == nil ? 1 : 2))
    let outcome: CommandOutcome
    switch before {
    case nil, .list:
      var number = state.listPage
      var filter = state.filter
      if case .list(let listPage, let listFilter) = before {
        number = listPage
        filter = listFilter
      }
      var marked: Int?
      if case .species(let species, _) = current {
        marked = species.id
        let holding = try? await shell.dependencies.list.pageHolding(
          speciesID: species.id, filter: filter)
        number = holding ?? number
      }
      outcome = try await shell.showListPage(number, filter: filter, marking: marked)
      shell.state.selected = nil
      shell.state.selectedForm = nil
    case .species(let species, let form):
      outcome = try await shell.showSpecies(species, form: form)
    case .find(let words, let page, _):
      outcome = try await shell.showFind(words, page: page, status: status)
      shell.state.selected = nil
      shell.state.selectedForm = nil
    case .page(let address, _):
      let page: any Page
      do {
        page = try await shell.dependencies.pages.show(
          address, glossary: await shell.glossary(), game: state.game, gameName: state.gameName,
          progress: { status?.waitFor($0) })
      } catch {
        throw .page(error)
      }
      if Task.isCancelled { throw .cancelled }
      shell.links = page.links
      kept.append(.page(page.address, title: page.title))
      shell.state.trail = kept
      selectAlongTheTrail(shell)
      return .output(.page(ShownPage(page)))
    }
    // Showing it put it back on the trail after the page left; what came before stays.
    if let shown = shell.state.trail.last { kept.append(shown) }
    shell.state.trail = kept
    return outcome
  }

  /// After `back` to a page: the species selected is the one the trail walked from (the last
  /// species before it, unless a list page came after that one), so that `moves` or `info`
  /// are about the species the page was opened from.
  private func selectAlongTheTrail(_ shell: isolated Shell) {
    for stop in shell.state.trail.reversed() {
      switch stop {
      case .species(let species, let form):
        shell.state.selected = species
        shell.state.selectedForm = form
        return
      case .list, .find:
        shell.state.selected = nil
        shell.state.selectedForm = nil
        return
      case .page: continue
      }
    }
  }
}

/// A page of a kind (`ability static`, `type fire`, `types`, `team add pikachu`), put on the
/// trail.
struct ShowPageCommand: SessionCommand {
  /// The kind and what was typed after its name.
  var input: PageInput

  init(_ input: PageInput) {
    self.input = input
  }

  func waiting(_ state: SessionState) -> String {
    let argument = input.name ?? input.words.joined(separator: " ")
    guard !argument.isEmpty else { return "Fetching the \(input.kind)" }
    return "Fetching \(input.kind) \(SafeText.line(argument))"
  }

  func run(on shell: isolated Shell, status: StatusLine?) async throws(CommandFailure)
    -> CommandOutcome
  {
    let state = shell.state
    let page: any Page
    do {
      page = try await shell.dependencies.pages.open(
        input.kind, input.name, words: input.words, options: input.options,
        selection: state.selectedForm ?? state.selected?.id,
        selectionName: state.selected?.name, glossary: await shell.glossary(), game: state.game,
        gameName: state.gameName, progress: { status?.waitFor($0) })
    } catch {
      throw .page(error)
    }
    // Ctrl-C: the page is not shown, so it does not go on the trail.
    if Task.isCancelled { throw .cancelled }
    shell.state.visit(.page(page.address, title: page.title))
    shell.links = page.links
    return .output(.page(ShownPage(page)))
  }
}

extension DetailError {
  /// The same failure naming the input as the user typed it (the parser normalises names:
  /// `open ../../etc/passwd` must not be echoed as `//etc/passwd`).
  func echoing(_ typed: String?) -> DetailError {
    guard let typed, !typed.isEmpty else { return self }
    switch self {
    case .unknown(_, let suggestion): return .unknown(input: typed, suggestion: suggestion)
    case .ambiguous(_, let candidates, let total):
      return .ambiguous(input: typed, candidates: candidates, total: total)
    case .invalidID: return .invalidID(typed)
    case .api, .emptyInput, .inputTooLong, .notServed: return self
    }
  }
}
