import CommandLanguage
import Session

extension CommandParser {
  /// pokedex's commands as lines are read, helped and completed: the built-in ones and every
  /// page kind's.
  static let pokedex = SessionCommands.all.parser
}
