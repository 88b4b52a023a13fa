import APIClient
import CommandLanguage
import DetailModels

/// What the page kinds are made over: the API client, the species' details (`compare`) and the
/// trainer's team.
public struct PageServices: Sendable {
  /// The client every kind reads the API through.
  public var client: any PokeAPIClient
  /// The species' details, for the kinds that show species as `open` does.
  public var details: any SpeciesDetails
  /// The team `team` changes and shows, and `compare team` compares (kept by its owner).
  public var team: TeamRoster

  public init(
    client: any PokeAPIClient, details: any SpeciesDetails, team: TeamRoster = TeamRoster()
  ) {
    self.client = client
    self.details = details
    self.team = team
  }
}

/// A kind of page as its file declares it: the command that opens it (its word, aliases, help,
/// argument grammar and feature flag) and the kind itself, made over the services and named by
/// the command (`PageKind.named(command, …)`).
public struct PageKindDeclaration: Sendable {
  /// The command, which the session's commands list (``PageKinds/commands``).
  public let command: PageCommand
  private let make: @Sendable (PageServices) -> PageKind

  /// `command`, and `make`, which makes the kind over the services under the command's name.
  public init(_ command: PageCommand, make: @escaping @Sendable (PageServices) -> PageKind) {
    self.command = command
    self.make = make
  }

  /// The kind.
  public func kind(_ services: PageServices) -> PageKind { make(services) }
}

/// Every kind of page, one line each, in the order `help` lists their commands. A new kind is a
/// file in `Kinds/` and a line here: the command table, help, completion, the manual and the
/// feature flags follow.
public enum PageKinds {
  public static let all: [PageKindDeclaration] = [
    AbilityFeature.declaration,
    MoveFeature.declaration,
    LearnsetFeature.declaration,
    EncounterFeature.declaration,
    CompareFeature.declaration,
    TeamFeature.declaration,
    StatsFeature.declaration,
    TypeFeature.declaration,
    TypeFeature.chartDeclaration,
    ItemFeature.declaration,
    NatureFeature.declaration,
    NatureFeature.tableDeclaration,
    BreedFeature.declaration,
    EggGroupFeature.declaration,
    DexFeature.declaration,
    BerryFeature.declaration,
  ]

  /// The kinds' commands, for the session's commands.
  public static var commands: [CommandSet<PageInput>.Command] { all.map(\.command.command) }

  /// The directory of every kind, made over `services`.
  public static func directory(_ services: PageServices) -> PageDirectory {
    PageDirectory(kinds: all.map { $0.kind(services) })
  }
}
