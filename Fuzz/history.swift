// libFuzzer target: the history file reader. Any bytes as the history file must load as a
// history, or be set aside as damaged, never crash; a line added afterwards must be kept.
import Foundation

@testable import Terminal

private let directory = FileManager.default.temporaryDirectory
  .appendingPathComponent("pokedex-fuzz-history-\(getpid())")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  try? FileManager.default.removeItem(at: directory)
  try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  let file = directory.appendingPathComponent("history")
  FileManager.default.createFile(
    atPath: file.path, contents: Data(UnsafeBufferPointer(start: data, count: size)))
  let store = HistoryStore(fileURL: file, limit: 50)
  store.add("open 133")
  precondition(store.entries.last == "open 133")
  return 0
}
