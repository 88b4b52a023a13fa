import Foundation
import Models

/// One resource to fetch: `GET {path}/{key}/`, decoded as `R`.
public struct ResourceRequest<R: APIResource>: Sendable {
  /// The API's path: `R.path`, unless the decoding reads several kinds (``GameResource``).
  public var path: String
  /// Its id or slug.
  public var key: SpeciesKey
  /// How messages name it (`species #25`, `item "kings-rock"`).
  public var description: String
  /// Looks at a body from the network before it is decoded (the caller's early word: a species'
  /// chain, ``PokeAPIClient/species(_:chainNamed:)``); not told for an answer from the cache.
  public var peek: (@Sendable (Data) -> Void)?

  /// `R` at `path` (its own by default) by `key`, named in messages by its noun and the key.
  public init(
    _ key: SpeciesKey, at path: String = R.path, peek: (@Sendable (Data) -> Void)? = nil
  ) {
    self.path = path
    self.key = key
    self.description = "\(R.noun) \(Self.describe(key))"
    self.peek = peek
  }

  /// The resource at `path` a reference names: by its id, else its slug; named in messages by
  /// its slug (`item "kings-rock"`).
  public init(_ reference: NamedResource, at path: String = R.path) {
    self.init(reference.id.map { .id($0) } ?? .name(reference.name), at: path)
    description = "\(path) \(Self.describe(.name(reference.name)))"
  }

  /// The key as the user typed it, safe to print.
  static func describe(_ key: SpeciesKey) -> String {
    switch key {
    case .id(let id): return "#\(id)"
    case .name(let name):
      let clean = SafeText.line(name)
      return clean.count > 40 ? "\"\(clean.prefix(40))…\"" : "\"\(clean)\""
    }
  }

  /// Whether `answer` is the one asked for: the species #25 served for #15 must never be filed
  /// under #15.
  func isAnswer(_ answer: R) -> Bool {
    switch key {
    case .id(let id): answer.id == id
    case .name(let name):
      answer.name.lowercased() == name.trimmingCharacters(in: .whitespaces).lowercased()
    }
  }
}

/// A regional Pokédex is read by the list (`filter dex`) and the pages (`dex`, a species' numbers,
/// the team's suggestions) alike: one decoding, cached once.
extension Pokedex: APIResource {
  public static let path = "pokedex"
  public static let representation = "pokedex+entries"
}

extension Species: APIResource {
  public static let path = "pokemon-species"
  public static let noun = "species"
}

extension Pokemon: APIResource {
  public static let path = "pokemon"
  public static let askedByName = false
}

extension EvolutionChain: APIResource {
  public static let path = "evolution-chain"
  public static let representation = ""
  public static let noun = "evolution chain"
  public static let askedByName = false
  /// A chain has no slug: its id stands for it.
  public var name: String { String(id) }
}

extension GenderList: APIResource {
  public static let path = "gender"
  public static let representation = ""
  public static let noun = "gender list"
  public static let askedByName = false
}

extension PokemonType: APIResource {
  public static let path = "type"
  public static let askedByName = false
}

/// Read at `item`, `move` and `location` alike (``GameResourceKind``), for their names.
extension GameResource: APIResource {
  public static let path = GameResourceKind.item.path
  public static let askedByName = false
}

/// The resources by what they are, each one ``PokeAPIClient/resource(_:)`` request.
extension PokeAPIClient {
  /// One resource a page shows, by id or slug (`GET ability/static/`), decoded as `type`.
  public func resource<R: APIResource>(_ type: R.Type, _ key: String) async throws(APIError) -> R {
    let trimmed = key.trimmingCharacters(in: .whitespaces)
    return try await resource(ResourceRequest<R>(Int(trimmed).map { .id($0) } ?? .name(trimmed)))
  }

  /// One species by id or slug.
  public func species(_ key: SpeciesKey) async throws(APIError) -> Species {
    try await resource(ResourceRequest(key))
  }

  /// One species, as ``species(_:)``; `chainNamed` is told the id of its evolution chain as soon
  /// as an answer from the network names it, before the answer is decoded (a millisecond or more
  /// before the species comes back), so that the chain can be asked for at once. It is not told
  /// for a species from the cache, nor when the answer does not name the chain plainly
  /// (``Species/evolutionChainID(inJSON:)``): the species' own ``Species/evolutionChainID``
  /// stands then.
  public func species(
    _ key: SpeciesKey, chainNamed: @escaping @Sendable (Int) -> Void
  ) async throws(APIError) -> Species {
    try await resource(
      ResourceRequest(key) { body in Species.evolutionChainID(inJSON: body).map(chainNamed) })
  }

  /// The default pokemon of a species (same id), or a form's.
  public func pokemon(id: Int) async throws(APIError) -> Pokemon {
    try await resource(ResourceRequest(.id(id)))
  }

  /// An evolution chain by its own id (from `Species.evolutionChainID`).
  public func evolutionChain(id: Int) async throws(APIError) -> EvolutionChain {
    try await resource(ResourceRequest(.id(id)))
  }

  /// The list behind a gender filter (`GenderFilter.genderID`).
  public func genderList(id: Int) async throws(APIError) -> GenderList {
    try await resource(ResourceRequest(.id(id)))
  }

  /// An item, move or location an evolution names (`GET item/{id}` …), for its name.
  public func gameResource(
    _ kind: GameResourceKind, _ reference: NamedResource
  ) async throws(APIError) -> GameResource {
    try await resource(ResourceRequest(reference, at: kind.path))
  }

  /// A type and the damage it takes from the others (`GET type/{id}`), for matchups.
  public func pokemonType(_ reference: NamedResource) async throws(APIError) -> PokemonType {
    try await resource(ResourceRequest(reference))
  }

  /// Every type (`GET type?limit=…`).
  public func typeIndex() async throws(APIError) -> [NamedResource] {
    try await names(of: PokemonType.path)
  }

  /// Every type with the damage it takes from the others: one request for the list of types
  /// and one per type, together.
  public func allTypes() async throws(APIError) -> [PokemonType] {
    try await APIRequests.together(try await typeIndex()) { reference async throws(APIError) in
      try await pokemonType(reference)
    }
  }

  /// The types of every pokemon (species and forms, by `pokemon` id), in slot order, as shown
  /// (`Electric`): one request for the list of types and one per type.
  public func typesByPokemon() async throws(APIError) -> [Int: [String]] {
    let types = try await allTypes()
    var slotted: [Int: [(slot: Int, name: String)]] = [:]
    for type in types {
      for member in type.pokemon {
        guard let id = member.pokemon.id else { continue }
        slotted[id, default: []].append((member.slot, DisplayName.of(type.name)))
      }
    }
    return slotted.mapValues { $0.sorted { $0.slot < $1.slot }.map(\.name) }
  }
}
