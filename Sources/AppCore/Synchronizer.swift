import APIClient
import DetailFeature
import ImageFeature

/// `sync`: fetches species ahead of time (details, pokemon, evolution chain, optionally the
/// image) so that they work offline, a few at a time, reporting progress.
struct Synchronizer: Sendable {
  let details: any SpeciesDetails
  let images: ImageFeature?
  let progress: @Sendable (String) -> Void
  /// Species fetched at once; the API client bounds its own requests too.
  let width = 4

  /// What happened to one species.
  private struct Result: Sendable {
    var id: Int
    /// Its details, pokemon and evolution chain are cached.
    var synced: Bool
    var failure: String?
    var gotImage = false
  }

  /// Syncs `ids` (ascending, all known to the index).
  func run(ids: [Int]) async -> SyncSummary {
    var results: [Result] = []
    let step = max(1, ids.count / 10)
    await withTaskGroup(of: Result.self) { group in
      var pending = ids[...]
      func startNext() {
        guard let id = pending.popFirst() else { return }
        group.addTask { await sync(id) }
      }
      for _ in 0..<width { startNext() }
      for await result in group {
        results.append(result)
        if results.count % step == 0 || results.count == ids.count {
          progress("Synced \(results.count)/\(ids.count)…")
        }
        if Task.isCancelled { pending = [] } else { startNext() }
      }
    }
    results.sort { $0.id < $1.id }
    let failures = results.compactMap { result in result.failure.map { "#\(result.id): \($0)" } }
    return SyncSummary(
      range: (ids.first ?? 0)...(ids.last ?? 0), synced: results.filter(\.synced).count,
      images: results.filter(\.gotImage).count, failures: failures)
  }

  private func sync(_ id: Int) async -> Result {
    do {
      _ = try await details.details(of: .id(id))
      _ = try await details.evolution(of: .id(id))
    } catch {
      return Result(id: id, synced: false, failure: error.message)
    }
    guard let images else { return Result(id: id, synced: true) }
    do {
      _ = try await images.download(speciesID: id)
      return Result(id: id, synced: true, gotImage: true)
    } catch {
      return Result(id: id, synced: true, failure: "image: \(error.description)")
    }
  }
}
