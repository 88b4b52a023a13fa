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

@Suite("Feature modules stay independent")
struct FeatureIndependenceTests {
  static let features = ["ListFeature", "DetailFeature", "ImageFeature"]
  static let forbidden: Set<String> = [
    "Analytics", "Logging", "Rendering", "AppDecorators", "AppCore", "TerminalImages",
    "APIClientLive", "HTTPClientLive", "CacheStoreGRDB", "PNGDecoderLibPNG", "LineEditorLibEdit",
    "GRDB", "ArgumentParser", "FeatureFlags",
  ]

  @Test(
    "No feature imports analytics, logging, rendering or a live implementation",
    arguments: features)
  func featureImportsOnlyInterfaces(feature: String) throws {
    let found = try imports(ofTarget: feature)
    #expect(
      found.isDisjoint(with: Self.forbidden),
      "\(feature) imports \(found.intersection(Self.forbidden))")
  }

  @Test("Features do not depend on each other", arguments: features)
  func featuresDoNotImportEachOther(feature: String) throws {
    let others = Set(Self.features).subtracting([feature])
    #expect(try imports(ofTarget: feature).isDisjoint(with: others))
  }
}

@Suite("Package.swift and docs/ARCHITECTURE.md describe the same module graph")
struct ModuleGraphTests {
  /// `A --> B` edges of the Mermaid diagram, with `[(external)]` nodes left out.
  func diagramEdges() throws -> Set<String> {
    let text = try String(
      contentsOf: packageRoot.appending(path: "docs/ARCHITECTURE.md"), encoding: .utf8)
    guard let start = text.range(of: "## Module graph"),
      let block = text[start.upperBound...].range(of: "```mermaid"),
      let end = text[block.upperBound...].range(of: "```")
    else { return [] }
    var edges = Set<String>()
    for line in text[block.upperBound..<end.lowerBound].split(separator: "\n") {
      let nodes = line.components(separatedBy: "-->").map {
        String($0.trimmingCharacters(in: .whitespaces).prefix { $0.isLetter || $0.isNumber })
      }
      guard nodes.count >= 2 else { continue }
      for (from, to) in zip(nodes, nodes.dropFirst()) { edges.insert("\(from) -> \(to)") }
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

  @Test func everyDependencyBetweenOurModulesIsDrawn() throws {
    let drawn = try diagramEdges()
    let declared = try packageEdges()
    #expect(!declared.isEmpty)
    #expect(
      declared.subtracting(drawn).sorted() == [], "in Package.swift, missing from the diagram")
    let externals: Set<String> = ["Logging", "ArgumentParser", "GRDB", "CLibPNG", "CLibEdit"]
    let drawnInternal = drawn.filter { edge in
      !externals.contains(String(edge.split(separator: " ").last ?? ""))
    }
    #expect(drawnInternal.subtracting(declared).sorted() == [], "drawn, but not in Package.swift")
  }
}
