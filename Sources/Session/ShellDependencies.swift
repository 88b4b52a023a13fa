import APIClient
import Cache
import CommandLanguage
import DetailModels
import FindFeature
import ImageFeature
import ListFeature
import Models
import Pages
import Presentation
import SyncFeature

/// Everything a ``Shell`` talks to. The composition root builds it from live implementations;
/// tests build it from fakes.
public struct ShellDependencies: Sendable {
  /// Pages, filters, search and random.
  public var list: ListFeature
  /// The species page: open, details and evolution (possibly wrapped in decorators), in the
  /// session's language and game.
  public var species: SpeciesKind
  /// Every other kind of page (abilities, moves, types …), opened by name.
  public var pages: PageDirectory
  /// Images; `nil` when there is no image support at all.
  public var images: ImageFeature?
  /// `sync`.
  public var sync: SyncFeature
  /// The whole species index (for `sync`).
  public var speciesIndex: @Sendable () async throws(APIError) -> [SpeciesSummary]
  /// Cache statistics for `cache`.
  public var cacheStatistics: @Sendable () async -> CacheStatistics
  /// Empties the cache for `cache clear`.
  public var clearCache: @Sendable () async -> Void
  /// The command history, oldest first.
  public var history: @Sendable () -> [String]
  /// The types of each species by id, as far as the session knows them (the type index
  /// completion loads), for the list's rows: never a request of its own.
  public var speciesTypes: @Sendable () -> [Int: [String]]
  /// The feature flags in force.
  public var flags: FeatureFlags
  /// The commands: the built-in ones and the page kinds'.
  public var commands: CommandSet<any SessionCommand>
  /// Hears how far a `sync` has come (besides the status line), e.g. to print progress lines
  /// where no status line can be drawn.
  public var syncProgress: @Sendable (SyncProgress) -> Void
  /// `doctor`'s checks; `nil` where there is nothing to check (tests).
  public var doctor: Doctor?
  /// The language shown and its names; `nil` where there is none to choose (tests).
  public var language: SessionLanguage?
  /// Keeps the language chosen for the next sessions (`config.json`); returns a warning when it
  /// could not.
  public var saveLanguage: @Sendable (Language?) -> String?
  /// Keeps `shiny on|off` for the next sessions (`config.json`); returns a warning when it
  /// could not.
  public var saveShiny: @Sendable (Bool) -> String?
  /// Every game, to resolve `game NAME` among and name it (in a glossary's language).
  public var games: @Sendable (Glossary) async throws(APIError) -> GameCatalog
  /// Keeps the game chosen, with its name, for the next sessions (`config.json`); returns a
  /// warning when it could not.
  public var saveGame: @Sendable (SessionGame?, String?) -> String?
  /// `find`'s feature over the index; `nil`: `find` says it is not available.
  public var find: FindFeature?
  /// The kinds of `pages` whose commands in `commands` `flags` leave on.
  public static func enabled(
    _ pages: PageDirectory, flags: FeatureFlags, commands: CommandTable = SessionCommands.table
  ) -> PageDirectory {
    pages.only(
      pages.kindNames.filter { kind in
        commands.command(named: kind)?.feature.map(flags.isEnabled) ?? true
      })
  }

  public init(
    list: ListFeature, species: SpeciesKind, images: ImageFeature?,
    speciesIndex: @escaping @Sendable () async throws(APIError) -> [SpeciesSummary],
    cacheStatistics: @escaping @Sendable () async -> CacheStatistics,
    clearCache: @escaping @Sendable () async -> Void,
    unsavedAnswers: @escaping SyncFeature.Unsaved = { UnsavedAnswers() },
    history: @escaping @Sendable () -> [String], flags: FeatureFlags,
    commands: CommandSet<any SessionCommand> = SessionCommands.all,
    syncProgress: @escaping @Sendable (SyncProgress) -> Void = { _ in },
    pages: PageDirectory = PageDirectory(),
    speciesTypes: @escaping @Sendable () -> [Int: [String]] = { [:] },
    doctor: Doctor? = nil, language: SessionLanguage? = nil,
    saveLanguage: @escaping @Sendable (Language?) -> String? = { _ in nil },
    saveShiny: @escaping @Sendable (Bool) -> String? = { _ in nil },
    games: @escaping @Sendable (Glossary) async throws(APIError) -> GameCatalog = {
      _ async throws(APIError) in throw .notFound(resource: "the games")
    },
    saveGame: @escaping @Sendable (SessionGame?, String?) -> String? = { _, _ in nil }
  ) {
    self.saveShiny = saveShiny
    self.games = games
    self.saveGame = saveGame
    self.doctor = doctor
    self.language = language
    self.saveLanguage = saveLanguage
    self.pages = pages
    self.speciesTypes = speciesTypes
    self.list = list
    self.species = species
    self.images = images
    // sync stores the pages of the kinds the flags leave on.
    self.sync = SyncFeature(
      species: species, images: images, unsaved: unsavedAnswers,
      pages: Self.enabled(pages, flags: flags, commands: commands.table))
    self.speciesIndex = speciesIndex
    self.cacheStatistics = cacheStatistics
    self.clearCache = clearCache
    self.history = history
    self.flags = flags
    self.commands = commands
    self.syncProgress = syncProgress
  }
}
