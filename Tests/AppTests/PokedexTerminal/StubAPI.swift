import FlyingFox
import Foundation
import Locking
import TestSupport

/// A tiny PokéAPI on loopback for the terminal tests: six species in the index (Pikachu with its
/// details, and its ability Static with the list of abilities) in the API's shape, written here, with a delay and a status that a test can set per path.
final class StubAPI: Sendable {
  private struct Rule {
    var pathContains: String
    var delay: Duration
    var status: Int?
  }

  private struct State {
    var port: UInt16 = 0
    var rules: [Rule] = []
    var maxAge = 86_400
    var server: LoopbackServer?
    var moreSpecies = 0
  }

  private let state = Locked(State())

  /// The port it listens on (or will, for one made with ``notListening()``).
  var port: UInt16 { state.withLock { $0.port } }

  /// A stub listening on a free port.
  static func start() async throws -> StubAPI {
    let api = StubAPI()
    try await api.listen()
    return api
  }

  /// A stub that is not listening yet, on a port that was free a moment ago.
  static func notListening() async throws -> StubAPI {
    let probe = try await LoopbackServer.start { _ in reply(404) }
    await probe.stop()
    let api = StubAPI()
    api.state.withLock { $0.port = probe.port }
    return api
  }

  /// Starts listening, on the same port as before if it had one.
  func listen() async throws {
    let running = try await LoopbackServer.start(port: port) { [self] request in
      await answer(request)
    }
    state.withLock { state in
      state.port = running.port
      state.server = running
    }
  }

  /// Stops listening: connections are refused.
  func stop() async {
    let running = state.withLock { state in
      defer { state.server = nil }
      return state.server
    }
    await running?.stop()
  }

  /// Answers paths containing `fragment` after `delay`, with `status` instead of the body when
  /// given. Later rules win.
  func slow(_ fragment: String, by delay: Duration, status: Int? = nil) {
    state.withLock { $0.rules.append(Rule(pathContains: fragment, delay: delay, status: status)) }
  }

  /// Drops every rule: what is asked from now on is answered at once (what waits, waits on).
  func recover() {
    state.withLock { $0.rules = [] }
  }

  /// Adds `count` made-up species to the index (`mon1` … as #2001 …), for long listings.
  func addSpecies(_ count: Int) {
    state.withLock { $0.moreSpecies = count }
  }

  /// The `Cache-Control: max-age` of the answers (0 makes them stale at once).
  func setMaxAge(_ seconds: Int) {
    state.withLock { $0.maxAge = seconds }
  }

  private func answer(_ request: HTTPRequest) async -> HTTPResponse {
    var path = request.path
    while path.hasSuffix("/") { path.removeLast() }
    let (rule, maxAge) = state.withLock { state in
      (state.rules.last { path.contains($0.pathContains) }, state.maxAge)
    }
    if let rule { try? await Task.sleep(for: rule.delay) }
    if let status = rule?.status { return reply(status, body: Data("stub".utf8)) }
    guard let body = body(for: path) else { return reply(404, body: Data("Not Found".utf8)) }
    return reply(
      200,
      headers: [
        "Content-Type": "application/json", "Cache-Control": "max-age=\(maxAge)",
      ], body: Data(body.utf8))
  }

