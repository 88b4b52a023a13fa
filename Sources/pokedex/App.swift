import APIClient
import APIClientLive
import Analytics
import AppCore
import AppDecorators
import ArgumentParser
import Cache
import CacheStoreGRDB
import CommandLanguage
import DetailFeature
import FeatureFlags
import Foundation
import HTTPClient
import HTTPClientLive
import ImageFeature
import LineEditorLibEdit
import ListFeature
import Logging
import PNGDecoderLibPNG
import Rendering
import SpriteStore
import TerminalImages

/// The composition root: the one place that picks implementations, wraps decorators around
/// features, and runs the session interactively, from `-c`, or from piped input.
struct App {
  let options: Options
  let paths: AppPaths
  let flags: FeatureFlags
  let shell: Shell
  let completion: CompletionSource
  let notices: NoticeBoard
  let historyEditor: LibEditLineEditor?
  let render: @Sendable (CommandOutcome) -> String?
  /// Lets background loads finish (bounded) before a script exits.
  let settle: @Sendable () async -> Void
  let interactive: Bool

  init(options: Options, environment: [String: String]) throws {
    self.options = options
    let paths = AppPaths(environment: environment)
    self.paths = paths
    let notices = NoticeBoard()
    self.notices = notices
    interactive = options.commands == nil && Terminal.stdinIsTerminal

    // Feature flags: defaults < config file < POKEDEX_FEATURES < --feature.
    let (flags, flagWarnings) = FeatureFlags.load(
      configDirectory: paths.config, environment: environment, featureOptions: options.features)
    self.flags = flags
    flagWarnings.forEach { notices.post("Warning: \($0)") }

    // Logging to a file, never to the terminal.
    let logger = Self.makeLogger(paths: paths, options: options, environment: environment)

    // Network: URLSession, with logging around each attempt and retries around that.
    let apiURL = try options.resolvedAPIURL(environment: environment)
    let spritesURL = try options.resolvedSpritesURL(environment: environment)
    let transport = URLSessionHTTPClient(
      userAgent: URLSessionHTTPClient.userAgent(version: Options.version))
    let http = RetryingHTTPClient(wrapping: LoggingHTTPClient(base: transport, logger: logger))

    // Cache: memory in front of SQLite (memory only when the directory is unusable).
    let (store, cacheWarnings) = GRDBCacheStore.openOrRecover(directory: paths.cache)
    cacheWarnings.forEach { notices.post("Warning: \($0)") }
    let cache = ResponseCache(
      store: store.map { LoggingCacheStore(base: $0, logger: logger) },
      onNotice: { notices.post($0) })
    let live = LivePokeAPIClient(
      baseURL: apiURL, http: http, cache: cache, offline: options.offline,
      onNotice: { notices.post($0) })
    settle = { await live.settle(within: .seconds(3)) }
    let api = LoggingPokeAPIClient(base: live, logger: logger)

    // Features, with analytics attached around the detail feature.
    var details: any SpeciesDetails = DetailFeature(client: api)
    if flags.isEnabled(.analytics) {
      let tracker = JSONLinesAnalyticsTracker(
        fileURL: paths.analyticsFile, onWarning: { notices.post("Warning: \($0)") })
      details = AnalyticsSpeciesDetails(base: details, tracker: tracker)
    }
    let images = ImageFeature(
      http: options.offline ? OfflineHTTPClient() : http, decoder: LibPNGDecoder(),
      store: FileSpriteStore(directory: paths.spritesDirectory),
      spritesBaseURL: spritesURL)

    let completion = CompletionSource(isEnabled: { flags.isEnabled($0) })
    self.completion = completion
    let editor: LibEditLineEditor? =
      interactive
      ? LibEditLineEditor(
        programName: "pokedex", historyFile: paths.historyFile, completion: completion)
      : nil
    historyEditor = editor
    shell = Shell(
      dependencies: ShellDependencies(
        list: ListFeature(client: api, pageSize: options.pageSize), details: details,
        images: images,
        speciesIndex: { () async throws(APIError) in try await api.speciesIndex() },
        cacheStatistics: { await cache.statistics() }, clearCache: { await cache.clear() },
        history: { editor?.historyEntries() ?? [] }, flags: flags,
        progress: { Terminal.progress($0) }),
      completion: completion)

    // Rendering: JSON for scripts, or text (colour and images only on a capable terminal).
    switch options.output {
    case .json:
      let renderer = JSONRenderer()
      render = { renderer.render($0) }
    case .text:
      let style = TextStyle.decide(
        choice: options.color.rawValue, isTerminal: Terminal.stdoutIsTerminal,
        environment: environment)
      let imageMode =
        style.colorEnabled
        ? ImageProtocolDetection.mode(
          environment: environment, isTTY: Terminal.stdoutIsTerminal,
          override: ImageModeOverride(rawValue: options.images.rawValue) ?? .auto)
        : .pathOnly
      let renderer = TextRenderer(
        style: style, imageMode: imageMode,
        terminalSize: { Terminal.size() })
      render = { renderer.render($0) }
    }
  }

  /// Runs the session and returns the exit status.
  func run() async -> ExitStatus {
    if let script = options.commands {
      return await runLines(CommandParser.splitScript(script).async)
    }
    if interactive, let editor = historyEditor {
      return await runInteractive(editor: editor)
    }
    return await runLines(PipedLineReader().lines)
  }

  /// Scripted: every line is a command; no prompt; status 1 when any command failed.
  private func runLines<Lines: AsyncSequence & Sendable>(_ lines: Lines) async -> ExitStatus
  where Lines.Element == String {
    var failed = false
    printNotices()
    do {
      for try await line in lines {
        let outcome = await shell.execute(line)
        show(outcome)
        if !outcome.succeeded { failed = true }
        if case .quit = outcome { break }
      }
    } catch {
      failed = true
    }
    await settle()
    return failed ? .commandFailed : .success
  }

  /// Interactive: the libedit prompt, history, completion; Ctrl-C cancels a running command.
  private func runInteractive(editor: LibEditLineEditor) async -> ExitStatus {
    await shell.prefetch()
    printNotices()
    while true {
      let prompt = await shell.prompt
      switch await editor.readLine(prompt: prompt) {
      case .endOfInput:
        return .success
      case .interrupted:
        continue
      case .line(let line):
        editor.addHistory(line)
        let shell = self.shell
        guard let outcome = await InterruptController.shared.run({ await shell.execute(line) })
        else {
          Terminal.printError("\nCancelled.")
          printNotices()
          continue
        }
        show(outcome)
        if case .quit = outcome { return .success }
      }
    }
  }

  private func show(_ outcome: CommandOutcome) {
    if let text = render(outcome) {
      if case .failure = outcome, options.output == .text {
        Terminal.printError(text)
      } else {
        Terminal.print(text)
      }
    }
    printNotices()
  }

  private func printNotices() {
    for notice in notices.drain() { Terminal.printError(notice) }
  }

  private static func makeLogger(
    paths: AppPaths, options: Options, environment: [String: String]
  ) -> Logger {
    let levelName = options.logLevel ?? environment["POKEDEX_LOG_LEVEL"] ?? "info"
    let level = Logger.Level(rawValue: levelName.lowercased()) ?? .info
    guard let sink = FileLogHandler.Sink(url: paths.logFile) else {
      return Logger(label: "pokedex", factory: { _ in SwiftLogNoOpLogHandler() })
    }
    return Logger(label: "pokedex") { label in
      FileLogHandler(label: label, sink: sink, logLevel: level)
    }
  }
}
