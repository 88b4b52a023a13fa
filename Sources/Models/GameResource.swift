/// The kinds of things an evolution names whose English names pokedex looks up.
public enum GameResourceKind: String, Sendable, Hashable, CaseIterable {
  case item
  case move
  case location

  /// The API's path for the kind (`item`, `move`, `location`).
  public var path: String { rawValue }
}

/// `GET item/{id}`, `move/{id}` or `location/{id}`: only its id, slug and English name are kept
/// (the API sends every language, effects and game data).
public struct GameResource: Codable, Sendable, Hashable {
  /// A name in one language.
  public struct LocalizedName: Codable, Sendable, Hashable {
    public var name: String
    public var language: NamedResource
    public init(name: String, language: NamedResource) {
      self.name = name
      self.language = language
    }
  }

  public var id: Int
  public var name: String
  /// The English names only (what is cached).
  public var names: [LocalizedName]

  public init(id: Int, name: String, names: [LocalizedName] = []) {
    self.id = id
    self.name = name
    self.names = names
  }

  enum CodingKeys: String, CodingKey {
    case id, name, names
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    id = try c.decode(Int.self, forKey: .id)
    name = try c.decode(String.self, forKey: .name)
    names = Array(
      (try c.decodeIfPresent([LocalizedName].self, forKey: .names) ?? [])
        .filter { $0.language.name == "en" }.prefix(1))
  }

  /// The English name (`King's Rock`), control characters removed; `nil` when the API has none.
  public var englishName: String? {
    names.first { $0.language.name == "en" }.map { SafeText.line($0.name) }
      .flatMap { $0.isEmpty ? nil : $0 }
  }
}
