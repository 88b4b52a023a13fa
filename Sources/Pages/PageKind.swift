import APIClient
import CommandLanguage
import DetailModels
import Models

/// What a page kind is opened with: what its command's grammar (``PageArguments``) takes.
public enum PageSubject: Sendable, Equatable {
  /// A name of the kind (`ability static`), resolved among ``PageKind/names``.
  case name
  /// Nothing (`types`, `natures`).
  case nothing
  /// The selected species or form, and an argument the kind reads itself (`moves`,
  /// `moves --game red-blue`).
  case selection
  /// Arguments the kind reads itself, after the selected species' (or form's) slug when one is
  /// open (`-` otherwise): `compare raichu` compares with it, `compare pikachu raichu` does not
  /// need it.
  case arguments
}

extension PageArguments {
  /// What a kind whose command takes these arguments is opened with.
  var subject: PageSubject {
    switch self {
    case .name: .name
    case .none: .nothing
    case .gameOption: .selection
    case .species, .speciesAndOptions, .actions: .arguments
    }
  }
}

/// The kind of the resource `R`, for ``ResourceNames``: its names alone, cached apart.
public enum KindOf<R: APIResource>: NamedKind {
  public static var path: String { R.path }
}

/// What a page of a kind is about, by what the kind is opened with (``PageSubject``).
public enum PageTarget: Sendable, Hashable, Codable {
  /// A resource of the kind, by slug or id (``PageSubject/name``).
  case resource(String)
  /// The kind as a whole (``PageSubject/nothing``).
  case whole
  /// The selected species' (or form's) `pokemon` id, and an argument the kind reads itself
  /// (``PageSubject/selection``: `moves --game red-blue`).
  case selection(pokemon: Int, argument: String?)
  /// The selected species' (or form's) slug, when one is open, and the arguments typed
  /// (``PageSubject/arguments``: `compare raichu`).
  case arguments(selection: String?, words: [String])
}

/// What a kind is asked to show.
public struct PageRequest: Sendable {
  /// What the page is about.
  public var target: PageTarget
  /// Hears what the page is waiting for, for the status line (`Fetching 93 moves … 41/93`).
  public var progress: @Sendable (String) -> Void
  /// The language to show the page in, with the names of what it mentions.
  public var glossary: Glossary
  /// The game the session plays (`game red`), which pages that differ by game answer for;
  /// `nil` for none (each page then shows the newest game it has data for).
  public var game: SessionGame?
  /// The game's name as the session shows it (`Red`, `Red / Blue`), when one is played.
  public var gameName: String?
  /// The slug of the resource of kind `kind` that `typed` names, found as that kind's own names
  /// are (``PageDirectory/slug(of:named:glossary:progress:)``: in the language and in English,
  /// a unique start, or one line naming the candidates or a near name): `stats --nature ようき`.
  public var slug: @Sendable (_ kind: String, _ typed: String) async throws(PageError) -> String
  /// What the kind's command read of its words (``PageOptions``), for a kind that reads them;
  /// `nil` when the page is shown again from the trail (``arguments(_:kind:example:)`` reads
  /// the words kept, the same way).
  public var options: (any PageOptions)?

  public init(
    _ target: PageTarget, glossary: Glossary = .slugs, game: SessionGame? = nil,
    gameName: String? = nil, options: (any PageOptions)? = nil,
    progress: @escaping @Sendable (String) -> Void = { _ in },
    slug: @escaping @Sendable (_ kind: String, _ typed: String) async throws(PageError) -> String =
      { kind, typed throws(PageError) in throw .unknown(kind: kind, input: typed, suggestion: nil) }
  ) {
    self.target = target
    self.glossary = glossary
    self.game = game
    self.gameName = gameName
    self.progress = progress
    self.slug = slug
    self.options = options
  }

  /// The open species' slug (when one is) and the options of a kind that reads its words, as
  /// its command read them, else read from the words the trail kept; a target of another
  /// shape is `kind`'s invalid input (shown with `example`).
  public func arguments<Options: PageOptions>(
    _ type: Options.Type, kind: String, example: String
  ) throws(PageError) -> (selection: String?, options: Options) {
    guard case .arguments(let selection, let words) = target else {
      throw .invalidName(kind: kind, example: example)
    }
    if let options = options as? Options { return (selection, options) }
    do throws(PageOptionsProblem) {
      return (selection, try Options(words: words.map { $0.lowercased() }))
    } catch {
      throw .refused(error.message)
    }
  }
}

/// One kind of page: the command that opens it, what it is opened with, and how a request
/// becomes a page. A feature module makes one over a client; the composition root lists them in
/// the ``PageDirectory``, and the command table has one line each.
public struct PageKind: Sendable {
  /// The command, which is also the address's and the JSON output's `type` (`ability`).
  public let name: String
  /// A name of the kind for messages and help (`static`).
  public let example: String
  /// What it is opened with.
  public let subject: PageSubject
  /// The names completion offers after the command: the kind's names (`GET ability?limit=…`),
  /// or those of its argument (the games, for `moves --game`); `nil` for none.
  public let names: (@Sendable () async throws(APIError) -> [NamedResource])?
  /// The page for a request.
  public let show: @Sendable (PageRequest) async throws(PageError) -> any Page
  /// Every resource's names in a language and in English, by slug, hearing how many of how many
  /// have loaded: what a name typed in the session's language is resolved among (`ability
  /// fuite`); `nil` for a kind resolved by slug alone.
  public let localNames: LocalNames?
  /// Whether a name is also resolved by its English name without a language chosen: for a
  /// small kind whose slugs are not its English names (`egg-group field` is `ground`).
  public let resolvesEnglishNames: Bool

