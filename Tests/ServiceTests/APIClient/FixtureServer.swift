import FlyingFox
import Foundation

/// A loopback HTTP server (FlyingFox) that serves JSON fixtures the way PokéAPI does:
/// `Cache-Control: max-age`, a weak `ETag` answered with `304` on `If-None-Match`, `404` for
/// anything unknown; plus one-shot replies (500, 429, garbage …), a delay, and counters.
final class FixtureServer: Sendable {
  /// A request as the server saw it.
  struct Seen: Sendable {
    var path: String
    var headers: [String: String]
  }

  /// One scripted answer.
  struct Reply: Sendable {
    var status: Int
    var headers: [String: String] = [:]
    var body: Data = Data()
  }

  private actor State {
    struct Fixture {
      var body: Data
      var etag: String?
      var maxAge: Int?
    }
    var fixtures: [String: Fixture] = [:]
    var queued: [String: [Reply]] = [:]
    var seen: [Seen] = []
    var notModified = 0
    var inFlight = 0
    var maxInFlight = 0
    var delay: Duration = .zero

    func begin(key: String, headers: [String: String]) -> (Reply, Duration) {
      seen.append(Seen(path: key, headers: headers))
      inFlight += 1
      maxInFlight = max(maxInFlight, inFlight)
      if var replies = queued[key], !replies.isEmpty {
        let reply = replies.removeFirst()
        queued[key] = replies
        return (reply, delay)
      }
      guard let fixture = fixtures[key] else {
        return (Reply(status: 404, body: Data("Not Found".utf8)), delay)
      }
      var responseHeaders = ["Content-Type": "application/json; charset=utf-8"]
      if let maxAge = fixture.maxAge {
        responseHeaders["Cache-Control"] = "public, max-age=\(maxAge)"
      }
      if let etag = fixture.etag {
        responseHeaders["ETag"] = etag
        if headers["if-none-match"] == etag {
          notModified += 1
          return (Reply(status: 304, headers: responseHeaders), delay)
        }
      }
      return (Reply(status: 200, headers: responseHeaders, body: fixture.body), delay)
    }

    func end() { inFlight -= 1 }
    func setFixture(_ key: String, _ fixture: Fixture) { fixtures[key] = fixture }
    func enqueue(_ key: String, _ reply: Reply) { queued[key, default: []].append(reply) }
    func setDelay(_ delay: Duration) { self.delay = delay }
  }

  private let state = State()
  private let server: HTTPServer
  private let task: Task<Void, any Error>
  /// The port the server listens on.
  let port: UInt16

  private init(server: HTTPServer, task: Task<Void, any Error>, port: UInt16) {
    self.server = server
    self.task = task
    self.port = port
  }

  /// Starts a server on a free loopback port.
  static func start() async throws -> FixtureServer {
    let server = HTTPServer(
      address: try sockaddr_in.inet(ip4: "127.0.0.1", port: 0), timeout: 30, logger: .disabled)
    let task = Task { try await server.run() }
    try await server.waitUntilListening()
    guard case .ip4(_, let port) = await server.listeningAddress else {
      throw URLError(.cannotConnectToHost)
    }
    let fixtureServer = FixtureServer(server: server, task: task, port: port)
    let state = fixtureServer.state
    await server.appendRoute("*") { request in
      var headers: [String: String] = [:]
      for (name, values) in request.headers { headers[name.rawValue.lowercased()] = values }
      let (reply, delay) = await state.begin(key: Self.key(for: request), headers: headers)
      if delay > .zero { try? await Task.sleep(for: delay) }
      await state.end()
      var responseHeaders = HTTPHeaders()
      for (name, value) in reply.headers { responseHeaders[HTTPHeader(name)] = value }
      return HTTPResponse(
        statusCode: HTTPStatusCode(reply.status, phrase: "Status"), headers: responseHeaders,
        body: reply.body)
    }
    return fixtureServer
  }

  /// `http://127.0.0.1:<port>/api/v2`.
  var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/api/v2")! }

  /// The path and query a fixture is filed under: trailing slash removed, query as sent.
  private static func key(for request: HTTPRequest) -> String {
    var path = request.path
    while path.count > 1, path.hasSuffix("/") { path.removeLast() }
    guard !request.query.isEmpty else { return path }
    return path + "?" + request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
  }

  private static func normalise(_ key: String) -> String {
    let parts = key.split(separator: "?", maxSplits: 1).map(String.init)
    var path = "/api/v2/" + parts[0].trimmingCharacters(in: ["/"])
    while path.hasSuffix("/") { path.removeLast() }
    return parts.count == 2 ? path + "?" + parts[1] : path
  }

  /// Serves `json` at `path` (relative to `/api/v2/`, e.g. `"pokemon-species/133"`);
  /// `{base}` in the text becomes the server's base URL.
  func serve(_ path: String, json: String, etag: String? = "W/\"1\"", maxAge: Int? = 86_400) async {
    let body = Data(json.replacingOccurrences(of: "{base}", with: baseURL.absoluteString).utf8)
    await state.setFixture(
      Self.normalise(path), State.Fixture(body: body, etag: etag, maxAge: maxAge))
  }

  /// Answers the next request for `path` with `reply` instead of the fixture.
  func enqueue(_ path: String, _ reply: Reply) async {
    await state.enqueue(Self.normalise(path), reply)
  }

  /// Delays every answer.
  func setDelay(_ delay: Duration) async { await state.setDelay(delay) }

  /// Requests received for `path` (or all when `nil`).
  func requests(_ path: String? = nil) async -> [Seen] {
    let all = await state.seen
    guard let path else { return all }
    let key = Self.normalise(path)
    return all.filter { $0.path == key }
  }

  /// How many `304`s were sent.
  func notModifiedCount() async -> Int { await state.notModified }

  /// The most requests ever in progress at once.
  func maxInFlight() async -> Int { await state.maxInFlight }

  /// Stops listening: later connections are refused.
  func stop() async {
    await server.stop()
    task.cancel()
  }
}
