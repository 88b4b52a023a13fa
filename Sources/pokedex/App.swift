import APIClient
import AppDecorators
import Cache
import CommandLanguage
import DetailFeature
import DetailModels
import FindFeature
import Foundation
import HTTPClient
import ImageFeature
import Images
import ListFeature
import Logging
import Models
import Pages
import Presentation
import Rendering
import Session
import SyncFeature
import Terminal

/// The composition root: the one place that picks implementations, wraps decorators around
/// features and services, and runs the session interactively, from `-c`, or from piped input.
struct App {
  let options: Options
  let loop: SessionLoop
  let editor: LibEditLineEditor?
  /// Waits until the answers received are stored: they reach the commands first.
  let storeAnswers: @Sendable () async -> Void
  /// Closes the cache's disk store (``ResponseCache/close()``).
  let closeCache: @Sendable () async -> Void
  /// What `present --prepare` used, to pin and to check before the show.
  let demoRecorder: DemoRecorder?
  /// The cache, the image files and the paths `present` checks a prepared demo against.
  let cache: ResponseCache
  let sprites: any SpriteStore
  let paths: AppPaths
  /// Asks the API's host once, without retries: `nil` when it answered, else why not.
  let reachAPI: @Sendable () async -> APIError?

  /// The rows output that is not a terminal's is laid out for: as many as it takes.
  static let unboundedRows = 100_000

