import APIClient
import CommandLanguage
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
  private let games: Games?
  /// The names in a language, by kind and language code (`ability fr`).
  private let localPhases = Locked([String: LocalPhase]())

  private enum LocalPhase {
    case loading
    case loaded([LocalPageName])
  }

  /// Every game with its versions' names in a glossary's language (English without one).
  public typealias Games = @Sendable (Glossary) async throws(APIError) -> GameCatalog

  /// Names of `directory`'s kinds, loaded as jobs of `work`; the games' names from `games`.
  public init(directory: PageDirectory, work: BackgroundWork, games: Games? = nil) {
    self.directory = directory
    self.work = work
    self.games = games
  }

  /// The names loaded so far in `language` (the games' in English without one), by kind:
  /// `games` for the games.
  public func local(in language: Language?) -> [String: [LocalPageName]] {
    let suffix = " " + (language ?? .english).code
    return localPhases.withLock { phases in
      var loaded: [String: [LocalPageName]] = [:]
      for (key, phase) in phases where key.hasSuffix(suffix) {
        if case .loaded(let names) = phase { loaded[String(key.dropLast(suffix.count))] = names }
      }
      return loaded
    }
  }

  /// Starts loading the names of `kind` (`games` for the games) in `glossary`'s language, once
  /// per language: a kind's names only in a language (every resource's, a request each the
  /// first time, then kept), the games' in English too.
  public func loadLocalIfNeeded(_ kind: String, glossary: Glossary) {
    let language = glossary.language ?? .english
    guard kind == "games" ? games != nil : glossary.language != nil else { return }
    let key = "\(kind) \(language.code)"
    let starts = localPhases.withLock { phases in
      guard phases[key] == nil else { return false }
      phases[key] = .loading
      return true
    }
    guard starts else { return }
    let (directory, games) = (directory, games)
    work.start("\(kind) names in \(language.englishName)") { [localPhases] in
      do throws(APIError) {
        let names: [LocalPageName]
        if kind == "games", let games {
          names = Self.names(of: try await games(glossary))
        } else {
          names = try await directory.localNames(of: kind, in: language).map { slug, name in
            LocalPageName(name: SafeText.line(name), slug: slug)
          }
        }
        let sorted = names.sorted { ($0.folded, $0.name) < ($1.folded, $1.name) }
        localPhases.withLock { $0[key] = .loaded(sorted) }
      } catch {
        localPhases.withLock { $0[key] = nil }
      }
    }
  }

  /// Each game by its versions' names (`Red / Blue`) and each version by its own (`Red`).
  private static func names(of catalog: GameCatalog) -> [LocalPageName] {
    var names: [LocalPageName] = []
    for group in catalog.order.games {
      let versions = catalog.order.versions(of: group)
      if versions.count > 1 {
        names.append(LocalPageName(name: catalog.label(SessionGame(group: group)), slug: group))
      }
      for version in versions {
        guard let name = catalog.names[version] else { continue }
        names.append(LocalPageName(name: SafeText.line(name), slug: version))
      }
    }
    return names
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
