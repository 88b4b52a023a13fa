import DetailModels

/// A species or form on the team: its slug, and the ids that open it without a name to look up.
public struct TeamMember: Codable, Sendable, Hashable {
  /// The slug (`charizard`, `raichu-alola`).
  public var name: String
  /// The species' id.
  public var species: Int
  /// The form's `pokemon` id, when it is not the species' usual one.
  public var form: Int?

  public init(name: String, species: Int, form: Int? = nil) {
    self.name = name
    self.species = species
    self.form = form
  }

  /// The member a species' details show.
  public init(_ detail: SpeciesDetailViewModel) {
    self.init(
      name: detail.form?.name ?? detail.name, species: detail.id, form: detail.form?.pokemonID)
  }
}

/// The trainer's team: up to six species or forms, in slot order. It lives as long as the
/// session; `save` keeps each change for the next ones (the composition root writes it to the
/// data directory).
public actor TeamRoster {
  /// The most members a team has.
  public static let maximumMembers = 6

  /// The members, in slot order.
  public private(set) var members: [TeamMember]
  private let save: @Sendable ([TeamMember]) -> String?

  /// A team of `members` (the first six); `save` keeps a change and returns a warning when it
  /// could not.
  public init(
    _ members: [TeamMember] = [],
    save: @escaping @Sendable ([TeamMember]) -> String? = { _ in nil }
  ) {
    self.members = Array(members.prefix(Self.maximumMembers))
    self.save = save
  }

  /// Makes `members` the team and keeps it; a warning when it could not be kept (the team
  /// changes for this session all the same).
  public func replace(with members: [TeamMember]) -> String? {
    self.members = Array(members.prefix(Self.maximumMembers))
    return save(self.members)
  }
}
