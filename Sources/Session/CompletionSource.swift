import CommandLanguage
import FeatureFlags
import LineEditor
import Synchronization

/// Tab completion for the line editor, derived from the command table and what the session
/// knows: the species names (loaded on demand when they are missing) and whether
/// `download image` applies to the selected species. The editor calls it on its own thread.
public final class CompletionSource: CompletionProvider {
  private let offersDownloadImage = Mutex(false)
  private let flags: FeatureFlags
  private let names: SpeciesNames

  /// Completion for the commands `flags` leave on, with species names from `names`.
  public init(flags: FeatureFlags, names: SpeciesNames) {
    self.flags = flags
    self.names = names
  }

  /// Whether `download image` is offered (a species is selected and its image is not stored).
  public func setOffersDownloadImage(_ offers: Bool) {
    offersDownloadImage.withLock { $0 = offers }
  }

  public func completions(for line: String) -> [String] {
    let speciesNames = names.names
    if speciesNames == nil { names.loadIfNeeded() }
    let flags = flags
    return CommandParser.completions(
      for: line, isEnabled: { flags.isEnabled($0) }, speciesNames: speciesNames ?? [],
      offersDownloadImage: offersDownloadImage.withLock { $0 })
  }
}
