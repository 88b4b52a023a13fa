import Cache
import CommandLanguage
import DetailModels
import Foundation
import ImageFeature
import Images
import ListFeature
import Models
import Pages
import Presentation
import SyncFeature

/// The customary colour of each Pokémon type, for type badges, and the text drawn on it: black
/// or white, whichever stands out more. Every type's pair has a contrast of at least 4.5 : 1
/// (WCAG AA), so a badge reads on a projector; a type's colour is never drawn on the terminal's
/// own background, whose colour pokedex cannot know.
enum TypeColors {
  /// Red, green and blue, 0–255.
  typealias RGB = (red: Int, green: Int, blue: Int)

  static let rgb: [String: RGB] = [
    "normal": (168, 167, 122), "fire": (238, 129, 48), "water": (99, 144, 240),
    "electric": (247, 208, 44), "grass": (122, 199, 76), "ice": (150, 217, 214),
    "fighting": (194, 46, 40), "poison": (163, 62, 161), "ground": (226, 191, 101),
    "flying": (169, 143, 243), "psychic": (249, 85, 135), "bug": (166, 185, 26),
    "rock": (182, 161, 54), "ghost": (115, 87, 151), "dragon": (111, 53, 252),
    "dark": (112, 87, 70), "steel": (183, 183, 206), "fairy": (214, 133, 173),
  ]

  static let black: RGB = (0, 0, 0)
  static let white: RGB = (255, 255, 255)

  /// The text colour on `background`: black or white, whichever has the higher contrast.
  static func text(on background: RGB) -> RGB {
    contrast(black, background) >= contrast(white, background) ? black : white
  }

  /// The SGR parameters of a type's badge (bold, text colour, background), or `nil` for a type
  /// without a colour: 24-bit, else the nearest of the 256 colours (the text chosen against
  /// that one).
  static func sgr(_ type: String, trueColor: Bool = true) -> String? {
    guard let colour = rgb[type.lowercased()] else { return nil }
    guard trueColor else {
      let (index, background) = palette(colour)
      return "1;38;5;\(text(on: background) == black ? 16 : 231);48;5;\(index)"
    }
    let text = text(on: colour)
    return "1;38;2;\(text.red);\(text.green);\(text.blue);48;2;\(colour.red);"
      + "\(colour.green);\(colour.blue)"
  }

  /// The nearest colour of the 256-colour palette's cube (16–231) and grey ramp (232–255), and
  /// its own red, green and blue.
  static func palette(_ colour: RGB) -> (index: Int, rgb: RGB) {
    let levels = [0, 95, 135, 175, 215, 255]
    func nearest(_ value: Int) -> Int {
      levels.indices.min { abs(levels[$0] - value) < abs(levels[$1] - value) } ?? 0
    }
    let (r, g, b) = (nearest(colour.red), nearest(colour.green), nearest(colour.blue))
    let cube: RGB = (levels[r], levels[g], levels[b])
    let average = (colour.red + colour.green + colour.blue) / 3
    let step = min(23, max(0, (average - 8 + 5) / 10))
    let grey: RGB = (8 + 10 * step, 8 + 10 * step, 8 + 10 * step)
    func distance(_ other: RGB) -> Int {
      let (dr, dg, db) = (
        colour.red - other.red, colour.green - other.green, colour.blue - other.blue
      )
      return dr * dr + dg * dg + db * db
    }
    return distance(grey) < distance(cube)
      ? (232 + step, grey) : (16 + 36 * r + 6 * g + b, cube)
  }

  /// The WCAG 2 contrast ratio of two colours, 1 to 21.
  static func contrast(_ first: RGB, _ second: RGB) -> Double {
    let (a, b) = (luminance(first), luminance(second))
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)
  }

  /// The WCAG 2 relative luminance of an sRGB colour, 0 to 1.
  static func luminance(_ colour: RGB) -> Double {
    func linear(_ channel: Int) -> Double {
      let value = Double(channel) / 255
      return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear(colour.red) + 0.7152 * linear(colour.green) + 0.0722
      * linear(colour.blue)
  }
}
