import Foundation

/// A GET request: a URL, extra headers (e.g. `If-None-Match`) and the largest body accepted.
public struct HTTPRequest: Sendable, Hashable {
  public var url: URL
  public var headers: [String: String]
  /// The most bytes of body accepted: a longer answer is abandoned as soon as it is seen to be
  /// longer (its `Content-Length`, or the bytes received so far), never read whole; a compressed
  /// one is held to it as it comes, and again as it is inflated. `nil`: no bound.
  public var maximumBodyBytes: Int?

  public init(url: URL, headers: [String: String] = [:], maximumBodyBytes: Int? = nil) {
    self.url = url
    self.headers = headers
    self.maximumBodyBytes = maximumBodyBytes
  }
}

extension URL {
  /// The URL as text with any user name and password removed, for logs, messages and cache keys:
  /// credentials given in `--api-url` go to the server and nowhere else.
  public var redactingUserInfo: String {
    guard user != nil || password != nil,
      var components = URLComponents(url: self, resolvingAgainstBaseURL: false)
    else { return absoluteString }
    components.user = nil
    components.password = nil
    return components.string ?? absoluteString
  }

  /// Whether `other` has this URL's scheme, host and port (compared without case): the one test
  /// of "the same server" for redirects and for links an answer gives.
  public func hasSameOrigin(as other: URL) -> Bool {
    scheme?.lowercased() == other.scheme?.lowercased()
      && host?.lowercased() == other.host?.lowercased() && port == other.port
  }
}

/// A complete answer: status, headers (names lower-cased) and body.
public struct HTTPResponse: Sendable, Hashable {
  public var status: Int
  public var headers: [String: String]
  public var body: Data
  /// The protocol of the answer's status line: `HTTP/2`, `HTTP/1.1`; `nil` when unknown.
  public var version: String?

  public init(
    status: Int, headers: [String: String] = [:], body: Data = Data(), version: String? = nil
  ) {
    self.version = version
    self.status = status
    self.headers = Dictionary(
      headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
    self.body = body
  }

  /// The value of a header, whatever the case of `name`.
  public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// Transport failures (no HTTP answer at all).
public enum HTTPError: Error, Sendable, Equatable {
  /// The connection failed or was closed without an answer.
  case connectionFailed
  /// No answer within the time-out.
  case timedOut
  /// The task was cancelled (Ctrl-C).
  case cancelled
  /// The answer was cut off or unreadable.
  case badResponse
  /// The body is longer than the request's ``HTTPRequest/maximumBodyBytes``; the transfer was
  /// stopped there.
  case tooLarge(limit: Int)
}

/// Sends GET requests. The live implementation uses libcurl; tests use fakes or a
/// loopback server. Non-2xx statuses are answers, not errors.
public protocol HTTPClient: Sendable {
  func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse
}
