import Models
import Terminal

/// A species or form that completion can offer: its slug, its id and its types.
public struct NameEntry: Sendable, Equatable {
  /// The slug typed after `open` (`pikachu`, `raichu-alola`).
  public var name: String
  /// The species id, or the form's `pokemon` id (above 10000).
  public var id: Int
  /// Its types as shown (`Electric`), in slot order; empty while unknown.
  public var types: [String]
  /// For a name in the session's language (`Évoli`, `ピカチュウ`), the name folded as
  /// ``NameQuery`` folds what is typed (`evoli`), so that case, accents and width do not matter.
  public var folded: String?

  public init(name: String, id: Int, types: [String] = [], folded: String? = nil) {
    self.name = name
    self.id = id
    self.types = types
    self.folded = folded
  }

  /// Whether it is a species (not one of the other forms).
  public var isSpecies: Bool { id < 10_000 }
}

/// A page's name in the session's language (`Fuite`, `Rouge Feu`) that completion offers
/// besides the slugs.
public struct LocalPageName: Sendable, Equatable {
  /// The name as the pages show it.
  public var name: String
  /// The name folded as ``NameQuery`` folds what is typed (`rouge feu`).
  public var folded: String
  /// The slug it names (`run-away`), noted beside it.
  public var slug: String

  public init(name: String, slug: String) {
    self.name = name
    self.folded = NameQuery.normalize(name)
    self.slug = slug
  }
}

/// What completion needs to know about the session.
public struct CompletionContext: Sendable, Equatable {
  /// Whether a species is open.
  public var hasSelection: Bool
  /// Whether the open species' image is downloaded.
  public var imageDownloaded: Bool
  /// The number of pages under the current filter, once known.
  public var listPageCount: Int?
  /// Every species and form, sorted by name; `nil` while they load.
  public var names: [NameEntry]?
  /// Whether a page comes before the one shown on the trail (`back` applies).
  public var canGoBack: Bool
  /// The slugs of each page kind (`ability`), sorted; a kind is missing while its names load.
  public var pageNames: [String: [String]]
  /// In a language, each kind's names in it (`games` for the games), once loaded.
  public var localPageNames: [String: [LocalPageName]]
  /// The slugs the last page shown names, by the command that opens them (`open`, `ability`):
  /// completion offers them first.
  public var links: [String: [String]]

  public init(
    hasSelection: Bool = false, imageDownloaded: Bool = false, listPageCount: Int? = nil,
    names: [NameEntry]? = nil, canGoBack: Bool = false, pageNames: [String: [String]] = [:],
    localPageNames: [String: [LocalPageName]] = [:], links: [String: [String]] = [:]
  ) {
    self.localPageNames = localPageNames
    self.hasSelection = hasSelection
    self.imageDownloaded = imageDownloaded
    self.listPageCount = listPageCount
    self.names = names
    self.canGoBack = canGoBack
    self.pageNames = pageNames
    self.links = links
  }
}

