import Cache
import CommandLanguage
import Foundation
import HTTPClient
import ImageFeature
import Images
import Presentation
import Rendering
import Terminal

/// The facts `doctor` judges, read where they live: the terminal and the options, the two hosts
/// (asked once each, without retries), the cache and the files.
enum DoctorChecks {
  /// A `Doctor` over this session's terminal, hosts, cache and files.
  static func doctor(
    options: Options, environment: [String: String], paths: AppPaths, apiURL: URL,
    spritesURL: URL, http: any HTTPClient, cache: ResponseCache, images: ImageFeature,
    configProblems: [String]
  ) -> Doctor {
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    let shown: @Sendable (URL) -> String = { url in
      url.path.hasPrefix(home + "/") ? "~" + url.path.dropFirst(home.count) : url.path
    }
    return Doctor(
      terminal: { terminal(options: options, environment: environment) },
      probeAPI: {
        // A species, as a command asks (the API's root answers 404 on some mirrors).
        await probe(
          apiURL.appendingPathComponent("pokemon-species/1"),
          shown: Options.redacted(apiURL.absoluteString), http: http, offline: options.offline)
      },
      probeImages: {
        await probe(
          spritesURL.appendingPathComponent("25.png"),
          shown: Options.redacted(spritesURL.absoluteString), http: http,
          offline: options.offline)
      },
      cache: {
        let statistics = await cache.statistics()
        return Doctor.CacheFacts(
          path: shown(paths.cache.appending(path: SQLiteCacheStore.fileName)),
          bytes: statistics.bytes, limitBytes: statistics.limitBytes,
          species: statistics.species, images: await images.downloadedIDs().count,
          oldestEntry: statistics.oldestEntry, isPersistent: statistics.isPersistent)
      },
      files: {
        [
          history(paths.historyFile, shown: shown(paths.historyFile)),
          config(
            paths.config.appending(path: FeatureFlags.configFileName),
            shown: shown(paths.config.appending(path: FeatureFlags.configFileName)),
            problems: configProblems),
        ]
      })
  }

  /// The size, colour and image protocol of this terminal, each with why.
  static func terminal(options: Options, environment: [String: String]) -> Doctor.TerminalFacts {
    let isTerminal = TerminalInfo.stdoutIsTerminal
    let style = TextStyle.decide(
      choice: options.color.rawValue, isTerminal: isTerminal, environment: environment)
    let override = ImageModeOverride(rawValue: options.images.rawValue) ?? .auto
    let mode = App.imageMode(options: options, environment: environment, style: style)
    let size = TerminalInfo.size()
    return Doctor.TerminalFacts(
      columns: size.columns, rows: size.rows, isTerminal: isTerminal, colour: style.colorEnabled,
      colourReason: TextStyle.reason(
        choice: options.color.rawValue, isTerminal: isTerminal, environment: environment),
      images: ImageProtocolDetection.describe(mode),
      imagesReason: style.colorEnabled
        ? ImageProtocolDetection.reason(
          for: mode, environment: environment, isTTY: isTerminal, override: override)
        : "colour is off")
  }

  /// One request to `url`, timed; never under `--offline`.
  static func probe(
    _ url: URL, shown: String, http: any HTTPClient, offline: Bool
  ) async -> Doctor.Probe {
    guard !offline else {
      return Doctor.Probe(
        url: shown, status: nil, duration: .zero, failure: "was not asked (--offline)")
    }
    let clock = ContinuousClock()
    let start = clock.now
    do throws(HTTPError) {
      let response = try await http.send(HTTPRequest(url: url, maximumBodyBytes: 1 << 20))
      return Doctor.Probe(
        url: shown, status: response.status, duration: clock.now - start,
        version: response.version)
    } catch {
      let failure =
        switch error {
        case .timedOut: "did not answer in time"
        case .connectionFailed: "cannot be reached"
        default: "answered badly"
        }
      return Doctor.Probe(url: shown, status: nil, duration: clock.now - start, failure: failure)
    }
  }

  /// The history file: its lines, and whether only its owner reads it.
  static func history(_ url: URL, shown: String) -> Doctor.FileFacts {
    guard let text = try? String(contentsOf: url, encoding: .utf8) else {
      return Doctor.FileFacts(label: "History", path: shown, summary: nil, isPrivate: true)
    }
    // libedit's file starts with its format's name (`_HiStOrY_V2_`), then a line per entry.
    let lines = text.split(separator: "\n").filter { !$0.hasPrefix("_HiStOrY_") }.count
    return Doctor.FileFacts(
      label: "History", path: shown, summary: lines == 1 ? "1 line" : "\(lines) lines",
      isPrivate: isPrivate(url))
  }

  /// The configuration file, and what was wrong with it when it was read.
  static func config(_ url: URL, shown: String, problems: [String]) -> Doctor.FileFacts {
    guard FileManager.default.fileExists(atPath: url.path) else {
      return Doctor.FileFacts(label: "Config", path: shown, summary: nil, isPrivate: true)
    }
    return Doctor.FileFacts(
      label: "Config", path: shown, summary: "present", isPrivate: isPrivate(url),
      problem: problems.first.map { $0.hasSuffix(".") ? $0 : $0 + "." })
  }

  /// Whether neither the group nor others can read `url`.
  static func isPrivate(_ url: URL) -> Bool {
    guard
      let permissions = try? FileManager.default.attributesOfItem(atPath: url.path)[
        .posixPermissions] as? Int
    else { return true }
    return permissions & 0o077 == 0
  }
}
