import Foundation
import Testing

@testable import LineEditorLibEdit

@Suite("History file")
struct HistoryStoreTests {
  private func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("history-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func entriesSurviveARestartInOrder() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("state/pokedex/history")

    let first = HistoryStore(fileURL: file, limit: 100)
    for line in ["open eevee", "evolution", "search wörld", #"filter a\b "quoted""#, "next\tpage"] {
      first.add(line)
    }

    let second = HistoryStore(fileURL: file, limit: 100)
    #expect(
      second.entries == [
        "open eevee", "evolution", "search wörld", #"filter a\b "quoted""#, "next\tpage",
      ])
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(text.hasPrefix("_HiStOrY_V2_\n"))
  }

  @Test func consecutiveDuplicatesAndBlankLinesAreNotAdded() {
    let store = HistoryStore(fileURL: nil, limit: 100)
    for line in ["next", "next", "  next  ", "", "   ", "prev", "next"] { store.add(line) }
    #expect(store.entries == ["next", "prev", "next"])
  }

  @Test func theOldestEntriesGoBeyondTheLimit() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("history")

    let store = HistoryStore(fileURL: file, limit: 3)
    for number in 1...5 { store.add("page \(number)") }
    #expect(store.entries == ["page 3", "page 4", "page 5"])
    #expect(HistoryStore(fileURL: file, limit: 3).entries == ["page 3", "page 4", "page 5"])
    #expect(HistoryStore(fileURL: file, limit: 2).entries == ["page 4", "page 5"])
  }

  @Test func eachAddSavesTheFileAtOnce() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("history")

    let store = HistoryStore(fileURL: file, limit: 10)
    store.add("open 133")
    #expect(HistoryStore(fileURL: file, limit: 10).entries == ["open 133"])
    store.add("evolution")
    #expect(HistoryStore(fileURL: file, limit: 10).entries == ["open 133", "evolution"])
  }

  @Test func aMissingOrForeignFileGivesAnEmptyHistory() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(
      HistoryStore(fileURL: directory.appendingPathComponent("none"), limit: 10).entries == [])

    let foreign = directory.appendingPathComponent("foreign")
    try Data("not a history file\n".utf8).write(to: foreign)
    #expect(HistoryStore(fileURL: foreign, limit: 10).entries == [])
  }

  @Test func theEditorExposesTheSameHistory() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("nested/dirs/history")

    let editor = LibEditLineEditor(programName: "test", historyFile: file, completion: nil)
    editor.addHistory("help")
    editor.addHistory("help")
    editor.addHistory("quit")
    #expect(editor.historyEntries() == ["help", "quit"])
    let reopened = LibEditLineEditor(programName: "test", historyFile: file, completion: nil)
    #expect(reopened.historyEntries() == ["help", "quit"])
  }
}
