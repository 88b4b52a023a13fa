// libFuzzer target: the command language. Any bytes, taken as a line (and as a `-c` script),
// must parse to a command or one clear failure, and complete, without a crash.
import CommandLanguage
import FeatureFlags

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  // Half the inputs run with a feature turned off, chosen by the input's length.
  let disabled = Feature.allCases[size % Feature.allCases.count]
  let isEnabled: (Feature) -> Bool = { size % 2 == 0 || $0 != disabled }
  for line in [text] + CommandParser.splitScript(text) {
    _ = CommandParser.parse(line, isEnabled: isEnabled)
  }
  _ = CommandParser.completions(
    for: text, isEnabled: isEnabled, speciesNames: ["pikachu", "mr-mime"])
  return 0
}
