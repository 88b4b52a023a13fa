import APIClient
import Cache
import CommandLanguage
import DetailModels
import ImageFeature
import Images
import ListFeature
import Models
import Pages
import Presentation
import SyncFeature

/// The one place where a failure becomes words, for the text and JSON renderers alike, and a
/// stable `kind` that scripts can branch on (documented in docs/JSON-OUTPUT.md).
public enum FailureText {
  /// Every kind a failure can have, as JSON shows it.
  public enum Kind: String, CaseIterable, Sendable {
    /// The line is not a valid command, or an argument is wrong.
    case usage
    /// The command's feature flag is off.
    case featureDisabled = "feature_disabled"
    /// The command needs an open species.
    case noSelection = "no_selection"
    /// A page before the first or after the last.
    case outOfRange = "out_of_range"
    /// A name prefix shared by several species.
    case ambiguous
    /// No such species or image, or no species in a `sync` range.
    case notFound = "not_found"
    /// The species' image has not been downloaded yet.
    case notDownloaded = "not_downloaded"
    /// The network is unreachable and nothing is cached.
    case offline
    /// `--offline` and the answer was never cached.
    case notCached = "not_cached"
    /// The server did not answer in time.
    case timedOut = "timed_out"
    /// The server failed (5xx) or answered with an unexpected status.
    case serverError = "server_error"
    /// The server is rate limiting.
    case rateLimited = "rate_limited"
    /// The answer was garbage, truncated or of the wrong shape, or an image was refused.
    case invalidData = "invalid_data"
    /// A file could not be written or read.
    case storage
    /// Ctrl-C.
    case cancelled
  }

  /// The kind of `failure`.
  public static func kind(_ failure: CommandFailure) -> Kind {
    switch failure {
    case .usage, .noHelp: .usage
    case .disabled: .featureDisabled
    case .noSelection: .noSelection
    case .nothingToGoBackTo: .outOfRange
    case .page(let error): kind(error)
    case .alreadyOnLastPage, .alreadyOnFirstPage: .outOfRange
    case .noImageYet: .notDownloaded
    case .cancelled, .syncCancelled: .cancelled
    case .api(let error): kind(error)
    case .list(let error): kind(error)
    case .detail(let error): kind(error)
    case .image(let error): kind(error)
    case .sync(.noSpecies): .notFound
    }
  }

  /// One line for the user.
  public static func message(_ failure: CommandFailure) -> String {
    switch failure {
    case .usage(let failure): failure.message
    case .disabled(let disabled): disabled.message
    case .noSelection: "No species is open; try \"open 133\" or \"open eevee\"."
    case .nothingToGoBackTo: "Nothing to go back to: this is the first page of the trail."
    case .page(let error): message(error)
    case .alreadyOnLastPage(let count): "Already on the last page (\(count))."
    case .alreadyOnFirstPage: "Already on the first page."
    case .noImageYet(let name): "No image of \(name) yet; \"download image\" fetches it."
    case .noHelp(let name): "No help for \"\(SafeText.line(name))\"."
    case .cancelled: "Cancelled."
    case .syncCancelled(let summary): syncCancelled(summary)
    case .api(let error): message(error)
    case .list(let error): message(error)
    case .detail(let error): message(error)
    case .image(let error): message(error)
    case .sync(.noSpecies(let range)): "No species in \(range.lowerBound)-\(range.upperBound)."
    }
  }

  /// What a `sync` stopped by Ctrl-C had stored: `Cancelled: 12 of 30 species synced, 4 images;
  /// they stay cached, and "sync" again fetches only the rest.`
  static func syncCancelled(_ summary: SyncSummary) -> String {
    guard summary.synced > 0 else {
      return "Cancelled before any species was stored."
    }
    var done = "\(summary.synced) of \(summary.requested) species synced"
    if summary.images > 0 { done += ", \(summary.images) images" }
    if !summary.failures.isEmpty { done += ", \(summary.failures.count) failed" }
    return "Cancelled: \(done); they stay cached, and \"sync\" again fetches only the rest."
  }

  /// One line for a species that `sync` left behind: `#201: Not found: species #201.`
  public static func message(_ failure: SyncFailure) -> String {
    switch failure.reason {
    case .details(let error): "#\(failure.id): \(message(error))"
    case .image(let error): "#\(failure.id): image: \(message(error))"
    case .pages(let error): "#\(failure.id): its abilities, types or moves: \(message(error))"
    case .notStored(let reason): "#\(failure.id): fetched, but not stored: \(message(reason))"
    }
  }

