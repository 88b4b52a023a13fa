import Foundation
import Testing

/// The package's source tree, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The modules a target's Swift files import.
func imports(ofTarget target: String) throws -> Set<String> {
  let directory = packageRoot.appending(path: "Sources/\(target)")
  let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    .filter { $0.hasSuffix(".swift") }
  #expect(!files.isEmpty, "no sources in \(target)")
  var modules = Set<String>()
  for file in files {
    let text = try String(contentsOf: directory.appending(path: file), encoding: .utf8)
    for line in text.split(separator: "\n") {
      let words = line.split(separator: " ")
      if let index = words.firstIndex(of: "import"), index + 1 < words.count,
        words[..<index].allSatisfy({ $0.hasPrefix("@") || $0 == "public" || $0 == "internal" })
      {
        modules.insert(String(words[index + 1]))
      }
    }
  }
  return modules
}

/// Every Swift file of a target.
func sources(ofTarget target: String) throws -> [String] {
  let directory = packageRoot.appending(path: "Sources/\(target)")
  return try FileManager.default.contentsOfDirectory(atPath: directory.path)
    .filter { $0.hasSuffix(".swift") }
    .map { try String(contentsOf: directory.appending(path: $0), encoding: .utf8) }
}

/// The package's own targets (a folder under Sources).
func ownTargets() throws -> [String] {
  try FileManager.default.contentsOfDirectory(
    atPath: packageRoot.appending(path: "Sources").path
  ).sorted()
}

@Suite("Feature modules stay independent")
struct FeatureIndependenceTests {
  static let features = [
    "ListFeature", "DetailFeature", "ImageFeature", "SyncFeature", "AbilityFeature", "MoveFeature",
    "TypeFeature", "ItemFeature", "NatureFeature", "LearnsetFeature", "EncounterFeature",
    "CompareFeature",
    "Pages",
  ]
  static let forbidden: Set<String> = [
    "Analytics", "Logging", "Rendering", "AppDecorators", "Session", "Presentation",
    "TerminalImages", "Terminal", "HTTPClientLive", "PNGDecoderLibPNG",
    "LineEditorLibEdit", "ArgumentParser", "FeatureFlags",
  ]

  @Test(
    "No feature imports analytics, logging, rendering, the engine or a live implementation",
    arguments: features)
  func featureImportsOnlyInterfaces(feature: String) throws {
    let found = try imports(ofTarget: feature)
    #expect(
      found.isDisjoint(with: Self.forbidden),
      "\(feature) imports \(found.intersection(Self.forbidden))")
  }

  @Test("The list, detail and image features do not depend on each other")
  func featuresDoNotImportEachOther() throws {
    let independent = ["ListFeature", "DetailFeature", "ImageFeature"]
    for feature in independent {
      let others = Set(independent).subtracting([feature])
      #expect(try imports(ofTarget: feature).isDisjoint(with: others), "\(feature)")
    }
  }

  @Test("Each page kind stands alone: the page features see the Pages abstraction, not each other")
  func pageKindsDoNotImportEachOther() throws {
    let kinds = [
      "AbilityFeature", "MoveFeature", "TypeFeature", "ItemFeature", "NatureFeature",
      "LearnsetFeature", "EncounterFeature", "CompareFeature",
    ]
    for kind in kinds {
      let imported = try imports(ofTarget: kind)
      #expect(imported.isDisjoint(with: Set(kinds).subtracting([kind])), "\(kind)")
      #expect(imported.contains("Pages"), "\(kind)")
    }
  }

  @Test("No feature starts a task: background work belongs to the session", arguments: features)
  func featuresStartNoTasks(feature: String) throws {
    // `Task {` or `Task.detached`, but not `group.addTask {` (structured, awaited in place).
    let unstructured = try Regex(#"(^|[^A-Za-z])Task(\s*\{|\.detached)"#)
    for text in try sources(ofTarget: feature) {
      #expect(!text.contains(unstructured), "\(feature)")
    }
  }
}