  private func body(for path: String) -> String? {
    let base = "http://127.0.0.1:\(port)/api/v2"
    let more = state.withLock { $0.moreSpecies }
    switch path {
    case "/api/v2/pokemon-species":
      let extra = (0..<more).map {
        #"{"name": "mon\#($0 + 1)", "url": "\#(base)/pokemon-species/\#(2001 + $0)/"},"#
      }.joined(separator: "\n")
      return """
        {"count": \(6 + more), "next": null, "previous": null, "results": [
          \(extra)
          {"name": "weedle", "url": "\(base)/pokemon-species/13/"},
          {"name": "pikachu", "url": "\(base)/pokemon-species/25/"},
          {"name": "gyarados", "url": "\(base)/pokemon-species/130/"},
          {"name": "lapras", "url": "\(base)/pokemon-species/131/"},
          {"name": "eevee", "url": "\(base)/pokemon-species/133/"},
          {"name": "pichu", "url": "\(base)/pokemon-species/172/"}]}
        """
    case "/api/v2/pokemon-species/25", "/api/v2/pokemon-species/pikachu":
      func named(_ language: String, _ key: String, _ text: String) -> String {
        #"{"\#(key)": "\#(text)", "language": {"name": "\#(language)", "url": "\#(base)/language/1/"}}"#
      }
      // Names and texts in Japanese and Korean, for the terminal in those languages.
      return """
        {"id": 25, "name": "pikachu", "gender_rate": 4,
         "names": [\(named("ja", "name", "ピカチュウ")), \(named("ko", "name", "피카츄")),
                   \(named("en", "name", "Pikachu"))],
         "genera": [\(named("ja", "genus", "ねずみポケモン")), \(named("ko", "genus", "쥐포켓몬")),
                    \(named("en", "genus", "Mouse Pokémon"))],
         "flavor_text_entries": [
           \(named("ja", "flavor_text", "ほっぺたの　りょうがわに　ちいさい　でんきぶくろを　もつ。ピンチの　ときに　ほうでんする。")),
           \(named("ko", "flavor_text", "양쪽 볼에 작은 전기 주머니를 가졌다. 위기에 처하면 방전한다.")),
           \(named("en", "flavor_text", "It has small electric sacs on both its cheeks."))],
         "varieties": [
          {"is_default": true, "pokemon": {"name": "pikachu", "url": "\(base)/pokemon/25/"}}]}
        """
    case "/api/v2/type":
      return """
        {"count": 1, "next": null, "previous": null, "results": [
          {"name": "electric", "url": "\(base)/type/13/"}]}
        """
    case "/api/v2/type/13", "/api/v2/type/electric":
      return """
        {"id": 13, "name": "electric",
         "names": [{"name": "でんき", "language": {"name": "ja", "url": "\(base)/language/1/"}},
                   {"name": "전기", "language": {"name": "ko", "url": "\(base)/language/3/"}},
                   {"name": "Electric", "language": {"name": "en", "url": "\(base)/language/9/"}}],
         "damage_relations": {"double_damage_from": [], "half_damage_from": [],
           "no_damage_from": []},
         "pokemon": [{"slot": 1, "pokemon": {"name": "pikachu", "url": "\(base)/pokemon/25/"}}]}
        """
    case "/api/v2/version-group":
      return #"{"count": 0, "next": null, "previous": null, "results": []}"#
    case "/api/v2/stat":
      return #"{"count": 0, "next": null, "previous": null, "results": []}"#
    case "/api/v2/pokemon/25":
      return """
        {"id": 25, "name": "pikachu", "height": 4, "weight": 60, "stats": [], "moves": [],
         "abilities": [
           {"ability": {"name": "static", "url": "\(base)/ability/9/"}, "is_hidden": false,
            "slot": 1},
           {"ability": {"name": "lightning-rod", "url": "\(base)/ability/31/"},
            "is_hidden": true, "slot": 3}],
         "types": [{"slot": 1, "type": {"name": "electric", "url": "\(base)/type/13/"}}]}
        """
    case "/api/v2/ability":
      return """
        {"count": 4, "next": null, "previous": null, "results": [
          {"name": "adaptability", "url": "\(base)/ability/91/"},
          {"name": "lightning-rod", "url": "\(base)/ability/31/"},
          {"name": "overgrow", "url": "\(base)/ability/65/"},
          {"name": "static", "url": "\(base)/ability/9/"}]}
        """
    case "/api/v2/ability/9", "/api/v2/ability/static":
      return """
        {"id": 9, "name": "static",
         "names": [{"name": "Static", "language": {"name": "en", "url": "\(base)/language/9/"}}],
         "effect_entries": [{"effect": "Paralyses.", "short_effect": "May paralyse on contact.",
           "language": {"name": "en", "url": "\(base)/language/9/"}}],
         "pokemon": [{"is_hidden": false, "slot": 1,
           "pokemon": {"name": "pikachu", "url": "\(base)/pokemon/25/"}}]}
        """
    default:
      return nil
    }
  }
}