  /// For a launch whose command line can neither name another API nor forbid the network (no
  /// arguments, `-c SCRIPT`, `--no-pager`), with a brand-new cache and no proxy: the API's
  /// connection opened and libcurl loaded now, before the command line is parsed. Nil otherwise;
  /// `init` then readies them after parsing, as it does for any new cache.
  ///
  /// `environment` need hold only ``launchVariables`` (``launchEnvironment()``).
  static func prepareNetwork(
    arguments: [String], environment: [String: String]
  ) -> CurlHTTPClient.Preparation? {
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "-c", "--command":
        // A script that looks like an option might be parsed as one.
        guard let script = rest.popFirst(), !script.hasPrefix("-") else { return nil }
      case "--no-pager": continue
      default: return nil
      }
    }
    // A launch that will stop at a bad URL in the environment connects to nothing.
    guard Self.isNewCache(cachePath: AppPaths.cachePath(environment: environment)),
      !CurlHTTPClient.usesProxy(environment: environment),
      let apiURL = Options.apiURL(environment: environment),
      Options.spritesURL(environment: environment) != nil
    else { return nil }
    return CurlHTTPClient.Preparation.start(connectingTo: apiURL)
  }

  /// The variables ``prepareNetwork(arguments:environment:)`` reads: the cache's place, the
  /// proxies, the API and the sprites.
  static let launchVariables =
    ["HOME", "XDG_CACHE_HOME", "POKEDEX_API_URL", "POKEDEX_SPRITES_URL"]
    + CurlHTTPClient.proxyVariables

  /// ``launchVariables`` from the process's environment, read one by one: building Foundation's
  /// dictionary of the whole environment took 0.3 ms before the launch's first packet.
  static func launchEnvironment() -> [String: String] {
    var found: [String: String] = [:]
    for name in launchVariables {
      if let value = getenv(name) { found[name] = String(cString: value) }
    }
    return found
  }

  /// Whether the response cache in the directory `cachePath` has yet to be created.
  private static func isNewCache(cachePath: String) -> Bool {
    access(cachePath + "/" + SQLiteCacheStore.fileName, F_OK) != 0
  }

  init(
    options: Options, environment: [String: String],
    prepared: CurlHTTPClient.Preparation? = nil
  ) throws {
    self.options = options
    let paths = AppPaths(environment: environment)
    let console = Console.standard
    let interactive =
      options.commands == nil
      && (options.verb == nil || (options.demoFile != nil && !options.prepare))
      && TerminalInfo.stdinIsTerminal
    let notices = NoticeBoard(show: { console.printAsync($0) })

    // Network: libcurl (loaded by the first request, or at once for a cold start), with
    // logging around each attempt, one bound shared by the API and the images, and retries
    // around that.
    let apiURL = try options.resolvedAPIURL(environment: environment)
    let spritesURL = try options.resolvedSpritesURL(environment: environment)
    // 6 requests at once over HTTP/1.1 (100 once answers come over HTTP/2), and as many more for
    // a command while the background holds its 6 (``BoundedHTTPClient``): libcurl opens up to
    // twice that many connections to a host.
    let requestLimit = 6
    let transport = CurlHTTPClient(
      userAgent: CurlHTTPClient.userAgent(version: Options.version),
      totalTimeout: .seconds(options.timeout), maxConnectionsPerHost: 2 * requestLimit,
      trust: Self.trust(environment: environment),
      onUnavailable: {
        notices.post("Warning: \($0); nothing can be fetched (Debian: apt-get install libcurl4).")
      }, prepared: prepared)
    // A brand-new cache answers nothing: the first command will need the network, so libcurl
    // loads now (first thing, it takes the longest), and the cache is created in the
    // background while the first requests go out.
    let newCache = Self.isNewCache(cachePath: paths.cache.path)
    if newCache, !options.offline {
      transport.prepare(
        connectingTo: CurlHTTPClient.usesProxy(environment: environment) ? nil : apiURL)
    }

    // Feature flags: defaults < config file < POKEDEX_FEATURES < --feature.
    let (flags, flagWarnings) = FeatureFlags.load(
      configDirectory: paths.config, environment: environment, featureOptions: options.features,
      known: SessionCommands.table.features)
    flagWarnings.forEach { notices.post("Warning: \($0)") }

    // Logging to a file, never to the terminal.
    let logger = Self.makeLogger(paths: paths, options: options, environment: environment)

    // Logging around each attempt of the transport, the bound (`requestLimit` requests at once
    // over HTTP/1.1, 100 once answers come over HTTP/2, whose one connection carries them all),
    // and retries.
    let bounded = BoundedHTTPClient(
      wrapping: LoggingHTTPClient(base: transport, logger: logger), limit: requestLimit)
    let http = RetryingHTTPClient(wrapping: bounded)

    // Cache: memory in front of SQLite, opened when first used (memory only when the directory
    // is unusable; rebuilt when the file turns out to be damaged).
    let disk = SQLiteCacheStore.opener(directory: paths.cache)
    // `present --prepare` records what the demo reads and stores, to pin it and check it later.
    let recorder = options.prepare ? DemoRecorder() : nil
    let logged = StoreOpener(
      open: { Self.logging(disk.open(), logger, recorder) },
      rebuild: { Self.logging(disk.rebuild(), logger, recorder) })
    let cache = ResponseCache(
      opening: logged, new: newCache, onNotice: { notices.post("Warning: \($0)") })
    // A prepared demo being played shows what it prepared without a stale-data notice.
    let presenting = options.demoFile != nil && !options.prepare
    let live = LivePokeAPIClient(
      baseURL: apiURL, http: http, cache: cache, offline: options.offline,
      onNotice: { text, kind in if !presenting { notices.post(text, kind: kind) } })
    let api = LoggingPokeAPIClient(base: live, logger: logger)
    storeAnswers = { await live.settle() }
    self.cache = cache
    self.paths = paths
    demoRecorder = recorder

    // The session's background work: the loads at launch, the warm-ups commands start.
    let work = BackgroundWork()

    // The language: --lang < POKEDEX_LANG < config.json; its names load when first asked for.
    let (startLanguage, languageWarning) = LanguageSetting.resolve(
      option: options.language, environment: environment,
      configDirectory: paths.config)
    languageWarning.map { notices.post("Warning: \($0)") }
    // An interactive session loads the species' names in the background; a script when a
    // command needs them to find a name.
    let language = SessionLanguage(
      startLanguage, loaders: .client(api), work: work, inBackground: interactive)

    // Features, with analytics attached around the detail feature.
    let detailFeature = DetailFeature(client: api, warmUp: { name, job in work.start(name, job) })
    var details: any SpeciesDetails = detailFeature
    if flags.isEnabled(.analytics) {
      let tracker = JSONLinesAnalyticsTracker(
        fileURL: paths.analyticsFile, onWarning: { notices.post("Warning: \($0)") })
      details = AnalyticsSpeciesDetails(base: details, tracker: tracker)
    }
    let fileSprites = FileSpriteStore(directory: paths.spritesDirectory)
    sprites = fileSprites
    let images = ImageFeature(
      http: options.offline ? OfflineHTTPClient() : http, decoder: LibPNGDecoder(),
      store: recorder.map { RecordingSpriteStore(base: fileSprites, recorder: $0) } ?? fileSprites,
      spritesBaseURL: spritesURL, offline: options.offline)

    // The session: the species names for completion, the editor, the engine.
    // The species, and the other forms (`raichu-alola`), which completion offers too.
    let names = SpeciesNames(
      work: work, load: { () async throws(APIError) in try await api.speciesIndex() },
      forms: { () async throws(APIError) in try await api.formIndex() },
      types: { () async throws(APIError) in try await api.typesByPokemon() })
    // Every other kind of page (PageKinds.all). Comparing is not selecting: the undecorated
    // details, so no analytics event.
    // The team: team.json's, which `team` changes.
    let (members, teamWarning) = TeamFile.read(dataDirectory: paths.data)
    teamWarning.map { notices.post("Warning: \($0)") }
    // A show (`present`, played or prepared) runs in a session of its own: what its steps change
    // (the team, the language, the game, shiny) lasts for the show and is never written over
    // what the presenter keeps.
    let isShow = options.demoFile != nil
    let team = TeamRoster(members) { isShow ? nil : TeamFile.save($0, dataDirectory: paths.data) }
    let pages = PageKinds.directory(
      PageServices(client: api, details: detailFeature, team: team))
    // Completion loads the names of the kinds the flags leave on.
    // Every game, with its versions' names in a language: for `game` and completion.
    let games: PageNames.Games = { glossary async throws(APIError) in
      await (try await GameCatalog.load(api)).namingAll(api, glossary: glossary)
    }
    let pageNames = PageNames(
      directory: ShellDependencies.enabled(pages, flags: flags), work: work, games: games)
    let completion = CompletionSource(
      flags: flags, names: names, pageNames: pageNames, language: language)
    let style = TextStyle.decide(
      choice: options.color.rawValue, isTerminal: TerminalInfo.stdoutIsTerminal,
      environment: environment)
    let editor: LibEditLineEditor? =
      interactive
      ? LibEditLineEditor(
        programName: "pokedex", historyFile: paths.historyFile, completion: completion,
        decorates: style.colorEnabled,
        editrc: LibEditLineEditor.editrcFile(environment: environment),
        onWarning: { notices.post("Warning: \($0)") })
      : nil
    self.editor = editor
    let syncProgress = Self.progressLines(console, unless: console.statusAllowed)
    // `find`'s index: tables in the cache's SQLite file (in memory when it cannot be written).
    let cacheDirectory = paths.cache
    let find = FindFeature(client: api, pages: pages) {
      try? FileManager.default.createDirectory(
        at: cacheDirectory, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
      return try FindIndex.open(directory: cacheDirectory, origin: apiURL.absoluteString)
    }
    var dependencies = ShellDependencies(
      list: ListFeature(client: api, pageSize: options.pageSize),
      species: .live(details: details, client: api),
      images: images,
      speciesIndex: { () async throws(APIError) in try await api.speciesIndex() },
      // What was fetched is counted once stored (answers reach the commands first).
      cacheStatistics: {
        await live.settle()
        var statistics = await cache.statistics()
        statistics.findIndex = await find.summary()
        return statistics
      },
      clearCache: {
        await cache.clear()
        await find.clearIndex()
      },
      unsavedAnswers: {
        await live.settle()
        return await cache.unsaved
      },
      history: { editor?.historyEntries() ?? [] }, flags: flags, syncProgress: syncProgress,
      pages: pages,
      speciesTypes: {
        var types: [Int: [String]] = [:]
        for entry in names.names ?? [] where entry.isSpecies && !entry.types.isEmpty {
          types[entry.id] = entry.types
        }
        return types
      },
      doctor: DoctorChecks.doctor(
        options: options, environment: environment, paths: paths, apiURL: apiURL,
        spritesURL: spritesURL, http: bounded, cache: cache, images: images,
        configProblems: flagWarnings),
      language: language,
      saveLanguage: { isShow ? nil : LanguageSetting.save($0, configDirectory: paths.config) },
      saveShiny: { isShow ? nil : ShinySetting.save($0, configDirectory: paths.config) },
      games: games,
      saveGame: { isShow ? nil : GameSetting.save($0, name: $1, configDirectory: paths.config) })
    dependencies.find = find
    // find's connection to the cache's file closes first: the store's, closed last, decides
    // what log is left (``SQLiteCacheStore/logKeptAtClose``).
    closeCache = {
      find.close()
      await cache.close()
    }
    let shell = Shell(
      dependencies: dependencies, work: work, completion: completion,
      state: Self.startState(options: options, paths: paths, notices: notices))

    // At an interactive launch: one line when the API cannot be reached, with what still works.
    let reach = Self.reachability(of: bounded, at: apiURL)
    reachAPI = reach
    let firstContact = FirstContact(
      apiURL: Options.redacted(apiURL.absoluteString), reach: reach,
      cachedSpecies: { await cache.statistics().species },
      // One notice at an offline launch: this line, or the stale data's (`Offline: showing data
      // cached …`), whichever comes first, both being of the server not reached.
      say: { notices.post($0, kind: "Offline") })

    loop = SessionLoop(
      shell: shell, work: work, names: names, notices: notices, console: console,
      render: Self.renderer(options: options, environment: environment),
      failuresToStandardError: options.output == .text,
      decoratePrompt: { style.colorEnabled ? Self.decorated(prompt: $0) : $0 },
      pager: options.output == .text ? Pager(environment: environment) : nil,
      // A show checks the network before its first step: no notice of it on the projector.
      firstContact: options.offline || options.output == .json || presenting ? nil : firstContact,
      pageNames: interactive ? pageNames : nil, dim: { style.dim($0) })
  }

  /// The CA certificates that verify servers, as curl(1) takes them from the environment: the
  /// bundle `CURL_CA_BUNDLE` alone, else the bundle `SSL_CERT_FILE` and the hashed directory
  /// `SSL_CERT_DIR`, each instead of the system's. Empty values count as unset.
  static func trust(environment: [String: String]) -> CertificateTrust {
    let set = { (name: String) in environment[name].flatMap { $0.isEmpty ? nil : $0 } }
    if let bundle = set("CURL_CA_BUNDLE") { return CertificateTrust(bundle: bundle) }
    return CertificateTrust(bundle: set("SSL_CERT_FILE"), directory: set("SSL_CERT_DIR"))
  }

  /// Runs the session and returns the exit status, once what it fetched is stored and the cache
  /// closed.
  func run() async -> ExitStatus {
    let status = await runSession()
    await storeAnswers()
    await closeCache()
    return status
  }

  private func runSession() async -> ExitStatus {
    if options.verb == Options.doctorVerb {
      return await loop.runScript(["doctor"].async) ? .success : .commandFailed
    }
    if let file = options.demoFile { return await present(file) }
    if let script = options.commands {
      return await loop.runScript(CommandParser.splitScript(script).async)
        ? .success : .commandFailed
    }
    if let editor {
      await runInteractive(editor)
      return .success
    }
    return await loop.runScript(PipedLineReader().lines) ? .success : .commandFailed
  }

  /// The session at the prompt, playing `demo` when one is given.
  func runInteractive(_ editor: LibEditLineEditor, demo: DemoPlayer? = nil) async {
    SignalHub.shared.treatQuitAsInterrupt()
    SignalHub.shared.ignoreBrokenPipes()
    await loop.runInteractive(
      editor: editor, typeAhead: TypeAhead(), interrupts: InterruptController.shared, demo: demo)
  }
}

/// The process exit status of `pokedex`.
enum ExitStatus: Int32, Sendable {
  /// Every command succeeded.
  case success = 0
  /// At least one command failed (bad input, not found, network …).
  case commandFailed = 1
  /// The command line itself was wrong.
  case usage = 2
}

/// Reads piped standard input line by line on its own thread, so that no Swift concurrency
/// thread ever blocks in `read`.
final class PipedLineReader: Sendable {
  let lines: AsyncStream<String>

  init() {
    let (stream, continuation) = AsyncStream.makeStream(of: String.self)
    lines = stream
    let thread = Thread {
      while let line = Swift.readLine(strippingNewline: true) {
        continuation.yield(line)
      }
      continuation.finish()
    }
    thread.name = "pokedex.stdin"
    thread.start()
  }
}

extension Array where Element: Sendable {
  /// The elements as an async sequence, so scripts and piped input share one loop.
  var async: AsyncStream<Element> {
    AsyncStream { continuation in
      for element in self { continuation.yield(element) }
      continuation.finish()
    }
  }
}
