import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Stores images as `{directory}/{id}.png`, one file per species, and its other variants beside
/// them as the image server keeps them (`shiny/{id}.png`, `female/{id}.png`,
/// `shiny/female/{id}.png`).
///
/// Writes go to a hidden temporary file in the same directory and are renamed into place,
/// so a reader never sees half a file and a failed write leaves nothing behind. The set of
/// stored images is whatever the directory holds, so it survives restarts; other files in
/// the directory (temporaries, junk) are ignored.
public actor FileSpriteStore: SpriteStore {
  /// The directory holding the images (created on the first store).
  public let directory: URL

  /// A store rooted at `directory`, e.g. `$XDG_DATA_HOME/pokedex/sprites`.
  public init(directory: URL) {
    self.directory = directory
  }

  /// The file name used for species `id`: digits only, never derived from a name.
  public static func fileName(forSpecies id: Int) -> String { "\(id).png" }

  /// The species id a file name stands for, or `nil` for any other file.
  static func speciesID(fromFileName name: String) -> Int? {
    guard name.hasSuffix(".png") else { return nil }
    let stem = name.dropLast(4)
    guard !stem.isEmpty, stem.count <= 9, stem.allSatisfy({ $0.isASCII && $0.isNumber }),
      let id = Int(stem), id > 0, fileName(forSpecies: id) == name
    else { return nil }
    return id
  }

  /// The directory of a variant's images.
  private func directory(of variant: SpriteVariant) -> URL {
    variant.directory.isEmpty
      ? directory : directory.appendingPathComponent(variant.directory, isDirectory: true)
  }

  /// The ids of every stored image of any variant (regular files named `{id}.png`).
  public func storedIDs() -> Set<Int> {
    var ids = Set<Int>()
    for variant in SpriteVariant.all {
      let folder = directory(of: variant)
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      for name in names {
        guard let id = Self.speciesID(fromFileName: name) else { continue }
        if isRegularFile(folder.appendingPathComponent(name).path) { ids.insert(id) }
      }
    }
    return ids
  }

  /// The stored file of species `id`'s `variant`, or `nil` when there is none.
  public func fileURL(forSpecies id: Int, variant: SpriteVariant) -> URL? {
    guard id > 0 else { return nil }
    let url = directory(of: variant).appendingPathComponent(Self.fileName(forSpecies: id))
    return isRegularFile(url.path) ? url : nil
  }

  /// Writes `png` as the image of species `id`'s `variant`, replacing any previous one
  /// atomically.
  public func store(_ png: Data, forSpecies id: Int, variant: SpriteVariant)
    throws(SpriteStoreError) -> URL
  {
    guard id > 0 else { throw .invalidSpeciesID(id) }
    let directory = directory(of: variant)
    do {
      try FileManager.default.createDirectory(
        at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw .writeFailed(path: directory.path, reason: Self.reason(error))
    }
    let target = directory.appendingPathComponent(Self.fileName(forSpecies: id))
    let temporary = directory.appendingPathComponent(
      ".\(id).png.\(UUID().uuidString).partial")
    do {
      // Written private (0600), whatever the umask, then renamed into place.
      guard
        FileManager.default.createFile(
          atPath: temporary.path, contents: png, attributes: [.posixPermissions: 0o600])
      else { throw CocoaError(.fileWriteUnknown) }
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      throw .writeFailed(path: directory.path, reason: Self.reason(error))
    }
    guard rename(temporary.path, target.path) == 0 else {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(at: temporary)
      throw .writeFailed(path: target.path, reason: reason)
    }
    return target
  }

  private func isRegularFile(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
      && !isDirectory.boolValue
  }

  private static func reason(_ error: any Error) -> String {
    let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
    if let underlying, underlying.domain == NSPOSIXErrorDomain,
      let code = POSIXErrorCode(rawValue: Int32(underlying.code))
    {
      return String(cString: strerror(code.rawValue))
    }
    return (error as NSError).localizedDescription
  }
}
