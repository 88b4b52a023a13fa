import APIClient
import Models

/// Where a page is: the kind that opened it and the slug it was opened by. The trail keeps it,
/// so that `back` can show the page again.
public struct PageAddress: Sendable, Hashable, Codable {
  /// The kind's name, which is also its command (`ability`).
  public var kind: String
  /// What the page is about, as its kind is opened with it.
  public var target: PageTarget

  public init(kind: String, target: PageTarget) {
    self.kind = kind
    self.target = target
  }

  /// The page of the resource `slug` of `kind` (`ability static`), or of the whole kind
  /// (`types`) when `nil`.
  public init(kind: String, key slug: String?) {
    self.init(kind: kind, target: slug.map { .resource($0) } ?? .whole)
  }
}

/// A page the session shows and the trail returns to: a view model that describes itself as a
/// ``PageDocument`` for people and encodes itself for `--output json`.
///
/// A page kind (abilities, moves, types …) is a feature module with its page types and a
/// ``PageKind``; the session routes every kind through ``PageDirectory``, so adding one touches
/// no switch.
public protocol Page: Encodable, Sendable {
  /// Where the page is, to show it again.
  var address: PageAddress { get }
  /// How the trail and the prompt name it (`Static`).
  var title: String { get }
  /// What the page shows, in parts the text renderer lays out and styles.
  var document: PageDocument { get }
  /// The slugs the page names, by the command that opens them (`open`: its species, `type`: its
  /// types), which completion offers first while the page is the last one shown.
  var links: [String: [String]] { get }
  /// What kept a part of the page from being fetched (the page is shown without it, and says
  /// so); `nil` when it is whole. `sync` counts a species whose page is not whole as failed.
  var partialFailure: APIError? { get }
}

extension Page {
  /// Most pages are whole or fail.
  public var partialFailure: APIError? { nil }
}

/// A page as a command's output: compared by address and content.
public struct ShownPage: Sendable, Equatable {
  /// The page.
  public let page: any Page

  public init(_ page: any Page) { self.page = page }

  public static func == (lhs: ShownPage, rhs: ShownPage) -> Bool {
    lhs.page.address == rhs.page.address && lhs.page.document == rhs.page.document
  }
}

/// A species or form a page lists (an ability's holders, a type's members): id and slug.
public struct PageSpecies: Codable, Sendable, Hashable {
  /// The species id, or the form's `pokemon` id (above 10000).
  public var id: Int
  /// The slug (`raichu-alola`), control characters removed.
  public var name: String
  /// A species' name in the session's language (`ピカチュウ`), when one was chosen.
  public var displayName: String?

  public init(id: Int, name: String, glossary: Glossary = .slugs) {
    self.id = id
    self.name = SafeText.line(name)
    if id < 10_000, glossary.language != nil, let named = glossary.species[id] {
      displayName = SafeText.line(named)
    }
  }

  /// The `pokemon` a reference names, when its url ends in an id.
  public init?(_ reference: NamedResource, glossary: Glossary = .slugs) {
    guard let id = reference.id else { return nil }
    self.init(id: id, name: reference.name, glossary: glossary)
  }

  /// Whether it is a species' usual form (the species id).
  public var isSpecies: Bool { id < 10_000 }

  /// `#25 Pikachu` for a species, `Raichu-Alola` for another form.
  public var label: String {
    isSpecies ? "#\(id) \(displayName ?? DisplayName.of(name))" : DisplayName.of(name)
  }
}
