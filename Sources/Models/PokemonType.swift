/// `GET type/{id}`: a type and how much damage it takes from the others (the defending half of
/// the type chart; the attacking half is not kept), today and in the generations before a change.
public struct PokemonType: Codable, Sendable, Hashable {
  /// Tells its cache entries (names and past relations kept) from those of earlier versions,
  /// under the same URL.
  public static let representation = "languages+eras"

  /// The attacking types that deal double, half or no damage to this one.
  public struct DamageTaken: Codable, Sendable, Hashable {
    @OrEmpty public var doubleDamageFrom: [NamedResource]
    @OrEmpty public var halfDamageFrom: [NamedResource]
    @OrEmpty public var noDamageFrom: [NamedResource]

    public init(
      doubleDamageFrom: [NamedResource] = [], halfDamageFrom: [NamedResource] = [],
      noDamageFrom: [NamedResource] = []
    ) {
      self.doubleDamageFrom = doubleDamageFrom
      self.halfDamageFrom = halfDamageFrom
      self.noDamageFrom = noDamageFrom
    }

    enum CodingKeys: String, CodingKey {
      case doubleDamageFrom = "double_damage_from"
      case halfDamageFrom = "half_damage_from"
      case noDamageFrom = "no_damage_from"
    }

  }

  /// A pokemon of this type, and which of its types this is (slot 1 or 2).
  public struct Member: Codable, Sendable, Hashable {
    public var slot: Int
    public var pokemon: NamedResource

    public init(slot: Int, pokemon: NamedResource) {
      self.slot = slot
      self.pokemon = pokemon
    }
  }

  /// The relations the type had through a generation, before they changed (through
  /// Generation I, `psychic` took nothing from `ghost`).
  public struct PastDamage: Codable, Sendable, Hashable {
    /// The last generation they held in (`generation-i`).
    public var generation: NamedResource
    public var damageRelations: DamageTaken

    public init(generation: NamedResource, damageRelations: DamageTaken) {
      self.generation = generation
      self.damageRelations = damageRelations
    }

    enum CodingKeys: String, CodingKey {
      case generation
      case damageRelations = "damage_relations"
    }
  }

  public var id: Int
  public var name: String
  /// Its name in each language the API has.
  @OrEmpty public var names: [LocalName]
  public var damageRelations: DamageTaken
  /// The generation the type came in (`steel`: `generation-ii`), when the answer says.
  public var generation: NamedResource?
  /// Its relations through the generations before they last changed.
  @OrEmpty public var pastDamageRelations: [PastDamage]
  /// Every pokemon of this type (species and forms).
  @OrEmpty public var pokemon: [Member]

  public init(
    id: Int, name: String, damageRelations: DamageTaken = DamageTaken(), pokemon: [Member] = [],
    names: [LocalName] = [], generation: NamedResource? = nil,
    pastDamageRelations: [PastDamage] = []
  ) {
    self.id = id
    self.name = name
    self.names = names
    self.damageRelations = damageRelations
    self.generation = generation
    self.pastDamageRelations = pastDamageRelations
    self.pokemon = pokemon
  }

  enum CodingKeys: String, CodingKey {
    case id, name, names, pokemon, generation
    case damageRelations = "damage_relations"
    case pastDamageRelations = "past_damage_relations"
  }

  /// Whether the type was in the games of `generation` (a number; `nil`: today's games). One
  /// whose generation is not said counts as always there.
  public func exists(in generation: Int?) -> Bool {
    guard let generation, let introduced = self.generation?.id else { return true }
    return introduced <= generation
  }

  /// Its defending relations in the games of `generation` (`nil`: today's): those of the first
  /// change after it, else today's.
  public func damageTaken(in generation: Int?) -> DamageTaken {
    PastGenerations.holding(
      in: generation,
      pastDamageRelations.compactMap { past in
        past.generation.id.map { ($0, past.damageRelations) }
      }) ?? damageRelations
  }
}

/// The API's `past_types` and `past_damage_relations`: each value held through its generation,
/// until the next change.
public enum PastGenerations {
  /// The value that held in the games of `generation` (`nil`: today's): that of the first change
  /// after it, by generation number; `nil` when none did (today's holds).
  public static func holding<Value>(
    in generation: Int?, _ past: [(through: Int, value: Value)]
  ) -> Value? {
    guard let generation else { return nil }
    return past.filter { $0.through >= generation }.min { $0.through < $1.through }?.value
  }
}
