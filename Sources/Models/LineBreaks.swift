import CShims

/// Where a line of text may end, by Unicode's line breaking rules (UAX #14, as ICU implements
/// them), with Japanese's strict rules: never before small kana (`ッ`, `ょ`), the long vowel
/// mark (`ー`), closing punctuation (`」`, `。`) or an ideographic space's neighbour it belongs
/// to. ICU is opened the first time a text is broken.
public enum LineBreaks {
  /// The segments of `text`, each ending where a line may end (spaces stay with the segment
  /// before them), and whether a line must end after it; `nil` when ICU cannot be loaded.
  public static func segments(of text: String) -> [(text: Substring, hard: Bool)]? {
    guard !text.isEmpty else { return [] }
    let units = Array(text.utf16)
    let capacity = units.count + 1
    var breaks = [Int32](repeating: 0, count: capacity)
    var hard = [UInt8](repeating: 0, count: capacity)
    let count = units.withUnsafeBufferPointer { units in
      pdx_line_breaks(
        units.baseAddress!, Int32(units.count), &breaks, &hard, Int32(capacity))
    }
    guard count >= 0, count <= capacity else { return nil }
    var segments: [(text: Substring, hard: Bool)] = []
    var start = text.startIndex
    for index in 0..<Int(count) {
      // A break inside a character (between the scalars of one grapheme cluster) is not taken.
      guard
        let end = String.Index(utf16Offset: Int(breaks[index]), in: text).samePosition(in: text),
        end > start
      else { continue }
      segments.append((text[start..<end], hard[index] != 0))
      start = end
    }
    if start < text.endIndex { segments.append((text[start...], false)) }
    return segments
  }
}
