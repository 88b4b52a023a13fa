import CommandLanguage
import Pages

extension CommandParser {
  /// pokedex's parser: the built-in commands and every page kind's.
  static let pokedex = CommandParser(table: PageKinds.table)
}
