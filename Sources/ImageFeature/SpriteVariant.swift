/// Which picture of a species: its usual one, its shiny one, its female one (for the species
/// whose female looks different), or the shiny female. The image server keeps each under its
/// own path (`shiny/25.png`, `female/25.png`, `shiny/female/25.png`), and so does the store.
public struct SpriteVariant: Sendable, Hashable, CustomStringConvertible {
  public var shiny: Bool
  public var female: Bool

  public init(shiny: Bool = false, female: Bool = false) {
    self.shiny = shiny
    self.female = female
  }

  /// The usual picture.
  public static let standard = SpriteVariant()
  /// Every variant, the usual one first.
  public static let all = [
    standard, SpriteVariant(shiny: true), SpriteVariant(female: true),
    SpriteVariant(shiny: true, female: true),
  ]

  /// The directory it lives in under the sprites' base, the server's and the store's alike:
  /// empty, `shiny/`, `female/` or `shiny/female/`.
  public var directory: String { (shiny ? "shiny/" : "") + (female ? "female/" : "") }

  /// The variant living in `directory` (as ``directory`` writes it), `nil` for any other text.
  public init?(directory: String) {
    guard let found = Self.all.first(where: { $0.directory == directory }) else { return nil }
    self = found
  }

  /// What stands in when the image server lacks it: the shiny female's the shiny one, the
  /// others' the usual one; none for the usual one.
  public var fallback: SpriteVariant? {
    switch (shiny, female) {
    case (true, true): SpriteVariant(shiny: true)
    case (false, false): nil
    default: .standard
    }
  }

  /// `shiny female`, `shiny`, `female`, or `default`.
  public var description: String {
    let words = (shiny ? ["shiny"] : []) + (female ? ["female"] : [])
    return words.isEmpty ? "default" : words.joined(separator: " ")
  }

  /// The variants to show of a species, in order: those of the session (shiny or not) first,
  /// the usual or the shiny one before the female one.
  public static func preferred(shiny: Bool) -> [SpriteVariant] {
    shiny
      ? [
        SpriteVariant(shiny: true), SpriteVariant(shiny: true, female: true), standard,
        SpriteVariant(female: true),
      ]
      : [
        standard, SpriteVariant(female: true), SpriteVariant(shiny: true),
        SpriteVariant(shiny: true, female: true),
      ]
  }
}
