import APIClient
import Foundation
import TestSupport

/// Decodes a fixture written in the API's JSON shape.
func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
  try JSONDecoder().decode(type, from: Data(json.utf8))
}

extension FixtureClient {
  /// A species request and a pokemon request each wait until the other one has started:
  /// overlapping requests pass at once, sequential ones time out waiting.
  func makeSpeciesAndPokemonWaitForEachOther() {
    beforeAnswering { client, path async throws(APIError) in
      if path.hasPrefix("pokemon-species/") { await client.waitFor("pokemon/") }
      if path.hasPrefix("pokemon/") { await client.waitFor("pokemon-species/") }
    }
  }

  /// A pokemon request waits until a chain has been requested; a chain requested while a
  /// pokemon is in flight is noted as `a chain while a pokemon was in flight`.
  func holdPokemonUntilAChainIsRequested() {
    beforeAnswering { client, path async throws(APIError) in
      if path.hasPrefix("pokemon/") { await client.waitFor("evolution-chain/") }
      if path.hasPrefix("evolution-chain/"), await client.inFlight("pokemon/") > 0 {
        await client.record("a chain while a pokemon was in flight")
      }
    }
  }
}
