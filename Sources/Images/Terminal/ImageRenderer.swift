import Foundation

/// Turns an image into text for the terminal: escapes for one protocol, no trailing newline.
public protocol ImageRenderer: Sendable {
  /// Whether the output is a picture the terminal places itself (kitty, iTerm2, sixels), not
  /// lines of characters: text beside it is placed by moving the cursor.
  var drawsPixels: Bool { get }
  /// The text that shows `image` (whose file bytes are `png`) within `maxColumns` ×
  /// `maxRows` terminal cells, or `""` when there is nothing visible to draw.
  func render(_ image: RGBAImage, png: Data, maxColumns: Int, maxRows: Int) -> String
}

/// How much of the terminal an image may use.
public enum ImageBounds {
  /// The cells an image may fill in a terminal of `columns` × `rows`: the full width
  /// (less one column, so no line wraps) and about two thirds of the height, at least 8 rows
  /// and at most 32 (a 96-pixel sprite fits in 32 rows of half blocks).
  public static func fitting(terminalColumns columns: Int, terminalRows rows: Int) -> (
    columns: Int, rows: Int
  ) {
    (max(1, columns - 1), min(32, max(8, rows * 2 / 3)))
  }
}

/// The cells a picture drawn in real pixels fills, for the graphics protocols: the largest box
/// of its aspect ratio (at a typical 8 × 16 px cell) within `maxColumns` × `maxRows`, scaled up
/// as well as down, so that a 96-pixel sprite fills the gap left for it rather than a corner
/// of it; `nil` for an image without pixels.
func fittedCells(width: Int, height: Int, maxColumns: Int, maxRows: Int) -> (
  columns: Int, rows: Int
)? {
  let naturalColumns = Double(width) / 8
  let naturalRows = Double(height) / 16
  guard naturalColumns > 0, naturalRows > 0, maxColumns > 0, maxRows > 0 else { return nil }
  let scale = min(Double(maxColumns) / naturalColumns, Double(maxRows) / naturalRows)
  return (
    max(1, min(maxColumns, Int((naturalColumns * scale).rounded(.down)))),
    max(1, min(maxRows, Int((naturalRows * scale).rounded(.down))))
  )
}
