import APIClient
import DetailModels
import Models

/// What the session shows every page in: its language and the game it plays.
public struct PageContext: Sendable, Equatable {
  /// The language, with the names of what a page mentions.
  public var glossary: Glossary
  /// The game played (`game red`); `nil` for none (today's facts).
  public var game: SessionGame?
  /// The game's name as the session shows it (`Red`, `Red / Blue`), when one is played.
  public var gameName: String?

  public init(glossary: Glossary = .slugs, game: SessionGame? = nil, gameName: String? = nil) {
    self.glossary = glossary
    self.game = game
    self.gameName = gameName
  }
}

extension PageRequest {
  /// The language and game the page is asked in.
  public var context: PageContext {
    PageContext(glossary: glossary, game: game, gameName: gameName)
  }
}

/// The species page (`open`, `info`, a form, the species `back` returns to, the details beside a
/// downloaded picture, what `sync` stores): a species' details in the session's language, as
/// the session's game has them, both from the ``PageContext`` every page is asked in. Every command that shows a species asks here, so none shows
/// today's facts where the session plays an older game.
///
/// A value of two parts, in the manner of a client: the details (``SpeciesDetails``) and what a
/// game makes of them (``inGame``), which tests override alone.
public struct SpeciesKind: Sendable {
  /// Resolving a name, loading a species' details and its evolution tree.
  public var details: any SpeciesDetails
  /// A species' details as a game has them, named in a glossary's language: the facts of its
  /// generation, its Pokédex text and numbers in the game (``GameFacts/species(_:in:glossary:client:)``).
  public var inGame:
    @Sendable (SpeciesDetailViewModel, SessionGame, Glossary) async -> SpeciesDetailViewModel

  /// The kind over `details`; `inGame` leaves the details as they are unless given.
  public init(
    details: any SpeciesDetails,
    inGame:
      @escaping @Sendable (SpeciesDetailViewModel, SessionGame, Glossary) async ->
      SpeciesDetailViewModel = { detail, _, _ in detail }
  ) {
    self.details = details
    self.inGame = inGame
  }

  /// The kind over `details`, the games' facts from `client`.
  public static func live(details: any SpeciesDetails, client: any PokeAPIClient) -> SpeciesKind {
    SpeciesKind(details: details) { detail, game, glossary in
      await GameFacts.species(detail, in: game, glossary: glossary, client: client)
    }
  }

  /// The species (or form) `input` names (``SpeciesDetails/open(_:glossary:)``), shown in
  /// `context`.
  public func open(
    _ input: String, in context: PageContext
  ) async throws(DetailError) -> SpeciesDetailViewModel {
    await shown(try await details.open(input, glossary: context.glossary), in: context)
  }

  /// Species `key` (its form `form`, else its usual one), shown in `context`.
  public func details(
    of key: SpeciesKey, form: Int? = nil, in context: PageContext
  ) async throws(DetailError) -> SpeciesDetailViewModel {
    await shown(
      try await details.details(of: key, form: form, glossary: context.glossary), in: context)
  }

  /// The whole evolution tree around species `key`, named in `context`'s language.
  public func evolution(
    of key: SpeciesKey, in context: PageContext
  ) async throws(DetailError) -> EvolutionTreeViewModel {
    try await details.evolution(of: key, glossary: context.glossary)
  }

  /// `detail` (loaded in `context`'s language) as `context`'s game has it, and named by its
  /// name; as it is without a game.
  public func shown(
    _ detail: SpeciesDetailViewModel, in context: PageContext
  ) async -> SpeciesDetailViewModel {
    guard let game = context.game else { return detail }
    var model = await inGame(detail, game, context.glossary)
    model.gameName = context.gameName
    return model
  }
}
