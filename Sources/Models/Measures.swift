import Foundation

/// How heights and weights are written, the same on every page: metric, a height in
/// centimetres as the seed asks (`30 cm`, `170 cm`, `2000 cm`), a weight in kilograms (`6.5 kg`,
/// `60 kg`), never a trailing `.0`.
public enum Measures {
  /// `30 cm`, `170 cm`, `2000 cm`.
  public static func height(centimetres: Int) -> String { "\(centimetres) cm" }

  /// `6.5 kg`, `60 kg`.
  public static func weight(kilograms: Double) -> String {
    let tenths = (kilograms * 10).rounded()
    // Beyond any real weight (a damaged answer), as the number is.
    guard tenths.magnitude < 1e15 else { return "\(kilograms) kg" }
    return "\(decimal(tenths: Int(tenths))) kg"
  }

  /// A size in bytes in powers of 1,024 (`256 MB` for the bound of 268,435,456 bytes), one
  /// decimal below ten: `0 bytes`, `512 bytes`, `3.5 KB`, `12 MB`.
  public static func bytes(_ count: Int) -> String {
    guard count >= 1024 else { return count == 1 ? "1 byte" : "\(max(0, count)) bytes" }
    var value = Double(count) / 1024
    var unit = "KB"
    for next in ["MB", "GB", "TB"] where value >= 1024 {
      value /= 1024
      unit = next
    }
    let shown =
      value < 10 && value.rounded() != value
      ? String(format: "%.1f", value) : String(Int(value.rounded()))
    return "\(shown) \(unit)"
  }

  /// `tenths` tenths with one decimal, or none when it is 0 (`17` → `1.7`, `200` → `20`).
  private static func decimal(tenths: Int) -> String {
    let sign = tenths < 0 ? "-" : ""
    let magnitude = tenths.magnitude
    let whole = "\(sign)\(magnitude / 10)"
    return magnitude % 10 == 0 ? whole : "\(whole).\(magnitude % 10)"
  }
}
