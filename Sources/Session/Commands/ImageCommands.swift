import APIClient
import CommandLanguage
import DetailModels
import ImageFeature
import Models
import Presentation

/// `download image [--shiny] [--female]`: the open species' (or form's) picture downloaded,
/// checked and shown; shiny as well when the session's `shiny` is on.
struct DownloadCommand: BuiltInCommand {
  var shiny = false
  var female = false

  static let spec = CommandSpec(
    name: "download", aliases: [], arguments: "image [--shiny] [--female]",
    group: .species, summary: "Save its picture",
    details: """
      Downloads the selected species' image, checks that it is a sensible PNG, keeps it \
      in the data directory and shows it. The list marks species whose image is downloaded. \
      --shiny downloads its shiny picture (as "shiny on" does for every download), --female \
      its female one where the female looks different; a picture the image server lacks \
      falls back to the usual one, and says so.
      """,
    examples: ["open 25", "download image", "download image --shiny --female"], feature: .images,
    completion: .downloadImage,
    applies: .withImageToDownload)

  static func parse(_ arguments: Arguments, isEnabled: (Feature) -> Bool) -> ParseResult<Self> {
    guard !arguments.words.isEmpty else {
      return .fail("\"download\" needs what to download: download image.")
    }
    let value = arguments.words.joined(separator: " ").lowercased()
    let words = arguments.words.map { $0.lowercased() }
    guard words.first == "image" else {
      return .fail(
        "\"download\" takes only \"image\" (not \(Arguments.quoted(value)))."
          + Arguments.didYouMean(value, among: ["image"]))
    }
    let options = Array(words.dropFirst())
    let known = ["--shiny", "--female"]
    if let unknown = options.first(where: { !known.contains($0) }) {
      return .fail(
        "\"download image\" takes --shiny and --female (not \(Arguments.quoted(unknown)))."
          + Arguments.didYouMean(unknown, among: known))
    }
    guard Set(options).count == options.count else {
      return .fail("\"download image\" takes each option once.")
    }
    return .command(Self(shiny: options.contains("--shiny"), female: options.contains("--female")))
  }

  func waiting(_ state: SessionState) -> String {
    let variant = SpriteVariant(shiny: shiny || state.shiny, female: female)
    return
      "Downloading the \(variant == .standard ? "" : "\(variant) ")image of \(state.selectionName)"
  }

  /// Downloads the image of the species or form shown, of the variant asked for (a form's own,
  /// `{pokemon id}.png`; where there is none, its species' one; where the image server has no
  /// picture of that variant, the one standing in for it: each said) and draws it beside the
  /// details.
  func run(on shell: isolated Shell, status: StatusLine?) async throws(CommandFailure)
    -> CommandOutcome
  {
    let variant = SpriteVariant(shiny: shiny || shell.state.shiny, female: female)
    let selected = try shell.requireSelection()
    let images = try shell.requireImages()
    let form = shell.state.selectedForm
    let detail = try? await shell.dependencies.species.details(
      of: .id(selected.id), form: form, in: await shell.context())
    var imageID = form ?? selected.id
    var formWithoutImage: String?
    let (outcome, shown): (DownloadOutcome, SpriteVariant)
    do {
      do {
        (outcome, shown) = try await Self.download(imageID, variant, images)
      } catch let error where form != nil && error.meansNoImageOfItsOwn {
        formWithoutImage = detail?.displayName ?? selected.displayName
        shell.formsWithoutImage.insert(imageID)
        imageID = selected.id
        (outcome, shown) = try await Self.download(imageID, variant, images)
      }
    } catch {
      throw .image(error)
    }
    let stored: StoredImage
    switch outcome {
    case .downloaded(let image): stored = image
    case .alreadyStored(let url):
      let image: StoredImage?
      do {
        image = try await images.storedImage(speciesID: imageID, variant: shown)
      } catch {
        throw .image(error)
      }
      guard let image else { throw .image(.unreadableFile(path: url.path)) }
      stored = image
    }
    let fetched = if case .downloaded = outcome { true } else { false }
    return .output(
      .downloaded(
        ImageDownload(
          imageID: imageID, stored: stored, fetched: fetched, details: detail,
          formWithoutImage: formWithoutImage, variantAsked: shown == variant ? nil : variant)))
  }

  /// The picture of `id` of `variant`, else of the variants standing in for it, and which it is.
  private static func download(
    _ id: Int, _ variant: SpriteVariant, _ images: ImageFeature
  ) async throws(ImageFeatureError) -> (DownloadOutcome, SpriteVariant) {
    var shown = variant
    while true {
      do {
        return (try await images.download(speciesID: id, variant: shown), shown)
      } catch .notFound(let id) {
        // Offline, a variant not downloaded is not one the server lacks: that is said as it is.
        guard let fallback = shown.fallback else { throw .notFound(speciesID: id) }
        shown = fallback
      }
    }
  }
}

