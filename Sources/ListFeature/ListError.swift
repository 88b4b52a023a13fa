import APIClient

/// Why a list, search or random request could not be answered, each with one sentence.
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

  /// One clear sentence for the user.
  public var message: String {
    switch self {
    case .api(let error):
      error.message
    case .pageBeforeFirst(let page):
      "Page \(page) does not exist; pages start at 1."
    case .pageAfterLast(let page, let lastPage):
      "Page \(page) is past the last page (\(lastPage))."
    case .emptySearch:
      "Search needs some text, e.g. `search pika`."
    case .searchTooLong(let maximum):
      "Search text is too long (at most \(maximum) characters)."
    case .randomCountOutOfRange(let count, let allowed):
      "Cannot pick \(count) random Pokémon; choose \(allowed.lowerBound) to \(allowed.upperBound)."
    }
  }
}
