import APIClient
import Models

/// Every page kind, and the one way to open a page of any of them: the session routes through
/// it, so a new kind is a new module and a line here and in the command table.
///
/// A name is resolved as `open` resolves species: an id, a slug in any case (`Lightning Rod`,
/// `lightning-rod`), the start of exactly one name, else a did-you-mean. The slug as typed is
/// asked for first, so an exact name costs one round trip and one read; the kind's list of names
/// is read only when it is not one.
public struct PageDirectory: Sendable {
  /// How many candidates an ambiguous name lists.
  public static let maximumCandidates = 8

  private let kinds: [String: PageKind]
  /// The kinds' names, in the order given.
  public let kindNames: [String]

  /// A directory of `kinds` (none: every page is unknown).
  public init(kinds: [PageKind] = []) {
    self.kinds = Dictionary(kinds.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    self.kindNames = kinds.map(\.name)
  }

  /// The same directory with only the kinds named in `names`.
  public func only(_ names: [String]) -> PageDirectory {
    PageDirectory(kinds: kindNames.filter(names.contains).compactMap { kinds[$0] })
  }

  /// The kinds that take a name (for completion).
  public var namedKinds: [String] { kindNames.filter { kinds[$0]?.names != nil } }

  /// The kind called `name`.
  public func kind(named name: String) -> PageKind? { kinds[name] }

  /// The names of a kind's resources (for completion); empty for a kind that takes none.
  public func names(of kind: String) async throws(APIError) -> [NamedResource] {
    guard let names = kinds[kind]?.names else { return [] }
    return try await names()
  }

  /// The page at `address` (shown again by `back`): its key is the one the page was shown
  /// with, so it is asked for directly.
  public func show(
    _ address: PageAddress, glossary: Glossary = .slugs,
    progress: @escaping @Sendable (String) -> Void = { _ in }
  ) async throws(PageError) -> any Page {
    guard let pageKind = kinds[address.kind] else {
      throw .unknown(kind: address.kind, input: address.kind, suggestion: nil)
    }
    return try await pageKind.show(
      PageRequest(key: address.key, glossary: glossary, progress: progress))
  }

  /// The page of `kind` named `input` (`nil` for a kind that takes no name), or about the
  /// `selection` (a `pokemon` id) for a kind about the selected species, or after
  /// `selectionName` (its slug) for a kind that reads its arguments.
  public func open(
    _ kind: String, _ input: String?, selection: Int? = nil, selectionName: String? = nil,
    glossary: Glossary = .slugs, progress: @escaping @Sendable (String) -> Void = { _ in }
  ) async throws(PageError) -> any Page {
    guard let pageKind = kinds[kind] else {
      throw .unknown(kind: kind, input: kind, suggestion: nil)
    }
    func show(_ key: String?) async throws(PageError) -> any Page {
      try await pageKind.show(PageRequest(key: key, glossary: glossary, progress: progress))
    }
    switch pageKind.subject {
    case .nothing: return try await show(nil)
    case .selection:
      guard let selection else { throw .needsSelection(kind: kind) }
      let argument = SafeText.line(input ?? "").trimmingCharacters(in: .whitespaces)
      return try await show(argument.isEmpty ? String(selection) : "\(selection) \(argument)")
    case .arguments:
      let argument = SafeText.line(input ?? "").trimmingCharacters(in: .whitespaces)
      guard argument.count <= 200 else { throw .invalidName(kind: kind, example: pageKind.example) }
      return try await show("\(selectionName.map(SafeText.line) ?? "-") \(argument)")
    case .name: break
    }
    let typed = input ?? ""
    guard typed.count <= 100 else { throw .invalidName(kind: kind, example: pageKind.example) }
    let query = NameQuery.normalize(typed)
    guard !query.isEmpty else { throw .invalidName(kind: kind, example: pageKind.example) }
    if let id = Int(query), id > 0 {
      do {
        return try await show(String(id))
      } catch .api(.notFound) {
        throw .unknown(kind: kind, input: typed, suggestion: nil)
      }
    }
    // The name as typed first: an exact name (what Tab completes) needs nothing else. The
    // kind's names (one list, decoded whole: 2,223 items) only when it is not one.
    do {
      return try await show(query)
    } catch .api(.notFound) {
      let all: [NamedResource]
      do {
        all = try await names(of: kind)
      } catch {
        throw .api(error)
      }
      return try await show(try resolve(query, typed: typed, kind: kind, among: all))
    }
  }

  /// The one slug `query` names among `names`: itself, or the only one it starts. Slugs are
  /// compared as typed names are normalised (`supersonic-skystrike--physical` is found as
  /// `supersonic skystrike physical`).
  private func resolve(
    _ query: String, typed: String, kind: String, among names: [NamedResource]
  ) throws(PageError) -> String {
    let slugs = names.map(\.name).sorted { NameQuery.normalize($0) < NameQuery.normalize($1) }
    switch NameResolver(slugs.map { ($0, [$0]) }).resolve(query) {
    case .found(let slug): return slug
    case .ambiguous(let candidates, let total):
      throw .ambiguous(
        kind: kind, input: SafeText.line(typed), candidates: candidates.map(SafeText.line),
        total: total)
    case .unknown(let suggestion):
      throw .unknown(
        kind: kind, input: SafeText.line(typed), suggestion: suggestion.map(SafeText.line))
    }
  }
}
