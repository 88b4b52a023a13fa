import APIClient
import Models

/// One kind of page: the command that opens it, where its names come from, and how a resolved
/// name becomes a page. A feature module makes one over a client; the composition root lists
/// them in the ``PageDirectory``, and the command table has one line each.
public struct PageKind: Sendable {
  /// The command, which is also the address's and the JSON output's `type` (`ability`).
  public let name: String
  /// A name of the kind for messages and help (`static`).
  public let example: String
  /// Every name of the kind (`GET ability?limit=…`); `nil` when the page takes no name (`types`).
  public let names: (@Sendable () async throws(APIError) -> [NamedResource])?
  /// The page for a slug or id (one of the names), or for no name when ``names`` is `nil`.
  public let show: @Sendable (_ slug: String?) async throws(APIError) -> any Page

  public init(
    name: String, example: String,
    names: (@Sendable () async throws(APIError) -> [NamedResource])?,
    show: @escaping @Sendable (String?) async throws(APIError) -> any Page
  ) {
    self.name = name
    self.example = example
    self.names = names
    self.show = show
  }

  /// A kind whose names are the API's list at `path` (`ability`), each page made from the
  /// resource of that name.
  public static func named<R: APIResource>(
    _ name: String, example: String, resource: R.Type, client: any PokeAPIClient,
    page: @escaping @Sendable (R, any PokeAPIClient) async throws(APIError) -> any Page
  ) -> PageKind {
    PageKind(
      name: name, example: example,
      names: { () async throws(APIError) in try await client.names(of: R.path) },
      show: { slug async throws(APIError) in
        try await page(try await client.resource(R.self, slug ?? ""), client)
      })
  }
}

/// Why a page could not be shown.
public enum PageError: Error, Sendable, Equatable {
  /// No name of the kind is or starts with the input; `suggestion` is a near one.
  case unknown(kind: String, input: String, suggestion: String?)
  /// Several names start with the input: the first few, and how many there are.
  case ambiguous(kind: String, input: String, candidates: [String], total: Int)
  /// The input is empty once cleaned, or absurdly long; `example` is a name of the kind.
  case invalidName(kind: String, example: String)
  /// The API failed.
  case api(APIError)
}
