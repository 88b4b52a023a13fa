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

  func run(ids: [Int], range: ClosedRange<Int>) async -> SyncSummary {
    var synced = 0
    var imageCount = 0
    var failures: [String] = []
    var done = 0
    let step = max(1, ids.count / 10)
    await withTaskGroup(of: (Int, String?, Bool).self) { group in
      var pending = ids[...]
      func startNext() {
        guard let id = pending.popFirst() else { return }
        group.addTask { await sync(id) }
      }
      for _ in 0..<width { startNext() }
      for await (id, failure, gotImage) in group {
        done += 1
        if let failure { failures.append("#\(id): \(failure)") } else { synced += 1 }
        if gotImage { imageCount += 1 }
        if done % step == 0 || done == ids.count {
          progress("Synced \(done)/\(ids.count)…")
        }
        if Task.isCancelled { pending = [] } else { startNext() }
      }
    }
    return SyncSummary(range: range, synced: synced, images: imageCount, failures: failures)
  }

  private func sync(_ id: Int) async -> (Int, String?, Bool) {
    do {
      _ = try await details.details(of: .id(id))
      _ = try await details.evolution(of: .id(id))
    } catch {
      return (id, error.message, false)
    }
    guard let images else { return (id, nil, false) }
    do {
      _ = try await images.download(speciesID: id)
      return (id, nil, true)
    } catch {
      return (id, error.description, false)
    }
  }
}
