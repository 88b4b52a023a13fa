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

/// Ages in words for notices: "3 hours ago".
enum AgeText {
  /// How long ago `date` was, seen at `now`, in words.
  static func ago(_ date: Date, now: Date) -> String {
    let seconds = max(0, Int(now.timeIntervalSince(date)))
    func unit(_ value: Int, _ name: String) -> String {
      value == 1 ? "1 \(name) ago" : "\(value) \(name)s ago"
    }
    switch seconds {
    case ..<60: return "less than a minute ago"
    case ..<3_600: return unit(seconds / 60, "minute")
    case ..<172_800: return unit(seconds / 3_600, "hour")
    default: return unit(seconds / 86_400, "day")
    }
  }
}
