import Foundation
import ImageFeature
import Testing

/// A fresh directory under the system temporary directory, removed by `cleanUp()`.
struct TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sprite-store-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func cleanUp() { try? FileManager.default.removeItem(at: url) }

  func names(in directory: URL? = nil) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: (directory ?? url).path).sorted()
  }
}

@Suite("FileSpriteStore")
struct FileSpriteStoreTests {
  let png = Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3])

  @Test("keeps each variant apart, as the image server does, and counts any as stored")
  func variantsApart() async throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.cleanUp() }
    let store = FileSpriteStore(directory: temporary.url)
    let shinyFemale = SpriteVariant(shiny: true, female: true)
    let url = try await store.store(png, forSpecies: 25, variant: shinyFemale)
    #expect(url.path.hasSuffix("/shiny/female/25.png"))
    #expect(await store.fileURL(forSpecies: 25) == nil)
    #expect(await store.fileURL(forSpecies: 25, variant: SpriteVariant(shiny: true)) == nil)
    #expect(await store.fileURL(forSpecies: 25, variant: shinyFemale) == url)
    _ = try await store.store(png, forSpecies: 6, variant: SpriteVariant(shiny: true))
    _ = try await store.store(png, forSpecies: 3, variant: SpriteVariant(female: true))
    _ = try await store.store(png, forSpecies: 1)
    #expect(await store.storedIDs() == [1, 3, 6, 25])
    #expect(
      try temporary.names(in: temporary.url.appendingPathComponent("shiny")) == ["6.png", "female"])
  }

  @Test("stores bytes as {id}.png, creating the directory, and finds them again")
  func storeAndFind() async throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.cleanUp() }
    let directory = temporary.url.appendingPathComponent("pokedex/sprites")
    let store = FileSpriteStore(directory: directory)
    #expect(await store.storedIDs().isEmpty)
    #expect(await store.fileURL(forSpecies: 25) == nil)

    let url = try await store.store(png, forSpecies: 25)
    #expect(url.lastPathComponent == "25.png")
    #expect(
      url.standardizedFileURL.path
        == directory.appendingPathComponent("25.png").standardizedFileURL.path)
    #expect(try Data(contentsOf: url) == png)
    #expect(await store.fileURL(forSpecies: 25) == url)
    #expect(await store.storedIDs() == [25])
    #expect(try temporary.names(in: directory) == ["25.png"], "no temporary file is left")
  }

  @Test("the stored set survives a restart (a new store over the same directory)")
  func survivesRestart() async throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.cleanUp() }
    do {
      let first = FileSpriteStore(directory: temporary.url)
      _ = try await first.store(png, forSpecies: 1)
      _ = try await first.store(png, forSpecies: 133)
    }
    let second = FileSpriteStore(directory: temporary.url)
    #expect(await second.storedIDs() == [1, 133])
    #expect(await second.fileURL(forSpecies: 133)?.lastPathComponent == "133.png")
  }

  @Test("storing again replaces the file whole")
  func replace() async throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.cleanUp() }
    let store = FileSpriteStore(directory: temporary.url)
    _ = try await store.store(Data(repeating: 1, count: 1000), forSpecies: 7)
    let url = try await store.store(Data([9, 9]), forSpecies: 7)
    #expect(try Data(contentsOf: url) == Data([9, 9]))
    #expect(try temporary.names() == ["7.png"])
  }

  @Test("junk files, temporaries and directories in the folder are ignored")
  func toleratesJunk() async throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.cleanUp() }
    let junk = [
      "notes.txt", "pikachu.png", "-3.png", "0.png", "007.png", "12.png.tmp", ".4.png.x.partial",
      "25.PNG", "1e3.png", "99999999999999999999.png",
    ]
    for name in junk {
      try Data([1]).write(to: temporary.url.appendingPathComponent(name))
    }
    try FileManager.default.createDirectory(
      at: temporary.url.appendingPathComponent("42.png"), withIntermediateDirectories: false)
    try Data([1]).write(to: temporary.url.appendingPathComponent("6.png"))
    let store = FileSpriteStore(directory: temporary.url)
    #expect(await store.storedIDs() == [6])
    #expect(await store.fileURL(forSpecies: 42) == nil, "a directory is not an image")
    #expect(await store.fileURL(forSpecies: 7) == nil)
  }

  @Test("a missing directory means no images")
  func missingDirectory() async throws {
    let store = FileSpriteStore(
      directory: URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/sprites"))
    #expect(await store.storedIDs().isEmpty)
    #expect(await store.fileURL(forSpecies: 1) == nil)
  }

  @Test("ids that are not positive are refused and nothing is written")
  func invalidIDs() async throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.cleanUp() }
    let store = FileSpriteStore(directory: temporary.url)
    await #expect(throws: SpriteStoreError.invalidSpeciesID(0)) {
      try await store.store(png, forSpecies: 0)
    }
    await #expect(throws: SpriteStoreError.invalidSpeciesID(-5)) {
      try await store.store(png, forSpecies: -5)
    }
    #expect(try temporary.names().isEmpty)
  }

  @Test("a directory that cannot be created gives a clear error and no file")
  func unwritable() async throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.cleanUp() }
    let blocker = temporary.url.appendingPathComponent("file")
    try Data([0]).write(to: blocker)
    let store = FileSpriteStore(directory: blocker.appendingPathComponent("sprites"))
    do {
      _ = try await store.store(png, forSpecies: 1)
      Issue.record("storing under a regular file succeeded")
    } catch {
      guard case .writeFailed(let path, _) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(path.hasSuffix("file/sprites"))
    }
    #expect(try temporary.names() == ["file"])
  }

  @Test("concurrent stores of different species all land")
  func concurrentStores() async throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.cleanUp() }
    let store = FileSpriteStore(directory: temporary.url)
    let data = png
    try await withThrowingTaskGroup(of: URL.self) { group in
      for id in 1...20 {
        group.addTask { try await store.store(data, forSpecies: id) }
      }
      try await group.waitForAll()
    }
    #expect(await store.storedIDs() == Set(1...20))
    #expect(try temporary.names().count == 20)
  }
}

@Suite("Downloaded images are private")
struct SpritePermissionTests {
  @Test func theFileIs0600AndItsDirectory0700WhateverTheUmask() async throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("pokedex-sprites-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let previous = umask(0)
    defer { umask(previous) }
    let directory = root.appendingPathComponent("sprites")
    let stored = try await FileSpriteStore(directory: directory).store(
      Data([1, 2, 3]), forSpecies: 25)
    let fileMode = try FileManager.default.attributesOfItem(atPath: stored.path)[.posixPermissions]
    let directoryMode = try FileManager.default.attributesOfItem(atPath: directory.path)[
      .posixPermissions]
    #expect(fileMode as? Int == 0o600)
    #expect(directoryMode as? Int == 0o700)
  }
}
