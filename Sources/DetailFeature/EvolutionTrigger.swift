import DetailModels
import Models

/// How a species is reached from its parent, in a few plain words.
///
/// A link's `evolution_details` hold one entry per way and per game. The ways shown are the
/// entries marked `is_default` (several when there are several ways today: Lycanroc's three
/// forms, a regional form's own route), or every entry when none is marked; entries that give
/// the same words are shown once, and entries that differ only by place are merged
/// (`at Eterna Forest or Pinwheel Forest`). The other entries (older games' places, affection …)
/// are folded into one ``Ways/also`` line.
struct EvolutionTrigger {
  /// What a link's details say.
  struct Ways: Equatable {
    /// Each way to evolve, in the API's order.
    var ways: [EvolutionWay]
    /// The entries not marked default, folded into one line (`nil` when there are none).
    var also: String?
  }

  /// The English name of an item, move or location (`nil` when not known: the slug is used).
  typealias Names = (GameResourceKind, NamedResource) -> String?

  private let names: Names

  /// Words using `names` for items, moves and places (made from slugs where it has none).
  init(names: @escaping Names = { _, _ in nil }) {
    self.names = names
  }

  /// The ways of a link into `species` (a slug) from `parent` (a slug).
  func describe(_ details: [EvolutionDetail], species: String, parent: String) -> Ways {
    let defaults = details.filter { $0.isDefault == true }
    let primary = defaults.isEmpty ? details : defaults
    let ways = merged(primary).map { phrase, detail in
      EvolutionWay(
        conditions: phrase, form: Self.formLabel(detail.evolvedForm?.name, species: species),
        fromForm: Self.fromLabel(detail.baseForm?.name, parent: parent))
    }
    var seen: Set<EvolutionWay> = []
    let unique = ways.filter { seen.insert($0).inserted }
    guard !defaults.isEmpty else { return Ways(ways: unique, also: nil) }
    let shown = Set(unique.map(\.conditions))
    let others = merged(details.filter { $0.isDefault != true }).map(\.phrase)
      .filter { !shown.contains($0) }
    var distinct: [String] = []
    for phrase in others where !distinct.contains(phrase) { distinct.append(phrase) }
    return Ways(ways: unique, also: distinct.isEmpty ? nil : distinct.joined(separator: "; "))
  }

  // MARK: - Merging places

  /// One phrase per distinct way (the same words and forms), the places of the details behind
  /// it merged into one list, each with the first detail behind it.
  private func merged(_ details: [EvolutionDetail]) -> [(phrase: String, detail: EvolutionDetail)] {
    var groups: [(key: WayKey, detail: EvolutionDetail, places: [NamedResource])] = []
    for detail in details {
      let key = WayKey(
        words: phrase(detail, place: nil), hasPlace: detail.location != nil,
        form: detail.evolvedForm?.name, fromForm: detail.baseForm?.name)
      guard let index = groups.firstIndex(where: { $0.key == key }) else {
        groups.append((key, detail, detail.location.map { [$0] } ?? []))
        continue
      }
      if let place = detail.location,
        !groups[index].places.contains(where: { $0.name == place.name })
      {
        groups[index].places.append(place)
      }
    }
    return groups.map { group in
      let place = group.places.isEmpty ? nil : placeList(group.places)
      return (place == nil ? group.key.words : phrase(group.detail, place: place), group.detail)
    }
  }

  /// What makes two details one way: their words without the place, and their forms.
  private struct WayKey: Equatable {
    var words: String
    var hasPlace: Bool
    var form: String?
    var fromForm: String?
  }

  /// `A`, `A or B`, `A, B or C`, `A, B or 4 other places`: only the places spelled out are
  /// looked up.
  private func placeList(_ places: [NamedResource]) -> String {
    let spelled = places.count <= 3 ? places : Array(places.prefix(2))
    let words = spelled.map { name(.location, $0) }
    switch places.count {
    case 0: return ""
    case 1: return words[0]
    case 2: return "\(words[0]) or \(words[1])"
    case 3: return "\(words[0]), \(words[1]) or \(words[2])"
    default: return "\(words[0]), \(words[1]) or \(places.count - 2) other places"
    }
  }

