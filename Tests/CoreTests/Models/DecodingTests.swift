import Foundation
import Models
import Testing

/// A resource of an older or newer shape still decodes: a list it leaves out, or sends as
/// `null`, is empty, and is kept as it came otherwise.
@Suite("Lists the API may leave out")
struct OrEmptyTests {
  private struct Resource: Codable, Equatable {
    var id: Int
    @OrEmpty var names: [String]
  }

  private func decode(_ json: String) throws -> Resource {
    try JSONDecoder().decode(Resource.self, from: Data(json.utf8))
  }

  @Test func aMissingListIsEmpty() throws {
    #expect(try decode(#"{"id": 1}"#).names == [])
  }

  @Test func aNullListIsEmpty() throws {
    #expect(try decode(#"{"id": 1, "names": null}"#).names == [])
  }

  @Test func aListIsReadAndWrittenAsItCame() throws {
    let resource = try decode(#"{"id": 1, "names": ["a", "b"]}"#)
    #expect(resource.names == ["a", "b"])
    let written = try JSONEncoder().encode(resource)
    #expect(try JSONDecoder().decode(Resource.self, from: written) == resource)
    let object = try JSONSerialization.jsonObject(with: written) as? [String: Any]
    #expect(object?["names"] as? [String] == ["a", "b"])
  }

  @Test func aListOfTheWrongShapeIsStillAnError() {
    #expect(throws: DecodingError.self) { try decode(#"{"id": 1, "names": 3}"#) }
  }
}