  /// A loader of ``localNames``.
  public typealias LocalNames =
    @Sendable (Language, _ progress: @escaping @Sendable (Int, Int) -> Void) async throws(APIError)
    -> [String: NamesByLanguage]

  /// The kind `command` opens (its name, and what it is opened with, from its grammar).
  public init(
    _ command: PageCommand, example: String,
    names: (@Sendable () async throws(APIError) -> [NamedResource])?,
    localNames: LocalNames? = nil, resolvesEnglishNames: Bool = false,
    show: @escaping @Sendable (PageRequest) async throws(PageError) -> any Page
  ) {
    self.name = command.name
    self.example = example
    self.subject = command.arguments.subject
    self.names = names
    self.localNames = localNames
    self.resolvesEnglishNames = resolvesEnglishNames
    self.show = show
  }

  /// A kind whose names are the API's list at `R.path` (`ability`), each page made from the
  /// resource of that name.
  /// Its names in every language are the resources' own (``ResourceNames``), unless
  /// `localNames` loads them otherwise.
  /// `listing` says which of the API's list are offered and resolved among (all by default); a
  /// resource left out still opens by its exact slug.
  public static func named<R: APIResource>(
    _ command: PageCommand, example: String, resource: R.Type, client: any PokeAPIClient,
    localNames: LocalNames? = nil, resolvesEnglishNames: Bool = false,
    listing: @escaping @Sendable (NamedResource) -> Bool = { _ in true },
    page: @escaping @Sendable (R, PageRequest, any PokeAPIClient) async throws(APIError) -> any Page
  ) -> PageKind {
    let own: LocalNames = { language, progress async throws(APIError) in
      try await client.names(ofEvery: KindOf<R>.self, in: language, progress: progress)
    }
    let name = command.name
    return PageKind(
      command, example: example,
      names: { () async throws(APIError) in try await client.names(of: R.path).filter(listing) },
      localNames: localNames ?? own, resolvesEnglishNames: resolvesEnglishNames,
      show: { request async throws(PageError) in
        do throws(APIError) {
          guard case .resource(let key) = request.target else {
            throw APIError.notFound(resource: "\(name) page")
          }
          return try await page(try await client.resource(R.self, key), request, client)
        } catch {
          throw .api(error)
        }
      })
  }

  /// A kind opened with nothing whose page many answers make (`types`, `natures`): made by
  /// `page`, then kept whole as a derived value named `kept` and the language (one read next
  /// time).
  public static func whole<P: Page & Codable>(
    _ command: PageCommand, keptAs kept: String, client: any PokeAPIClient,
    page: @escaping @Sendable (Glossary) async throws(APIError) -> P
  ) -> PageKind {
    whole(command) { (glossary: Glossary) async throws(APIError) in
      let language = glossary.language.map { "-" + $0.code } ?? ""
      return try await client.derived(kept + language) { () async throws(APIError) -> Derived<P> in
        Derived(try await page(glossary))
      }
    }
  }

  /// A kind opened with nothing, its page made by `page` in a glossary's language.
  public static func whole(
    _ command: PageCommand, page: @escaping @Sendable (Glossary) async throws(APIError) -> any Page
  ) -> PageKind {
    PageKind(command, example: "", names: nil) {
      request async throws(PageError) in
      do throws(APIError) {
        return try await page(request.glossary)
      } catch {
        throw .api(error)
      }
    }
  }
}

/// Why a page could not be shown.
public enum PageError: Error, Sendable, Equatable {
  /// No name of the kind is or starts with the input; `suggestion` is a near one.
  case unknown(kind: String, input: String, suggestion: String?)
  /// Several names start with the input: the first few, and how many there are.
  case ambiguous(kind: String, input: String, candidates: [String], total: Int)
  /// The input is empty once cleaned, or absurdly long; `example` is a name of the kind.
  case invalidName(kind: String, example: String)
  /// The game asked for (or the session's) has nothing for the page: `statement` (`Pikachu is
  /// not found in the wild`) holds in `game`; `elsewhere` names the games that have something
  /// (none: no game does), of which "it `verb`" (`is`, `does`).
  case notIn(statement: String, game: String, elsewhere: [String], verb: String)
  /// The kind is about the selected species, and none is open.
  case needsSelection(kind: String)
  /// The kind refuses what was asked, for the reason given in one line (`The team is full`).
  case refused(String)
  /// A species the index names (Garchomp, #445) that the server has no answer for.
  case notServed(name: String, id: Int)
  /// The API failed.
  case api(APIError)

  /// Why a species typed for a page of `kind` (`compare`, `stats`) could not be opened, as a
  /// page's error; an input that cannot be a name is shown with `example`.
  public init(_ error: DetailError, kind: String, example: String) {
    switch error {
    case .api(let error): self = .api(error)
    case .unknown(let input, let suggestion):
      self = .unknown(kind: "Pokémon", input: input, suggestion: suggestion)
    case .ambiguous(let input, let candidates, let total):
      self = .ambiguous(kind: "Pokémon", input: input, candidates: candidates, total: total)
    case .emptyInput, .inputTooLong, .invalidID:
      self = .invalidName(kind: kind, example: example)
    case .notServed(let name, let id): self = .notServed(name: name, id: id)
    }
  }
}
