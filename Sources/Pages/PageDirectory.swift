import APIClient
import CommandLanguage
import Models

/// Every page kind, and the one way to open a page of any of them: the session routes through
/// it, so a new kind is a new module and a line here and in the command table.
///
/// A name is resolved by ``NameResolver``, as `open` resolves species: an id, a slug in any case
/// (`Lightning Rod`, `lightning-rod`), in a language a name in it or in English (`fuite`,
/// `せいでんき`), the start of exactly one name, else a did-you-mean. The slug as typed is asked
/// for first, so an exact name costs one round trip and one read; the kind's list of names is
/// read only when it is not one, and in a language its names in it (loaded once, then kept).
public struct PageDirectory: Sendable {

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

  /// The names of `kind`'s resources in `language` (else a near one), by slug (for completion):
  /// loaded once, then kept; none for a kind without them.
  public func localNames(of kind: String, in language: Language) async throws(APIError)
    -> [String: String]
  {
    guard let load = kinds[kind]?.localNames else { return [:] }
    return try await load(language) { _, _ in }.compactMapValues { language.pick(from: $0) }
  }

  /// The page at `address` (shown again by `back`): its target is the one the page was shown
  /// with, so it is asked for directly.
  public func show(
    _ address: PageAddress, glossary: Glossary = .slugs, game: SessionGame? = nil,
    gameName: String? = nil, progress: @escaping @Sendable (String) -> Void = { _ in }
  ) async throws(PageError) -> any Page {
    guard let pageKind = kinds[address.kind] else {
      throw .unknown(kind: address.kind, input: address.kind, suggestion: nil)
    }
    return try await pageKind.show(
      request(
        address.target, glossary: glossary, game: game, gameName: gameName, progress: progress))
  }

  /// The page of `kind` named `input` (`nil` for a kind that takes no name), or about the
  /// `selection` (a `pokemon` id) for a kind about the selected species, or of `words` (as the
  /// command read them, with the `options` it read from them; without them, `input`'s) after
  /// `selectionName` (its slug) for a kind that reads its arguments.
  public func open(
    _ kind: String, _ input: String?, words: [String] = [], options: (any PageOptions)? = nil,
    selection: Int? = nil, selectionName: String? = nil,
    glossary: Glossary = .slugs, game: SessionGame? = nil, gameName: String? = nil,
    progress: @escaping @Sendable (String) -> Void = { _ in }
  ) async throws(PageError) -> any Page {
    guard let pageKind = kinds[kind] else {
      throw .unknown(kind: kind, input: kind, suggestion: nil)
    }
    func show(
      _ target: PageTarget, options: (any PageOptions)? = nil
    ) async throws(PageError) -> any Page {
      try await pageKind.show(
        request(
          target, glossary: glossary, game: game, gameName: gameName, options: options,
          progress: progress))
    }
    switch pageKind.subject {
    case .nothing: return try await show(.whole)
    case .selection:
      guard let selection else { throw .needsSelection(kind: kind) }
      let argument = SafeText.line(input ?? "").trimmingCharacters(in: .whitespaces)
      return try await show(
        .selection(pokemon: selection, argument: argument.isEmpty ? nil : argument))
    case .arguments:
      let typed = words.isEmpty ? (input ?? "").split(separator: " ").map(String.init) : words
      let words = typed.map(SafeText.line).filter { !$0.isEmpty }
      guard words.joined(separator: " ").count <= 200 else {
        throw .invalidName(kind: kind, example: pageKind.example)
      }
      // The options read are of these words (else the kind reads those kept).
      return try await show(
        .arguments(selection: selectionName.map(SafeText.line), words: words),
        options: words == typed ? options : nil)
    case .name: break
    }
    let typed = input ?? ""
    guard typed.count <= 100 else { throw .invalidName(kind: kind, example: pageKind.example) }
    let query = NameQuery.normalize(typed)
    guard !query.isEmpty else { throw .invalidName(kind: kind, example: pageKind.example) }
    if let id = Int(query), id > 0 {
      do {
        return try await show(.resource(String(id)))
      } catch .api(.notFound) {
        throw .unknown(kind: kind, input: typed, suggestion: nil)
      }
    }
    // The name as typed first: an exact name (what Tab completes) needs nothing else. The
    // kind's names (one list, decoded whole: 2,223 items) only when it is not one.
    do {
      return try await show(.resource(query))
    } catch .api(.notFound) {
      return try await show(
        .resource(
          try await slug(query, typed: typed, of: pageKind, glossary: glossary, progress: progress)
        ))
    } catch .api(.notCached(let resource)) {
      // Offline, a name that is not a slug is found among the kind's names kept (`egg-group
      // field` is `ground`); a slug that is one is not cached.
      let found = try await slug(
        query, typed: typed, of: pageKind, glossary: glossary, progress: progress)
      guard found != query else { throw .api(.notCached(resource: resource)) }
      return try await show(.resource(found))
    }
  }