extension CommandParser {
  /// Tab completion, derived from the command table: what may replace the last word of `line`
  /// (the text left of the cursor; a line ending in a space completes a new, empty word).
  ///
  /// - The first word: the enabled commands that apply now (`info`, `evolution`, `back` with a
  ///   species open, `image` when its image is downloaded, `download` when it is not); an alias
  ///   only when no name fits (`evo` → `evolution`).
  /// - `open`: names starting with the word in any case, sorted, noted with id and types; a
  ///   word of digits completes species ids, noted with names (`13` → 13, 130…139).
  /// - `search`: names. `filter`: the filters. `page`: page numbers. `random`: 1…50. `help`:
  ///   command names. `download`: `image`. `sync`: one range per generation, and `--images`.
  /// - `cache`: `clear` is listed but never inserted.
  public func completions(
    for line: String, isEnabled: (Feature) -> Bool = { _ in true },
    context: CompletionContext = CompletionContext()
  ) -> CompletionResult {
    guard line.utf8.count <= Self.maximumLineLength else { return .items([]) }
    let line = lastCommand(of: line)
    var words = line.split(whereSeparator: \.isWhitespace).map(String.init)
    let endsWithSpace = line.last?.isWhitespace ?? true
    let current = endsWithSpace ? "" : (words.popLast() ?? "")
    let prefix = current.lowercased()

    guard let commandWord = words.first else {
      return .items(
        commandNames(startingWith: prefix, isEnabled: isEnabled, context: context).map {
          CompletionItem($0)
        })
    }
    guard let spec = table.command(named: commandWord), spec.isOn(isEnabled) else {
      return .items([])
    }
    let position = words.count  // 1 = the first argument
    let first = position == 1
    switch spec.completion {
    case .none:
      return .items([])
    case .choices(let choices):
      return .items(first ? choices.filter { $0.hasPrefix(prefix) }.map { .init($0) } : [])
    case .destructive(let choices):
      let listed = first ? choices.filter { $0.hasPrefix(prefix) } : []
      return .items(
        listed.map { .init($0, note: "(type it out: it cannot be undone)", insertable: false) })
    case .commandNames:
      var names = commandNames(startingWith: prefix, isEnabled: isEnabled, context: nil)
      let topics = Self.topics.filter { $0.hasPrefix(prefix) }
      if !topics.isEmpty { names = (names + topics).sorted() }
      return .items(first ? names.map { .init($0) } : [])
    case .downloadImage:
      guard first else {
        guard words[1].lowercased() == "image" else { return .items([]) }
        let typed = words.dropFirst(2).map { $0.lowercased() }
        return .items(
          [("--shiny", "its shiny picture"), ("--female", "its female one")]
            .filter { !typed.contains($0.0) && $0.0.hasPrefix(prefix) }
            .map { CompletionItem($0.0, note: $0.1) })
      }
      let offered =
        "image".hasPrefix(prefix) && Applicability.withImageToDownload.holds(in: context)
      return .items(offered ? [.init("image")] : [])
    case .species, .searchText:
      guard first else { return .items([]) }
      guard let names = context.names else { return .message(Self.namesLoading) }
      if spec.completion == .species, !prefix.isEmpty, prefix.allSatisfy(\.isASCII),
        prefix.allSatisfy(\.isNumber)
      {
        return .items(ids(names, startingWith: prefix))
      }
      let all = species(names, startingWith: prefix)
      guard spec.completion == .species else { return .items(all) }
      return .items(linkedFirst(all, context.links["open"] ?? []))
    case .filterOptions(let typeKind, let pokedexKind):
      if first {
        let choices = ["all", "male", "female", "genderless", "type", "gen", "dex", "gender"]
        return .items(choices.filter { $0.hasPrefix(prefix) }.map { .init($0) })
      }
      if ["dex", "pokedex"].contains(words[1].lowercased()) {
        guard let names = context.pageNames[pokedexKind] else {
          return .message("The Pokédexes are still loading; Tab will offer them in a moment.")
        }
        return .items(
          named(
            names, local: context.localPageNames[pokedexKind],
            typed: Array(words.dropFirst(2)), current: current))
      }
      guard position == 2 else { return .items([]) }
      switch words[1].lowercased() {
      case "type":
        guard let types = context.pageNames[typeKind] else {
          return .message("The type names are still loading; Tab will offer them in a moment.")
        }
        return .items(types.filter { $0.hasPrefix(prefix) }.map { .init($0) })
      case "gen", "generation":
        return .items(
          Generation.all.enumerated().map { index, entry in
            CompletionItem(String(index + 1), note: entry.name)
          }.filter { $0.word.hasPrefix(prefix) })
      default: return .items([])
      }
    case .speciesEverywhere:
      guard let names = context.names else { return .message(Self.namesLoading) }
      return .items(linkedFirst(species(names, startingWith: prefix), context.links["open"] ?? []))
    case .actions(let actions, let namesAfter):
      if first { return .items(actions.filter { $0.hasPrefix(prefix) }.map { .init($0) }) }
      guard namesAfter.contains(words[1].lowercased()) else { return .items([]) }
      guard let names = context.names else { return .message(Self.namesLoading) }
      return .items(linkedFirst(species(names, startingWith: prefix), context.links["open"] ?? []))
    case .gameOption(let kind):
      if first {
        return .items("--game".hasPrefix(prefix) ? [.init("--game", note: "another game")] : [])
      }
      guard let option = words.lastIndex(where: { $0.lowercased() == "--game" }), option > 0
      else { return .items([]) }
      let typed = Array(words[(option + 1)...])
      guard let names = context.pageNames[kind] else {
        return .message("The games are still loading; Tab will offer them in a moment.")
      }
      return .items(
        named(names, local: context.localPageNames["games"], typed: typed, current: current))
    case .games:
      guard let names = context.pageNames["where"] else {
        return .message("The games are still loading; Tab will offer them in a moment.")
      }
      return .items(
        named(
          names + ["off"], local: context.localPageNames["games"], typed: Array(words.dropFirst()),
          current: current))
    case .speciesAndOptions(let options, let values):
      let typed = words.dropFirst().map { $0.lowercased() }
      if let option = typed.last, options.contains(option) {
        guard let kind = values[option] else { return .items([]) }
        guard let names = context.pageNames[kind] else {
          return .message("The \(kind) names are still loading; Tab will offer them in a moment.")
        }
        return .items(
          named(names, local: context.localPageNames[kind], typed: [], current: current))
      }
      var candidates = options.filter { !typed.contains($0) && $0.hasPrefix(prefix) }.map {
        CompletionItem($0)
      }
      // The species comes first, or between options (each followed by its value).
      var speciesTyped = false
      var index = 0
      while index < typed.count {
        if options.contains(typed[index]) {
          index += 2
        } else {
          (speciesTyped, index) = (true, index + 1)
        }
      }
      if !speciesTyped, !prefix.hasPrefix("-") {
        guard let names = context.names else { return .message(Self.namesLoading) }
        candidates =
          linkedFirst(species(names, startingWith: prefix), context.links["open"] ?? [])
          + candidates
      }
      return .items(candidates)
    case .findTerms(let speciesFields, let moveFields, let kinds, let choices):
      return findTerms(
        current: current, words: Array(words.dropFirst()),
        fields: words.dropFirst().first?.lowercased() == "moves" ? moveFields : speciesFields,
        kinds: kinds, choices: choices, context: context)
    case .pageNames(let kind):
      guard let names = context.pageNames[kind] else {
        return .message("The \(kind) names are still loading; Tab will offer them in a moment.")
      }
      let all = named(
        names, local: context.localPageNames[kind], typed: Array(words.dropFirst()),
        current: current)
      return .items(linkedFirst(all, context.links[kind] ?? []))
    case .listPages:
      guard first, let count = context.listPageCount else { return .items([]) }
      return .items(numbers(1...max(1, count), startingWith: prefix))
    case .count(let range):
      return .items(first ? numbers(range, startingWith: prefix) : [])
    case .imagesOption:
      let offered = first && isEnabled(.images) && "--images".hasPrefix(prefix)
      return .items(offered ? [.init("--images", note: "download the missing images")] : [])
    case .syncOptions:
      let typed = words.dropFirst().map { $0.lowercased() }
      var candidates: [CompletionItem] = []
      if !typed.contains(where: { !$0.hasPrefix("--") }) {
        candidates += Generation.all.map { CompletionItem($0.range, note: $0.name) }
          .filter { $0.word.hasPrefix(prefix) }
      }
      if isEnabled(.images), !typed.contains("--images"), "--images".hasPrefix(prefix) {
        candidates.append(.init("--images", note: "download their images too"))
      }
      if !typed.contains("--species-only"), "--species-only".hasPrefix(prefix) {
        candidates.append(.init("--species-only", note: "not every kind's pages (quicker)"))
      }
      return .items(candidates)
    }
  }

