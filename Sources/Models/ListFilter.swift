/// The filters of the species list, combined: a gender filter, a type, a generation and a
/// regional Pokédex. Each narrows the others (`water · gen 1 · female`, `dex kanto · water`).
///
/// It is written and read as its description (`"all"`, `"female"`, `"water · gen 1 · female"`),
/// so a gender filter alone reads as it always has.
public struct ListFilter: Sendable, Hashable, Codable, CustomStringConvertible {
  public var gender: GenderFilter
  /// A type's slug (`water`).
  public var type: String?
  /// A generation's number (1 for Kanto).
  public var generation: Int?
  /// A regional Pokédex's slug (`kanto`): its species, in its order, numbered as in it.
  public var pokedex: String?

  public init(
    gender: GenderFilter = .all, type: String? = nil, generation: Int? = nil,
    pokedex: String? = nil
  ) {
    self.gender = gender
    self.type = type
    self.generation = generation
    self.pokedex = pokedex
  }

  /// No filter: every species.
  public static let none = ListFilter()
  /// No filter (as `filter all` says it).
  public static let all = none
  /// Species that can be male.
  public static let male = ListFilter(gender: .male)
  /// Species that can be female.
  public static let female = ListFilter(gender: .female)
  /// Species without a gender.
  public static let genderless = ListFilter(gender: .genderless)

  /// Whether it lets every species through.
  public var isNone: Bool {
    gender == .all && type == nil && generation == nil && pokedex == nil
  }

  /// `dex kanto · water · gen 1 · female`: the Pokédex, the type, the generation and the gender
  /// that are set; `all` for none.
  public var description: String {
    var parts: [String] = []
    if let pokedex { parts.append("dex " + SafeText.line(pokedex)) }
    if let type { parts.append(SafeText.line(type)) }
    if let generation { parts.append("gen \(generation)") }
    if gender != .all { parts.append(gender.rawValue) }
    return parts.isEmpty ? "all" : parts.joined(separator: " · ")
  }

  /// The filter a description names; `nil` when it names none.
  public init?(description: String) {
    self.init()
    guard description != "all" else { return }
    for part in description.components(separatedBy: " · ") {
      if let gender = GenderFilter(rawValue: part), gender != .all {
        self.gender = gender
      } else if part.hasPrefix("gen "), let number = Int(part.dropFirst(4)) {
        generation = number
      } else if part.hasPrefix("dex "), case let slug = String(part.dropFirst(4)),
        !slug.isEmpty, !slug.contains(" ")
      {
        pokedex = slug
      } else if !part.isEmpty, !part.contains(" ") {
        type = part
      } else {
        return nil
      }
    }
  }

  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    guard let filter = ListFilter(description: text) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "not a filter: \(text)"))
    }
    self = filter
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}

/// A change to the list's filters, as `filter …` asks for it.
public enum FilterChange: Sendable, Hashable {
  /// `filter male|female|genderless`.
  case gender(GenderFilter)
  /// `filter type NAME`, or bare `filter type` (`nil`) to clear it.
  case type(String?)
  /// `filter gen N`, or bare `filter gen` (`nil`) to clear it.
  case generation(Int?)
  /// `filter dex NAME`, or bare `filter dex` (`nil`) to clear it.
  case pokedex(String?)
  /// `filter gender`: every gender again.
  case clearGender
  /// `filter all`: no filter at all.
  case clearAll

  /// `filter` with this change applied.
  public func applied(to filter: ListFilter) -> ListFilter {
    var filter = filter
    switch self {
    case .gender(let gender): filter.gender = gender
    case .type(let type): filter.type = type
    case .generation(let generation): filter.generation = generation
    case .pokedex(let pokedex): filter.pokedex = pokedex
    case .clearGender: filter.gender = .all
    case .clearAll: filter = .none
    }
    return filter
  }
}
