import APIClient
import Models

/// `GET pokemon/{id}`, its `moves` only: every move the pokemon learns, how and at which level,
/// in every game. Kept compact (a detail is four short fields), apart from the details' own
/// decoding of the same URL.
public struct Learnset: APIResource, Hashable {
  /// How the move is learnt in one game.
  public struct Detail: Codable, Sendable, Hashable {
    /// The level, for `level-up` (0 otherwise, as the API writes it).
    public var level: Int
    /// `level-up`, `machine`, `egg`, `tutor` …
    public var method: String
    /// The game (version group).
    public var game: NamedResource

    public init(level: Int, method: String, game: NamedResource) {
      self.level = level
      self.method = method
      self.game = game
    }
  }

  /// A move and how it is learnt in each game.
  public struct LearnedMove: Codable, Sendable, Hashable {
    public var move: NamedResource
    public var details: [Detail]

    public init(move: NamedResource, details: [Detail]) {
      self.move = move
      self.details = details
    }

    private struct APIDetail: Decodable {
      struct Reference: Decodable { var name: String }
      var levelLearnedAt: Int?
      var moveLearnMethod: Reference
      var versionGroup: NamedResource

      enum CodingKeys: String, CodingKey {
        case levelLearnedAt = "level_learned_at"
        case moveLearnMethod = "move_learn_method"
        case versionGroup = "version_group"
      }
    }

    /// What is stored: the game's slug and id, the method and the level.
    private struct StoredDetail: Codable {
      var g: String
      var i: Int?
      var m: String
      var l: Int
    }

    enum CodingKeys: String, CodingKey {
      case move
      case versionGroupDetails = "version_group_details"
      case learned
    }

    public init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      move = try c.decode(NamedResource.self, forKey: .move)
      if let stored = try c.decodeIfPresent([StoredDetail].self, forKey: .learned) {
        details = stored.map {
          Detail(
            level: $0.l, method: $0.m,
            game: NamedResource(name: $0.g, url: $0.i.map { "version-group/\($0)/" } ?? ""))
        }
      } else {
        // The game as it is read back from the store: its slug and id.
        details = try c.decode([APIDetail].self, forKey: .versionGroupDetails).map {
          Detail(
            level: $0.levelLearnedAt ?? 0, method: $0.moveLearnMethod.name,
            game: NamedResource(
              name: $0.versionGroup.name,
              url: $0.versionGroup.id.map { "version-group/\($0)/" } ?? ""))
        }
      }
    }

    public func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(move, forKey: .move)
      try c.encode(
        details.map { StoredDetail(g: $0.game.name, i: $0.game.id, m: $0.method, l: $0.level) },
        forKey: .learned)
    }
  }

  public static let path = "pokemon"
  public static let representation = "learnset"

  public var id: Int
  public var name: String
  public var moves: [LearnedMove]

  public init(id: Int, name: String, moves: [LearnedMove]) {
    self.id = id
    self.name = name
    self.moves = moves
  }

  /// Every game with moves for it, each once.
  public var games: [NamedResource] {
    var seen: Set<String> = []
    return moves.flatMap(\.details).map(\.game).filter { seen.insert($0.name).inserted }
  }
}
