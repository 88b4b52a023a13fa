import Foundation
import Models

/// `doctor`: one screen a presenter reads before a demo. The terminal (size, colour, the image
/// protocol and why), the API and the image server (reachable, how fast, over which protocol),
/// the cache (species and images kept for offline use), the history and configuration files,
/// and for each problem what to do. What it looks at comes in as closures (the composition root
/// reads the terminal, probes the hosts, counts the cache); ``judge(_:)`` turns the facts into
/// the report, a pure function.
public struct Doctor: Sendable {
  /// What the terminal is and does, and why.
  public struct TerminalFacts: Sendable, Equatable {
    public var columns: Int
    public var rows: Int
    public var isTerminal: Bool
    public var colour: Bool
    /// Why colour is on or off: `NO_COLOR is set`, `--color never`, `TERM is dumb` …
    public var colourReason: String
    /// The image protocol that would be used: `kitty`, `half blocks in 24-bit colour`, or
    /// `none` (only paths are printed).
    public var images: String
    /// Why: `inside tmux, which drops graphics escapes`, `KITTY_WINDOW_ID is set` …
    public var imagesReason: String

    public init(
      columns: Int, rows: Int, isTerminal: Bool, colour: Bool, colourReason: String,
      images: String, imagesReason: String
    ) {
      self.columns = columns
      self.rows = rows
      self.isTerminal = isTerminal
      self.colour = colour
      self.colourReason = colourReason
      self.images = images
      self.imagesReason = imagesReason
    }
  }

  /// One host's answer to a request.
  public struct Probe: Sendable, Equatable {
    /// The address asked.
    public var url: String
    /// The HTTP status, `nil` when nothing answered.
    public var status: Int?
    /// How long the answer took.
    public var duration: Duration
    /// `HTTP/2`, `HTTP/1.1`, as the answer's status line said.
    public var version: String?
    /// Why nothing answered: `cannot be reached`, `did not answer in time`.
    public var failure: String?

    public init(
      url: String, status: Int?, duration: Duration, version: String? = nil,
      failure: String? = nil
    ) {
      self.url = url
      self.status = status
      self.duration = duration
      self.version = version
      self.failure = failure
    }
  }

  /// The response cache and the images, for offline use.
  public struct CacheFacts: Sendable, Equatable {
    public var path: String
    public var bytes: Int
    public var limitBytes: Int?
    public var species: Int
    public var images: Int
    public var oldestEntry: Date?
    /// Whether answers are kept on disk (`false`: the disk cache could not be opened).
    public var isPersistent: Bool

    public init(
      path: String, bytes: Int, limitBytes: Int?, species: Int, images: Int, oldestEntry: Date?,
      isPersistent: Bool
    ) {
      self.path = path
      self.bytes = bytes
      self.limitBytes = limitBytes
      self.species = species
      self.images = images
      self.oldestEntry = oldestEntry
      self.isPersistent = isPersistent
    }
  }

  /// A file pokedex keeps: the history, the configuration.
  public struct FileFacts: Sendable, Equatable {
    /// `History`, `Config`.
    public var label: String
    public var path: String
    /// What it holds (`120 lines`), `nil` when it does not exist.
    public var summary: String?
    /// Whether only its owner can read it.
    public var isPrivate: Bool
    /// What is wrong with its content (`config.json is not valid JSON`), if anything.
    public var problem: String?

    public init(
      label: String, path: String, summary: String?, isPrivate: Bool, problem: String? = nil
    ) {
      self.label = label
      self.path = path
      self.summary = summary
      self.isPrivate = isPrivate
      self.problem = problem
    }
  }

  /// Everything `doctor` looked at.
  public struct Facts: Sendable, Equatable {
    public var terminal: TerminalFacts
    public var api: Probe
    public var images: Probe
    public var cache: CacheFacts
    public var files: [FileFacts]
    public var now: Date

