import Models

/// `" Did you mean "open"?"` when a candidate is near `word`, otherwise `""`.
func didYouMean(_ word: String, among candidates: [String]) -> String {
  nearest(to: word, among: candidates).map { " Did you mean \"\($0)\"?" } ?? ""
}

/// The candidate `word` is meant to be: the only one it is the start of (`hist` → `history`),
/// else the nearest within edit distance 2 (1 for words of up to 3 characters), adjacent swaps
/// counting as one edit. Ties go to the earlier candidate.
func nearest(to word: String, among candidates: [String]) -> String? {
  let typed = Array(word)
  guard !typed.isEmpty, typed.count <= 32 else { return nil }
  if typed.count >= 2 {
    let extending = candidates.filter { $0.hasPrefix(word) && $0 != word }
    if extending.count == 1 { return extending[0] }
  }
  let limit = typed.count <= 3 ? 1 : 2
  var best: (candidate: String, distance: Int)?
  for candidate in candidates where candidate != word {
    let distance = TextTools.editDistance(word, candidate, limit: limit)
    if distance <= limit, distance < (best?.distance ?? Int.max) {
      best = (candidate, distance)
    }
  }
  return best?.candidate
}
