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
    let distance = editDistance(typed, Array(candidate), limit: limit)
    if distance <= limit, distance < (best?.distance ?? Int.max) {
      best = (candidate, distance)
    }
  }
  return best?.candidate
}

/// Optimal string alignment distance (insert, delete, substitute, swap neighbours), giving up
/// with `limit + 1` as soon as it is certain to exceed `limit`.
func editDistance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
  if abs(a.count - b.count) > limit { return limit + 1 }
  if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
  var beforePrevious = [Int](repeating: 0, count: b.count + 1)
  var previous = Array(0...b.count)
  var current = [Int](repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    current[0] = i
    var rowMinimum = current[0]
    for j in 1...b.count {
      let cost = a[i - 1] == b[j - 1] ? 0 : 1
      var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
        value = min(value, beforePrevious[j - 2] + 1)
      }
      current[j] = value
      rowMinimum = min(rowMinimum, value)
    }
    if rowMinimum > limit { return limit + 1 }
    (beforePrevious, previous, current) = (previous, current, beforePrevious)
  }
  return previous[b.count]
}