    public init(
      terminal: TerminalFacts, api: Probe, images: Probe, cache: CacheFacts, files: [FileFacts],
      now: Date
    ) {
      self.terminal = terminal
      self.api = api
      self.images = images
      self.cache = cache
      self.files = files
      self.now = now
    }
  }

  private let terminal: @Sendable () -> TerminalFacts
  private let probeAPI: @Sendable () async -> Probe
  private let probeImages: @Sendable () async -> Probe
  private let cache: @Sendable () async -> CacheFacts
  private let files: @Sendable () -> [FileFacts]

  public init(
    terminal: @escaping @Sendable () -> TerminalFacts,
    probeAPI: @escaping @Sendable () async -> Probe,
    probeImages: @escaping @Sendable () async -> Probe,
    cache: @escaping @Sendable () async -> CacheFacts,
    files: @escaping @Sendable () -> [FileFacts]
  ) {
    self.terminal = terminal
    self.probeAPI = probeAPI
    self.probeImages = probeImages
    self.cache = cache
    self.files = files
  }

  /// Looks at everything (the two hosts at once) and judges it.
  public func run(now: Date = Date()) async -> DoctorReport {
    async let api = probeAPI()
    async let images = probeImages()
    let facts = Facts(
      terminal: terminal(), api: await api, images: await images, cache: await cache(),
      files: files(), now: now)
    return Self.judge(facts)
  }

  /// The smallest terminal a demo fits (every screen of pokedex is made to fit it).
  public static let smallestTerminal = (columns: 80, rows: 24)
  /// An answer slower than this makes every cold page wait: sync before the demo.
  public static let slowAnswer: Duration = .seconds(1)
  /// Species a demo needs offline: the first generation.
  public static let demoSpecies = 151

  /// The report on `facts`: one check per line, each with what to do when it is not fine.
  public static func judge(_ facts: Facts) -> DoctorReport {
    DoctorReport(
      checks: [
        terminalCheck(facts.terminal), hostCheck("API", facts.api, cache: facts.cache),
        hostCheck("Images", facts.images, cache: facts.cache),
        cacheCheck(facts.cache, now: facts.now),
      ] + facts.files.map(fileCheck))
  }

  static func terminalCheck(_ terminal: TerminalFacts) -> DoctorReport.Check {
    let size = "\(terminal.columns)×\(terminal.rows)"
    guard terminal.isTerminal else {
      return .init(
        label: "Terminal", text: "not a terminal: no colour, no images, no line editing",
        status: .warning,
        advice: "Run \"pokedex doctor\" in the terminal you will present from.")
    }
    let colour = terminal.colour ? "colour on" : "colour off (\(terminal.colourReason))"
    let images = "images as \(terminal.images) (\(terminal.imagesReason))"
    let text = "\(size), \(colour), \(images)"
    let smallest = smallestTerminal
    if terminal.columns < smallest.columns || terminal.rows < smallest.rows {
      return .init(
        label: "Terminal", text: text, status: .problem,
        advice: "Make the window at least \(smallest.columns)×\(smallest.rows) (100×30 or more "
          + "on a projector).")
    }
    if !terminal.colour {
      return .init(
        label: "Terminal", text: text, status: .warning,
        advice: "Colour and images are off because \(terminal.colourReason); types and images "
          + "need colour.")
    }
    return .init(label: "Terminal", text: text, status: .ok)
  }

