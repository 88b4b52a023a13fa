/// A list the API may leave out (or send as `null`): read as empty then, so that a resource of
/// an older or newer shape still decodes. The one way a missing list is read; declared on the
/// property (`@OrEmpty public var pastTypes: [PastTypes]`), the decoding stays synthesised.
@propertyWrapper
public struct OrEmpty<Element: Codable>: Codable {
  public var wrappedValue: [Element]

  public init(wrappedValue: [Element] = []) {
    self.wrappedValue = wrappedValue
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    wrappedValue = container.decodeNil() ? [] : try container.decode([Element].self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(wrappedValue)
  }
}

extension OrEmpty: Sendable where Element: Sendable {}
extension OrEmpty: Equatable where Element: Equatable {}
extension OrEmpty: Hashable where Element: Hashable {}

extension KeyedDecodingContainer {
  /// A list the answer leaves out is empty (the synthesised decoding asks for it so).
  public func decode<Element>(
    _ type: OrEmpty<Element>.Type, forKey key: Key
  ) throws -> OrEmpty<Element> {
    try decodeIfPresent(type, forKey: key) ?? OrEmpty()
  }
}