  /// Why answers did not reach the disk, in a few words.
  static func message(_ reason: UnsavedReason) -> String {
    switch reason {
    case .diskFull: "the disk is full."
    case .diskFailed: "the disk cache failed (see the log)."
    case .memoryOnly: "the cache is in memory only."
    case .readOnly: "the cache is read-only."
    }
  }

  // MARK: - API

  static func kind(_ error: APIError) -> Kind {
    switch error {
    case .offline: .offline
    case .notCached: .notCached
    case .notFound: .notFound
    case .server, .unexpectedStatus: .serverError
    case .rateLimited: .rateLimited
    case .invalidData: .invalidData
    case .timedOut: .timedOut
    case .cancelled: .cancelled
    }
  }

  static func message(_ error: APIError) -> String {
    switch error {
    case .offline:
      "The Pokémon server cannot be reached and nothing is cached for this yet; check the network"
        + " connection."
    case .notCached(let r): "Offline: \(r) has not been cached yet."
    case .notFound(let r): "Not found: \(r)."
    case .server(let status): "The Pokémon server had an error (HTTP \(status)); try again later."
    case .rateLimited: "The Pokémon server is rate limiting us; try again in a moment."
    case .invalidData(let r): "The server sent invalid data for \(r)."
    case .timedOut: "The Pokémon server did not answer in time; try again later."
    case .cancelled: "Cancelled."
    case .unexpectedStatus(let s): "The Pokémon server answered with an unexpected HTTP \(s)."
    }
  }

  // MARK: - List

  static func kind(_ error: ListError) -> Kind {
    switch error {
    case .api(let error): kind(error)
    case .pageBeforeFirst, .pageAfterLast: .outOfRange
    case .emptySearch, .searchTooLong, .randomCountOutOfRange: .usage
    case .typeWithoutSpecies: .notFound
    }
  }

  static func message(_ error: ListError) -> String {
    switch error {
    case .api(let error):
      message(error)
    case .pageBeforeFirst(let page):
      "Page \(page) does not exist; pages start at 1."
    case .pageAfterLast(let page, let lastPage):
      "Page \(page) is past the last page (\(lastPage))."
    case .emptySearch:
      "Search needs some text, e.g. \"search pika\"."
    case .searchTooLong(let maximum):
      "Search text is too long (at most \(maximum) characters)."
    case .randomCountOutOfRange(let count, let allowed):
      "Cannot pick \(count) random Pokémon; choose \(allowed.lowerBound) to \(allowed.upperBound)."
    case .typeWithoutSpecies(let type):
      "No Pokémon has the type \(DisplayName.words(type)); the filter is left as it was."
    }
  }

  // MARK: - Details

  static func kind(_ error: DetailError) -> Kind {
    switch error {
    case .api(let error): kind(error)
    case .emptyInput, .inputTooLong, .invalidID: .usage
    case .ambiguous: .ambiguous
    case .unknown, .notServed: .notFound
    }
  }

  /// A species the index names that the server has no answer for.
  static func notServed(_ name: String, _ id: Int) -> String {
    "The Pokémon server has no answer for \(SafeText.line(name)) (#\(id))."
  }

  static func message(_ error: DetailError) -> String {
    switch error {
    case .api(let error):
      return message(error)
    case .emptyInput:
      return "Name a Pokémon by id or name, e.g. \"open 133\" or \"open eevee\"."
    case .inputTooLong(let maximum):
      return "That name is too long (at most \(maximum) characters)."
    case .invalidID(let text):
      return "\"\(text)\" is not a Pokémon id; ids are positive numbers."
    case .ambiguous(let input, let candidates, let total):
      let more = total > candidates.count ? ", …" : ""
      let names = candidates.map(DisplayName.of).joined(separator: ", ")
      return "\"\(input)\" matches \(names)\(more) (\(total) Pokémon); type more of the name."
    case .unknown(let input, let suggestion):
      // `open pikachu extra`: the words were taken as one name; say what `open` takes.
      let usage = input.contains(" ") ? " \"open\" takes one species: open ID|NAME." : ""
      if let suggestion {
        return "No Pokémon named \"\(input)\". Did you mean \"\(suggestion)\"?\(usage)"
      }
      return "No Pokémon named \"\(input)\".\(usage)"
    case .notServed(let name, let id):
      return notServed(name, id)
    }
  }

  // MARK: - Pages

  static func kind(_ error: PageError) -> Kind {
    switch error {
    case .api(let error): kind(error)
    case .needsSelection: .noSelection
    case .invalidName, .refused: .usage
    case .ambiguous: .ambiguous
    case .unknown, .notIn, .notServed: .notFound
    }
  }

