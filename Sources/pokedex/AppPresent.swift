import APIClient
import CommandLanguage
import Foundation
import ImageFeature
import Session
import Terminal

/// `present FILE`: a show prepared, checked and played.
extension App {
  /// `present FILE`: the demo played from the prompt; `--prepare`, run once as a script so that
  /// what it needs is cached, each step that fails named. Without a terminal it runs as a
  /// script. A file that is no demo is one line and exit 1.
  func present(_ file: String) async -> ExitStatus {
    let script: DemoScript
    do {
      let data = try Self.readDemo(file)
      script = try DemoScript(data)
    } catch let problem as DemoScript.Problem {
      Console.standard.printError("✗ " + DemoScript.message(problem, file: file))
      return .commandFailed
    } catch {
      Console.standard.printError("✗ " + Self.unreadable(file))
      return .commandFailed
    }
    let commands = script.steps.map(\.command)
    if options.prepare {
      var failed: [String] = []
      for (index, command) in commands.enumerated()
      where !(await loop.runScript(CommandParser.splitScript(command).async)) {
        failed.append("step \(index + 1) (\(command))")
      }
      await storeAnswers()
      let keys = demoRecorder?.keys ?? []
      let pinned = await cache.pin(keys)
      let manifest = DemoManifest(
        file: DemoManifest.absolute(file), script: script, keys: keys,
        images: demoRecorder?.images ?? [], variantImages: demoRecorder?.variantImages ?? [])
      let saved = manifest.save(in: paths.cache)
      var problems =
        failed.isEmpty
        ? []
        : [
          "\(failed.count) of \(commands.count) steps failed: "
            + failed.joined(separator: ", ")
        ]
      if !pinned {
        problems.append("its answers could not be kept for good (the cache is not on disk)")
      }
      if let saved { problems.append("what it needs could not be written down: \(saved)") }
      guard problems.isEmpty else {
        Console.standard.printError("✗ \(file): " + problems.joined(separator: "; ") + ".")
        return .commandFailed
      }
      Console.standard.print(
        "Prepared \(file): its \(commands.count) steps ran; \(keys.count) answers and "
          + (manifest.imageCount == 1 ? "1 image" : "\(manifest.imageCount) images")
          + " kept for the show.")
      return .success
    }
    // Before the show: everything it needs is cached, one line per problem.
    let (problems, warnings) = await DemoManifest.problems(
      file: file, script: script, cacheDirectory: paths.cache, offline: options.offline,
      hasAnswer: { await cache.contains($0) },
      hasImage: { id, directory in
        guard let variant = SpriteVariant(directory: directory) else { return false }
        return await sprites.fileURL(forSpecies: id, variant: variant) != nil
      })
    // A show its manifest does not vouch for plays from the network: only if it answers.
    if !warnings.isEmpty, !options.offline, await Self.unreachable(within: .seconds(5), reachAPI) {
      Console.standard.printError(
        "✗ \(file) is not prepared and the Pokémon server cannot be reached: run \"pokedex "
          + "present --prepare \(file)\" online first.")
      return .commandFailed
    }
    for warning in warnings { Console.standard.printError("Warning: " + warning) }
    if !problems.isEmpty {
      for problem in problems { Console.standard.printError("✗ " + problem) }
      return .commandFailed
    }
    guard let editor else {
      return await loop.runScript(commands.flatMap(CommandParser.splitScript).async)
        ? .success : .commandFailed
    }
    await runInteractive(editor, demo: DemoPlayer(script))
    return .success
  }

  /// Whether `reach` says the API cannot be reached, or says nothing within `limit`.
  static func unreachable(
    within limit: Duration, _ reach: @escaping @Sendable () async -> APIError?
  ) async -> Bool {
    await withTaskGroup(of: Bool.self) { group in
      group.addTask { await reach() != nil }
      group.addTask {
        try? await Task.sleep(for: limit)
        return true
      }
      let first = await group.next() ?? true
      group.cancelAll()
      return first
    }
  }

  /// Why the demo file `path` cannot be read, in one line of the program's own words.
  static func unreadable(_ path: String) -> String {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      return "\(path): no such file (present FILE plays a demo file)."
    }
    if isDirectory.boolValue { return "\(path) is a directory, not a demo file." }
    return "\(path) cannot be read (permission denied?)."
  }

  /// A demo file's bytes, at most a little more than a demo may hold.
  private static func readDemo(_ path: String) throws -> [UInt8] {
    let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    return [UInt8](try handle.read(upToCount: DemoScript.maximumBytes + 1) ?? Data())
  }
}
