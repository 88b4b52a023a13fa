import APIClient
import Models
import Synchronization

/// The slugs of every species, for name completion: loaded in the background, and loaded again
/// after a failure as soon as there is reason to hope (a command succeeded, or Tab was pressed),
/// so completion comes back with the network.
public final class SpeciesNames: Sendable {
  private enum Phase {
    case notLoaded
    case loading
    case loaded([String])
  }

  private let load: @Sendable () async throws(APIError) -> [SpeciesSummary]
  private let work: BackgroundWork
  private let phase = Mutex(Phase.notLoaded)

  /// Names loaded with `load` (the species index) as jobs of `work`.
  public init(
    work: BackgroundWork, load: @escaping @Sendable () async throws(APIError) -> [SpeciesSummary]
  ) {
    self.work = work
    self.load = load
  }

  /// The names, once loaded.
  public var names: [String]? {
    phase.withLock { phase in
      if case .loaded(let names) = phase { return names }
      return nil
    }
  }

  /// Starts loading the names unless they are loaded or loading.
  public func loadIfNeeded() {
    let starts = phase.withLock { phase in
      guard case .notLoaded = phase else { return false }
      phase = .loading
      return true
    }
    guard starts else { return }
    let load = load
    work.start("species names") { [self] in
      let loaded = try? await load().map(\.name)
      phase.withLock { $0 = loaded.map(Phase.loaded) ?? .notLoaded }
    }
  }
}
