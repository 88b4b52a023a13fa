import APIClient
import CommandLanguage
import DetailModels
import Models

/// What `stats` is asked, as typed: a species (else the open one), a level, a nature, and the
/// IVs and EVs given, by stat slug.
public struct StatsQuery: PageOptions, Equatable {
  public var species: String?
  public var level = 50
  public var nature: String?
  public var ivs: [String: Int] = [:]
  public var evs: [String: Int] = [:]
  /// Generations I and II: the DVs given (Attack, Defense, Speed, Special) and the stat
  /// experience (HP, Attack, Defense, Speed, Special), by stat slug (`special` for Special).
  public var dvs: [String: Int] = [:]
  public var statExp: [String: Int] = [:]
  /// Whether any option was given (without, the page also shows each stat's range).
  public var hasOptions = false

  /// The six stats, in the games' order.
  public static let stats = [
    "hp", "attack", "defense", "special-attack", "special-defense", "speed",
  ]
  /// The DVs of Generations I and II, as the games keep them.
  public static let dvStats = ["attack", "defense", "speed", "special"]
  /// The stat experience of Generations I and II, one Special for Sp. Atk and Sp. Def.
  public static let statExpStats = ["hp", "attack", "defense", "speed", "special"]
  /// The options, each taking one value.
  public static let options = ["--level", "--nature", "--ivs", "--evs", "--dvs", "--statexp"]
  static let usage =
    "stats [NAME] [--level N] [--nature X] [--ivs SPREAD] [--evs SPREAD] (Generations I–II: "
    + "[--dvs SPREAD] [--statexp SPREAD])"
  /// The options of today's games, which Generations I and II do not have.
  static let modernOptions: Set<String> = ["--nature", "--ivs", "--evs"]
  /// The options of Generations I and II.
  static let oldOptions: Set<String> = ["--dvs", "--statexp"]
  /// Which options were given.
  public var given: Set<String> = []
  /// The words read.
  public var words: [String] = []

  public init() {}

