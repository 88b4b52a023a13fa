import APIClient
import Locking
import Models
import Pages

/// The names of every page kind that takes one (373 abilities, 937 moves, 2,223 items …), for
/// completion: each kind's list loaded in one request in the background, as the species names
/// are, and loaded again after a failure when Tab asks for it.
public final class PageNames: Sendable {
  private enum Phase {
    case loading
    case loaded([String])
  }

  private let directory: PageDirectory
  private let work: BackgroundWork
  private let phases = Locked([String: Phase]())

  /// Names of `directory`'s kinds, loaded as jobs of `work`.
  public init(directory: PageDirectory, work: BackgroundWork) {
    self.directory = directory
    self.work = work
  }

  /// The sorted slugs of each kind loaded so far.
  public var loaded: [String: [String]] {
    phases.withLock { phases in
      phases.compactMapValues { phase in
        if case .loaded(let names) = phase { return names }
        return nil
      }
    }
  }

  /// Starts loading the names of `kinds` (all that take a name when `nil`) not loaded or loading.
  public func loadIfNeeded(_ kinds: [String]? = nil) {
    for kind in kinds ?? directory.namedKinds {
      let starts = phases.withLock { phases in
        guard phases[kind] == nil else { return false }
        phases[kind] = .loading
        return true
      }
      guard starts else { continue }
      let directory = directory
      work.start("\(kind) names") { [phases] in
        do throws(APIError) {
          let names = try await directory.names(of: kind).map { SafeText.line($0.name) }
          phases.withLock { $0[kind] = .loaded(names.sorted()) }
        } catch {
          phases.withLock { $0[kind] = nil }
        }
      }
    }
  }
}
