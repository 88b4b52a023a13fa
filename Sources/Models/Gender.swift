/// The gender filter of the list, and the three `/gender/{id}` resources behind it.
public enum GenderFilter: String, Codable, Sendable, CaseIterable, Hashable {
  case all, male, female, genderless

  /// The `/gender/{id}` id whose list decides membership (`nil` for `all`).
  public var genderID: Int? {
    switch self {
    case .all: nil
    case .female: 1
    case .male: 2
    case .genderless: 3
    }
  }

  /// Whether a species with this `gender_rate` (eighths female, −1 genderless) belongs.
  public func admits(genderRate rate: Int) -> Bool {
    switch self {
    case .all: true
    case .male: (0...7).contains(rate)
    case .female: (1...8).contains(rate)
    case .genderless: rate == -1
    }
  }
}

/// `GET /gender/{id}`: every species that can have this gender, with its `gender_rate`.
public struct GenderList: Codable, Sendable, Hashable {
  /// One species in the list and its rate of being female in eighths.
  public struct Entry: Codable, Sendable, Hashable {
    public var rate: Int
    public var pokemonSpecies: NamedResource
    public init(rate: Int, pokemonSpecies: NamedResource) {
      self.rate = rate
      self.pokemonSpecies = pokemonSpecies
    }
    enum CodingKeys: String, CodingKey {
      case rate
      case pokemonSpecies = "pokemon_species"
    }
  }

  public var id: Int
  public var name: String
  public var pokemonSpeciesDetails: [Entry]

  public init(id: Int, name: String, pokemonSpeciesDetails: [Entry]) {
    self.id = id
    self.name = name
    self.pokemonSpeciesDetails = pokemonSpeciesDetails
  }

  enum CodingKeys: String, CodingKey {
    case id, name
    case pokemonSpeciesDetails = "pokemon_species_details"
  }

  /// The species of this list whose rate `filter` admits, once each, in id order, ids taken
  /// from their urls.
  public func species(admittedBy filter: GenderFilter) -> [SpeciesSummary] {
    var seen = Set<Int>()
    var members: [SpeciesSummary] = []
    for entry in pokemonSpeciesDetails where filter.admits(genderRate: entry.rate) {
      guard let id = entry.pokemonSpecies.id, seen.insert(id).inserted else { continue }
      members.append(SpeciesSummary(id: id, name: entry.pokemonSpecies.name))
    }
    return members.sorted()
  }
}

/// How likely a species is to be female or male.
public enum GenderRatio: Sendable, Hashable, Codable {
  case genderless
  /// `femaleEighths` out of 8 are female (0 = male only, 8 = female only).
  case ratio(femaleEighths: Int)

  /// From the API's `gender_rate`.
  public init(rate: Int) {
    self = rate < 0 ? .genderless : .ratio(femaleEighths: min(rate, 8))
  }

  /// `"87.5% ♂ · 12.5% ♀"`, `"Genderless"`, `"100% ♀"` …
  public var description: String {
    switch self {
    case .genderless:
      return "Genderless"
    case .ratio(let female):
      let femalePercent = Double(female) * 12.5
      let malePercent = 100 - femalePercent
      func format(_ p: Double) -> String {
        p.rounded() == p ? String(Int(p)) + "%" : String(p) + "%"
      }
      if female == 0 { return "100% ♂" }
      if female == 8 { return "100% ♀" }
      return "\(format(malePercent)) ♂ · \(format(femalePercent)) ♀"
    }
  }
}
