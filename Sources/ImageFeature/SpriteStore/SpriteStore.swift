import Foundation

/// Where downloaded species images live, keyed by species id only.
public protocol SpriteStore: Sendable {
  /// The ids of every species whose image is stored.
  func storedIDs() async -> Set<Int>
  /// The file of a stored image, or `nil`.
  func fileURL(forSpecies id: Int) async -> URL?
  /// Stores validated PNG bytes atomically and returns the file.
  func store(_ png: Data, forSpecies id: Int) async throws(SpriteStoreError) -> URL
}

/// Why an image could not be stored.
public enum SpriteStoreError: Error, Sendable, Equatable {
  /// Species ids are positive; nothing is stored for others.
  case invalidSpeciesID(Int)
  /// The file system refused the write; `path` is the directory or file concerned.
  case writeFailed(path: String, reason: String)
}
