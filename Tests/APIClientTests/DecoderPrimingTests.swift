import Foundation
import Models
import Testing

@testable import APIClient

/// The types a cold `open` and `evolution` decode between one wave of requests and the next can
/// be primed: a made-up value of each survives JSON.
@Suite("A type's first decoding is paid ahead")
struct DecoderPrimingTests {
  @Test func theTypesBetweenTheWavesCanBePrimed() {
    #expect(DecoderPriming.prime(Species.self))
    #expect(DecoderPriming.prime(Pokemon.self))
    #expect(DecoderPriming.prime(EvolutionChain.self))
    #expect(DecoderPriming.prime(PokemonType.self))
    #expect(DecoderPriming.prime(GameResource.self))
  }
}
