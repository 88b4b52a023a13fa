import APIClient
import DetailModels
import Models

/// The species a page shows as `open` does (`compare`, `team`): their details, opened together.
public enum SpeciesPages {
  /// The details of each of `inputs` (names, ids or slugs), opened together, in their order;
  /// the first that cannot be opened fails them all, as a page of `kind`'s error.
  static func open(
    _ inputs: [String], details: any SpeciesDetails, glossary: Glossary, kind: String
  ) async throws(PageError) -> [SpeciesDetailViewModel] {
    try await each(inputs, kind: kind) { input async throws(DetailError) in
      try await details.open(input, glossary: glossary)
    }
  }

  /// The details of the species `input` names, else of the open one (`selection`, its slug), for
  /// a page of `kind` about one species (`stats`, `breed`); an input that cannot be a name is
  /// shown with `example`.
  static func one(
    _ input: String?, selection: String?, details: any SpeciesDetails, glossary: Glossary,
    kind: String, example: String
  ) async throws(PageError) -> SpeciesDetailViewModel {
    guard let input = input ?? selection else { throw .needsSelection(kind: kind) }
    do throws(DetailError) {
      return try await details.open(input, glossary: glossary)
    } catch {
      throw PageError(error, kind: kind, example: example)
    }
  }

  /// The details of the team's `members`, by id (no name to look up), together, in slot order.
  static func details(
    of members: [TeamMember], details: any SpeciesDetails, glossary: Glossary, kind: String
  ) async throws(PageError) -> [SpeciesDetailViewModel] {
    try await each(members, kind: kind) { member async throws(DetailError) in
      try await details.details(of: .id(member.species), form: member.form, glossary: glossary)
    }
  }

  /// `load` of each of `inputs`, together, in their order; the first failure fails them all.
  private static func each<Input: Sendable>(
    _ inputs: [Input], kind: String,
    load: @escaping @Sendable (Input) async throws(DetailError) -> SpeciesDetailViewModel
  ) async throws(PageError) -> [SpeciesDetailViewModel] {
    let results = await withTaskGroup(of: (Int, Result<SpeciesDetailViewModel, DetailError>).self) {
      group in
      for (index, input) in inputs.enumerated() {
        // Caught by `APIRequests.result`, not in this closure: swiftc 6.3.1's optimized build
        // handed the loop below a wrong index (a trap, or "Cancelled."; the debug build was
        // right). scripts/end-to-end checks compare with the release build.
        group.addTask { (index, await APIRequests.result(of: load, input)) }
      }
      var results = [Result<SpeciesDetailViewModel, DetailError>?](
        repeating: nil, count: inputs.count)
      for await (index, result) in group { results[index] = result }
      return results
    }
    var shown: [SpeciesDetailViewModel] = []
    for result in results {
      switch result {
      case .success(let detail)?: shown.append(detail)
      case .failure(let error)?: throw PageError(error, kind: kind, example: "pikachu raichu")
      case nil: throw .api(.cancelled)
      }
    }
    return shown
  }
}
