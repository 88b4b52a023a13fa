import FeatureFlags

extension CommandParser {
  /// Tab completion: full words that may replace the last word of `line` (the text left of the
  /// cursor; a line ending in a space completes a new, empty word).
  ///
  /// - The first word completes to enabled command names (an alias only when no name fits, so
  ///   `evo` gives `evolution` and `exi` gives `exit`); `download` only if
  ///   `offersDownloadImage`.
  /// - After `filter`: `all`, `male`, `female`, `genderless`; after `cache`: `clear`; after
  ///   `help`: command names; after `open`: `speciesNames` starting with the word, in any case,
  ///   in their given order; after `download`: `image` if `offersDownloadImage`; after `sync`:
  ///   `--images` if the `images` feature is on.
  public static func completions(
    for line: String,
    isEnabled: (Feature) -> Bool = { _ in true },
    speciesNames: [String] = [],
    offersDownloadImage: Bool = true
  ) -> [String] {
    guard line.utf8.count <= maximumLineLength else { return [] }
    var words = line.split(whereSeparator: \.isWhitespace).map(String.init)
    let endsWithSpace = line.last?.isWhitespace ?? true
    let current = endsWithSpace ? "" : (words.popLast() ?? "")
    let prefix = current.lowercased()

    guard let commandWord = words.first else {
      return commandNames(
        startingWith: prefix, isEnabled: isEnabled, offersDownloadImage: offersDownloadImage)
    }
    guard let spec = CommandTable.command(named: commandWord), spec.isOn(isEnabled) else {
      return []
    }
    let position = words.count  // 1 = the first argument
    switch spec.completion {
    case .none:
      return []
    case .choices(let choices):
      return position == 1 ? choices.filter { $0.hasPrefix(prefix) } : []
    case .commandNames:
      return position == 1
        ? commandNames(startingWith: prefix, isEnabled: isEnabled, offersDownloadImage: true)
        : []
    case .downloadImage:
      return position == 1 && offersDownloadImage && "image".hasPrefix(prefix) ? ["image"] : []
    case .speciesNames:
      return position == 1 ? species(speciesNames, startingWith: prefix) : []
    case .syncOptions:
      let alreadyThere = words.dropFirst().contains { $0.lowercased() == "--images" }
      let offered = isEnabled(.images) && !alreadyThere && "--images".hasPrefix(prefix)
      return offered ? ["--images"] : []
    }
  }

  private static func commandNames(
    startingWith prefix: String, isEnabled: (Feature) -> Bool, offersDownloadImage: Bool
  ) -> [String] {
    let specs = CommandTable.all.filter { spec in
      spec.isOn(isEnabled) && (offersDownloadImage || spec.completion != .downloadImage)
    }
    let names = specs.map(\.name).filter { $0.hasPrefix(prefix) }
    if !names.isEmpty || prefix.isEmpty { return names }
    return specs.flatMap(\.aliases).filter { $0.hasPrefix(prefix) }
  }

  /// The names starting with `prefix` (lowercased), compared byte by byte: fast for 1025 slugs.
  private static func species(_ names: [String], startingWith prefix: String) -> [String] {
    let prefixBytes = Array(prefix.utf8)
    return names.filter { name in
      if name.utf8.starts(with: prefixBytes) { return true }
      // Only names that are not lowercase slugs need the slower comparison.
      return name.utf8.contains { (0x41...0x5A).contains($0) || $0 >= 0x80 }
        && name.lowercased().hasPrefix(prefix)
    }
  }
}