  private func name(_ kind: GameResourceKind, _ resource: NamedResource) -> String {
    names(kind, resource) ?? Words.title(resource.name)
  }

  // MARK: - One way in words

  private func phrase(_ detail: EvolutionDetail, place: String?) -> String {
    let trigger = detail.trigger?.name ?? ""
    var qualifiers: [String] = []
    var head: String
    var attachesFirstQualifier = false
    let heldItem = detail.heldItem.map { "holding \(name(.item, $0))" }

    switch trigger {
    case "level-up", "":
      if let level = detail.minLevel {
        head = "level \(level)"
      } else if detail.minHappiness != nil {
        head = "high friendship"
      } else if detail.minAffection != nil {
        head = "high affection"
      } else if detail.minBeauty != nil {
        head = "high beauty"
      } else {
        head = "level up"
        attachesFirstQualifier = true
      }
      if let steps = detail.minSteps {
        qualifiers.append("after walking \(Self.grouped(steps)) steps")
      }
      if detail.minLevel != nil, detail.minHappiness != nil {
        qualifiers.append("high friendship")
      }
      if detail.minLevel != nil || detail.minHappiness != nil, detail.minAffection != nil {
        qualifiers.append("high affection")
      }
      if let heldItem { qualifiers.append(heldItem) }
    case "use-item":
      head = detail.item.map { "use \(name(.item, $0))" } ?? "use an item"
      if let heldItem { qualifiers.append(heldItem) }
    case "trade":
      head = "trade"
      attachesFirstQualifier = true
      if let heldItem { qualifiers.append(heldItem) }
      if let species = detail.tradeSpecies {
        qualifiers.append("for \(DisplayName.of(species.name))")
      }
    case "use-move", "agile-style-move", "strong-style-move":
      let style =
        trigger == "agile-style-move"
        ? " in the Agile Style" : trigger == "strong-style-move" ? " in the Strong Style" : ""
      let move = detail.usedMove.map { name(.move, $0) }
      switch (move, detail.minMoveCount) {
      case (let move?, let times?): head = "use \(move)\(style) \(Self.times(times))"
      case (let move?, nil): head = "use \(move)\(style)"
      case (nil, _): head = style.isEmpty ? "use a certain move" : "use a move\(style)"
      }
      if let level = detail.minLevel { qualifiers.append("level \(level)") }
    case "take-damage", "recoil-damage":
      let kind = trigger == "recoil-damage" ? "recoil damage" : "damage"
      head = detail.minDamageTaken.map { "take \($0) HP of \(kind)" } ?? "take \(kind)"
    default:
      head = Self.otherTriggers[trigger] ?? Words.plain(trigger)
      if let level = detail.minLevel { qualifiers.append("level \(level)") }
      if let heldItem { qualifiers.append(heldItem) }
    }

    if let move = detail.knownMove { qualifiers.append("knowing \(name(.move, move))") }
    if let type = detail.knownMoveType {
      qualifiers.append("knowing a \(Words.title(type.name))-type move")
    }
    switch (detail.nearSpecialRock == true, place) {
    case (true, let place?): qualifiers.append("near a special rock at \(place)")
    case (true, nil): qualifiers.append("near a special rock")
    case (false, let place?): qualifiers.append("at \(place)")
    case (false, nil): break
    }
    if let region = detail.region { qualifiers.append("in \(Words.title(region.name))") }
    if let species = detail.partySpecies {
      qualifiers.append("with \(DisplayName.of(species.name)) in party")
    }
    if let type = detail.partyType {
      qualifiers.append("with a \(Words.title(type.name))-type in party")
    }
    if detail.needsOverworldRain == true { qualifiers.append("while raining") }
    switch detail.relativePhysicalStats {
    case 1: qualifiers.append("Attack > Defense")
    case -1: qualifiers.append("Attack < Defense")
    case 0: qualifiers.append("Attack = Defense")
    default: break
    }
    switch detail.gender {
    case 1: qualifiers.append("female")
    case 2: qualifiers.append("male")
    default: break
    }
    if detail.minBeauty != nil, head != "high beauty" { qualifiers.append("high beauty") }
    if detail.needsMultiplayer == true { qualifiers.append("with other players") }
    if detail.turnUpsideDown == true { qualifiers.append("upside down") }
    if detail.otherConditions?.isEmpty == false { qualifiers.append("another condition") }

    let time = detail.timeOfDay.map(Words.plain) ?? ""
    if !time.isEmpty {
      if attachesFirstQualifier, trigger != "trade", qualifiers.isEmpty {
        return "level up " + (time == "day" ? "during the day" : "at \(time)")
      }
      qualifiers.append(time == "day" ? "daytime" : "at \(time)")
    }

    guard let first = qualifiers.first else { return head }
    let rest = qualifiers.dropFirst().map { ", " + $0 }.joined()
    return attachesFirstQualifier ? "\(head) \(first)\(rest)" : "\(head), \(first)\(rest)"
  }

