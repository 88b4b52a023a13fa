import Foundation
import Locking

/// Pays a type's first-decoding costs while its first request is on the network.
///
/// The first time a process decodes a type with `JSONDecoder`, it pays once: the metadata of the
/// type and of every type nested in it is made, each of those is checked against protocols by a
/// scan of every conformance in the binary, and the code is paged in; and each first decoding
/// stands between a wave of requests and the next. Priming decodes a made-up value of the type
/// instead: ``SampleDecoder`` makes it, `JSONEncoder` writes it and `JSONDecoder` reads it back,
/// at background priority, while the real answer is a round trip away.
///
/// Each type is primed once per process; ``settle()`` cancels what has not begun and waits for
/// the priming under way, so that no task outlives its owner.
final class DecoderPriming: Sendable {
  private struct State {
    var primed: Set<ObjectIdentifier> = []
    var running: [Task<Void, Never>] = []
  }

  private let state = Locked(State())

  /// Starts priming `type`, unless this process has already primed it (or is priming it).
  func start<T: Codable & Sendable>(_ type: T.Type) {
    state.withLock { state in
      guard state.primed.insert(ObjectIdentifier(type)).inserted else { return }
      state.running.append(
        Task.detached(priority: .background) {
          if !Task.isCancelled { Self.prime(type) }
        })
    }
  }

  /// Cancels the priming not yet begun (its answer may be decoded already: at exit it would only
  /// delay the end) and waits for the priming under way.
  func settle() async {
    let running = state.withLock { state in
      defer { state.running = [] }
      return state.running
    }
    for task in running { task.cancel() }
    for task in running { await task.value }
  }

  /// Decodes a made-up value of `type` (see ``SampleDecoder``); `false` when none could be made
  /// or it did not survive JSON (a type whose decoding checks what it reads may refuse one).
  @discardableResult
  static func prime<T: Codable>(_ type: T.Type) -> Bool {
    guard let value = try? T(from: SampleDecoder()),
      let data = try? JSONEncoder().encode(value)
    else { return false }
    return (try? JSONDecoder().decode(T.self, from: data)) != nil
  }
}

/// A `Decoder` that makes up a value of any `Decodable` type: every key is present and not null,
/// every list holds one element, every number is 1, every flag true and every string (and url) an
/// API url with an id (`…/1/`), which reads as a name, a url and an id alike. An optional whose
/// value cannot be made is nil. Past ``deepest`` levels lists are empty and optionals nil, so
/// that a type that holds itself ends; one that goes on regardless fails past twice as deep.
struct SampleDecoder: Decoder {
  static let text = "https://pokeapi.co/api/v2/sample/1/"
  /// Lists are empty from this depth on.
  static let deepest = 6

  var codingPath: [any CodingKey] = []
  var userInfo: [CodingUserInfoKey: Any] { [:] }
  var depth = 0

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(Keyed<Key>(decoder: self))
  }

  func unkeyedContainer() -> any UnkeyedDecodingContainer { Unkeyed(decoder: self) }

  func singleValueContainer() -> any SingleValueDecodingContainer { Single(decoder: self) }

  /// The decoder of a value one level down.
  fileprivate var nested: SampleDecoder { SampleDecoder(codingPath: codingPath, depth: depth + 1) }

  /// Whether values below this level are still made up (see ``deepest``).
  fileprivate var isShallow: Bool { depth < Self.deepest }

  /// A value of `type`: a made-up one for the standard library's values (whose own decoding
  /// asks this decoder for a value of their own type) and for a url, else the type's own
  /// decoding, one level down.
  fileprivate func make<T: Decodable>(_ type: T.Type) throws -> T {
    let made: Any? =
      if type == String.self { Self.text } else if type == Bool.self {
        true
      } else if type == URL.self {
        URL(string: Self.text)
      } else if let integer = type as? any FixedWidthInteger.Type {
        integer.init(1)
      } else if let number = type as? any BinaryFloatingPoint.Type { number.init(1) } else { nil }
    if let made = made as? T { return made }
    // Lists and optionals end past `deepest`; a type that still goes deeper holds itself
    // otherwise, and is refused rather than followed for ever.
    guard depth < 2 * Self.deepest else {
      throw DecodingError.valueNotFound(
        type, .init(codingPath: codingPath, debugDescription: "The sample ends here."))
    }
    return try T(from: nested)
  }

  private struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: SampleDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { [] }
    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) -> Bool { !decoder.isShallow }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
      try decoder.make(type)
    }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
      decoder.isShallow ? try? decoder.make(type) : nil
    }
    func nestedContainer<NestedKey: CodingKey>(
      keyedBy type: NestedKey.Type, forKey key: Key
    ) -> KeyedDecodingContainer<NestedKey> {
      decoder.nested.container(keyedBy: type)
    }
    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedDecodingContainer {
      decoder.nested.unkeyedContainer()
    }
    func superDecoder() -> any Decoder { decoder.nested }
    func superDecoder(forKey key: Key) -> any Decoder { decoder.nested }
  }

  private struct Unkeyed: UnkeyedDecodingContainer {
    let decoder: SampleDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { decoder.isShallow ? 1 : 0 }
    var currentIndex = 0
    var isAtEnd: Bool { currentIndex >= count ?? 0 }

    init(decoder: SampleDecoder) { self.decoder = decoder }

    mutating func decodeNil() -> Bool { false }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
      guard !isAtEnd else {
        throw DecodingError.valueNotFound(
          type, .init(codingPath: codingPath, debugDescription: "The sample list has ended."))
      }
      currentIndex += 1
      return try decoder.make(type)
    }
    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy type: NestedKey.Type
    ) -> KeyedDecodingContainer<NestedKey> {
      currentIndex += 1
      return decoder.nested.container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedDecodingContainer {
      currentIndex += 1
      return decoder.nested.unkeyedContainer()
    }
    mutating func superDecoder() -> any Decoder {
      currentIndex += 1
      return decoder.nested
    }
  }

  private struct Single: SingleValueDecodingContainer {
    let decoder: SampleDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    func decodeNil() -> Bool { !decoder.isShallow }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.make(type) }
  }
}
