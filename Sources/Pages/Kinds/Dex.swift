import APIClient
import CommandLanguage
import Models

/// The `dex NAME` page: a regional Pokédex and its species, numbered as in it.
public struct PokedexPage: Page, Codable, Equatable {
  /// A species in it, with its number there.
  public struct Entry: Codable, Sendable, Equatable {
    public var number: Int
    public var species: PageSpecies
  }

  public var id: Int
  public var name: String
  public var displayName: String
  public var isMainSeries: Bool
  public var entries: [Entry]
  /// Said once on the page when its name is in English for want of one in the language.
  public var fallbackNote: String?

  public init(_ pokedex: Pokedex, glossary: Glossary = .slugs) {
    id = pokedex.id
    name = SafeText.line(pokedex.name)
    let picked = LocalName.pick(pokedex.names, in: glossary.language ?? .english)
    displayName = picked?.text ?? DisplayName.words(pokedex.name)
    fallbackNote =
      glossary.language != nil && picked?.fallback ?? true ? glossary.fallbackNote : nil
    isMainSeries = pokedex.isMainSeries
    entries = pokedex.entries.map { entry in
      Entry(
        number: entry.number,
        species: PageSpecies(id: entry.species.id, name: entry.species.name, glossary: glossary))
    }
  }

  public var address: PageAddress { PageAddress(kind: DexFeature.command.name, key: name) }
  public var title: String { displayName }
  public var links: [String: [String]] { ["open": entries.map(\.species.name)] }

  public var document: PageDocument {
    let species = entries.map { entry in
      Span("\(entry.number) \(entry.species.displayName ?? DisplayName.of(entry.species.name))")
    }
    return PageDocument(
      title: displayName,
      subtitle: "Pokédex · \(entries.count) species" + (isMainSeries ? "" : " · not main series"),
      blocks: [.names(heading: "Its species, numbered as in it", species, none: "none")]
        + PageDocument.note(fallbackNote)
        + [.hint("filter dex \(name) · open NAME · back")])
  }
}

/// The regional Pokédexes over `client`.
public enum DexFeature {
  /// The `dex` command: its words, help, arguments and feature flag.
  public static let command = CommandSpec.page(
    "dex", aliases: ["pokedex"], group: .pokedex, summary: "A regional Pokédex",
    details: """
      Shows a regional Pokédex (kanto, original-johto, paldea …, by its slug or its name in \
      the language shown) and its species in its order, each with its number there. "filter \
      dex NAME" narrows the list to them; with a game chosen, a species' page shows its \
      numbers in that game's Pokédexes.
      """,
    examples: ["dex kanto", "filter dex kanto"], feature: "pokedexes")

  /// The kind with its command, for the list of kinds (``PageKinds``).
  public static let declaration = PageKindDeclaration(command) { services in
    kind(client: services.client)
  }

  /// `dex NAME`, its species named in the language (those not loaded yet read from them, as a
  /// list page's are).
  public static func kind(client: any PokeAPIClient) -> PageKind {
    .named(command, example: "kanto", resource: Pokedex.self, client: client) {
      pokedex, request, client in
      let named = await client.naming(pokedex.entries.map(\.species.id), in: request.glossary)
      return PokedexPage(pokedex, glossary: named)
    }
  }
}
