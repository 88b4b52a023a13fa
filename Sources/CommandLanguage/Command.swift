import Models

/// One command the user asked for, with typed arguments.
public enum Command: Equatable, Sendable {
  /// `list` (`ls`): the current page under the active filter.
  case list
  /// `next`: the next page.
  case next
  /// `prev` (`previous`): the previous page.
  case previous
  /// `page N`: the list's page `N` (1 or more; the upper bound is the caller's to check).
  case listPage(Int)
  /// `first`: the first page.
  case first
  /// `last`: the last page.
  case last
  /// `filter …` changes the filters (`filter female`, `filter type water`, `filter gen 1`,
  /// `filter all`); bare `filter` (`nil`) shows them.
  case filter(FilterChange?)
  /// `open ID|NAME`: the id or name made slug-like: lowercased, a leading `#` dropped, quotes,
  /// apostrophes, dots and colons dropped, words joined by `-` (`open Mr. Mime` → `"mr-mime"`,
  /// `open #133` → `"133"`). Other characters are kept (`open Pokémon` → `"pokémon"`).
  /// Resolving it (id, slug, unique prefix) is the caller's.
  case open(String)
  /// `info`: the selected species' details again.
  case info
  /// `evolution [--images]` (`evo`): the selected species' evolution chain, with the members'
  /// downloaded images; `images` downloads the missing ones first.
  case evolution(images: Bool)
  /// `download image [--shiny] [--female]`: download the selected species' image; shiny (as
  /// well as when the session's `shiny` is on), its female one.
  case downloadImage(shiny: Bool = false, female: Bool = false)
  /// `image`: show the selected species' downloaded image.
  case image
  /// `back`: the page before the one shown, on the trail.
  case back
  /// A page of another kind (`ability static`, `type fire`, `types`): the kind's command name and
  /// the name as typed (trimmed), `nil` for a kind that takes none. Resolving it is the caller's.
  case show(kind: String, name: String?)
  /// `search TEXT`: the rest of the line, trimmed, inner spaces kept, case kept.
  case search(String)
  /// `random [N]`: `N` random species, 1…50 (default 1).
  case random(Int)
  /// `history [N]`: the command history, or its last `N` lines.
  case history(Int?)
  /// `cache` (statistics) or `cache clear` (empty it).
  case cache(clear: Bool)
  /// `sync [RANGE] [--images] [--moves]`: fetch ahead; `nil` range means "everything";
  /// `moves`: the learnsets and their moves too.
  case sync(range: ClosedRange<Int>?, images: Bool, moves: Bool)
  /// `clear`: clear the screen.
  case clear
  /// `pager on|off` switches paging; bare `pager` (`nil`) tells whether it is on.
  case pager(Bool?)
  /// `shiny on|off` shows and downloads the shiny pictures, or not; bare `shiny` (`nil`) tells
  /// which.
  case shiny(Bool?)
  /// `lang` (`nil`) shows the language and those the API has; `lang CODE` chooses one, `lang off`
  /// goes back to capitalised slugs and English.
  case language(LanguageChange?)
  /// `game` (`nil`) shows the session's game; `game NAME` chooses one (a version or a version
  /// group, resolved by the caller), `game off` clears it.
  case game(GameChange?)
  /// `flags`: list the feature flags.
  case flags
  /// `doctor`: check the terminal, the network and the cache before a demo.
  case doctor
  /// `help` (`nil`) or `help COMMAND` (the command's canonical name, aliases resolved).
  case help(String?)
  /// `quit` (`exit`).
  case quit
}

/// What `lang` changes.
public enum LanguageChange: Equatable, Sendable {
  /// Show names and texts in this language.
  case choose(Language)
  /// Capitalised slugs and English texts, as without `--lang`.
  case off
}

/// What `game` changes.
public enum GameChange: Equatable, Sendable {
  /// Play this game: the name as typed (trimmed), which the caller resolves.
  case choose(String)
  /// No game: each page shows the newest game it has data for.
  case off
}

/// What parsing one input line gave.
public enum ParseResult: Equatable, Sendable {
  /// A blank line, only whitespace, or a `# comment`: nothing to do.
  case empty
  /// A command to run.
  case command(Command)
  /// The command exists but its feature flag is off.
  case disabled(DisabledFeature)
  /// The line is not a valid command; `message` says why in one line.
  case failure(ParseFailure)
}

/// Why a line is not a valid command: one line for the user.
public struct ParseFailure: Error, Equatable, Sendable, CustomStringConvertible {
  /// One line, ready to print, e.g. `Unknown command "opne". Did you mean "open"?`.
  public let message: String

  /// A failure with this one-line message.
  public init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}

/// A command whose feature flag is turned off.
public struct DisabledFeature: Equatable, Sendable, CustomStringConvertible {
  /// The flag's name, e.g. `evolution`.
  public let feature: Feature
  /// The canonical name of the command that was typed, e.g. `evolution` for `evo`.
  public let command: String

  /// A disabled-feature answer for `command`, switched off by `feature`.
  public init(feature: Feature, command: String) {
    self.feature = feature
    self.command = command
  }

  /// One line for the user: `The evolution feature is turned off ("flags" shows why).`
  public var message: String {
    "The \(feature.rawValue) feature is turned off (\"flags\" shows why)."
  }

  /// The message.
  public var description: String { message }
}
