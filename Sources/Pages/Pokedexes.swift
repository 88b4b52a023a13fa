import APIClient
import DetailModels
import Models

/// What the session's game sets for a page: its generation (whose types and type chart it plays
/// with) and its regional Pokédexes.
public struct GameContext: Sendable {
  /// The generation's number (1 for Red); `nil` without a game, or when the API does not say.
  public var generation: Int?
  /// The game's Pokédexes in its order, each with its entries; none without a game.
  public var pokedexes: [Pokedex]

  /// The context of `game`: a request for the game, then one per Pokédex, together.
  public static func of(
    _ game: SessionGame?, client: any PokeAPIClient
  ) async throws(APIError) -> GameContext {
    guard let game else { return GameContext(generation: nil, pokedexes: []) }
    let group = try await client.resource(VersionGroup.self, game.group)
    return GameContext(
      generation: group.generation?.id, pokedexes: try await Pokedex.of(group, client: client))
  }
}

extension GameContext {
  /// The generation of `game` (1 for Red); `nil` without a game, or when its version group
  /// cannot be had or does not say (the page then shows today's types). Ctrl-C is passed on.
  public static func generation(
    of game: SessionGame?, client: any PokeAPIClient
  ) async throws(APIError) -> Int? {
    guard let game else { return nil }
    do {
      return try await client.resource(VersionGroup.self, game.group).generation?.id
    } catch .cancelled {
      throw .cancelled
    } catch {
      return nil
    }
  }
}

extension Pokedex {
  /// The Pokédexes of `game` (its version group's, in the game's order), each with its entries:
  /// a request for the game and one per Pokédex, together; none without a game.
  public static func of(
    _ game: SessionGame?, client: any PokeAPIClient
  ) async throws(APIError) -> [Pokedex] {
    guard let game else { return [] }
    return try await of(try await client.resource(VersionGroup.self, game.group), client: client)
  }

  /// The Pokédexes of `group`, each with its entries, together.
  static func of(
    _ group: VersionGroup, client: any PokeAPIClient
  ) async throws(APIError) -> [Pokedex] {
    try await APIRequests.together(group.pokedexes) {
      (reference: NamedResource) async throws(APIError) -> Pokedex in
      try await client.resource(Pokedex.self, reference.id.map(String.init) ?? reference.name)
    }
  }

  /// The numbers of species `id` in the Pokédexes of `game` that list it, in the game's order,
  /// each named in the glossary's language; none when they cannot be had (the page is shown
  /// without them).
  public static func numbers(
    ofSpecies id: Int, in game: SessionGame, glossary: Glossary, client: any PokeAPIClient
  ) async -> [RegionalNumber] {
    guard let pokedexes = try? await of(game, client: client) else { return [] }
    return pokedexes.compactMap { pokedex in
      pokedex.numbers[id].map { number in
        RegionalNumber(
          pokedex: SafeText.line(pokedex.name),
          name: LocalName.pick(pokedex.names, in: glossary.language ?? .english)?.text
            ?? DisplayName.words(pokedex.name), number: number)
      }
    }
  }
}
