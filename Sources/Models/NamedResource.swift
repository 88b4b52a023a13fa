/// A `{ "name": …, "url": … }` reference as PokéAPI writes it.
///
/// The numeric id of the resource is read from the last path component of `url`
/// (`…/pokemon-species/133/` → 133), never from a row's position in a list.
public struct NamedResource: Codable, Sendable, Hashable {
  public var name: String
  public var url: String

  public init(name: String, url: String) {
    self.name = name
    self.url = url
  }

  /// The id at the end of `url`, or `nil` when the url does not end in a number.
  public var id: Int? { ResourceURL.trailingID(of: url) }
}

/// A `{ "url": … }` reference without a name (e.g. a species' `evolution_chain`).
public struct ResourceReference: Codable, Sendable, Hashable {
  public var url: String

  public init(url: String) { self.url = url }

  /// The id at the end of `url`.
  public var id: Int? { ResourceURL.trailingID(of: url) }
}

/// Helpers for PokéAPI resource URLs.
public enum ResourceURL {
  /// The integer in the last non-empty path component of `url` (query ignored).
  public static func trailingID(of url: String) -> Int? {
    let path = url.split(separator: "?", maxSplits: 1).first ?? ""
    guard let last = path.split(separator: "/").last, let id = Int(last), id > 0 else {
      return nil
    }
    return id
  }
}
