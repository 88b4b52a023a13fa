import AppDecorators
import Foundation
import Session

/// What a prepared demo needs (`present --prepare FILE` writes it, `present FILE` checks it): the
/// file it was prepared from and its commands, the answers by key and the images by id. Kept in
/// the cache directory, one file per demo file (`demos/<hash of its path>.json`).
struct DemoManifest: Codable, Equatable {
  var file: String
  /// The commands prepared, to tell a file changed since.
  var commands: [String]
  var keys: [String]
  /// The usual images, by species id.
  var images: [Int]
  /// The other variants' images the show drew (`shiny on`): `{id, variant}`, the variant its
  /// directory (`shiny/`); absent from manifests written before they were recorded.
  var variantImages: [DemoRecorder.Image]?

  init(
    file: String, script: DemoScript, keys: [String], images: [Int],
    variantImages: [DemoRecorder.Image] = []
  ) {
    self.file = file
    self.commands = script.steps.map(\.command)
    self.keys = keys
    self.images = images
    self.variantImages = variantImages.isEmpty ? nil : variantImages
  }

  /// How many images it keeps, of every variant.
  var imageCount: Int { images.count + (variantImages?.count ?? 0) }

  /// `path` made absolute (against the working directory), as the manifest is filed by it.
  static func absolute(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.path
  }

  /// Where the manifest of the demo at `file` is kept.
  static func url(for file: String, in cacheDirectory: URL) -> URL {
    // FNV-1a of the path: a short stable name, not a secret.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in absolute(file).utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return cacheDirectory.appendingPathComponent("demos")
      .appendingPathComponent(String(hash, radix: 16) + ".json")
  }

  /// Writes it (private to the user, as the cache is); why it could not, or `nil`.
  func save(in cacheDirectory: URL) -> String? {
    let url = Self.url(for: file, in: cacheDirectory)
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
      let data = try JSONEncoder().encode(self)
      try data.write(to: url, options: .atomic)
      try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
      return nil
    } catch {
      return error.localizedDescription
    }
  }

  /// What would break the show of `script` (read from `file`), one line each: not prepared
  /// (only offline: online the answers come from the network), changed since, or answers and
  /// images no longer cached.
  static func problems(
    file: String, script: DemoScript, cacheDirectory: URL, offline: Bool,
    hasAnswer: (String) async -> Bool, hasImage: (_ id: Int, _ variant: String) async -> Bool
  ) async -> (problems: [String], warnings: [String]) {
    let url = url(for: file, in: cacheDirectory)
    let prepare = "run \"pokedex present --prepare \(file)\" online first"
    guard let data = try? Data(contentsOf: url),
      let manifest = try? JSONDecoder().decode(DemoManifest.self, from: data)
    else {
      let line = "\(file) was not prepared: \(prepare)."
      return offline ? ([line], []) : ([], [line + " Playing it from the network."])
    }
    guard manifest.commands == script.steps.map(\.command) else {
      let line = "\(file) has changed since it was prepared: \(prepare)."
      return offline ? ([line], []) : ([], [line + " Playing it from the network."])
    }
    var missingAnswers = 0
    for key in manifest.keys where !(await hasAnswer(key)) { missingAnswers += 1 }
    var missingImages: [String] = []
    for id in manifest.images where !(await hasImage(id, "")) { missingImages.append("#\(id)") }
    for image in manifest.variantImages ?? [] where !(await hasImage(image.id, image.variant)) {
      missingImages.append("#\(image.id) (\(image.variant.dropLast()))")
    }
    var problems: [String] = []
    if missingAnswers > 0 {
      problems.append(
        "\(missingAnswers) of the \(manifest.keys.count) answers \(file) needs are no longer "
          + "cached: \(prepare).")
    }
    if !missingImages.isEmpty {
      problems.append(
        "The images of " + missingImages.joined(separator: ", ") + " are gone: \(prepare).")
    }
    return (problems, [])
  }
}
