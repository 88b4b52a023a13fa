import APIClient
import Foundation
import Locking
import Models
import Testing

private func species(_ id: Int, _ slug: String, _ names: [(String, String)]) -> String {
  let list = names.map { language, name in
    #"{"name": "\#(name)", "language": {"name": "\#(language)", "url": "{base}/language/1/"}}"#
  }
  return
    #"{"id": \#(id), "name": "\#(slug)", "gender_rate": 4, "names": [\#(list.joined(separator: ","))]}"#
}

@Suite("Every species' names, loaded once")
struct SpeciesNamesTests {
  @Test func eachSpeciesIsAskedOnceTheProgressCountedAndTheTableKeptForGood() async throws {
    let server = try await FixtureServer.start()
    defer { Task { await server.stop() } }
    await server.serve(
      "pokemon-species?offset=0&limit=100000",
      json: """
        {"count": 3, "next": null, "previous": null, "results": [
          {"name": "pikachu", "url": "{base}/pokemon-species/25/"},
          {"name": "eevee", "url": "{base}/pokemon-species/133/"},
          {"name": "missingno", "url": "{base}/pokemon-species/9999/"}]}
        """)
    await server.serve(
      "pokemon-species/25", json: species(25, "pikachu", [("ja-Hrkt", "ピカチュウ"), ("ko", "피카츄")]))
    await server.serve(
      "pokemon-species/133", json: species(133, "eevee", [("fr", "Évoli"), ("zh-Hans", "伊布")]))
    let harness = Harness(server: server)
    // No table kept yet: a language's small table is not made, and nothing is loaded for it.
    await #expect(throws: APIError.self) {
      try await harness.client.keptSpeciesNames(in: Language.named("ko")!)
    }
    #expect(await server.requests().isEmpty)
    // Eevee is cached already: it is read, not asked for again.
    _ = try await harness.client.species(.id(133))
    let heard = Locked<[Int]>([])
    let names = try await harness.client.speciesNames { done, total in
      #expect(total == 3)
      heard.withLock { $0.append(done) }
    }
    #expect(names[25] == ["ja-hrkt": "ピカチュウ", "ko": "피카츄"])
    #expect(names[133] == ["fr": "Évoli", "zh-hans": "伊布"])
    // A species the server does not have has no names, and does not keep the table from
    // being kept.
    #expect(names[9999] == nil)
    #expect(heard.withLock { $0.sorted() } == [1, 2, 3])
    #expect(await server.requests("pokemon-species/133").count == 1)
    #expect(await server.requests("pokemon-species/25").count == 1)

    // Days later, in another language: one read, no request.
    harness.clock.advance(by: 30 * 86_400)
    let before = await server.requests().count
    let again = try await harness.client.speciesNames()
    #expect(again == names)
    #expect(await server.requests().count == before)
    // One language's table, made from it and kept: Eevee has no Korean name, so no entry.
    #expect(try await harness.client.keptSpeciesNames(in: Language.named("ko")!) == [25: "피카츄"])
    #expect(try await harness.client.keptSpeciesNames(in: Language.named("fr")!) == [133: "Évoli"])
    #expect(await server.requests().count == before)
  }
}