  /// A request for `target` whose other kinds' names resolve here.
  private func request(
    _ target: PageTarget, glossary: Glossary, game: SessionGame?, gameName: String? = nil,
    options: (any PageOptions)? = nil, progress: @escaping @Sendable (String) -> Void
  ) -> PageRequest {
    PageRequest(
      target, glossary: glossary, game: game, gameName: gameName, options: options,
      progress: progress
    ) { kind, typed async throws(PageError) in
      try await slug(of: kind, named: typed, glossary: glossary, progress: progress)
    }
  }

  /// The slug of the `kind` resource `input` names, found as ``open(_:_:words:options:selection:selectionName:glossary:game:gameName:progress:)``
  /// finds a name that is not a slug (in the language too), without its page: `filter type feu`
  /// is `fire`.
  public func slug(
    of kind: String, named input: String, glossary: Glossary = .slugs,
    progress: @escaping @Sendable (String) -> Void = { _ in }
  ) async throws(PageError) -> String {
    guard let pageKind = kinds[kind] else {
      throw .unknown(kind: kind, input: kind, suggestion: nil)
    }
    let query = NameQuery.normalize(input)
    guard !query.isEmpty, input.count <= 100 else {
      throw .invalidName(kind: kind, example: pageKind.example)
    }
    return try await slug(query, typed: input, of: pageKind, glossary: glossary, progress: progress)
  }

  /// The one slug `query` names among the kind's names and, in a language, its names there.
  private func slug(
    _ query: String, typed: String, of kind: PageKind, glossary: Glossary,
    progress: @escaping @Sendable (String) -> Void
  ) async throws(PageError) -> String {
    let all: [NamedResource]
    do {
      all = try await names(of: kind.name)
    } catch {
      throw .api(error)
    }
    let local = try await localNames(of: kind, in: glossary, progress: progress)
    return try resolve(
      query, typed: typed, kind: kind.name, among: all, local: local, glossary: glossary)
  }

  /// The names of `kind`'s resources in the glossary's language and in English, by slug, to
  /// resolve a name typed in the language among (loaded once, kept: the status line counts
  /// them); without a language none (the English ones for a kind that resolves them), none for
  /// a kind without them or when they cannot be had.
  private func localNames(
    of kind: PageKind, in glossary: Glossary, progress: @escaping @Sendable (String) -> Void
  ) async throws(PageError) -> [String: NamesByLanguage] {
    guard
      let language = glossary.language ?? (kind.resolvesEnglishNames ? .english : nil),
      let load = kind.localNames
    else { return [:] }
    do throws(APIError) {
      return try await load(language) { done, total in
        progress("Loading the \(language.englishName) names of every \(kind.name) \(done)/\(total)")
      }
    } catch .cancelled {
      throw .api(.cancelled)
    } catch {
      return [:]
    }
  }

  /// The one slug `query` names among `names`: itself, or the only one it starts. Slugs are
  /// compared as typed names are normalised (`supersonic-skystrike--physical` is found as
  /// `supersonic skystrike physical`).
  private func resolve(
    _ query: String, typed: String, kind: String, among names: [NamedResource],
    local: [String: NamesByLanguage] = [:], glossary: Glossary = .slugs
  ) throws(PageError) -> String {
    // In the order of their folded slugs (folded once each): candidates are listed so.
    let slugs = names.map { (folded: NameQuery.normalize($0.name), slug: $0.name) }
      .sorted { $0.folded < $1.folded }.map(\.slug)
    // Each resource by its slug, its name in the language and its English name.
    let shown: [String: String] =
      glossary.language.map { language in
        local.compactMapValues { language.pick(from: $0) }
      } ?? [:]
    let entries = slugs.map { slug in
      (slug, [slug] + [shown[slug], local[slug]?[Language.english.code]].compactMap { $0 })
    }
    func label(_ slug: String) -> String { SafeText.line(shown[slug] ?? slug) }
    switch NameResolver(entries).resolve(query) {
    case .found(let slug): return slug
    case .ambiguous(let candidates, let total):
      // Names the language gives two of them (Super Ball: great-ball, lagreat-ball) are told
      // apart by their slugs, which can be typed back.
      let labels = candidates.map(label)
      let told = zip(candidates, labels).map { slug, name in
        labels.filter { $0 == name }.count > 1 && name != slug ? "\(name) (\(slug))" : name
      }
      throw .ambiguous(
        kind: kind, input: SafeText.line(typed), candidates: told, total: total)
    case .unknown(let suggestion):
      throw .unknown(kind: kind, input: SafeText.line(typed), suggestion: suggestion.map(label))
    }
  }
}
