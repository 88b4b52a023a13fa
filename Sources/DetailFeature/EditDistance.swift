import Models

extension NameQuery {
  /// The Levenshtein distance between `a` and `b` (characters), stopping early beyond `limit`.
  static func editDistance(_ a: String, _ b: String, limit: Int) -> Int {
    let a = Array(a)
    let b = Array(b)
    if abs(a.count - b.count) > limit { return limit + 1 }
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      var rowMinimum = current[0]
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
        rowMinimum = min(rowMinimum, current[j])
      }
      if rowMinimum > limit { return limit + 1 }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
