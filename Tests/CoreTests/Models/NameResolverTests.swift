import Models
import Testing

@Suite("One resolver for every kind of name")
struct NameResolverTests {
  /// Versions as a game resolver knows them: slug first, then the API's names.
  let games = NameResolver([
    (value: "red", names: ["red", "Red", "赤"]),
    (value: "red-japan", names: ["red-japan", "Red"]),
    (value: "blue", names: ["blue", "Blue"]),
    (value: "legends-za", names: ["legends-za", "Legends: Z-A"]),
    (value: "legends-arceus", names: ["legends-arceus", "Legends: Arceus"]),
  ])

  @Test func aSlugTypedExactlyWinsOverAnotherValuesNameThatFoldsTheSame() {
    #expect(games.resolve("red") == .found("red"))
    #expect(games.resolve("RED") == .found("red"))
    #expect(games.resolve("red-japan") == .found("red-japan"))
  }

  @Test func namesInAnyLanguageFoldedAsTyped() {
    #expect(games.resolve("Legends: Z-A") == .found("legends-za"))
    #expect(games.resolve("legends z-a") == .found("legends-za"))
    #expect(games.resolve("赤") == .found("red"))
  }

  @Test func theStartOfOneValuesNamesFindsIt() {
    #expect(games.resolve("bl") == .found("blue"))
    #expect(games.resolve("legends a") == .found("legends-arceus"))
  }

  @Test func severalValuesAreAmbiguousInTheOrderGiven() {
    #expect(
      games.resolve("legends")
        == .ambiguous(candidates: ["legends-za", "legends-arceus"], total: 2))
    #expect(games.resolve("re") == .ambiguous(candidates: ["red", "red-japan"], total: 2))
  }

  @Test func noneSuggestsTheNearest() {
    #expect(games.resolve("bleu") == .unknown(suggestion: "blue"))
    #expect(games.resolve("xyzzy") == .unknown(suggestion: nil))
    #expect(games.resolve("  ") == .unknown(suggestion: nil))
  }
}
