// libFuzzer target: the command language. Any bytes, taken as a line (and as a `-c` script),
// must parse to a command or one clear failure, expand `!N` against a history, and complete
// and hint in every context, without a crash.
import CommandLanguage
import Session

/// pokedex's commands: the built-in ones and every page kind's.
private let commands = SessionCommands.all
private let parser = commands.parser

private let names = [
  NameEntry(name: "mr-mime", id: 122, types: ["Psychic", "Fairy"]),
  NameEntry(name: "pikachu", id: 25, types: ["Electric"]),
  NameEntry(name: "raichu-alola", id: 10_100),
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  // Half the inputs run with a feature turned off, chosen by the input's length.
  let disabled = Feature.builtIn[size % Feature.builtIn.count]
  let isEnabled: (Feature) -> Bool = { size % 2 == 0 || $0 != disabled }
  for line in [text] + CommandParser.splitScript(text) {
    _ = commands.parse(line, isEnabled: isEnabled)
    _ = commands.isWorthSuggesting(line, isEnabled: isEnabled, names: names)
    _ = HistoryExpansion.expand(line, history: ["open 25", "evo", text])
  }
  let context = CompletionContext(
    hasSelection: size % 3 == 0, imageDownloaded: size % 5 == 0, listPageCount: size % 60,
    names: size % 7 == 0 ? nil : names)
  _ = parser.completions(for: text, isEnabled: isEnabled, context: context)
  _ = parser.argumentHint(for: text, isEnabled: isEnabled, context: context)
  return 0
}
