/// The kinds of things an evolution names whose English names pokedex looks up.
public enum GameResourceKind: String, Sendable, Hashable, CaseIterable {
  case item
  case move
  case location

  /// The API's path for the kind (`item`, `move`, `location`).
  public var path: String { rawValue }
}

/// `GET item/{id}`, `move/{id}` or `location/{id}`: only its id, slug and names are kept (the
/// API sends effects and game data too).
public struct GameResource: Codable, Sendable, Hashable {
  /// A name in one language.
  public typealias LocalizedName = LocalName

  /// Tells its cache entries (every language kept) from those of earlier versions (English
  /// only), filed under the same URL.
  public static let representation = "names"

  public var id: Int
  public var name: String
  /// Its name in each language the API has (what is cached).
  @OrEmpty public var names: [LocalizedName]

  public init(id: Int, name: String, names: [LocalizedName] = []) {
    self.id = id
    self.name = name
    self.names = names
  }

  enum CodingKeys: String, CodingKey {
    case id, name, names
  }

  /// The English name (`King's Rock`), control characters removed; `nil` when the API has none.
  public var englishName: String? { name(in: .english) }

  /// The name in `language`, else in English; `nil` when the API has neither.
  public func name(in language: Language) -> String? {
    LocalName.pick(names, in: language)?.text
  }
}