  /// The words after `stats` (lowercased): `garchomp --level 50 --nature jolly --evs 252spe`;
  /// `--level=50` too.
  public init(words: [String]) throws(PageOptionsProblem) {
    self.words = words
    var index = 0
    while index < words.count {
      var word = words[index]
      var value: String?
      if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
        value = String(word[word.index(after: equals)...])
        word = String(word[..<equals])
      }
      guard word.hasPrefix("-") else {
        if let species {
          throw PageOptionsProblem(
            "\"stats\" takes one species (not \"\(species)\" and \"\(word)\").")
        }
        species = word
        index += 1
        continue
      }
      guard Self.options.contains(word) else {
        throw PageOptionsProblem(
          "\"stats\" takes --level, --nature, --ivs and --evs (--dvs and --statexp in "
            + "Generations I–II; not \"\(word)\").")
      }
      guard given.insert(word).inserted else {
        throw PageOptionsProblem("\"\(word)\" is given twice.")
      }
      if value == nil, index + 1 < words.count, !words[index + 1].hasPrefix("--") {
        value = words[index + 1]
        index += 1
      }
      guard let value, !value.isEmpty else {
        throw PageOptionsProblem("\"\(word)\" needs a value: \(Self.usage).")
      }
      hasOptions = true
      switch word {
      case "--level":
        guard let level = Int(value), (1...100).contains(level) else {
          throw PageOptionsProblem("The level is a number from 1 to 100 (not \"\(value)\").")
        }
        self.level = level
      case "--nature": nature = value
      case "--ivs": ivs = try Self.spread(value, option: word, most: 31, total: nil)
      case "--dvs": dvs = try Self.spread(value, option: word, most: 15, stats: Self.dvStats)
      case "--statexp":
        statExp = try Self.spread(value, option: word, most: 65535, stats: Self.statExpStats)
      default: evs = try Self.spread(value, option: word, most: 252, total: 510)
      }
      index += 1
    }
  }

  /// The value of each of `stats` in `text`, as trainers write them: by stat
  /// (`252spe,252atk,4hp`, `spe252`), all in order (`31/31/31/31/31/0`), or one for every stat
  /// (`31`); each at most `most`, together at most `total`.
  static func spread(
    _ text: String, option: String, most: Int, total: Int? = nil, stats: [String] = Self.stats
  ) throws(PageOptionsProblem) -> [String: Int] {
    let items = text.split(whereSeparator: { $0 == "," || $0 == "/" || $0 == "+" }).map(
      String.init)
    let (what, example) =
      switch option {
      case "--ivs": ("IV", "--ivs 31/31/31/31/31/0 or --ivs 0spe")
      case "--dvs": ("DV", "--dvs 15/15/15/15 (Attack, Defense, Speed, Special) or --dvs 14spe")
      case "--statexp": ("Stat experience", "--statexp 65535 or --statexp 65535spe,25600hp")
      default: ("EV", "--evs 252spe,252atk,4hp")
      }
    let names =
      stats == Self.stats
      ? "hp, atk, def, spa, spd or spe"
      : stats.map { $0 == "special" ? "spc" : Self.abbreviation($0) }.joined(separator: ", ")
    var values: [String: Int] = [:]
    if items.count == 1, let all = Int(items[0]) {
      values = Dictionary(uniqueKeysWithValues: stats.map { ($0, all) })
    } else if items.count == stats.count, items.allSatisfy({ Int($0) != nil }) {
      values = Dictionary(uniqueKeysWithValues: zip(stats, items.compactMap { Int($0) }))
    } else {
      for item in items {
        let digits = item.filter(\.isNumber)
        let letters = item.filter { !$0.isNumber }
        guard let number = Int(digits), !letters.isEmpty,
          item.hasPrefix(digits) || item.hasSuffix(digits)
        else {
          throw PageOptionsProblem("\"\(item)\" is not a stat's \(what) (e.g. \(example)).")
        }
        guard let stat = statNamed(letters, among: stats) else {
          throw PageOptionsProblem("\"\(letters)\" is not a stat: \(names) (e.g. \(example)).")
        }
        guard values[stat] == nil else {
          throw PageOptionsProblem("\(option) gives \(DisplayName.stat(stat)) twice.")
        }
        values[stat] = number
      }
    }
    let one = items.count == 1 && Int(items[0]) != nil
    for stat in stats {
      guard let value = values[stat], value > most else { continue }
      // A bare number set them all: say so, not one stat's name.
      let which = one ? "given for every stat" : "for \(StatsPage.statName(stat))"
      throw PageOptionsProblem("\(what)s are 0 to \(most) (not \(value) \(which)).")
    }
    if let total, values.values.reduce(0, +) > total {
      throw PageOptionsProblem(
        "EVs add up to at most \(total) (these add up to \(values.values.reduce(0, +))).")
    }
    return values
  }

  /// The stat an abbreviation names: Showdown's (`hp`, `atk`, `def`, `spa`, `spd`, `spe`), the
  /// games' (`sp.atk`, `spdef`) or the slug.
  static func statNamed(_ text: String, among stats: [String] = Self.stats) -> String? {
    let folded = text.lowercased().filter { $0.isLetter }
    if stats.contains("special"), ["spc", "special", "spec"].contains(folded) {
      return "special"
    }
    let stat = modernStat(folded)
    return stat.flatMap { stats.contains($0) ? $0 : nil }
  }

  /// Showdown's abbreviation of a stat (`spe`).
  static func abbreviation(_ stat: String) -> String {
    ["hp": "hp", "attack": "atk", "defense": "def", "speed": "spe"][stat] ?? stat
  }

  /// The stat of today's six an abbreviation names.
  private static func modernStat(_ folded: String) -> String? {
    switch folded {
    case "hp", "h": return "hp"
    case "atk", "attack", "at", "a": return "attack"
    case "def", "defense", "defence", "df", "b": return "defense"
    case "spa", "spatk", "satk", "sa", "specialattack", "c": return "special-attack"
    case "spd", "spdef", "sdef", "sd", "specialdefense", "specialdefence": return "special-defense"
    case "spe", "speed", "sp", "s": return "speed"
    default: return nil
    }
  }
}