  /// What Tab says while the species names load.
  public static let namesLoading =
    "The species names are still loading; Tab will offer them in a moment."

  /// What the command in `line` takes, to show dimmed after it (`page ` → `N (1–52)`): only when
  /// `line` is an enabled command that takes arguments, followed by white space and nothing else.
  public func argumentHint(
    for line: String, isEnabled: (Feature) -> Bool = { _ in true },
    context: CompletionContext = CompletionContext()
  ) -> String? {
    let line = lastCommand(of: line)
    guard line.last?.isWhitespace == true, line.utf8.count <= 64 else { return nil }
    let words = line.split(whereSeparator: \.isWhitespace)
    guard words.count == 1, let spec = table.command(named: String(words[0])),
      spec.isOn(isEnabled), !spec.arguments.isEmpty
    else { return nil }
    switch spec.completion {
    case .listPages:
      return context.listPageCount.map { "N (1–\($0))" } ?? spec.arguments
    case .count(let range):
      return "\(spec.arguments) (\(range.lowerBound)–\(range.upperBound))"
    default:
      return spec.arguments
    }
  }

  /// `items` with those the last page names first, in the page's order, noted so.
  /// The slugs starting with the word being typed (as the argument's first word), then the
  /// names in the language the whole argument typed so far starts, folded: each inserted from
  /// the word being typed on (`game rouge f` → `Feu`, the rest of `Rouge Feu`).
  private func named(
    _ slugs: [String], local: [LocalPageName]?, typed: [String], current: String
  ) -> [CompletionItem] {
    var items: [CompletionItem] = []
    if typed.isEmpty {
      let prefixBytes = Array(current.lowercased().utf8)
      items = slugs.filter { $0.utf8.starts(with: prefixBytes) }.map { CompletionItem($0) }
    }
    guard let local, !(typed.isEmpty && current.isEmpty) else { return items }
    let folded = NameQuery.normalize((typed + [current]).joined(separator: " "))
    let shown = Set(items.map(\.word))
    var seen: Set<String> = []
    for entry in local where entry.folded.hasPrefix(folded) {
      let words = entry.name.split(separator: " ").map(String.init)
      guard words.count > typed.count else { continue }
      let word = words.dropFirst(typed.count).joined(separator: " ")
      guard !shown.contains(word), seen.insert(word).inserted else { continue }
      items.append(CompletionItem(word, note: entry.slug))
    }
    return items
  }

