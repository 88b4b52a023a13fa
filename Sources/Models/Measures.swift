/// How heights and weights are written, the same on every page: metric, a height under a metre
/// in centimetres (`30 cm`), from a metre in metres (`1.7 m`, `20 m`), a weight in kilograms
/// (`6.5 kg`, `60 kg`), never a trailing `.0`.
public enum Measures {
  /// `30 cm`, `1.7 m`, `20 m`.
  public static func height(centimetres: Int) -> String {
    guard centimetres >= 100 else { return "\(centimetres) cm" }
    return "\(decimal(tenths: centimetres / 10)) m"
  }

  /// `6.5 kg`, `60 kg`.
  public static func weight(kilograms: Double) -> String {
    let tenths = (kilograms * 10).rounded()
    // Beyond any real weight (a damaged answer), as the number is.
    guard tenths.magnitude < 1e15 else { return "\(kilograms) kg" }
    return "\(decimal(tenths: Int(tenths))) kg"
  }

  /// `tenths` tenths with one decimal, or none when it is 0 (`17` → `1.7`, `200` → `20`).
  private static func decimal(tenths: Int) -> String {
    let sign = tenths < 0 ? "-" : ""
    let magnitude = tenths.magnitude
    let whole = "\(sign)\(magnitude / 10)"
    return magnitude % 10 == 0 ? whole : "\(whole).\(magnitude % 10)"
  }
}
