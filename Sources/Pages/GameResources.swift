import APIClient
import Models

/// `GET machine/{id}`: the TM, TR or HM item that teaches a move in a version group.
public struct Machine: APIResource, Hashable {
  public static let path = "machine"
  public static let representation = "machine"

  public var id: Int
  public var item: NamedResource
  public var versionGroup: NamedResource

  public init(id: Int, item: NamedResource, versionGroup: NamedResource) {
    self.id = id
    self.item = item
    self.versionGroup = versionGroup
  }

  /// Machines have no slug of their own: their id.
  public var name: String { String(id) }

  enum CodingKeys: String, CodingKey {
    case id, item
    case versionGroup = "version_group"
  }

  /// `tm126` → `TM126`, `hm05` → `HM05`.
  public var label: String { SafeText.line(item.name).uppercased() }
}

/// The machine that teaches a move in one game, as a move lists it.
public struct MachineUse: Codable, Sendable, Hashable {
  public var machine: ResourceReference
  public var versionGroup: NamedResource

  public init(machine: ResourceReference, versionGroup: NamedResource) {
    self.machine = machine
    self.versionGroup = versionGroup
  }

  enum CodingKeys: String, CodingKey {
    case machine
    case versionGroup = "version_group"
  }
}

/// `GET version-group/{id or name}`: a game (a version group, such as `scarlet-violet`) and where
/// it stands among the others.
public struct VersionGroup: APIResource, Hashable {
  public static let path = "version-group"
  public static let representation = "version-group"

  public var id: Int
  public var name: String
  /// Its place among the games, in the order they came out (ids are not: `red-green-japan`
  /// came after `scarlet-violet`).
  public var order: Int
  /// Its versions (`scarlet`, `violet`).
  public var versions: [NamedResource]

  public init(id: Int, name: String, order: Int, versions: [NamedResource] = []) {
    self.id = id
    self.name = name
    self.order = order
    self.versions = versions
  }

  enum CodingKeys: String, CodingKey {
    case id, name, order, versions
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    id = try c.decode(Int.self, forKey: .id)
    name = try c.decode(String.self, forKey: .name)
    order = try c.decode(Int.self, forKey: .order)
    versions = try c.decodeIfPresent([NamedResource].self, forKey: .versions) ?? []
  }
}

/// The games in the order they came out, to pick the newest of several.
public struct GameOrder: Codable, Sendable, Equatable {
  private let order: [String: Int]
  /// The game (version group) of each version.
  private let groupOfVersion: [String: NamedResource]
  /// Each game's versions, in the game's own order (`red`, `blue`).
  private let versionsOfGame: [String: [String]]
  /// Whether every game's order is known (a partial one is not worth keeping).
  public let isComplete: Bool

  /// The order of `groups`, all the games when `complete`.
  public init(_ groups: [VersionGroup], complete: Bool = true) {
    order = Dictionary(groups.map { ($0.name, $0.order) }, uniquingKeysWith: { first, _ in first })
    var groupOfVersion: [String: NamedResource] = [:]
    for group in groups {
      for version in group.versions {
        groupOfVersion[version.name] = NamedResource(
          name: group.name, url: "version-group/\(group.id)/")
      }
    }
    self.groupOfVersion = groupOfVersion
    versionsOfGame = Dictionary(
      groups.map { ($0.name, $0.versions.map(\.name)) }, uniquingKeysWith: { first, _ in first })
    isComplete = complete
  }

  /// The game (version group) `version` belongs to, when it is known.
  public func game(of version: String) -> NamedResource? { groupOfVersion[version] }

  /// The versions of `game` (a version group's slug) in its own order; none when it is not known.
  public func versions(of game: String) -> [String] { versionsOfGame[game] ?? [] }

  /// `versions` in their games' order: by game, oldest first, then as each game lists them;
  /// those not known last, as given.
  public func sorted(versions: [String]) -> [String] {
    func key(_ version: String) -> (Int, Int, Int) {
      guard let game = groupOfVersion[version] else { return (Int.max, Int.max, Int.max) }
      let (order, id) = rank(game)
      return (order, id, self.versions(of: game.name).firstIndex(of: version) ?? 0)
    }
    return versions.enumerated().sorted { a, b in
      let (ka, kb) = (key(a.element), key(b.element))
      return ka != kb ? ka < kb : a.offset < b.offset
    }.map(\.element)
  }

