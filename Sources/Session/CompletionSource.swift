import CommandLanguage
import FeatureFlags
import LineEditor
import Locking

/// Tab completion and argument hints for the line editor, derived from the command table and
/// what the session knows: the species names (loaded on demand when they are missing), whether a
/// species is open and its image downloaded, and the page count. The editor calls it on its own
/// thread.
public final class CompletionSource: CompletionProvider {
  private let state = Locked(CompletionContext())
  private let flags: FeatureFlags
  private let names: SpeciesNames
  private let pageNames: PageNames?

  /// Completion for the commands `flags` leave on, with species names from `names` and the
  /// names of the other pages from `pageNames`.
  public init(flags: FeatureFlags, names: SpeciesNames, pageNames: PageNames? = nil) {
    self.flags = flags
    self.names = names
    self.pageNames = pageNames
  }

  /// Tells completion what the session now shows: whether a species is open, whether its image
  /// is downloaded, the number of pages, whether `back` has somewhere to go, and the names the
  /// page shown links to.
  public func update(
    hasSelection: Bool, imageDownloaded: Bool, pageCount: Int?, canGoBack: Bool = false,
    links: [String: [String]] = [:]
  ) {
    state.withLock { context in
      context.hasSelection = hasSelection
      context.imageDownloaded = imageDownloaded
      context.pageCount = pageCount
      context.canGoBack = canGoBack
      context.links = links
    }
  }

  /// Tab starts loading the names when they are missing (a load that failed is tried again).
  public func completions(for line: String, isTab: Bool) -> CompletionResult {
    let context = currentContext()
    if isTab, context.names == nil { names.loadIfNeeded() }
    if isTab { pageNames?.loadIfNeeded() }
    let flags = flags
    return CommandParser.completions(
      for: line, isEnabled: { flags.isEnabled($0) }, context: context)
  }

  public func hint(for line: String) -> String? {
    let flags = flags
    return CommandParser.argumentHint(
      for: line, isEnabled: { flags.isEnabled($0) }, context: currentContext())
  }

  public func isWorthSuggesting(_ line: String) -> Bool {
    let flags = flags
    return CommandParser.isWorthSuggesting(
      line, isEnabled: { flags.isEnabled($0) }, names: names.names)
  }

  private func currentContext() -> CompletionContext {
    var context = state.withLock { $0 }
    context.names = names.names
    context.pageNames = pageNames?.loaded ?? [:]
    return context
  }
}
