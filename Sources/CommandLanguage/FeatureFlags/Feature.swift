/// A named feature of pokedex that can be switched on or off.
///
/// Every feature is on unless a configuration source turns it off.
public enum Feature: String, CaseIterable, Sendable {
  /// The `evolution` command (evolution chains).
  case evolution
  /// Downloading and showing species images (`download image`, `image`).
  case images
  /// Recording analytics events (species selections).
  case analytics
  /// The `search` command.
  case search
  /// The `random` command.
  case random
  /// The `sync` command (fetching species ahead for offline use).
  case sync
  /// The `ability` pages.
  case abilities
  /// The `move` pages and the learnsets (`moves`).
  case moves
  /// The `type` pages and the `types` chart.
  case types
  /// The `item` pages.
  case items
  /// The `nature` pages and the `natures` table.
  case natures
  /// `where`: where the selected species is found in the wild.
  case `where`
  /// `compare`: species side by side.
  case compare

}
