import Foundation

/// Where downloaded species images live, keyed by species id and variant.
public protocol SpriteStore: Sendable {
  /// The ids of every species with an image of any variant stored.
  func storedIDs() async -> Set<Int>
  /// The file of a stored image of a variant, or `nil`.
  func fileURL(forSpecies id: Int, variant: SpriteVariant) async -> URL?
  /// Stores validated PNG bytes of a variant atomically and returns the file.
  func store(_ png: Data, forSpecies id: Int, variant: SpriteVariant) async throws(SpriteStoreError)
    -> URL
}

extension SpriteStore {
  /// The file of the usual image, or `nil`.
  public func fileURL(forSpecies id: Int) async -> URL? {
    await fileURL(forSpecies: id, variant: .standard)
  }

  /// Stores the usual image.
  public func store(_ png: Data, forSpecies id: Int) async throws(SpriteStoreError) -> URL {
    try await store(png, forSpecies: id, variant: .standard)
  }
}

/// Why an image could not be stored.
public enum SpriteStoreError: Error, Sendable, Equatable {
  /// Species ids are positive; nothing is stored for others.
  case invalidSpeciesID(Int)
  /// The file system refused the write; `path` is the directory or file concerned.
  case writeFailed(path: String, reason: String)
}
