import APIClient
import Models

/// `pokemon-color`, for ``SpeciesGroup``.
public enum ColorKind: NamedKind {
  public static let path = "pokemon-color"
}

/// `pokemon-shape`, for ``SpeciesGroup``.
public enum ShapeKind: NamedKind {
  public static let path = "pokemon-shape"
}

/// A group of species as its resource lists them (`GET pokemon-color/{id}`): its slug and its
/// species' ids.
public struct SpeciesGroup<Kind: NamedKind>: APIResource, Hashable {
  public static var path: String { Kind.path }
  public static var representation: String { "species" }

  public var id: Int
  public var name: String
  @OrEmpty public var species: [NamedResource]

  enum CodingKeys: String, CodingKey {
    case id, name
    case species = "pokemon_species"
  }
}
