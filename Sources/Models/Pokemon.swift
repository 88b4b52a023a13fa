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

  public var id: Int
  public var name: String
  /// Height in decimetres.
  public var height: Int
  /// Weight in hectograms.
  public var weight: Int
  public var types: [TypeSlot]
  public var stats: [Stat]
  public var abilities: [Ability]

  public init(
    id: Int, name: String, height: Int, weight: Int, types: [TypeSlot] = [],
    stats: [Stat] = [], abilities: [Ability] = []
  ) {
    self.id = id
    self.name = name
    self.height = height
    self.weight = weight
    self.types = types
    self.stats = stats
    self.abilities = abilities
  }

  /// Height in centimetres (the API gives decimetres); absurd values saturate, never trap.
  public var heightCentimetres: Int {
    let (value, overflow) = height.multipliedReportingOverflow(by: 10)
    return overflow ? (height < 0 ? .min : .max) : value
  }
  /// Weight in kilograms (the API gives hectograms).
  public var weightKilograms: Double { Double(weight) / 10 }
}
