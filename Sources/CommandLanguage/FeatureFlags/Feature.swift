/// A named feature of pokedex that can be switched on or off: the built-in commands' below, and
/// those a page kind names with its command (`Feature("berries")`), which the command table
/// gathers (``CommandTable/features``).
///
/// Every feature is on unless a configuration source turns it off.
public struct Feature: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The name, as `--feature NAME=off` and `flags` write it.
  public let rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }
  public init(stringLiteral name: String) { rawValue = name }

  public var description: String { rawValue }

  /// The `evolution` command (evolution chains).
  public static let evolution: Feature = "evolution"
  /// Downloading and showing species images (`download image`, `image`).
  public static let images: Feature = "images"
  /// Recording analytics events (species selections).
  public static let analytics: Feature = "analytics"
  /// The `search` command.
  public static let search: Feature = "search"
  /// The `random` command.
  public static let random: Feature = "random"
  /// The `sync` command (fetching species ahead for offline use).
  public static let sync: Feature = "sync"
  /// The `ability` pages.
  public static let abilities: Feature = "abilities"
  /// The `move` pages and the learnsets (`moves`, and what `sync` fetches of them).
  public static let moves: Feature = "moves"
  /// The `type` pages and the `types` chart.
  public static let types: Feature = "types"
  /// The `item` pages.
  public static let items: Feature = "items"
  /// The `nature` pages and the `natures` table.
  public static let natures: Feature = "natures"
  /// `where`: where the selected species is found in the wild.
  public static let `where`: Feature = "where"
  /// `compare`: species side by side.
  public static let compare: Feature = "compare"

  /// The features above, in the order `flags` lists them; a page kind's own come after them.
  public static let builtIn: [Feature] = [
    .evolution, .images, .analytics, .search, .random, .sync, .abilities, .moves, .types, .items,
    .natures, .where, .compare,
  ]
}