  /// `1000` → `1,000`.
  private static func grouped(_ number: Int) -> String {
    let digits = String(number.magnitude)
    var out = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
      out.append(digit)
    }
    return number < 0 ? "-" + out : out
  }

  private static func times(_ count: Int) -> String {
    count == 1 ? "once" : "\(grouped(count)) times"
  }

  /// Triggers with no fields to word them by, in words.
  private static let otherTriggers: [String: String] = [
    "shed": "empty party slot and a spare Poké Ball",
    "spin": "spin around",
    "tower-of-darkness": "train in the Tower of Darkness",
    "tower-of-waters": "train in the Tower of Waters",
    "three-critical-hits": "three critical hits in one battle",
    "three-defeated-bisharp": "defeat three Bisharp",
    "gimmighoul-coins": "collect 999 Gimmighoul Coins",
    "other": "a special condition",
  ]

  // MARK: - Forms

  /// Adjectives of the regional forms, by the suffix of their slugs.
  private static let regions: [String: String] = [
    "alola": "Alolan", "galar": "Galarian", "hisui": "Hisuian", "paldea": "Paldean",
  ]

  /// `raticate-alola` of `raticate` → `Alolan form`; `lycanroc-midnight` → `Midnight form`;
  /// `nil` for the species itself.
  static func formLabel(_ form: String?, species: String) -> String? {
    guard let form, form != species else { return nil }
    guard form.hasPrefix(species + "-") else { return DisplayName.of(form) }
    let suffix = String(form.dropFirst(species.count + 1))
    if let region = regions[suffix] { return "\(region) form" }
    return "\(Words.title(suffix)) form"
  }

  /// `slowpoke-galar` of `slowpoke` → `Galarian Slowpoke`, `rockruff-own-tempo` →
  /// `Own Tempo Rockruff`; `nil` for the parent itself.
  static func fromLabel(_ form: String?, parent: String) -> String? {
    guard let form, form != parent else { return nil }
    guard form.hasPrefix(parent + "-") else { return DisplayName.of(form) }
    let suffix = String(form.dropFirst(parent.count + 1))
    return "\(regions[suffix] ?? Words.title(suffix)) \(DisplayName.of(parent))"
  }
}

/// Slugs of items, moves, types and places in words.
enum Words {
  /// `water-stone` → `Water Stone`, `mt-coronet` → `Mt Coronet`; control characters removed.
  static func title(_ slug: String) -> String { DisplayName.words(slug) }

  /// `three-critical-hits` → `three critical hits`; control characters removed.
  static func plain(_ slug: String) -> String {
    SafeText.line(slug).split(whereSeparator: { $0 == "-" || $0 == " " }).joined(separator: " ")
  }
}
