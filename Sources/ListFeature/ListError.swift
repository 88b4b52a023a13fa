import APIClient

/// Why a list, search or random request could not be answered. The renderers word it.
public enum ListError: Error, Sendable, Equatable {
  /// The API client failed.
  case api(APIError)
  /// A page number below 1.
  case pageBeforeFirst(page: Int)
  /// A page number after the last page.
  case pageAfterLast(page: Int, lastPage: Int)
  /// `search` without any text.
  case emptySearch
  /// Search text longer than ``ListFeature/maximumSearchLength``.
  case searchTooLong(maximum: Int)
  /// `random N` with N outside ``ListFeature/randomCountRange``.
  case randomCountOutOfRange(count: Int, allowed: ClosedRange<Int>)
  /// `filter type NAME` for a type no species has (`stellar`, `shadow`, `unknown`).
  case typeWithoutSpecies(type: String)
}
