import APIClient
import CommandLanguage
import Locking
import Models

/// The names and ids of every species, for completion, and of the other forms (`raichu-alola`),
/// sorted by name:
/// loaded in the background, and loaded again after a failure as soon as there is reason to hope
/// (a command succeeded, or Tab was pressed), so completion comes back with the network. The
/// forms are a bonus: without them the species complete, and they are asked for again later.
public final class SpeciesNames: Sendable {
  private enum Phase {
    case notLoaded
    /// Loading, with what is already known (species without their forms) meanwhile; `again`
    /// when there was reason to hope since it started (a load begun offline may end after the
    /// network came back): one that falls short then starts over.
    case loading(known: [NameEntry]?, again: Bool)
    /// Loaded; `complete` is false when the forms could not be.
    case loaded([NameEntry], complete: Bool)
  }

  private let load: @Sendable () async throws(APIError) -> [SpeciesSummary]
  private let forms: (@Sendable () async throws(APIError) -> [SpeciesSummary])?
  private let types: (@Sendable () async throws(APIError) -> [Int: [String]])?
  private let work: BackgroundWork
  private let phase = Locked(Phase.notLoaded)

  /// Names loaded with `load` (the species index) and `forms` (the other forms, when given) as
  /// jobs of `work`, with the types of each from `types` (by `pokemon` id) when it is given and
  /// can be loaded: a bonus that completion shows beside the names.
  public init(
    work: BackgroundWork, load: @escaping @Sendable () async throws(APIError) -> [SpeciesSummary],
    forms: (@Sendable () async throws(APIError) -> [SpeciesSummary])? = nil,
    types: (@Sendable () async throws(APIError) -> [Int: [String]])? = nil
  ) {
    self.work = work
    self.load = load
    self.forms = forms
    self.types = types
  }

  /// The names, once loaded, sorted.
  public var names: [NameEntry]? {
    phase.withLock { phase in
      switch phase {
      case .loaded(let names, _): names
      case .loading(let known, _): known
      case .notLoaded: nil
      }
    }
  }

  /// Starts loading the names unless they are loaded (forms included) or loading.
  public func loadIfNeeded() {
    let starts = phase.withLock { phase in
      switch phase {
      case .notLoaded:
        phase = .loading(known: nil, again: false)
        return true
      case .loaded(let names, complete: false):
        phase = .loading(known: names, again: false)
        return true
      case .loading(let known, _):
        phase = .loading(known: known, again: true)
        return false
      case .loaded(_, complete: true):
        return false
      }
    }
    guard starts else { return }
    let load = load
    let forms = forms
    let types = types
    work.start("species names") { [self] in
      async let formNames = try? forms?()
      let species = try? await load()
      let others = await formNames
      let again = phase.withLock { phase in
        guard case .loading(let known, let again) = phase else { return false }
        if let species {
          let complete = forms == nil || others != nil
          let entries = (species + (others ?? [])).map { NameEntry(name: $0.name, id: $0.id) }
          phase = .loaded(entries.sorted { $0.name < $1.name }, complete: complete)
          return again && !complete
        }
        phase = known.map { .loaded($0, complete: false) } ?? .notLoaded
        return again
      }
      if again, !Task.isCancelled { return loadIfNeeded() }
      // The types come after the names, which do not wait for them.
      guard species != nil, let types, let typesByID = try? await types() else { return }
      phase.withLock { phase in
        guard case .loaded(let entries, let complete) = phase else { return }
        let typed = entries.map { entry in
          var entry = entry
          if entry.types.isEmpty { entry.types = typesByID[entry.id] ?? [] }
          return entry
        }
        phase = .loaded(typed, complete: complete)
      }
    }
  }
}
