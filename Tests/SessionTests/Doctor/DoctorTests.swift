import Foundation
import Presentation
import Testing

/// What `doctor` makes of what it found: each check's verdict and what to do about it.
@Suite("doctor's verdicts")
struct DoctorTests {
  static let now = Date(timeIntervalSince1970: 1_800_000_000)

  /// A terminal, hosts, cache and files fit for a demo; each test spoils one thing.
  static func facts(
    columns: Int = 100, rows: Int = 30, isTerminal: Bool = true, colour: Bool = true,
    api: Doctor.Probe? = nil, images: Doctor.Probe? = nil, species: Int = 151,
    imageCount: Int = 151, isPersistent: Bool = true,
    files: [Doctor.FileFacts] = [
      .init(
        label: "History", path: "~/.local/state/pokedex/history", summary: "12 lines",
        isPrivate: true)
    ]
  ) -> Doctor.Facts {
    Doctor.Facts(
      terminal: .init(
        columns: columns, rows: rows, isTerminal: isTerminal, colour: colour,
        colourReason: colour ? "TERM is xterm-256color" : "NO_COLOR is set",
        images: colour ? "half blocks in 24-bit colour" : "paths only",
        imagesReason: colour ? "no graphics protocol is known" : "colour is off"),
      api: api
        ?? .init(
          url: "https://pokeapi.co/api/v2", status: 200, duration: .milliseconds(120),
          version: "HTTP/2"),
      images: images
        ?? .init(
          url: "https://raw.githubusercontent.com/x", status: 200, duration: .milliseconds(80),
          version: "HTTP/2"),
      cache: .init(
        path: "~/.cache/pokedex/responses.sqlite", bytes: 12 << 20, limitBytes: 256 << 20,
        species: species, images: imageCount, oldestEntry: now.addingTimeInterval(-3 * 86_400),
        isPersistent: isPersistent),
      files: files, now: now)
  }

  func check(_ label: String, _ report: DoctorReport) throws -> DoctorReport.Check {
    try #require(report.checks.first { $0.label == label })
  }

