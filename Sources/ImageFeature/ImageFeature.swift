import Foundation
import HTTPClient
import Images

/// A species image on disk: where it is, its bytes and its decoded pixels.
public struct StoredImage: Sendable, Hashable {
  /// The file, `{sprites directory}/{id}.png`.
  public var url: URL
  /// The PNG file's bytes (the graphics protocols send them as they are).
  public var png: Data
  /// The decoded pixels (half blocks draw them).
  public var image: RGBAImage
  /// Which picture it is (shiny, female, the usual one).
  public var variant: SpriteVariant

  /// A stored image from its parts.
  public init(url: URL, png: Data, image: RGBAImage, variant: SpriteVariant = .standard) {
    self.url = url
    self.png = png
    self.image = image
    self.variant = variant
  }
}

/// What `download image` did.
public enum DownloadOutcome: Sendable, Hashable {
  /// The image was fetched, validated and stored.
  case downloaded(StoredImage)
  /// The image was already stored; nothing was fetched.
  case alreadyStored(URL)
}

/// Why an image could not be downloaded or read. The renderers word it.
public enum ImageFeatureError: Error, Sendable, Equatable {
  /// Species ids are positive numbers.
  case invalidSpeciesID(Int)
  /// The server has no image for the species (HTTP 404).
  case notFound(speciesID: Int)
  /// The server failed (HTTP 5xx).
  case serverError(status: Int)
  /// The server refused the request (another non-2xx status).
  case unexpectedStatus(status: Int)
  /// No connection to the server.
  case offline
  /// `--offline`, and the image was never downloaded.
  case notDownloadedOffline(speciesID: Int)
  /// The server did not answer in time.
  case timedOut
  /// The answer was cut off or unreadable.
  case badResponse
  /// The user cancelled (Ctrl-C).
  case cancelled
  /// The body is not an acceptable PNG; nothing was stored.
  case invalidImage(speciesID: Int, reason: PNGDecodingError)
  /// The image could not be written to disk.
  case storageFailed(SpriteStoreError)
  /// A stored file could not be read back.
  case unreadableFile(path: String)
}

/// Downloads, validates, stores and reads back species images. It produces values for the
/// renderers and never prints.
public struct ImageFeature: Sendable {
  private let http: any HTTPClient
  private let decoder: any PNGDecoder
  private let store: any SpriteStore
  private let spritesBaseURL: URL
  private let offline: Bool

  /// A feature fetching `{spritesBaseURL}/{id}.png` through `http`, checking it with
  /// `decoder` and keeping it in `store`; `offline` (`--offline`), only what is stored.
  public init(
    http: any HTTPClient, decoder: any PNGDecoder, store: any SpriteStore, spritesBaseURL: URL,
    offline: Bool = false
  ) {
    self.offline = offline
    self.http = http
    self.decoder = decoder
    self.store = store
    self.spritesBaseURL = spritesBaseURL
  }

  /// The address of species `id`'s image of `variant` (`{base}/shiny/25.png`).
  public func imageURL(speciesID id: Int, variant: SpriteVariant = .standard) -> URL {
    spritesBaseURL.appendingPathComponent(variant.directory + "\(id).png")
  }

  /// Fetches, validates and stores species `id`'s image of `variant`; when it is already
  /// stored, says so without fetching. On any failure nothing is stored.
  public func download(
    speciesID id: Int, variant: SpriteVariant = .standard
  ) async throws(ImageFeatureError) -> DownloadOutcome {
    guard id > 0 else { throw .invalidSpeciesID(id) }
    if let existing = await store.fileURL(forSpecies: id, variant: variant) {
      return .alreadyStored(existing)
    }
    guard !offline else { throw .notDownloadedOffline(speciesID: id) }
    if Task.isCancelled { throw .cancelled }
    let response: HTTPResponse
    do {
      response = try await http.send(
        HTTPRequest(
          url: imageURL(speciesID: id, variant: variant),
          maximumBodyBytes: Self.maximumImageBytes))
    } catch {
      throw Self.map(error, speciesID: id)
    }
    if Task.isCancelled { throw .cancelled }
    switch response.status {
    case 200..<300: break
    case 404, 410: throw .notFound(speciesID: id)
    case 500..<600: throw .serverError(status: response.status)
    default: throw .unexpectedStatus(status: response.status)
    }
    let image: RGBAImage
    do {
      image = try decoder.decode(response.body)
    } catch {
      throw .invalidImage(speciesID: id, reason: error)
    }
    if Task.isCancelled { throw .cancelled }
    do {
      let url = try await store.store(response.body, forSpecies: id, variant: variant)
      return .downloaded(
        StoredImage(url: url, png: response.body, image: image, variant: variant))
    } catch {
      throw .storageFailed(error)
    }
  }

  /// Species `id`'s stored image of `variant`, decoded, or `nil` when it has not been
  /// downloaded.
  public func storedImage(
    speciesID id: Int, variant: SpriteVariant = .standard
  ) async throws(ImageFeatureError) -> StoredImage? {
    guard id > 0 else { throw .invalidSpeciesID(id) }
    guard let url = await store.fileURL(forSpecies: id, variant: variant) else { return nil }
    guard let png = try? Data(contentsOf: url) else { throw .unreadableFile(path: url.path) }
    do {
      return StoredImage(url: url, png: png, image: try decoder.decode(png), variant: variant)
    } catch {
      throw .invalidImage(speciesID: id, reason: error)
    }
  }

  /// The first of species `id`'s stored images in the order of `variants`, or `nil` when none
  /// of them has been downloaded.
  public func storedImage(
    speciesID id: Int, preferring variants: [SpriteVariant]
  ) async throws(ImageFeatureError) -> StoredImage? {
    for variant in variants {
      if let stored = try await storedImage(speciesID: id, variant: variant) { return stored }
    }
    return nil
  }

  /// The ids of every species with an image of any variant stored (highlighted in lists).
  public func downloadedIDs() async -> Set<Int> {
    await store.storedIDs()
  }

  /// The largest image body accepted (SPEC §6: 5 MB); a longer one is not even read whole.
  public static let maximumImageBytes = 5 << 20

  private static func map(_ error: HTTPError, speciesID id: Int) -> ImageFeatureError {
    switch error {
    case .connectionFailed: return .offline
    case .timedOut: return .timedOut
    case .cancelled: return .cancelled
    case .badResponse: return .badResponse
    case .tooLarge(let limit):
      // Stopped past the limit: more than `limit` bytes, however many the whole body has.
      return .invalidImage(speciesID: id, reason: .tooLarge(bytes: limit + 1, limit: limit))
    }
  }
}
