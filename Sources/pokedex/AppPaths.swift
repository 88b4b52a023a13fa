import Foundation

/// Where pokedex keeps its files, following the XDG base directories so that tests can isolate
/// them by setting `HOME` or `XDG_*`.
struct AppPaths: Sendable, Equatable {
  /// `$XDG_STATE_HOME/pokedex`: history, analytics, log.
  var state: URL
  /// `$XDG_CACHE_HOME/pokedex`: the response cache.
  var cache: URL
  /// `$XDG_DATA_HOME/pokedex`: downloaded sprites.
  var data: URL
  /// `$XDG_CONFIG_HOME/pokedex`: configuration (feature flags).
  var config: URL

  /// Paths from an environment; relative or empty `XDG_*` values are ignored, as the
  /// specification asks.
  init(environment: [String: String]) {
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    func base(_ variable: String, default fallback: String) -> URL {
      if let value = environment[variable], value.hasPrefix("/") {
        return URL(fileURLWithPath: value, isDirectory: true)
      }
      return URL(fileURLWithPath: home, isDirectory: true).appending(path: fallback)
    }
    state = base("XDG_STATE_HOME", default: ".local/state").appending(path: "pokedex")
    cache = base("XDG_CACHE_HOME", default: ".cache").appending(path: "pokedex")
    data = base("XDG_DATA_HOME", default: ".local/share").appending(path: "pokedex")
    config = base("XDG_CONFIG_HOME", default: ".config").appending(path: "pokedex")
  }

  /// The line-editor history file.
  var historyFile: URL { state.appending(path: "history") }
  /// The analytics JSON-lines file.
  var analyticsFile: URL { state.appending(path: "analytics.jsonl") }
  /// The log file.
  var logFile: URL { state.appending(path: "pokedex.log") }
  /// The directory of downloaded sprites, `{id}.png` each.
  var spritesDirectory: URL { data.appending(path: "sprites") }
}