  @Test func everythingFitIsReadyAndSaysWhatItFound() throws {
    let report = Doctor.judge(Self.facts())
    #expect(report.isReady)
    #expect(report.checks.allSatisfy { $0.status == .ok && $0.advice == nil })
    #expect(report.checks.map(\.label) == ["Terminal", "API", "Images", "Cache", "History"])
    #expect(
      try check("Terminal", report).text
        == "100×30, colour on, images as half blocks in 24-bit colour (no graphics protocol is known)"
    )
    #expect(
      try check("API", report).text == "https://pokeapi.co/api/v2 answers in 120 ms over HTTP/2")
    #expect(
      try check("Cache", report).text
        == "~/.cache/pokedex/responses.sqlite: 12 MB of 256 MB, 151 species, 151 images, the oldest"
        + " answer from 3 days ago")
    #expect(
      try check("History", report).text == "~/.local/state/pokedex/history: 12 lines, private")
  }

  @Test func aTerminalSmallerThan80x24WouldBreakADemo() throws {
    let report = Doctor.judge(Self.facts(columns: 79, rows: 30))
    #expect(!report.isReady)
    #expect(try check("Terminal", report).status == .problem)
    #expect(
      try check("Terminal", report).advice?.hasPrefix("Make the window at least 80×24") == true)
    #expect(Doctor.judge(Self.facts(columns: 80, rows: 24)).isReady)
  }

  @Test func colourOffOrNoTerminalIsAWarningThatSaysWhy() throws {
    let noColour = try check("Terminal", Doctor.judge(Self.facts(colour: false)))
    #expect(noColour.status == .warning)
    #expect(noColour.text.contains("colour off (NO_COLOR is set)"))
    #expect(noColour.advice?.contains("because NO_COLOR is set") == true)
    let piped = try check("Terminal", Doctor.judge(Self.facts(isTerminal: false)))
    #expect(piped.status == .warning)
  }

  @Test func anUnreachableAPIBreaksADemoUnlessTheDemosSpeciesAreCached() throws {
    let down = Doctor.Probe(
      url: "https://pokeapi.co/api/v2", status: nil, duration: .seconds(2),
      failure: "cannot be reached")
    let bare = Doctor.judge(Self.facts(api: down, species: 12))
    #expect(!bare.isReady)
    #expect(try check("API", bare).text == "https://pokeapi.co/api/v2 cannot be reached")
    #expect(try check("API", bare).advice?.contains("\"sync 1-151 --images\"") == true)
    let prepared = Doctor.judge(Self.facts(api: down, species: 151))
    #expect(prepared.isReady)
    #expect(try check("API", prepared).status == .warning)
    #expect(
      try check("API", prepared).advice
        == "\"pokedex --offline\" answers from the 151 species cached.")
  }

  @Test func aSlowAPIIsAWarningToSyncFirst() throws {
    let slow = Doctor.Probe(
      url: "https://pokeapi.co/api/v2", status: 200, duration: .milliseconds(1_500),
      version: "HTTP/2")
    let api = try check("API", Doctor.judge(Self.facts(api: slow)))
    #expect(api.status == .warning)
    #expect(api.text == "https://pokeapi.co/api/v2 answers in 1500 ms over HTTP/2")
    #expect(api.advice?.contains("\"sync 1-151 --images\" before the demo") == true)
  }

  @Test func anAPIThatAnswersWithAnErrorIsNotAPokeAPI() throws {
    let wrong = Doctor.Probe(url: "http://localhost:8080", status: 404, duration: .milliseconds(3))
    let api = try check("API", Doctor.judge(Self.facts(api: wrong)))
    #expect(api.status == .problem)
    #expect(api.advice?.contains("--api-url") == true)
  }

  @Test func theImageServerDownIsAProblemOnlyWithNoImageDownloaded() throws {
    let down = Doctor.Probe(
      url: "https://raw.githubusercontent.com/x", status: nil, duration: .seconds(1),
      failure: "did not answer in time")
    #expect(
      try check("Images", Doctor.judge(Self.facts(images: down, imageCount: 0))).status == .problem)
    let some = try check("Images", Doctor.judge(Self.facts(images: down, imageCount: 40)))
    #expect(some.status == .warning)
    #expect(some.advice == "Only the 40 images downloaded will be drawn.")
  }

  @Test func aCacheWithoutTheDemosSpeciesOrNotOnDiskIsAWarning() throws {
    let thin = try check("Cache", Doctor.judge(Self.facts(species: 4)))
    #expect(thin.status == .warning)
    #expect(thin.advice?.hasPrefix("\"sync 1-151 --images\"") == true)
    let memory = try check("Cache", Doctor.judge(Self.facts(isPersistent: false)))
    #expect(memory.status == .warning)
    #expect(memory.text.hasSuffix("(not on disk)"))
  }

  @Test func filesReadableByOthersOrWrongSayWhatToDo() throws {
    let open = Doctor.FileFacts(
      label: "History", path: "~/.local/state/pokedex/history", summary: "3 lines",
      isPrivate: false)
    let history = try check("History", Doctor.judge(Self.facts(files: [open])))
    #expect(history.status == .warning)
    #expect(history.advice == "chmod 600 ~/.local/state/pokedex/history")
    let wrong = Doctor.FileFacts(
      label: "Config", path: "~/.config/pokedex/config.json", summary: "present", isPrivate: true,
      problem: "config.json is not valid JSON; the defaults are used.")
    let config = try check("Config", Doctor.judge(Self.facts(files: [wrong])))
    #expect(config.status == .warning)
    #expect(config.advice == "config.json is not valid JSON; the defaults are used.")
    let none = Doctor.FileFacts(
      label: "Config", path: "~/.config/pokedex/config.json", summary: nil, isPrivate: true)
    #expect(
      try check("Config", Doctor.judge(Self.facts(files: [none]))).text.hasSuffix(": none yet"))
  }

  @Test func runAsksBothHostsAtOnce() async {
    let probes = InFlight()
    let doctor = Doctor(
      terminal: { Self.facts().terminal },
      probeAPI: {
        await probes.run { Self.facts().api }
      },
      probeImages: {
        await probes.run { Self.facts().images }
      },
      cache: { Self.facts().cache }, files: { [] })
    let report = await doctor.run(now: Self.now)
    #expect(report.isReady)
    #expect(await probes.most == 2, "the probes ran one after the other")
  }
}

/// Counts the probes running at once (each lasts 200 ms, so two asked together overlap).
actor InFlight {
  private var now = 0
  private(set) var most = 0

  func run(_ answer: () -> Doctor.Probe) async -> Doctor.Probe {
    now += 1
    most = max(most, now)
    try? await Task.sleep(for: .milliseconds(200))
    now -= 1
    return answer()
  }
}
