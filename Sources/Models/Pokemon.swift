/// `GET /pokemon/{id}`: types, size, stats and abilities (the ~300 KB of moves are skipped).
public struct Pokemon: Codable, Sendable, Hashable {
  /// A type in its slot (`slot` 1 is the primary type).
  public struct TypeSlot: Codable, Sendable, Hashable {
    public var slot: Int
    public var type: NamedResource
    public init(slot: Int, type: NamedResource) {
      self.slot = slot
      self.type = type
    }
  }

  /// A base stat such as `hp` 55.
  public struct Stat: Codable, Sendable, Hashable {
    public var baseStat: Int
    public var stat: NamedResource
    public init(baseStat: Int, stat: NamedResource) {
      self.baseStat = baseStat
      self.stat = stat
    }
    enum CodingKeys: String, CodingKey {
      case baseStat = "base_stat"
      case stat
    }
  }

  /// An ability, possibly hidden.
  public struct Ability: Codable, Sendable, Hashable {
    public var ability: NamedResource
    public var isHidden: Bool
    public var slot: Int
    public init(ability: NamedResource, isHidden: Bool, slot: Int) {
      self.ability = ability
      self.isHidden = isHidden
      self.slot = slot
    }
    enum CodingKeys: String, CodingKey {
      case ability, slot
      case isHidden = "is_hidden"
    }
  }

  /// The types a pokemon had through a generation, before they changed (Clefairy was Normal
  /// through Generation V).
  public struct PastTypes: Codable, Sendable, Hashable {
    /// The last generation they held in (`generation-v`).
    public var generation: NamedResource
    public var types: [TypeSlot]
    public init(generation: NamedResource, types: [TypeSlot]) {
      self.generation = generation
      self.types = types
    }
  }

  public var id: Int
  public var name: String
  /// Height in decimetres.
  public var height: Int
  /// Weight in hectograms.
  public var weight: Int
  public var types: [TypeSlot]
  public var stats: [Stat]
  public var abilities: [Ability]
  /// Its types through the generations before they last changed.
  public var pastTypes: [PastTypes]

  public init(
    id: Int, name: String, height: Int, weight: Int, types: [TypeSlot] = [],
    stats: [Stat] = [], abilities: [Ability] = [], pastTypes: [PastTypes] = []
  ) {
    self.id = id
    self.name = name
    self.height = height
    self.weight = weight
    self.types = types
    self.stats = stats
    self.abilities = abilities
    self.pastTypes = pastTypes
  }

  /// Tells its cache entries (past types kept) from those of earlier versions, under the same
  /// URL.
  public static let representation = "eras"

  enum CodingKeys: String, CodingKey {
    case id, name, height, weight, types, stats, abilities
    case pastTypes = "past_types"
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    id = try c.decode(Int.self, forKey: .id)
    name = try c.decode(String.self, forKey: .name)
    height = try c.decode(Int.self, forKey: .height)
    weight = try c.decode(Int.self, forKey: .weight)
    types = try c.decode([TypeSlot].self, forKey: .types)
    stats = try c.decode([Stat].self, forKey: .stats)
    abilities = try c.decode([Ability].self, forKey: .abilities)
    pastTypes = try c.decodeIfPresent([PastTypes].self, forKey: .pastTypes) ?? []
  }

  /// Its types in the games of `generation` (`nil`: today's), in slot order: those of the first
  /// change after it, else today's.
  public func types(in generation: Int?) -> [TypeSlot] {
    let past = PastGenerations.holding(
      in: generation, pastTypes.compactMap { past in past.generation.id.map { ($0, past.types) } })
    return (past ?? types).sorted { $0.slot < $1.slot }
  }

  /// Height in centimetres (the API gives decimetres); absurd values saturate, never trap.
  public var heightCentimetres: Int {
    let (value, overflow) = height.multipliedReportingOverflow(by: 10)
    return overflow ? (height < 0 ? .min : .max) : value
  }
  /// Weight in kilograms (the API gives hectograms).
  public var weightKilograms: Double { Double(weight) / 10 }
}