  static func hostCheck(
    _ label: String, _ probe: Probe, cache: CacheFacts
  ) -> DoctorReport.Check {
    let isAPI = label == "API"
    guard let status = probe.status else {
      let failure = probe.failure ?? "cannot be reached"
      let text = "\(probe.url) \(failure)"
      if isAPI {
        let enough = cache.species >= demoSpecies
        return .init(
          label: label, text: text, status: enough ? .warning : .problem,
          advice: enough
            ? "\"pokedex --offline\" answers from the \(cache.species) species cached."
            : "Only \(cache.species) species are cached: connect (or point --api-url at a "
              + "mirror) and \"sync 1-151 --images\" before going offline.")
      }
      return .init(
        label: label, text: text, status: cache.images > 0 ? .warning : .problem,
        advice: cache.images > 0
          ? "Only the \(cache.images) images downloaded will be drawn."
          : "No image is downloaded: connect and \"sync 1-151 --images\" before the demo.")
    }
    let over = probe.version.map { " over \($0)" } ?? ""
    let text = "\(probe.url) answers in \(milliseconds(probe.duration)) ms\(over)"
    // The image server's root answers 404 or 400; any answer shows it is there.
    if isAPI, status >= 400 {
      return .init(
        label: label, text: text + " with HTTP \(status)", status: .problem,
        advice: "This is not a PokéAPI: check --api-url (or POKEDEX_API_URL).")
    }
    if probe.duration > slowAnswer {
      return .init(
        label: label, text: text, status: .warning,
        advice: "Slow answers make every new page wait: \"sync 1-151 --images\" before the demo.")
    }
    return .init(label: label, text: text, status: .ok)
  }

  static func cacheCheck(_ cache: CacheFacts, now: Date) -> DoctorReport.Check {
    var parts = [
      Measures.bytes(cache.bytes) + (cache.limitBytes.map { " of " + Measures.bytes($0) } ?? "")
    ]
    parts.append("\(cache.species) species")
    parts.append("\(cache.images) images")
    if let oldest = cache.oldestEntry {
      parts.append("the oldest answer from \(AgeText.ago(oldest, now: now))")
    }
    let text = "\(cache.path): " + parts.joined(separator: ", ")
    guard cache.isPersistent else {
      return .init(
        label: "Cache", text: text + " (not on disk)", status: .warning,
        advice: "The cache could not be opened on disk: nothing fetched now is kept; see the log.")
    }
    if cache.species < demoSpecies {
      return .init(
        label: "Cache", text: text, status: .warning,
        advice: "\"sync 1-151 --images\" while online keeps a demo's species for offline use.")
    }
    return .init(label: "Cache", text: text, status: .ok)
  }

  static func fileCheck(_ file: FileFacts) -> DoctorReport.Check {
    guard let summary = file.summary else {
      return .init(label: file.label, text: "\(file.path): none yet", status: .ok)
    }
    let text = "\(file.path): \(summary)"
    if let problem = file.problem {
      return .init(label: file.label, text: text, status: .warning, advice: problem)
    }
    guard file.isPrivate else {
      return .init(
        label: file.label, text: text + ", readable by others", status: .warning,
        advice: "chmod 600 \(file.path)")
    }
    return .init(label: file.label, text: text + ", private", status: .ok)
  }

  static func milliseconds(_ duration: Duration) -> Int {
    Int(
      duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
  }
}

/// What `doctor` found: one line per thing it looked at.
public struct DoctorReport: Sendable, Equatable {
  /// How a check came out.
  public enum Status: String, Sendable, Codable {
    /// Fine for a demo.
    case ok
    /// Works, but worse than it could: said, with what to do.
    case warning
    /// Would break a demo: `pokedex doctor` exits 1.
    case problem
  }

  /// One thing looked at.
  public struct Check: Sendable, Equatable {
    /// `Terminal`, `API`, `Images`, `Cache`, `History`, `Config`.
    public var label: String
    /// What was found, one line.
    public var text: String
    public var status: Status
    /// What to do, when the status is not ``Status/ok``.
    public var advice: String?

    public init(label: String, text: String, status: Status, advice: String? = nil) {
      self.label = label
      self.text = text
      self.status = status
      self.advice = advice
    }
  }

  public var checks: [Check]

  public init(checks: [Check]) { self.checks = checks }

  /// Whether nothing would break a demo.
  public var isReady: Bool { !checks.contains { $0.status == .problem } }
}