/// `image`: the open species' downloaded picture, drawn.
struct ImageCommand: PlainCommand {
  static let spec = CommandSpec(
    name: "image", aliases: [], arguments: "",
    group: .species, summary: "Its picture, right here",
    details: "Shows the downloaded image of the selected species.",
    examples: ["image"], feature: .images, applies: .withImage)

  func waiting(_ state: SessionState) -> String { "Reading the image of \(state.selectionName)" }

  func run(on shell: isolated Shell, status: StatusLine?) async throws(CommandFailure)
    -> CommandOutcome
  {
    let selected = try shell.requireSelection()
    let images = try shell.requireImages()
    let imageID = shell.state.selectedForm ?? selected.id
    let stored: StoredImage?
    do {
      stored = try await images.storedImage(
        speciesID: imageID, preferring: shell.preferredVariants)
    } catch {
      throw .image(error)
    }
    guard let stored else { throw .noImageYet(displayName: selected.displayName) }
    return .output(.image(speciesID: imageID, stored))
  }
}

/// The pictures the session shows: a species' beside its details (a form's own, else its
/// species'), an evolution's members, shiny or not as the session is.
extension Shell {
  /// The image feature when it exists and its flag is on.
  var availableImages: ImageFeature? {
    flags.isEnabled(.images) ? dependencies.images : nil
  }

  func requireImages() throws(CommandFailure) -> ImageFeature {
    guard let images = availableImages else {
      throw .disabled(DisabledFeature(feature: .images, command: ImageCommand.spec.name))
    }
    return images
  }

  func downloadedIDs() async -> Set<Int> {
    guard let images = availableImages else { return [] }
    return await images.downloadedIDs()
  }

  /// The pictures of a species to show, in order: the session's (shiny or not) first.
  var preferredVariants: [SpriteVariant] { SpriteVariant.preferred(shiny: state.shiny) }

  /// The picture beside a species' details: `id`'s (a form's), else, for a form the image server
  /// has no picture of, its species'; the tip to download one when there is none yet.
  func detailImage(for id: Int, species: Int? = nil) async -> DetailImage {
    guard let images = availableImages else { return .none }
    let variants = preferredVariants
    if let stored = try? await images.storedImage(speciesID: id, preferring: variants) {
      return .image(stored)
    }
    // A form the image server has no picture of: its species' picture, and no tip to download
    // what cannot be had.
    if formsWithoutImage.contains(id), let species {
      if let stored = try? await images.storedImage(speciesID: species, preferring: variants) {
        return .image(stored)
      }
      return .none
    }
    return .downloadHint
  }

  /// The tree's members' stored images, after downloading the missing ones when `downloading`
  /// (at most four at once, within the client's own bound; each failure kept, the rest go on).
  func images(of tree: EvolutionTreeViewModel, downloading: Bool) async -> EvolutionImages {
    guard let images = availableImages else { return .none }
    var members: [(id: Int, name: String)] = []
    for row in tree.rows where !members.contains(where: { $0.id == row.id }) {
      members.append((row.id, row.displayName))
    }
    var failures: [EvolutionImages.Failure] = []
    if downloading {
      let downloaded = await images.downloadedIDs()
      let missing = members.filter { !downloaded.contains($0.id) }
      failures = await withTaskGroup(of: EvolutionImages.Failure?.self) { group in
        var next = 0
        func startNext() {
          guard next < missing.count else { return }
          let member = missing[next]
          next += 1
          // Caught by `APIRequests.result`, not in this closure (docs/RELIABILITY.md).
          _ = group.addTaskUnlessCancelled {
            let download = { (id: Int) async throws(ImageFeatureError) in
              _ = try await images.download(speciesID: id)
            }
            guard case .failure(let error) = await APIRequests.result(of: download, member.id)
            else { return nil }
            return .init(speciesID: member.id, displayName: member.name, error: error)
          }
        }
        for _ in 0..<4 { startNext() }
        var failed: [EvolutionImages.Failure] = []
        while let result = await group.next() {
          if let failure = result { failed.append(failure) }
          startNext()
        }
        let order = missing.map(\.id)
        return failed.sorted {
          order.firstIndex(of: $0.speciesID)! < order.firstIndex(of: $1.speciesID)!
        }
      }
    }
    // Ctrl-C: the command's result is dropped anyway; decode nothing.
    if Task.isCancelled { return EvolutionImages(failures: failures) }
    var stored: [Int: StoredImage] = [:]
    for member in members {
      if let image = try? await images.storedImage(
        speciesID: member.id, preferring: preferredVariants)
      {
        stored[member.id] = image
      }
    }
    return EvolutionImages(stored: stored, failures: failures)
  }
}

extension ImageFeatureError {
  /// The image server has none (or, offline, none was downloaded): a form then shows its
  /// species' image.
  var meansNoImageOfItsOwn: Bool {
    switch self {
    case .notFound, .notDownloadedOffline: true
    default: false
    }
  }
}
