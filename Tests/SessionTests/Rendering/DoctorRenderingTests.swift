import Foundation
import Presentation
import Rendering
import Testing

@Suite("doctor's screen")
struct DoctorRenderingTests {
  let report = DoctorReport(checks: [
    .init(label: "Terminal", text: "100×30, colour on, images as half blocks", status: .ok),
    .init(
      label: "API", text: "https://pokeapi.co/api/v2 cannot be reached", status: .problem,
      advice: "Only 4 species are cached: connect (or point --api-url at a mirror) and \"sync "
        + "1-151 --images\" before going offline."),
    .init(
      label: "Cache", text: "~/.cache/pokedex/responses.sqlite: 1 MB of 256 MB, 4 species",
      status: .warning, advice: "\"sync 1-151 --images\" while online."),
  ])

  @Test func oneLinePerCheckItsMarkFirstTheAdviceUnderItAndTheVerdict() {
    let text = TextRenderer(
      style: TextStyle(colorEnabled: false), images: nil, terminalSize: { (80, 24) }
    ).render(.doctor(report))
    #expect(
      text == """
        ✓ Terminal  100×30, colour on, images as half blocks
        ✗ API       https://pokeapi.co/api/v2 cannot be reached
                    Only 4 species are cached: connect (or point --api-url at a mirror)
                    and "sync 1-151 --images" before going offline.
        ! Cache     ~/.cache/pokedex/responses.sqlite: 1 MB of 256 MB, 4 species
                    "sync 1-151 --images" while online.

        Not ready for a demo: 1 problem.
        """)
    #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 })
    #expect(!CommandOutcome.output(.doctor(report)).succeeded, "pokedex doctor exits 1")
    let fine = DoctorReport(checks: [report.checks[0]])
    #expect(CommandOutcome.output(.doctor(fine)).succeeded)
  }

  @Test func jsonGivesTheVerdictAndEveryCheck() throws {
    let line = try #require(JSONRenderer().render(.output(.doctor(report))))
    let json = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    #expect(json["type"] as? String == "doctor")
    let data = try #require(json["data"] as? [String: Any])
    #expect(data["ready"] as? Bool == false)
    let checks = try #require(data["checks"] as? [[String: Any]])
    #expect(checks.map { $0["status"] as? String } == ["ok", "problem", "warning"])
    #expect(checks[0]["advice"] == nil)
  }
}
