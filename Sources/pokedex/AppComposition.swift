import APIClient
import AppDecorators
import Cache
import Foundation
import HTTPClient
import ImageFeature
import Images
import Logging
import Models
import Presentation
import Rendering
import Session
import SyncFeature
import Terminal

/// The pieces the composition root makes from the options and the environment: the session's
/// settings at launch, the first contact's question to the API, the renderer, logging.
extension App {
  /// The session as config.json leaves it: the game, shiny, and paging unless `--no-pager`.
  static func startState(
    options: Options, paths: AppPaths, notices: NoticeBoard
  ) -> SessionState {
    var state = SessionState(paging: !options.noPager)
    // The game: config.json's, which `game` writes.
    let (game, gameName, gameWarning) = GameSetting.resolve(configDirectory: paths.config)
    gameWarning.map { notices.post("Warning: \($0)") }
    state.game = game
    state.gameName = gameName
    let (shiny, shinyWarning) = ShinySetting.resolve(configDirectory: paths.config)
    shinyWarning.map { notices.post("Warning: \($0)") }
    state.shiny = shiny
    return state
  }

  /// Whether the API answers: the network itself is asked (once, without retries), since the
  /// cache may answer every command; through the commands' own client, so the connection it
  /// opens (TCP, TLS, HTTP/2) stays in libcurl's pool for the first command. A server that
  /// answered another request meanwhile (a command's, once a stall is over) is not said to be
  /// out of reach. `nil` when it answered, else why not.
  static func reachability(
    of bounded: BoundedHTTPClient, at apiURL: URL
  ) -> @Sendable () async -> APIError? {
    {
      let answers = bounded.answers
      do throws(HTTPError) {
        _ = try await bounded.send(HTTPRequest(url: apiURL, maximumBodyBytes: 1 << 16))
        return nil
      } catch {
        if bounded.answers > answers { return nil }
        switch error {
        case .connectionFailed: return .offline
        case .timedOut: return .timedOut
        default: return nil  // it answered, if only badly
        }
      }
    }
  }

  /// The prompt in bold cyan, so that it stands out from the output in the scrollback.
  static func decorated(prompt: String) -> String {
    let text = prompt.hasSuffix(" ") ? String(prompt.dropLast()) : prompt
    return "\u{1B}[1;36m\(text)\u{1B}[0m "
  }

  /// JSON for scripts, or text (colour and images only on a capable terminal).
  static func renderer(
    options: Options, environment: [String: String]
  ) -> SessionLoop.Render {
    switch options.output {
    case .json:
      let renderer = JSONRenderer()
      return { outcome, _ in renderer.render(outcome) }
    case .text:
      let style = TextStyle.decide(
        choice: options.color.rawValue, isTerminal: TerminalInfo.stdoutIsTerminal,
        environment: environment)
      let renderer = TextRenderer(
        style: style,
        images: TerminalImageRenderers.renderer(
          for: imageMode(options: options, environment: environment, style: style),
          cell: TerminalInfo.cellSize().map { .init(width: $0.width, height: $0.height) }
            ?? .typical),
        // Piped or redirected, nothing is to fit a screen's height: pages are drawn whole.
        terminalSize: {
          let size = TerminalInfo.size()
          return TerminalInfo.stdoutIsTerminal ? size : (size.columns, Self.unboundedRows)
        })
      // Output made to fit the screen fits in the rows the session leaves it.
      return { outcome, rowsAround in
        var fitted = renderer
        fitted.terminalSize = {
          let size = renderer.terminalSize()
          return (size.columns, max(1, size.rows - rowsAround))
        }
        return fitted.render(outcome)
      }
    }
  }

  /// How images are drawn: as the options ask, else as the terminal allows (the same choice for
  /// the renderer and for `doctor`); only paths without colour.
  static func imageMode(
    options: Options, environment: [String: String], style: TextStyle
  ) -> ImageOutputMode {
    guard style.colorEnabled else { return .pathOnly }
    let override = ImageModeOverride(rawValue: options.images.rawValue) ?? .auto
    let isTerminal = TerminalInfo.stdoutIsTerminal
    return ImageProtocolDetection.mode(
      environment: environment, isTTY: isTerminal, override: override,
      sixels: override == .auto && isTerminal
        && ChafaTerminal.supportsSixels(environment: environment))
  }

  /// `sync` progress as a line every tenth of the way, unless a status line shows it.
  static func progressLines(
    _ console: Console, unless statusShown: Bool
  ) -> @Sendable (SyncProgress) -> Void {
    { progress in
      guard !statusShown else { return }
      let step = max(1, progress.total / 10)
      guard progress.done > 0, progress.done % step == 0 || progress.done == progress.total
      else { return }
      let failed = progress.failed > 0 ? " (\(progress.failed) failed)" : ""
      console.printError("Syncing: \(progress.done)/\(progress.total) done\(failed)…")
    }
  }

  /// An opened store with the logging decorator around it.
  static func logging(
    _ opened: StoreOpener.Opened, _ logger: Logger, _ recorder: DemoRecorder?
  ) -> StoreOpener.Opened {
    let logged = opened.store.map { LoggingCacheStore(base: $0, logger: logger) }
    let recorded = logged.map { store -> any CacheStore in
      recorder.map { RecordingCacheStore(base: store, recorder: $0) } ?? store
    }
    return (recorded, opened.warnings)
  }

  static func makeLogger(
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
