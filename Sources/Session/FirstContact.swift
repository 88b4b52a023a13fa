import APIClient
import Models

/// At an interactive launch, says once, in one line, when the API cannot be reached, and what
/// still works: the species cached, `--offline`, `--api-url` and `sync` for demos.
public struct FirstContact: Sendable {
  private let reach: @Sendable () async -> APIError?
  private let cachedSpecies: @Sendable () async -> Int
  private let apiURL: String
  private let say: @Sendable (String) -> Void

  /// `reach` tries the API's host (`nil` when it answered), `cachedSpecies` counts what opens
  /// offline, `say` posts the line (above the prompt, or after the command that runs).
  public init(
    apiURL: String, reach: @escaping @Sendable () async -> APIError?,
    cachedSpecies: @escaping @Sendable () async -> Int,
    say: @escaping @Sendable (String) -> Void
  ) {
    self.apiURL = apiURL
    self.reach = reach
    self.cachedSpecies = cachedSpecies
    self.say = say
  }

  /// Tries the API; when it cannot be reached (no network, no answer in time), says so.
  public func check() async {
    guard let error = await reach(), !Task.isCancelled else { return }
    switch error {
    case .offline, .timedOut:
      say(Self.message(apiURL: apiURL, cachedSpecies: await cachedSpecies(), error: error))
    default:
      return
    }
  }

  /// The line: what failed and what still works.
  static func message(apiURL: String, cachedSpecies: Int, error: APIError) -> String {
    let failure = error == .timedOut ? "does not answer" : "cannot be reached"
    let cached =
      switch cachedSpecies {
      case 0: "Nothing is cached yet"
      case 1: "1 species is cached"
      default: "\(cachedSpecies) species are cached"
      }
    return "\(SafeText.line(apiURL)) \(failure). \(cached): --offline uses only the cache, "
      + "--api-url URL points at a mirror, and \"sync 1-151\" while online prepares a demo."
  }
}
