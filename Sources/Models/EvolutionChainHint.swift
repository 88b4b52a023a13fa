import Foundation

extension Species {
  /// The id of the evolution chain a species' JSON names, read off its bytes before they are
  /// decoded: the `"evolution_chain"` key, then the `"url"` of its object. Decoding a species
  /// takes a millisecond or more, and its chain is the next request of `open`; this takes a few
  /// microseconds. `nil` for anything it does not read plainly (the key missing or `null`, an
  /// escape in the url, a url that does not end in `evolution-chain/<id>/`, a body cut short).
  ///
  /// A hint, not the truth: the decoded ``evolutionChainID`` is what pokedex shows, and a wrong
  /// hint would cost a request. In valid JSON the key's exact bytes occur inside a string only
  /// at its end (an escaped opening quote, a real closing one), where only a key ending in that
  /// text could be followed by the colon and the object read here; a species has no such key,
  /// and has this one once, at its top level.
  public static func evolutionChainID(inJSON json: Data) -> Int? {
    json.withUnsafeBytes { raw in
      var reader = ByteReader(bytes: raw.bindMemory(to: UInt8.self))
      guard reader.skip(past: Array(#""evolution_chain""#.utf8)),
        reader.expect(UInt8(ascii: ":")), reader.expect(UInt8(ascii: "{")),
        reader.expect(Array(#""url""#.utf8)), reader.expect(UInt8(ascii: ":")),
        let url = reader.plainString(),
        url.hasSuffix("/"),
        url.dropLast().split(separator: "/").dropLast().last == "evolution-chain"
      else { return nil }
      return ResourceURL.trailingID(of: url)
    }
  }
}

/// Reads JSON bytes forward, a few tokens at a time.
private struct ByteReader {
  let bytes: UnsafeBufferPointer<UInt8>
  var offset = 0

  /// Moves past the first occurrence of `pattern`; false when there is none.
  mutating func skip(past pattern: [UInt8]) -> Bool {
    guard let first = pattern.first, bytes.count >= pattern.count else { return false }
    var index = offset
    while index + pattern.count <= bytes.count {
      if bytes[index] == first, pattern.indices.allSatisfy({ bytes[index + $0] == pattern[$0] }) {
        offset = index + pattern.count
        return true
      }
      index += 1
    }
    return false
  }

  /// Moves past white space, then past `byte`; false when something else comes.
  mutating func expect(_ byte: UInt8) -> Bool { expect([byte]) }

  /// Moves past white space, then past `token`; false when something else comes.
  mutating func expect(_ token: [UInt8]) -> Bool {
    skipSpace()
    guard offset + token.count <= bytes.count,
      token.indices.allSatisfy({ bytes[offset + $0] == token[$0] })
    else { return false }
    offset += token.count
    return true
  }

  /// A JSON string without escapes, after white space; nil for anything else.
  mutating func plainString() -> String? {
    guard expect(UInt8(ascii: "\"")) else { return nil }
    let start = offset
    while offset < bytes.count {
      switch bytes[offset] {
      case UInt8(ascii: "\""):
        defer { offset += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
      case UInt8(ascii: "\\"): return nil
      default: offset += 1
      }
    }
    return nil
  }

  private mutating func skipSpace() {
    while offset < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[offset]) { offset += 1 }
  }
}
