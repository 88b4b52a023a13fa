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

/// A type the sample decoder must end on: numbers of every width, a url, and itself, optional
/// and in a list.
private final class Awkward: Codable {
  var small: Int32
  var tiny: Int8
  var unsigned: UInt64
  var half: Float
  var link: URL
  var next: Awkward?
  var children: [Awkward]
  var table: [String: Int]
}

extension DecoderPrimingTests {
  @Test func aTypeThatHoldsItselfEnds() throws {
    #expect(DecoderPriming.prime(Awkward.self))
    let made = try Awkward(from: SampleDecoder())
    #expect(made.small == 1 && made.tiny == 1 && made.unsigned == 1 && made.half == 1)
    #expect(made.link.absoluteString == SampleDecoder.text)
    var depth = 0
    var link: Awkward? = made
    while let next = link?.next {
      depth += 1
      link = next
    }
    #expect(depth == SampleDecoder.deepest)
  }
}

/// A class that requires another of itself: no value ends, so none is made (and nothing loops).
private final class Endless: Codable {
  var next: Endless
}

extension DecoderPrimingTests {
  @Test func aTypeWithoutEndIsRefused() {
    #expect(!DecoderPriming.prime(Endless.self))
  }
}
