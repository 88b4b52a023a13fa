/// The transport for `--offline`: it never touches the network and fails every request as if
/// there were no connection, so every caller's offline path (cache, clear message) applies.
public struct OfflineHTTPClient: HTTPClient {
  public init() {}

  public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    throw .connectionFailed
  }
}
