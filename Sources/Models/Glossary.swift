/// The names a screen gives to what it mentions (species, types, stats, abilities) in the language
/// the session shows, each falling back to English, then to the slug in words.
///
/// Without a language (``slugs``), names are the capitalised slugs the original requirements
/// ask for (`Mr-Mime`, `Sp. Atk`). A glossary is a value: the session makes one from the tables
/// it has loaded and hands it to the features with each request.
public struct Glossary: Sendable, Equatable {
  /// The language chosen, `nil` for slugs.
  public var language: Language?
  /// Species names by id, in `language` (English where the API has none in it).
  public var species: [Int: String]
  /// Type names by slug.
  public var types: [String: String]
  /// Stat names by slug.
  public var stats: [String: String]

  public init(
    language: Language?, species: [Int: String] = [:], types: [String: String] = [:],
    stats: [String: String] = [:]
  ) {
    self.language = language
    self.species = species
    self.types = types
    self.stats = stats
  }

  /// The species' names folded as ``NameQuery`` folds what is typed (`évoli` → `evoli`), by id,
  /// for opening, searching and completing by them (made when asked: a page needs none).
  public var foldedSpecies: [Int: String] {
    language == nil ? [:] : species.mapValues { NameQuery.normalize(SafeText.line($0)) }
  }

  /// No language: capitalised slugs everywhere.
  public static let slugs = Glossary(language: nil)

  /// The name of species `id` (slug `slug`): in the language, else the capitalised slug.
  public func species(_ id: Int?, slug: String) -> String {
    id.flatMap { species[$0] }.map(SafeText.line) ?? DisplayName.of(slug)
  }

  /// The name of the type `slug` (`Water`, `みず`).
  public func type(_ slug: String) -> String {
    types[slug].map(SafeText.line) ?? DisplayName.words(slug)
  }

  /// The short name of the stat `slug` (`Sp. Atk`, `とくこう`).
  public func stat(_ slug: String) -> String {
    stats[slug].map(SafeText.line) ?? DisplayName.stat(slug)
  }

  /// The line that says once per screen why some texts are in English: `nil` without a
  /// language or in English.
  public var fallbackNote: String? {
    guard let language, language != .english else { return nil }
    return "Shown in English where PokéAPI has no \(language.englishName) text."
  }
}
