import Cache
import CommandLanguage
import DetailModels
import ImageFeature
import ListFeature
import Models
import Pages
import SyncFeature

/// Whether the detail view shows an image, a hint to download one, or nothing (images off).
public enum DetailImage: Sendable, Equatable {
  case image(StoredImage)
  case downloadHint
  case none
}

/// The images an evolution tree shows: the members' downloaded images, and the downloads
/// `evolution --images` could not make.
public struct EvolutionImages: Sendable, Equatable {
  /// A member whose image could not be downloaded, and why.
  public struct Failure: Sendable, Equatable {
    public var speciesID: Int
    public var displayName: String
    public var error: ImageFeatureError

    public init(speciesID: Int, displayName: String, error: ImageFeatureError) {
      self.speciesID = speciesID
      self.displayName = displayName
      self.error = error
    }
  }

  /// The downloaded images, by species id.
  public var stored: [Int: StoredImage]
  /// What `--images` could not download, in tree order.
  public var failures: [Failure]

  public init(stored: [Int: StoredImage] = [:], failures: [Failure] = []) {
    self.stored = stored
    self.failures = failures
  }

  /// No images (the `images` feature is off, or none is downloaded).
  public static let none = EvolutionImages()
}

/// What `download image` did: the image of the species or form shown, and the details it is
/// drawn beside.
public struct ImageDownload: Sendable, Equatable {
  /// The id the image is stored under: the species', or a form's pokemon id (10100).
  public var imageID: Int
  public var stored: StoredImage
  /// Fetched by this command (else it was already there).
  public var fetched: Bool
  /// The species or form shown, for the image to be drawn beside (`nil`: the image alone).
  public var details: SpeciesDetailViewModel?
  /// The form shown, when the image server has no image of it and this is its species' image.
  public var formWithoutImage: String?
  /// The picture asked for, when the image server has none and ``stored`` is another variant.
  public var variantAsked: SpriteVariant?

  public init(
    imageID: Int, stored: StoredImage, fetched: Bool, details: SpeciesDetailViewModel? = nil,
    formWithoutImage: String? = nil, variantAsked: SpriteVariant? = nil
  ) {
    self.imageID = imageID
    self.stored = stored
    self.fetched = fetched
    self.details = details
    self.formWithoutImage = formWithoutImage
    self.variantAsked = variantAsked
  }
}

/// The result of one successful command: a view model for the renderers. Features produce the
/// view models; renderers (text, JSON) draw them; nothing here prints.
///
/// This module is the contract between the session engine and the renderers: neither sees the
/// other.
/// What `lang` says: the language shown (or just chosen), and how far the names have loaded.
public struct LanguageReport: Sendable, Equatable {
  /// The language shown, `nil` for capitalised slugs and English.
  public var current: Language?
  /// Whether this command chose it.
  public var changed: Bool
  /// How many of how many species names have loaded, while they load.
  public var progress: NamesProgress?
  /// Why the choice could not be kept for the next sessions, if it could not.
  public var saveWarning: String?

  public init(
    current: Language?, changed: Bool, progress: NamesProgress?, saveWarning: String? = nil
  ) {
    self.current = current
    self.changed = changed
    self.progress = progress
    self.saveWarning = saveWarning
  }
}

/// What `game` says: the game the session plays (or just chose), by its name from the API.
public struct GameReport: Sendable, Equatable {
  /// The game, `nil` for none.
  public var game: SessionGame?
  /// Its name (`Red`, `Red / Blue`).
  public var name: String?
  /// Whether this command chose (or cleared) it.
  public var changed: Bool
  /// Why the choice could not be kept for the next sessions, if it could not.
  public var saveWarning: String?

  public init(game: SessionGame?, name: String?, changed: Bool, saveWarning: String? = nil) {
    self.game = game
    self.name = name.map(SafeText.line)
    self.changed = changed
    self.saveWarning = saveWarning
  }
}

/// How far the names of a language have loaded: `done` of `total` species.
public struct NamesProgress: Sendable, Equatable {
  public var done: Int
  public var total: Int

  public init(done: Int, total: Int) {
    self.done = done
    self.total = total
  }
}

/// What a command that succeeded shows: one case per kind of answer, drawn by the text and JSON
/// renderers alike (a page of any kind is one case, ``ShownPage``).
public enum CommandOutput: Sendable, Equatable {
  /// A page of the species list (`list`, `next`, `page 3`, `filter male` …).
  case list(SpeciesListViewModel)
  /// Rows from `search` or `random`.
  case rows(SearchResultViewModel)
  /// The details of a species (`open`, `info`).
  case detail(SpeciesDetailViewModel, image: DetailImage)
  /// A page of another kind: an ability, move, type, item or nature, the type chart …
  case page(ShownPage)
  /// An evolution tree (`evolution`), with its members' images.
  case evolution(EvolutionTreeViewModel, images: EvolutionImages)
  /// The image `download image` fetched, or found already there, drawn beside the details.
  case downloaded(ImageDownload)
  /// A stored image (`image`).
  case image(speciesID: Int, StoredImage)
  /// The active filters (bare `filter`).
  case filter(ListFilter)
  /// What `doctor` found.
  case doctor(DoctorReport)
  /// `help`: the commands, laid out for the terminal's width.
  case commands(CommandHelp)
  /// `help COMMAND` or `help keys`.
  case help(String)
  /// The command history, oldest first, the first numbered `firstNumber` (`history N` shows
  /// the last lines).
  case history([String], firstNumber: Int)
  /// `clear`: the screen is to be cleared.
  case clear
  /// Whether long output is paged (`pager`, `pager on|off`).
  case pager(Bool)
  /// Whether shiny pictures are shown (`shiny`, `shiny on|off`), and why the choice was not
  /// kept for the next sessions, when it was not.
  case shiny(Bool, saveWarning: String?)
  /// Cache statistics.
  case cache(CacheStatistics)
  /// The cache was emptied.
  case cacheCleared
  /// The feature flags and where each value came from.
  case flags([FeatureFlags.Entry])
  /// `lang`: the language shown, or the one just chosen.
  case language(LanguageReport)
  /// `game`: the game chosen, cleared or shown.
  case game(GameReport)
  /// The summary of a `sync`.
  case synced(SyncSummary)
}

/// How a command ended.
public enum CommandOutcome: Sendable, Equatable {
  /// It worked and has something to show.
  case output(CommandOutput)
  /// It failed; the renderer words the failure.
  case failure(CommandFailure)
  /// A blank line or comment.
  case nothing
  /// `quit`.
  case quit

  /// Why it failed, when it did.
  public var failure: CommandFailure? {
    if case .failure(let failure) = self { return failure }
    return nil
  }
}

extension CommandOutcome {
  /// Whether the command did all it was asked: a failure, or a `sync` that left species
  /// behind, makes a script's exit status 1.
  public var succeeded: Bool {
    switch self {
    case .failure: false
    case .output(.synced(let summary)): summary.isComplete
    case .output(.doctor(let report)): report.isReady
    case .output, .nothing, .quit: true
    }
  }
}
