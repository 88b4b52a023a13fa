import CommandLanguage
import Locking
import Models
import Pages
import Terminal

/// Tab completion and argument hints for the line editor, derived from the command table and
/// what the session knows: the species names (loaded on demand when they are missing), whether a
/// species is open and its image downloaded, and the page count. The editor calls it on its own
/// thread.
public final class CompletionSource: CompletionProvider {
  private let state = Locked(CompletionContext())
  private let flags: FeatureFlags
  private let commands: CommandSet<any SessionCommand>
  private let names: SpeciesNames
  private let pageNames: PageNames?
  private let language: SessionLanguage?
  /// The names offered in the language shown, made once per glossary.
  private let localized = Locked<
    (glossary: Glossary, count: Int, typed: Int, names: [NameEntry])?
  >(nil)

  /// Completion for the commands `flags` leave on, with species names from `names` (and in the
  /// language `language` shows, when one is chosen) and the names of the other pages from
  /// `pageNames`.
  public init(
    flags: FeatureFlags, names: SpeciesNames, pageNames: PageNames? = nil,
    language: SessionLanguage? = nil,
    commands: CommandSet<any SessionCommand> = SessionCommands.all
  ) {
    self.flags = flags
    self.commands = commands
    self.names = names
    self.pageNames = pageNames
    self.language = language
  }

  /// Tells completion what the session now shows: whether a species is open, whether its image
  /// is downloaded, the number of pages, whether `back` has somewhere to go, and the names the
  /// page shown links to.
  public func update(
    hasSelection: Bool, imageDownloaded: Bool, listPageCount: Int?, canGoBack: Bool = false,
    links: [String: [String]] = [:]
  ) {
    state.withLock { context in
      context.hasSelection = hasSelection
      context.imageDownloaded = imageDownloaded
      context.listPageCount = listPageCount
      context.canGoBack = canGoBack
      context.links = links
    }
  }

  /// Tab starts loading the names when they are missing (a load that failed is tried again).
  public func completions(for line: String, isTab: Bool) -> CompletionResult {
    let context = currentContext()
    if isTab, context.names == nil { names.loadIfNeeded() }
    if isTab { pageNames?.loadIfNeeded() }
    if isTab, let kind = commands.parser.kindOfLocalNames(in: line) {
      pageNames?.loadLocalIfNeeded(kind, glossary: language?.currentGlossary() ?? .slugs)
    }
    let flags = flags
    return commands.parser.completions(
      for: line, isEnabled: { flags.isEnabled($0) }, context: context)
  }

  public func hint(for line: String) -> String? {
    let flags = flags
    return commands.parser.argumentHint(
      for: line, isEnabled: { flags.isEnabled($0) }, context: currentContext())
  }

  public func isWorthSuggesting(_ line: String) -> Bool {
    let flags = flags
    return commands.isWorthSuggesting(
      line, isEnabled: { flags.isEnabled($0) }, names: names.names)
  }

  private func currentContext() -> CompletionContext {
    var context = state.withLock { $0 }
    context.names = names.names.map(withLocalizedNames)
    context.pageNames = pageNames?.loaded ?? [:]
    context.localPageNames = pageNames?.local(in: language?.current) ?? [:]
    return context
  }

  /// `names` with, in the language shown, each species' name there besides its slug, and types
  /// named in it: `ピカチュウ  #25 でんき`. Slugs stay: they always work.
  private func withLocalizedNames(_ names: [NameEntry]) -> [NameEntry] {
    guard let glossary = language?.currentGlossary(), glossary.language != nil else {
      return names
    }
    // Made again when the language's names or the species' types have come since.
    let typed = names.reduce(0) { $0 + ($1.types.isEmpty ? 0 : 1) }
    if let made = localized.withLock({ $0 }), made.count == names.count, made.typed == typed,
      made.glossary == glossary
    {
      return made.names
    }
    var all: [NameEntry] = []
    let foldedSpecies = glossary.foldedSpecies
    for entry in names {
      var shown = entry
      shown.types = entry.types.map { glossary.type($0.lowercased()) }
      all.append(shown)
      guard entry.isSpecies, let name = glossary.species[entry.id],
        let folded = foldedSpecies[entry.id], folded != entry.name.lowercased(), !folded.isEmpty
      else { continue }
      all.append(
        NameEntry(name: SafeText.line(name), id: entry.id, types: shown.types, folded: folded))
    }
    all.sort { $0.name < $1.name }
    localized.withLock { $0 = (glossary, names.count, typed, all) }
    return all
  }
}
