import APIClient
import Models

/// Why `open`, `info` or `evolution` could not be answered. The renderers word it.
public enum DetailError: Error, Sendable, Equatable {
  /// The API client failed.
  case api(APIError)
  /// `open` without a name or id.
  case emptyInput
  /// A name longer than the detail feature takes (`DetailFeature.maximumInputLength`).
  case inputTooLong(maximum: Int)
  /// A number that cannot be a species id (0, negative, huge).
  case invalidID(String)
  /// A prefix shared by several species; `candidates` are the first few slugs by id.
  case ambiguous(input: String, candidates: [String], total: Int)
  /// No species by that name; `suggestion` is a near slug when one exists.
  case unknown(input: String, suggestion: String?)
  /// A species the index names (Garchomp, #445) that the server has no answer for.
  case notServed(name: String, id: Int)
}