  /// Every game known (version groups' slugs), newest first.
  public var games: [String] {
    versionsOfGame.keys.sorted { (order[$0] ?? Int.min, $0) > (order[$1] ?? Int.min, $1) }
  }

  /// The most games asked for (there are about 30): a list longer than that is not the API's.
  public static let maximumGames = 200

  /// Every game's order: the list of games, then each, together, kept as one derived value
  /// (one read next time instead of some thirty). When some cannot be had, those that can are
  /// used (and not kept), the others ranking below them by id; Ctrl-C is passed on.
  public static func load(_ client: any PokeAPIClient) async throws(APIError) -> GameOrder {
    do {
      return try await client.derived("games") { () async throws(APIError) in
        Derived(try await fetch(client, strictly: true))
      }
    } catch .cancelled {
      throw .cancelled
    } catch {
      return try await fetch(client, strictly: false)
    }
  }

  /// ``load(_:)`` as a result, for `async let` (whose errors are untyped).
  public static func loaded(_ client: any PokeAPIClient) async -> Result<GameOrder, APIError> {
    do throws(APIError) {
      return .success(try await load(client))
    } catch {
      return .failure(error)
    }
  }

  /// The games' order from the API; `strictly`, any game that cannot be had fails it.
  private static func fetch(
    _ client: any PokeAPIClient, strictly: Bool
  ) async throws(APIError) -> GameOrder {
    let names: [NamedResource]
    do {
      names = try await client.names(of: VersionGroup.path)
    } catch .cancelled {
      throw .cancelled
    } catch {
      if strictly { throw error }
      return GameOrder([], complete: false)
    }
    let wanted = Array(names.prefix(Self.maximumGames))
    let groups = try await APIRequests.together(wanted) {
      (reference: NamedResource) async throws(APIError) -> VersionGroup? in
      do throws(APIError) {
        return try await client.resource(
          VersionGroup.self, reference.id.map(String.init) ?? reference.name)
      } catch .cancelled {
        throw .cancelled
      } catch {
        if strictly { throw error }
        return nil
      }
    }
    let found = groups.compactMap { $0 }
    return GameOrder(found, complete: found.count == names.count)
  }

  /// The newest of `games` (slugs with their ids): by order where known, else by id.
  public func newest(_ games: [NamedResource]) -> NamedResource? {
    games.max { rank($0) < rank($1) }
  }

  /// A sort key for a game known by its slug alone (a text's game): its order, unknown games
  /// (and none) below every known one.
  public func rank(of game: String?) -> Int { game.flatMap { order[$0] } ?? Int.min }

  /// The newest of `games` by slug (the prices of an item): by order; `nil` when there are none.
  public func newest(slugs games: [String]) -> String? {
    games.enumerated().max { a, b in
      let (ra, rb) = (rank(of: a.element), rank(of: b.element))
      return ra != rb ? ra < rb : a.offset < b.offset
    }?.element
  }

  /// A sort key: the known order first, the id when it is not known.
  public func rank(_ game: NamedResource) -> (Int, Int) {
    (order[game.name] ?? Int.min, game.id ?? 0)
  }
}

/// The names of games in a language. A version (`scarlet`) has names of its own; a game (a
/// version group, `scarlet-violet`) has none in the API, so it is named by its versions.
public enum GameNames {
  /// The names of `versions` (slugs) in the glossary's language (English without one), loaded
  /// together (a small request each, cached); none for those that cannot be loaded.
  public static func versions(
    _ versions: [String], glossary: Glossary, client: any PokeAPIClient
  ) async -> [String: String] {
    await client.names(of: VersionKind.self, versions, in: glossary.language ?? .english)
  }

  /// The game `slug` (a version group) in the glossary's language (English without one): its
  /// versions' names, `スカーレット / バイオレット`, `Sword: The Isle of Armor / Shield: The Isle of
  /// Armor`; `nil` when they cannot be loaded.
  public static func game(
    _ slug: String, glossary: Glossary, client: any PokeAPIClient
  ) async -> String? {
    guard !slug.isEmpty, let group = try? await client.resource(VersionGroup.self, slug)
    else { return nil }
    let slugs = group.versions.map(\.name)
    let names = await versions(slugs, glossary: glossary, client: client)
    guard !slugs.isEmpty, slugs.allSatisfy({ names[$0] != nil }) else { return nil }
    return slugs.compactMap { names[$0] }.joined(separator: " / ")
  }
}
