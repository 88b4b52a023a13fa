/// Turns what a user types into one of a set of values, each known by several names (its slug,
/// its English name, its name in the chosen language), all compared folded the same way
/// (``NameQuery/normalize(_:)``): an exact name, else the only value one of whose names starts
/// with the input, else several (ambiguous), else none with the nearest name as a suggestion.
/// A value's first name is its own (its slug): typed exactly, it wins over another value's
/// other names that fold the same (`red` is the version Red, not Japan's Red, `red-japan`).
public struct NameResolver<Value: Hashable & Sendable>: Sendable {
  /// What the input names.
  public enum Resolution: Sendable, Equatable {
    /// One value: a name of it is the input, or the only one the input starts.
    case found(Value)
    /// Several values have a name the input starts: the first `candidates` (in the order the
    /// values were given), and how many there are.
    case ambiguous(candidates: [Value], total: Int)
    /// None: `suggestion` has a name within a typo or two of the input (one for four
    /// characters or fewer, three for more than eight).
    case unknown(suggestion: Value?)
  }

  /// The folded names, each with the values it names (a name two values share names both).
  private let byName: [String: [Value]]
  /// The values whose first name each folded name is.
  private let byFirstName: [String: [Value]]
  /// Every folded name, sorted: prefixes and suggestions are found in a steady order.
  private let names: [String]
  /// Each value's place in the order given.
  private let rank: [Value: Int]

  /// The values with their names; names that fold to nothing are left out.
  public init(_ entries: [(value: Value, names: [String])]) {
    var byName: [String: [Value]] = [:]
    var byFirstName: [String: [Value]] = [:]
    var rank: [Value: Int] = [:]
    for (index, entry) in entries.enumerated() {
      if rank[entry.value] == nil { rank[entry.value] = index }
      if let first = entry.names.first.map(NameQuery.normalize), !first.isEmpty,
        !(byFirstName[first]?.contains(entry.value) ?? false)
      {
        byFirstName[first, default: []].append(entry.value)
      }
      for name in entry.names {
        let folded = NameQuery.normalize(name)
        guard !folded.isEmpty else { continue }
        if !(byName[folded]?.contains(entry.value) ?? false) {
          byName[folded, default: []].append(entry.value)
        }
      }
    }
    self.byName = byName
    self.byFirstName = byFirstName
    self.rank = rank
    names = byName.keys.sorted()
  }

  /// The most candidates an ambiguous input lists.
  public static var maximumCandidates: Int { 8 }

  /// What `typed` names.
  public func resolve(_ typed: String) -> Resolution {
    let query = NameQuery.normalize(typed)
    guard !query.isEmpty else { return .unknown(suggestion: nil) }
    if let own = byFirstName[query], own.count == 1 { return .found(own[0]) }
    if let exact = byName[query] {
      return exact.count == 1 ? .found(exact[0]) : ambiguous(exact)
    }
    var prefixed: [Value] = []
    var seen: Set<Value> = []
    for name in names where name.hasPrefix(query) {
      for value in byName[name] ?? [] where seen.insert(value).inserted { prefixed.append(value) }
    }
    if prefixed.count == 1 { return .found(prefixed[0]) }
    if !prefixed.isEmpty { return ambiguous(prefixed) }
    let limit = query.count <= 4 ? 1 : (query.count <= 8 ? 2 : 3)
    var best: (name: String, distance: Int)?
    for name in names {
      let distance = TextTools.editDistance(query, name, limit: limit)
      if distance <= limit, distance < (best?.distance ?? Int.max) { best = (name, distance) }
    }
    return .unknown(suggestion: best.flatMap { byName[$0.name]?.first })
  }

  private func ambiguous(_ values: [Value]) -> Resolution {
    let ordered = values.sorted { (rank[$0] ?? 0) < (rank[$1] ?? 0) }
    return .ambiguous(
      candidates: Array(ordered.prefix(Self.maximumCandidates)), total: values.count)
  }
}
