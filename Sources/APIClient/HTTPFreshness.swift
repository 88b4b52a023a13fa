import Foundation

/// Reading freshness from HTTP headers.
enum HTTPFreshness {
  /// How long an answer without `Cache-Control: max-age` stays fresh: one day.
  static let defaultLifetime: TimeInterval = 86_400
  /// How long a `404` stays cached: ten minutes.
  static let notFoundLifetime: TimeInterval = 600

  /// The lifetime from a `Cache-Control` value: `max-age` seconds, `0` for `no-cache`, and
  /// ``defaultLifetime`` when neither is given or the header is missing.
  static func lifetime(cacheControl: String?) -> TimeInterval {
    guard let cacheControl else { return defaultLifetime }
    var lifetime: TimeInterval?
    for directive in cacheControl.split(separator: ",") {
      let parts = directive.split(separator: "=", maxSplits: 1).map {
        $0.trimmingCharacters(in: .whitespaces).lowercased()
      }
      switch parts.first {
      case "max-age":
        if parts.count == 2, let seconds = Int(parts[1].trimmingCharacters(in: ["\""])) {
          lifetime = TimeInterval(max(0, seconds))
        }
      case "no-cache":
        return 0
      default:
        continue
      }
    }
    return lifetime ?? defaultLifetime
  }
}
