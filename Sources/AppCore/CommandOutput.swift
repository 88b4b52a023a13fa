import Cache
import DetailFeature
import FeatureFlags
import ImageFeature
import ListFeature
import Models

/// Whether the detail view shows an image, a hint to download one, or nothing (images off).
public enum DetailImage: Sendable, Equatable {
  case image(StoredImage)
  case downloadHint
  case none
}

/// The result of one successful command: a view model for the renderers. Features produce the
/// view models; renderers (text, JSON) draw them; nothing here prints.
public enum CommandOutput: Sendable, Equatable {
  /// A page of the species list (`list`, `next`, `page 3`, `filter male` …).
  case list(SpeciesListViewModel)
  /// Rows from `search` or `random`.
  case rows(SearchResultViewModel)
  /// The details of a species (`open`, `info`).
  case detail(SpeciesDetailViewModel, image: DetailImage)
  /// An evolution tree (`evolution`).
  case evolution(EvolutionTreeViewModel)
  /// An image just downloaded (`download image`).
  case downloaded(speciesID: Int, StoredImage)
  /// `download image` when the image was already there.
  case alreadyDownloaded(speciesID: Int, path: String)
  /// A stored image (`image`).
  case image(speciesID: Int, StoredImage)
  /// The active filter (bare `filter`).
  case filter(GenderFilter)
  /// `help` or `help COMMAND`.
  case help(String)
  /// The command history, oldest first.
  case history([String])
  /// Cache statistics.
  case cache(CacheStatistics)
  /// The cache was emptied.
  case cacheCleared
  /// The feature flags and where each value came from.
  case flags([FeatureFlags.Entry])
  /// The summary of a `sync`.
  case synced(SyncSummary)
}

/// What `sync` fetched.
public struct SyncSummary: Sendable, Equatable, Codable {
  /// The first and last species synced (the range asked for, narrowed to species that exist).
  public var range: ClosedRange<Int>
  /// Species whose details (species, pokemon, evolution chain) are now cached, including those
  /// whose image alone failed.
  public var synced: Int
  /// Images downloaded now or already there (when `--images`).
  public var images: Int
  /// One line per failure, by id, e.g. `#201: Not found: species #201.` or
  /// `#7: image: …`.
  public var failures: [String]

  public init(range: ClosedRange<Int>, synced: Int, images: Int, failures: [String]) {
    self.range = range
    self.synced = synced
    self.images = images
    self.failures = failures
  }
}

/// How a command ended.
public enum CommandOutcome: Sendable, Equatable {
  /// It worked and has something to show.
  case output(CommandOutput)
  /// It failed; one line for the user.
  case failure(String)
  /// A blank line or comment.
  case nothing
  /// `quit`.
  case quit
}

extension CommandOutcome {
  /// Whether the command did all it was asked: a failure, or a `sync` that left species
  /// behind, makes a script's exit status 1.
  public var succeeded: Bool {
    switch self {
    case .failure: false
    case .output(.synced(let summary)): summary.failures.isEmpty
    case .output, .nothing, .quit: true
    }
  }
}
