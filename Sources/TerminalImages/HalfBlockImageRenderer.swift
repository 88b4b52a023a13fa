import Foundation
import PNGDecoder

/// Draws an image with Unicode half blocks, two pixels a cell: the upper pixel is the
/// foreground of `▀`, the lower one its background. When only the lower pixel is visible
/// the cell is `▄` in that colour; when neither is, a plain space. Transparent borders are
/// cropped and the image is scaled down to fit. Each line ends with a reset (`ESC[0m`).
public struct HalfBlockImageRenderer: ImageRenderer {
  /// How colours are written.
  public enum ColorDepth: Sendable, Hashable {
    /// `ESC[38;2;R;G;Bm`: exact colours.
    case trueColor
    /// `ESC[38;5;Nm`: the nearest xterm 256-colour palette entry.
    case palette256
  }

  /// The colour escapes this renderer writes.
  public var colorDepth: ColorDepth

  /// A half-block renderer writing colours at `colorDepth`.
  public init(colorDepth: ColorDepth) {
    self.colorDepth = colorDepth
  }

  /// Lines of half blocks, at most `maxColumns` wide and `maxRows` tall; `png` is unused.
  public func render(_ image: RGBAImage, png: Data, maxColumns: Int, maxRows: Int) -> String {
    let cropped = cropTransparentBorders(image)
    let fitted = downscale(cropped, maxWidth: maxColumns, maxHeight: maxRows * 2)
    guard fitted.width > 0, fitted.height > 0 else { return "" }
    var lines: [String] = []
    for top in stride(from: 0, to: fitted.height, by: 2) {
      var line = ""
      var foreground: RGBAPixel?
      var background: RGBAPixel?
      var backgroundIsDefault = true
      for x in 0..<fitted.width {
        let upper = visiblePixel(fitted, x: x, y: top)
        let lower = top + 1 < fitted.height ? visiblePixel(fitted, x: x, y: top + 1) : nil
        switch (upper, lower) {
        case (let upper?, let lower?):
          if foreground != upper { line += escape(upper, foreground: true) }
          if background != lower || backgroundIsDefault { line += escape(lower, foreground: false) }
          foreground = upper
          background = lower
          backgroundIsDefault = false
          line += "▀"
        case (let only?, nil), (nil, let only?):
          if foreground != only { line += escape(only, foreground: true) }
          if !backgroundIsDefault { line += "\u{1B}[49m" }
          foreground = only
          background = nil
          backgroundIsDefault = true
          line += upper == nil ? "▄" : "▀"
        case (nil, nil):
          if !backgroundIsDefault { line += "\u{1B}[49m" }
          background = nil
          backgroundIsDefault = true
          line += " "
        }
      }
      lines.append(line + "\u{1B}[0m")
    }
    return lines.joined(separator: "\n")
  }

  private func visiblePixel(_ image: RGBAImage, x: Int, y: Int) -> RGBAPixel? {
    let pixel = image.pixel(x: x, y: y)
    guard pixel.alpha >= visibleAlphaThreshold else { return nil }
    return RGBAPixel(red: pixel.red, green: pixel.green, blue: pixel.blue)
  }

  private func escape(_ pixel: RGBAPixel, foreground: Bool) -> String {
    let layer = foreground ? 38 : 48
    switch colorDepth {
    case .trueColor:
      return "\u{1B}[\(layer);2;\(pixel.red);\(pixel.green);\(pixel.blue)m"
    case .palette256:
      let index = paletteIndex(red: pixel.red, green: pixel.green, blue: pixel.blue)
      return "\u{1B}[\(layer);5;\(index)m"
    }
  }
}
