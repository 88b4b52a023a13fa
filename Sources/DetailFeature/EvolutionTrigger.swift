import Foundation
import Models

/// How a species is reached from its parent, in a few plain words.
enum EvolutionTrigger {
  /// The words for a link's `evolution_details`: the entry marked `is_default` when there is one
  /// (the first such), otherwise the distinct alternatives joined with " or " (places merged,
  /// at most three alternatives spelled out). `nil` when the list is empty.
  static func describe(_ details: [EvolutionDetail]) -> String? {
    guard !details.isEmpty else { return nil }
    if let preferred = details.first(where: { $0.isDefault == true }) {
      return describe(preferred)
    }
    var templates: [String] = []
    var places: [String: [String]] = [:]
    for detail in details {
      let place = detail.location.map { Words.title($0.name) }
      let template = phrase(detail, place: place == nil ? nil : placeholder)
      if places[template] == nil {
        templates.append(template)
        places[template] = []
      }
      if let place, places[template]?.contains(place) == false {
        places[template]?.append(place)
      }
    }
    let phrases = templates.map { template in
      let names = places[template] ?? []
      return names.isEmpty
        ? template : template.replacingOccurrences(of: placeholder, with: placeList(names))
    }
    guard phrases.count > 3 else { return phrases.joined(separator: " or ") }
    return phrases.prefix(2).joined(separator: ", ") + " or \(phrases.count - 2) other ways"
  }

  /// The words for one way to evolve.
  static func describe(_ detail: EvolutionDetail) -> String {
    phrase(detail, place: detail.location.map { Words.title($0.name) })
  }

  private static let placeholder = "\u{1}place\u{1}"

  private static func placeList(_ names: [String]) -> String {
    switch names.count {
    case 1: names[0]
    case 2: "\(names[0]) or \(names[1])"
    case 3: "\(names[0]), \(names[1]) or \(names[2])"
    default: "\(names[0]), \(names[1]) or \(names.count - 2) other places"
    }
  }

  private static func phrase(_ detail: EvolutionDetail, place: String?) -> String {
    let trigger = detail.trigger?.name ?? ""
    var qualifiers: [String] = []
    var head: String
    var attachesFirstQualifier = false

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
      if detail.minLevel != nil, detail.minHappiness != nil {
        qualifiers.append("high friendship")
      }
      if detail.minLevel != nil || detail.minHappiness != nil, detail.minAffection != nil {
        qualifiers.append("high affection")
      }
      if let item = detail.heldItem { qualifiers.append("holding \(Words.title(item.name))") }
    case "use-item":
      head = detail.item.map { "use \(Words.title($0.name))" } ?? "use an item"
      if let item = detail.heldItem { qualifiers.append("holding \(Words.title(item.name))") }
    case "trade":
      head = "trade"
      attachesFirstQualifier = true
      if let item = detail.heldItem { qualifiers.append("holding \(Words.title(item.name))") }
      if let species = detail.tradeSpecies {
        qualifiers.append("for \(DisplayName.of(species.name))")
      }
    default:
      head = otherTriggers[trigger] ?? Words.plain(trigger)
      if let level = detail.minLevel { qualifiers.append("level \(level)") }
      if let item = detail.heldItem { qualifiers.append("holding \(Words.title(item.name))") }
    }

    if let move = detail.knownMove { qualifiers.append("knowing \(Words.title(move.name))") }
    if let type = detail.knownMoveType {
      qualifiers.append("knowing a \(Words.title(type.name))-type move")
    }
    if let place { qualifiers.append("at \(place)") }
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
    if detail.needsMultiplayer == true { qualifiers.append("with other players") }
    if detail.turnUpsideDown == true { qualifiers.append("upside down") }

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

  /// Triggers other than level-up, use-item and trade, in words.
  private static let otherTriggers: [String: String] = [
    "shed": "empty party slot and a spare Poké Ball",
    "spin": "spin around",
    "tower-of-darkness": "train in the Tower of Darkness",
    "tower-of-waters": "train in the Tower of Waters",
    "three-critical-hits": "three critical hits in one battle",
    "take-damage": "take damage",
    "agile-style-move": "use an Agile Style move",
    "strong-style-move": "use a Strong Style move",
    "recoil-damage": "take recoil damage",
    "use-move": "use a certain move",
    "other": "a special condition",
  ]
}

/// Slugs of items, moves, types and places in words.
enum Words {
  /// `water-stone` → `Water Stone`, `mt-coronet` → `Mt Coronet`; control characters removed.
  static func title(_ slug: String) -> String {
    SafeText.line(slug).split(whereSeparator: { $0 == "-" || $0 == " " })
      .map { $0.prefix(1).uppercased() + $0.dropFirst() }
      .joined(separator: " ")
  }

  /// `three-critical-hits` → `three critical hits`; control characters removed.
  static func plain(_ slug: String) -> String {
    SafeText.line(slug).split(whereSeparator: { $0 == "-" || $0 == " " }).joined(separator: " ")
  }
}
