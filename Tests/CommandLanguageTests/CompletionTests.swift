import CommandLanguage
import FeatureFlags
import Testing

@Suite("Tab completion")
struct CompletionTests {
  private let species = [
    "bulbasaur", "ivysaur", "venusaur", "charmander", "pikachu", "raichu", "mr-mime",
    "mime-jr", "eevee", "mewtwo", "mew",
  ]

  private func complete(
    _ line: String, off disabled: Set<Feature> = [], offersDownloadImage: Bool = true
  ) -> [String] {
    CommandParser.completions(
      for: line, isEnabled: { !disabled.contains($0) }, speciesNames: species,
      offersDownloadImage: offersDownloadImage)
  }

  @Test func theFirstWordCompletesToCommandNames() {
    #expect(complete("ne") == ["next"])
    #expect(complete("l") == ["list", "last"])
    #expect(complete("E") == ["evolution"])
    #expect(complete("") == CommandTable.all.map(\.name))
    #expect(complete("zz") == [])
  }

  @Test func aliasesCompleteOnlyWhenNoNameFits() {
    #expect(complete("ls") == ["ls"])
    #expect(complete("exi") == ["exit"])
    #expect(complete("evo") == ["evolution"])
  }

  @Test func disabledCommandsAreNotOffered() {
    #expect(complete("e", off: [.evolution]) == ["exit"])
    #expect(!complete("", off: [.images, .sync]).contains("image"))
    #expect(!complete("", off: [.images, .sync]).contains("sync"))
    #expect(complete("evo ", off: [.evolution]) == [])
    #expect(complete("help ev", off: [.evolution]) == [])
  }

  @Test func downloadIsOfferedOnlyWhileThereIsAnImageToDownload() {
    #expect(complete("do") == ["download"])
    #expect(complete("download ") == ["image"])
    #expect(complete("download i") == ["image"])
    #expect(complete("do", offersDownloadImage: false) == [])
    #expect(complete("download ", offersDownloadImage: false) == [])
    #expect(complete("download ", off: [.images]) == [])
  }

  @Test func filterValues() {
    #expect(complete("filter ") == ["all", "male", "female", "genderless"])
    #expect(complete("filter f") == ["female"])
    #expect(complete("FILTER G") == ["genderless"])
    #expect(complete("filter male ") == [])
  }

  @Test func helpCompletesCommandNames() {
    #expect(complete("help o") == ["open"])
    #expect(complete("help d") == ["download"])
    #expect(complete("help ") == CommandTable.all.map(\.name))
  }

  @Test func cacheCompletesClear() {
    #expect(complete("cache ") == ["clear"])
    #expect(complete("cache c") == ["clear"])
    #expect(complete("cache x") == [])
  }

  @Test func openCompletesSpeciesNamesInAnyCase() {
    #expect(complete("open mew") == ["mewtwo", "mew"])
    #expect(complete("open MR") == ["mr-mime"])
    #expect(complete("open pi") == ["pikachu"])
    #expect(complete("open ") == species)
    #expect(complete("open zzz") == [])
    #expect(complete("open pikachu ") == [])
  }

  @Test func openCompletesAmongThousandsOfNames() {
    let many = (1...1025).map { "species-\($0)" } + ["pikachu"]
    let result = CommandParser.completions(
      for: "open species-10", isEnabled: { _ in true }, speciesNames: many,
      offersDownloadImage: true)
    #expect(result.count == 1 + 10 + 26)  // 10, 100…109, 1000…1025
    #expect(result.allSatisfy { $0.hasPrefix("species-10") })
  }

  @Test func syncCompletesItsOption() {
    #expect(complete("sync 1-151 --") == ["--images"])
    #expect(complete("sync ") == ["--images"])
    #expect(complete("sync --images ") == [])
    #expect(complete("sync --", off: [.images]) == [])
  }

  @Test func anOverlongLineOffersNothing() {
    #expect(complete("open " + String(repeating: "p", count: 1_048_576)) == [])
  }

  @Test func commandsWithoutValuesOfferNothing() {
    #expect(complete("page ") == [])
    #expect(complete("search pi") == [])
    #expect(complete("bogus ") == [])
  }
}
