import APIClient
import CommandLanguage
import DetailModels
import ImageFeature
import ListFeature
import Pages
import SyncFeature

/// Why a command failed, as data. It stays typed all the way to the renderers, which alone turn
/// it into words (text) or a stable `kind` plus a message (JSON).
public enum CommandFailure: Error, Sendable, Equatable {
  /// The line is not a valid command (unknown command, bad argument).
  case usage(ParseFailure)
  /// The command's feature flag is off.
  case disabled(DisabledFeature)
  /// A list, page, filter, search or random request failed.
  case list(ListError)
  /// `open`, `info` or `evolution` failed.
  case detail(DetailError)
  /// `download image` or `image` failed.
  case image(ImageFeatureError)
  /// The species index (for `sync`) could not be loaded.
  case api(APIError)
  /// An ability, move, type, item or nature page could not be shown.
  case page(PageError)
  /// `back` with nothing before the page shown.
  case nothingToGoBackTo
  /// `sync` had nothing to do.
  case sync(SyncError)
  /// The command needs an open species and none is.
  case noSelection
  /// `next` on the last page.
  case alreadyOnLastPage(Int)
  /// `prev` on the first page.
  case alreadyOnFirstPage
  /// `image` before `download image`.
  case noImageYet(displayName: String)
  /// `help X` for a command without help.
  case noHelp(String)
  /// Ctrl-C stopped the command.
  case cancelled
  /// Ctrl-C stopped `sync`; what it had stored stays.
  case syncCancelled(SyncSummary)

  /// Whether Ctrl-C stopped the command.
  public var isCancellation: Bool {
    switch self {
    case .cancelled, .syncCancelled: true
    default: false
    }
  }

  /// Whether the line itself was wrong, not the network, the disk or the moment: a usage error,
  /// a command switched off, a name or id that names nothing (or several), a page out of range.
  /// Such a line stays in the history, to be corrected, but is never suggested as you type.
  public var isMistyped: Bool {
    switch self {
    case .usage, .noHelp, .disabled: true
    case .detail(let error):
      switch error {
      case .emptyInput, .inputTooLong, .invalidID, .ambiguous, .unknown, .api(.notFound): true
      // The name was right: the server lacks the species.
      case .api, .notServed: false
      }
    case .page(let error):
      switch error {
      case .unknown, .ambiguous, .invalidName, .refused, .api(.notFound): true
      case .needsSelection, .notIn, .api, .notServed: false
      }
    case .list(let error):
      switch error {
      case .pageBeforeFirst, .pageAfterLast, .emptySearch, .searchTooLong,
        .randomCountOutOfRange, .typeWithoutSpecies:
        true
      case .api: false
      }
    default: false
    }
  }

  /// The underlying API failure, when there is one.
  public var apiError: APIError? {
    switch self {
    case .api(let error), .list(.api(let error)), .detail(.api(let error)),
      .page(.api(let error)):
      error
    default: nil
    }
  }
}