  static func message(_ error: PageError) -> String {
    switch error {
    case .api(let error):
      return message(error)
    case .needsSelection(let kind):
      return "No species is open; try \"open pikachu\", then \"\(kind)\"."
    case .refused(let reason):
      return SafeText.line(reason)
    case .notServed(let name, let id):
      return notServed(name, id)
    case .invalidName(let kind, let example):
      return "Name one \(kind), e.g. \"\(kind) \(example)\"."
    case .ambiguous(let kind, let input, let candidates, let total):
      let more = total > candidates.count ? ", …" : ""
      let names = candidates.map(SafeText.line).joined(separator: ", ")
      return
        "\"\(SafeText.line(input))\" matches \(names)\(more) (\(total)); type more of the \(kind)'s name."
    case .unknown(let kind, let input, let suggestion):
      if let suggestion {
        return
          "No \(kind) named \"\(SafeText.line(input))\". Did you mean \"\(SafeText.line(suggestion))\"?"
      }
      return "No \(kind) named \"\(SafeText.line(input))\"."
    case .notIn(let statement, let game, let elsewhere, let verb):
      let lead = "\(SafeText.line(statement)) in \(SafeText.line(game))"
      guard !elsewhere.isEmpty else { return lead + ", nor in any other game." }
      let shown = elsewhere.prefix(6).map(SafeText.line).joined(separator: "; ")
      let more = elsewhere.count > 6 ? " and \(elsewhere.count - 6) more" : ""
      return lead + "; it \(verb) in \(shown)\(more)."
    }
  }

  // MARK: - Images

  static func kind(_ error: ImageFeatureError) -> Kind {
    switch error {
    case .invalidSpeciesID: .usage
    case .notFound: .notFound
    case .notDownloadedOffline: .notCached
    case .serverError, .unexpectedStatus: .serverError
    case .offline: .offline
    case .timedOut: .timedOut
    case .badResponse, .invalidImage: .invalidData
    case .cancelled: .cancelled
    case .storageFailed, .unreadableFile: .storage
    }
  }

  /// Why an image failed, after a line that already names the species (`#150 Mewtwo: No image
  /// exists.`, not `… for #150.` again).
  static func reason(_ error: ImageFeatureError) -> String {
    if case .notFound = error { return "No image exists." }
    if case .notDownloadedOffline = error { return "Offline: not downloaded yet." }
    return message(error)
  }

  static func message(_ error: ImageFeatureError) -> String {
    switch error {
    case .invalidSpeciesID(let id):
      return "\"\(id)\" is not a Pokémon id; ids are positive numbers."
    case .notFound(let id):
      return "No image exists for #\(id)."
    case .notDownloadedOffline(let id):
      return "Offline: the image of #\(id) has not been downloaded yet."
    case .serverError(let status):
      return "The image server had an error (HTTP \(status)); try again later."
    case .unexpectedStatus(let status):
      return "The image server answered with an unexpected HTTP \(status)."
    case .offline:
      return "The image server cannot be reached; check the network connection."
    case .timedOut:
      return "The image server did not answer in time; try again later."
    case .badResponse:
      return "The image download was cut off; try again."
    case .cancelled:
      return "Cancelled."
    case .invalidImage(let id, let reason):
      let text = message(reason)
      return "The image for #\(id) was refused: \(text.prefix(1).lowercased() + text.dropFirst())"
    case .storageFailed(.invalidSpeciesID(let id)):
      return "\"\(id)\" is not a Pokémon id; ids are positive numbers."
    case .storageFailed(.writeFailed(let path, let reason)):
      return "Could not save the image in \(path): \(reason)."
    case .unreadableFile(let path):
      return "Could not read the image at \(path)."
    }
  }

  static func message(_ error: PNGDecodingError) -> String {
    switch error {
    case .notPNG:
      return "The file is not a PNG image."
    case .tooLarge(_, let limit):
      // A body stopped while it streamed has no full size: the limit is what is known.
      return "The image is larger than the limit of \(limit) bytes."
    case .tooManyPixels(let width, let height, let maxSide):
      return "The image is too big (\(width)×\(height) px; the limit is \(maxSide) px a side)."
    case .corrupt(let detail):
      return detail.isEmpty
        ? "The PNG image is damaged or truncated."
        : "The PNG image is damaged or truncated (\(detail))."
    case .unavailable(let reason):
      return "It cannot be decoded here: \(reason) (Debian: apt-get install libpng16-16)."
    }
  }
}
