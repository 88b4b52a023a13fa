import CommandLanguage
import LineEditor
import Synchronization

/// Tab completion for the line editor, derived from the command table and a snapshot of what
/// the session knows (species names once the index has loaded; whether `download image`
/// applies to the selected species). The editor calls it on its own thread, so the snapshot
/// sits behind a mutex.
public final class CompletionSource: CompletionProvider {
  private struct Snapshot {
    var speciesNames: [String] = []
    var offersDownloadImage = false
  }

  private let snapshot = Mutex(Snapshot())
  private let isEnabled: @Sendable (String) -> Bool

  /// Completion for the commands whose feature `isEnabled` says is on.
  public init(isEnabled: @escaping @Sendable (String) -> Bool) {
    self.isEnabled = isEnabled
  }

  /// Remembers the species slugs (from the index) for `open` completion.
  public func setSpeciesNames(_ names: [String]) {
    snapshot.withLock { $0.speciesNames = names }
  }

  /// Whether `download image` is offered (a species is selected and its image is not stored).
  public func setOffersDownloadImage(_ offers: Bool) {
    snapshot.withLock { $0.offersDownloadImage = offers }
  }

  public func completions(for line: String) -> [String] {
    let current = snapshot.withLock { $0 }
    return CommandParser.completions(
      for: line, isEnabled: isEnabled, speciesNames: current.speciesNames,
      offersDownloadImage: current.offersDownloadImage)
  }
}