  private func linkedFirst(_ items: [CompletionItem], _ linked: [String])
    -> [CompletionItem]
  {
    guard !linked.isEmpty else { return items }
    let order = Dictionary(linked.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
    var first: [CompletionItem] = []
    var rest: [CompletionItem] = []
    for item in items {
      if order[item.word] != nil { first.append(item) } else { rest.append(item) }
    }
    first.sort { order[$0.word]! < order[$1.word]! }
    return first + rest
  }

  /// `find`'s terms: a field (with its `-`), or after its `:` or a `|` one of its values.
  private func findTerms(
    current: String, words: [String], fields: [String], kinds: [String: String],
    choices: [String: [String]], context: CompletionContext
  ) -> CompletionResult {
    let sign = current.hasPrefix("-") ? "-" : ""
    let body = current.dropFirst(sign.count)
    guard let colon = body.firstIndex(of: ":") else {
      var items = fields.filter { $0.hasPrefix(body.lowercased()) }.map {
        CompletionItem(sign + $0)
      }
      if words.isEmpty, sign.isEmpty, "moves".hasPrefix(body.lowercased()) {
        items.insert(CompletionItem("moves", note: "ask the moves"), at: 0)
      }
      return .items(items)
    }
    let field = body[..<colon].lowercased()
    let values = body[body.index(after: colon)...]
    let start = values.lastIndex(of: "|").map { values.index(after: $0) } ?? values.startIndex
    var lead = sign + body[...colon] + values[..<start]
    var typed = String(values[start...]).lowercased()
    var names: [String]
    if field == "learns", let slash = typed.firstIndex(of: "/") {
      lead += typed[...slash]
      typed = String(typed[typed.index(after: slash)...])
      names = ["level-up", "machine", "egg", "tutor"]
    } else if let fixed = choices[field] {
      names = fixed
    } else if field == "learnedby" {
      guard let species = context.names else { return .message(Self.namesLoading) }
      names = species.filter(\.isSpecies).map(\.name)
    } else if let kind = kinds[field] {
      guard let loaded = context.pageNames[kind] else {
        return .message("The \(kind) names are still loading; Tab will offer them in a moment.")
      }
      names = loaded
    } else {
      return .items([])
    }
    return .items(names.filter { $0.hasPrefix(typed) }.sorted().map { CompletionItem(lead + $0) })
  }

  /// The kind whose names in the session's language completing `line`'s command offers: its
  /// page kind's (`ability`), `games` for `game` and `--game`; `nil` for none.
  public func kindOfLocalNames(in line: String) -> String? {
    guard let word = lastCommand(of: line).split(whereSeparator: \.isWhitespace).first,
      let spec = table.command(named: String(word))
    else { return nil }
    switch spec.completion {
    case .pageNames(let kind): return kind
    case .games, .gameOption: return "games"
    case .filterOptions(_, let pokedexKind):
      let words = lastCommand(of: line).split(whereSeparator: \.isWhitespace)
      let typing = line.last?.isWhitespace == true ? words.count : words.count - 1
      guard words.count > 1, typing >= 2, ["dex", "pokedex"].contains(words[1].lowercased())
      else { return nil }
      return pokedexKind
    case .speciesAndOptions(_, let values):
      // The option before the word being typed, when its value is a kind's name.
      let words = lastCommand(of: line).split(whereSeparator: \.isWhitespace)
      let option = line.last?.isWhitespace == true ? words.last : words.dropLast().last
      return option.flatMap { values[$0.lowercased()] }
    default: return nil
    }
  }

  /// The command being typed: the text after the last `;` (`list; op` → ` op`).
  private func lastCommand(of line: String) -> Substring {
    guard let separator = line.lastIndex(of: ";") else { return line[...] }
    return line[line.index(after: separator)...]
  }

  /// The enabled commands starting with `prefix` that apply in `context` (all when `nil`).
  private func commandNames(
    startingWith prefix: String, isEnabled: (Feature) -> Bool, context: CompletionContext?
  ) -> [String] {
    let specs = table.all.filter { spec in
      spec.isOn(isEnabled) && (context.map(spec.applies.holds) ?? true)
    }
    let names = specs.map(\.name).filter { $0.hasPrefix(prefix) }
    if !names.isEmpty || prefix.isEmpty { return names }
    return specs.flatMap(\.aliases).filter { $0.hasPrefix(prefix) }
  }

  /// The names starting with `prefix` (lowercased), compared byte by byte (fast for 1300 slugs),
  /// noted with id and types.
  private func species(_ names: [NameEntry], startingWith prefix: String)
    -> [CompletionItem]
  {
    let prefixBytes = Array(prefix.utf8)
    let foldedPrefix = prefix.isEmpty ? "" : NameQuery.normalize(prefix)
    return names.filter { entry in
      if entry.name.utf8.starts(with: prefixBytes) { return true }
      if let folded = entry.folded { return folded.hasPrefix(foldedPrefix) }
      // Only names that are not lowercase slugs need the slower comparison.
      return entry.name.utf8.contains { (0x41...0x5A).contains($0) || $0 >= 0x80 }
        && entry.name.lowercased().hasPrefix(prefix)
    }.map { entry in
      let id = entry.isSpecies ? "#\(entry.id)" : "form"
      return CompletionItem(entry.name, note: note(id, entry.types))
    }
  }

  /// The species whose ids start with `prefix`, in order, noted with names and types.
  private func ids(_ names: [NameEntry], startingWith prefix: String)
    -> [CompletionItem]
  {
    names.filter { $0.isSpecies && $0.folded == nil && String($0.id).hasPrefix(prefix) }
      .sorted { $0.id < $1.id }
      .map { entry in
        CompletionItem(String(entry.id), note: note(entry.name, entry.types, width: 12))
      }
  }

  /// `#25    Electric`: the first column padded to `width` columns, so the types line up.
  private func note(_ first: String, _ types: [String], width: Int = 5) -> String {
    guard !types.isEmpty else { return first }
    let padding = String(repeating: " ", count: max(0, width - DisplayWidth.of(first)))
    return "\(first)\(padding)  \(types.joined(separator: "/"))"
  }

  private func numbers(_ range: ClosedRange<Int>, startingWith prefix: String)
    -> [CompletionItem]
  {
    range.lazy.map(String.init).filter { $0.hasPrefix(prefix) }.map { CompletionItem($0) }
  }
}

/// The ranges `sync` completion offers: one per generation of the National Pokédex.
enum Generation {
  /// A generation's id range and name.
  struct Entry {
    var range: String
    var name: String
  }

  static let all = [
    Entry(range: "1-151", name: "Generation I (Kanto)"),
    Entry(range: "152-251", name: "Generation II (Johto)"),
    Entry(range: "252-386", name: "Generation III (Hoenn)"),
    Entry(range: "387-493", name: "Generation IV (Sinnoh)"),
    Entry(range: "494-649", name: "Generation V (Unova)"),
    Entry(range: "650-721", name: "Generation VI (Kalos)"),
    Entry(range: "722-809", name: "Generation VII (Alola)"),
    Entry(range: "810-905", name: "Generation VIII (Galar, Hisui)"),
    Entry(range: "906-1025", name: "Generation IX (Paldea)"),
  ]
}
