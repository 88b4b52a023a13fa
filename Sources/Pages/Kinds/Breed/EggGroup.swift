import APIClient
import CommandLanguage
import DetailModels
import Models

/// The `egg-group NAME` page: the species in an egg group.
public struct EggGroupPage: Page, Codable, Equatable {
  public var name: String
  public var displayName: String
  public var id: Int
  /// By id; forms are not listed (the API lists species).
  public var species: [BreedingSpecies]
  public var fallbackNote: String?

  public var address: PageAddress {
    PageAddress(kind: EggGroupFeature.command.name, target: .resource(name))
  }
  public var title: String { displayName }
  public var links: [String: [String]] { ["open": species.map(\.name)] }

  public var document: PageDocument {
    let blocks: [PageDocument.Block] = [
      .names(
        heading: "Species",
        species.map { Span("\($0.displayName) #\($0.id)") },
        none: Self.cannotBreed(name) ? "No species breed: this group cannot." : "None listed.")
    ]
    let note = Self.cannotBreed(name) ? " · its species cannot breed" : ""
    return PageDocument(
      title: displayName, subtitle: "Egg group\(note)",
      blocks: blocks + PageDocument.note(fallbackNote) + [.hint("breed NAME · open NAME · back")])
  }

  /// The egg group of the species that cannot breed (Undiscovered).
  static func cannotBreed(_ group: String) -> Bool { group == "no-eggs" }
}

/// The egg group pages over the client.
public enum EggGroupFeature {
  /// The `egg-group` command: its words, help, arguments and feature flag.
  public static let command = CommandSpec.page(
    "egg-group", group: .pokedex, summary: "The species of an egg group",
    details: """
      Lists the species in an egg group (field, fairy, water1 …), which breed with each \
      other.
      """,
    examples: ["egg-group field", "egg-group fairy"], feature: BreedFeature.feature)

  /// The kind with its command, for the list of kinds (``PageKinds``).
  public static let declaration = PageKindDeclaration(command) { services in
    kind(client: services.client)
  }

  /// `egg-group NAME`.
  public static func kind(client: any PokeAPIClient) -> PageKind {
    .named(
      command, example: "field", resource: EggGroup.self, client: client,
      resolvesEnglishNames: true
    ) {
      group, request, _ in
      var words = Localizer(request.glossary)
      let displayName = words.name(group.names, slug: group.name)
      let species = group.species.compactMap { BreedingSpecies($0, glossary: request.glossary) }
        .sorted { $0.id < $1.id }
      return EggGroupPage(
        name: group.name, displayName: displayName, id: group.id, species: species,
        fallbackNote: words.note)
    }
  }
}
