import APIClient
import Models

/// Why `open`, `info` or `evolution` could not be answered, each with one sentence.
public enum DetailError: Error, Sendable, Equatable {
  /// The API client failed.
  case api(APIError)
  /// `open` without a name or id.
  case emptyInput
  /// A name longer than ``DetailFeature/maximumInputLength``.
  case inputTooLong(maximum: Int)
  /// A number that cannot be a species id (0, negative, huge).
  case invalidID(String)
  /// A prefix shared by several species; `candidates` are the first few slugs by id.
  case ambiguous(input: String, candidates: [String], total: Int)
  /// No species by that name; `suggestion` is a near slug when one exists.
  case unknown(input: String, suggestion: String?)

  /// One clear sentence for the user.
  public var message: String {
    switch self {
    case .api(let error):
      return error.message
    case .emptyInput:
      return "Name a Pokémon by id or name, e.g. `open 133` or `open eevee`."
    case .inputTooLong(let maximum):
      return "That name is too long (at most \(maximum) characters)."
    case .invalidID(let text):
      return "`\(text)` is not a Pokémon id; ids are positive numbers."
    case .ambiguous(let input, let candidates, let total):
      let more = total > candidates.count ? ", …" : ""
      let names = candidates.map(DisplayName.of).joined(separator: ", ")
      return "`\(input)` matches \(names)\(more) (\(total) Pokémon); "
        + "type more of the name."
    case .unknown(let input, let suggestion):
      if let suggestion { return "No Pokémon named `\(input)`. Did you mean \(suggestion)?" }
      return "No Pokémon named `\(input)`."
    }
  }
}
