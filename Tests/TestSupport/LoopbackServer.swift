import FlyingFox
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A FlyingFox HTTP server on a loopback port whose one route the test writes. Shared by the
/// test targets that need a real server (the HTTP client's, and the terminal tests of the whole
/// program).
public struct LoopbackServer: Sendable {
  let server: HTTPServer
  let task: Task<Void, any Error>
  /// The port it listens on.
  public let port: UInt16

  /// Starts the server on `port` (0: a free one); `handler` answers every request.
  public static func start(
    port: UInt16 = 0, _ handler: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse
  ) async throws -> LoopbackServer {
    let server = HTTPServer(
      address: try sockaddr_in.inet(ip4: "127.0.0.1", port: port), timeout: 30,
      logger: .disabled)
    await server.appendRoute("*", handler: handler)
    let task = Task { try await server.run() }
    try await server.waitUntilListening()
    guard case .ip4(_, let port) = await server.listeningAddress else {
      throw URLError(.cannotConnectToHost)
    }
    return LoopbackServer(server: server, task: task, port: port)
  }

  /// A URL on this server.
  public func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

  /// Stops listening: later connections are refused.
  public func stop() async {
    await server.stop()
    task.cancel()
  }
}

/// Request headers as a lower-cased dictionary.
public func headerDictionary(_ request: HTTPRequest) -> [String: String] {
  var headers: [String: String] = [:]
  for (name, value) in request.headers { headers[name.rawValue.lowercased()] = value }
  return headers
}

/// An answer with a status, headers and a body.
public func reply(
  _ status: Int, headers: [String: String] = [:], body: Data = Data()
) -> HTTPResponse {
  var fields = HTTPHeaders()
  for (name, value) in headers { fields[HTTPHeader(name)] = value }
  return HTTPResponse(
    statusCode: HTTPStatusCode(status, phrase: "Status"), headers: fields, body: body)
}

/// A TCP socket listening on a free loopback port, and the port.
public func listenOnLoopback() throws -> (socket: Int32, port: UInt16) {
  let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_addr.s_addr = inet_addr("127.0.0.1")
  address.sin_port = 0
  var length = socklen_t(MemoryLayout<sockaddr_in>.size)
  let bound = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) }
  }
  guard listener >= 0, bound == 0, listen(listener, 4) == 0 else {
    throw URLError(.cannotConnectToHost)
  }
  withUnsafeMutablePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      _ = getsockname(listener, $0, &length)
    }
  }
  return (listener, UInt16(bigEndian: address.sin_port))
}

/// Whether a connection is waiting on `listener`, or comes within `seconds`.
public func connectionWaits(on listener: Int32, within seconds: Int32) -> Bool {
  var ready = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
  return poll(&ready, 1, seconds * 1000) == 1
}