@Suite("Package.swift, the imports and docs/ARCHITECTURE.md describe the same module graph")
struct ModuleGraphTests {
  /// `A --> B & C` edges of the module graph's Mermaid diagram; external nodes are written
  /// `Name[(label)]`.
  func diagramEdges() throws -> Set<String> {
    let text = try String(
      contentsOf: packageRoot.appending(path: "docs/ARCHITECTURE.md"), encoding: .utf8)
    guard let start = text.range(of: "## Module graph"),
      let block = text[start.upperBound...].range(of: "```mermaid"),
      let end = text[block.upperBound...].range(of: "```")
    else { return [] }
    func name(_ node: some StringProtocol) -> String {
      String(node.trimmingCharacters(in: .whitespaces).prefix { $0.isLetter || $0.isNumber })
    }
    var edges = Set<String>()
    for line in text[block.upperBound..<end.lowerBound].split(separator: "\n") {
      let sides = line.components(separatedBy: "-->")
      guard sides.count == 2 else { continue }
      let from = name(sides[0])
      for to in sides[1].components(separatedBy: "&") { edges.insert("\(from) -> \(name(to))") }
    }
    return edges
  }

  /// Dependencies between the package's own targets, read from Package.swift.
  func packageEdges() throws -> Set<String> {
    let text = try String(contentsOf: packageRoot.appending(path: "Package.swift"), encoding: .utf8)
    let targetPattern = try Regex(
      #"\.(?:target|executableTarget)\(\s*name:\s*"(\w+)"(?:,\s*dependencies:\s*\[([^\]]*)\])?"#)
    var edges = Set<String>()
    for match in text.matches(of: targetPattern) {
      guard let name = match.output[1].substring.map(String.init) else { continue }
      let dependencies = match.output[2].substring.map(String.init) ?? ""
      for dependency in dependencies.matches(of: try Regex(#"^\s*"(\w+)"|,\s*"(\w+)""#)) {
        if let target = (dependency.output[1].substring ?? dependency.output[2].substring) {
          edges.insert("\(name) -> \(target)")
        }
      }
    }
    return edges
  }

  /// Imports of our own modules (and the C modules), read from the sources.
  func importEdges() throws -> Set<String> {
    let targets = Set(try ownTargets())
    var edges = Set<String>()
    for target in targets {
      let hasSwift = (try? sources(ofTarget: target).isEmpty == false) ?? false
      guard hasSwift else { continue }
      for module in try imports(ofTarget: target) where targets.contains(module) {
        edges.insert("\(target) -> \(module)")
      }
    }
    return edges
  }

  static let externals: Set<String> = ["Logging", "ArgumentParser"]

  @Test func theDiagramDrawsExactlyWhatPackageSwiftDeclares() throws {
    let drawn = try diagramEdges()
    let declared = try packageEdges()
    #expect(!declared.isEmpty)
    #expect(
      declared.subtracting(drawn).sorted() == [], "in Package.swift, missing from the diagram")
    let drawnInternal = drawn.filter { edge in
      !Self.externals.contains(String(edge.split(separator: " ").last ?? ""))
    }
    #expect(drawnInternal.subtracting(declared).sorted() == [], "drawn, but not in Package.swift")
  }

  @Test func theDiagramDrawsExactlyWhatTheSourcesImport() throws {
    let drawn = try diagramEdges()
    let imported = try importEdges()
    #expect(!imported.isEmpty)
    #expect(imported.subtracting(drawn).sorted() == [], "imported, but not drawn")
    let drawnSwift = try drawn.filter { edge in
      let parts = edge.split(separator: " ")
      let from = String(parts.first ?? "")
      let to = String(parts.last ?? "")
      // C targets (no Swift sources) have no imports to read, nor test support under Tests/
      // (APIFixtures, ChafaShimCheck); external packages are not ours.
      if ["APIFixtures", "ChafaShimCheck"].contains(from) || Self.externals.contains(to)
        || to == "CLibPNG"
      {
        return false
      }
      return try !sources(ofTarget: from).isEmpty
    }
    #expect(drawnSwift.subtracting(imported).sorted() == [], "drawn, but never imported")
  }
}
