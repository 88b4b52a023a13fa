import Foundation

/// Ages in words, for notices and statistics: "3 hours ago".
public enum AgeText {
  /// How long ago `date` was, seen at `now`, in words.
  public static func ago(_ date: Date, now: Date = Date()) -> String {
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
