import Foundation
import Testing

/// The package's source tree, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

/// The package's own modules and what each depends on, read from Package.swift: the one place
/// the module graph is written. Test targets and the test support under Tests/ are left out.
struct PackageGraph {
  /// Each module under Sources/ with the modules it depends on (own and external products).
  var dependencies: [String: Set<String>] = [:]

  init() throws {
    let text = try String(contentsOf: packageRoot.appending(path: "Package.swift"), encoding: .utf8)
    let target = try Regex(
      #"\.(?:target|executableTarget)\(\s*name:\s*"(\w+)"(?:,\s*dependencies:\s*\[([^\]]*)\])?([^)]*)"#
    )
    let own = try Regex(#""(\w+)""#)
    let product = try Regex(#"\.product\(name:\s*"(\w+)""#)
    for match in text.matches(of: target) {
      guard let name = match.output[1].substring.map(String.init) else { continue }
      let rest = match.output[3].substring.map(String.init) ?? ""
      guard !rest.contains("path:") else { continue }  // test support, under Tests/
      let list = match.output[2].substring.map(String.init) ?? ""
      let products = Set(
        list.matches(of: product).compactMap { $0.output[1].substring }.map(String.init))
      let withoutProducts = list.replacing(try Regex(#"\.product\([^)]*\)"#), with: "")
      let names = withoutProducts.matches(of: own).compactMap { $0.output[1].substring }
      dependencies[name] = Set(names.map(String.init)).union(products)
    }
  }

  /// The modules with Swift sources.
  var swiftModules: [String] { dependencies.keys.filter { !$0.hasPrefix("C") }.sorted() }

  /// The features: the modules named for one (`…Feature`) and the pages of every other kind.
  var features: [String] {
    dependencies.keys.filter { $0.hasSuffix("Feature") || $0 == "Pages" }.sorted()
  }
}

/// Every Swift file of a module, with its path relative to the module's folder.
func sources(of module: String) throws -> [(path: String, text: String)] {
  let directory = packageRoot.appending(path: "Sources/\(module)")
  guard let walker = FileManager.default.enumerator(atPath: directory.path) else { return [] }
  return try walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted().map {
    ($0, try String(contentsOf: directory.appending(path: $0), encoding: .utf8))
  }
}

/// The modules a module's Swift files import.
func imports(of module: String) throws -> Set<String> {
  var modules = Set<String>()
  for (_, text) in try sources(of: module) {
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

/// The layers of docs/ARCHITECTURE.md's picture, top first: the modules each box names.
func documentedLayers(of graph: PackageGraph) throws -> [Set<String>] {
  let text = try String(
    contentsOf: packageRoot.appending(path: "docs/ARCHITECTURE.md"), encoding: .utf8)
  guard let start = text.range(of: "## Layers"),
    let block = text[start.upperBound...].range(of: "```mermaid"),
    let end = text[block.upperBound...].range(of: "```")
  else { return [] }
  let box = try Regex(#"^\s*\w+\["([^"]*)"\]"#)
  let modules = Set(graph.dependencies.keys)
  return text[block.upperBound..<end.lowerBound].split(separator: "\n").compactMap { line in
    guard let label = line.firstMatch(of: box)?.output[1].substring else { return nil }
    let named = label.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
    return Set(named).intersection(modules)
  }
}

@Suite("The layers: Package.swift's graph and docs/ARCHITECTURE.md's picture agree")
struct LayerTests {
  let graph: PackageGraph
  init() throws { graph = try PackageGraph() }

  @Test func everyModuleIsInExactlyOneLayer() throws {
    let layers = try documentedLayers(of: graph)
    #expect(layers.count > 5)
    for module in graph.dependencies.keys.sorted() {
      #expect(layers.filter { $0.contains(module) }.count == 1, "\(module)")
    }
  }

  @Test("Every module depends only on the layers below its own")
  func dependenciesPointDown() throws {
    let layers = try documentedLayers(of: graph)
    func layer(_ module: String) -> Int? { layers.firstIndex { $0.contains(module) } }
    for (module, dependencies) in graph.dependencies {
      guard let own = layer(module) else { continue }
      for dependency in dependencies {
        guard let below = layer(dependency) else { continue }  // an external package
        #expect(below > own, "\(module) → \(dependency) does not point down")
      }
    }
  }

  @Test("What Package.swift declares, the sources import: no dependency is left unused")
  func everyDependencyIsImported() throws {
    for module in graph.swiftModules {
      let imported = try imports(of: module)
      let unused = graph.dependencies[module, default: []].subtracting(imported)
      #expect(unused.isEmpty, "\(module) declares \(unused.sorted()) but never imports it")
    }
  }

  @Test("Only the decorators and the composition root log; only the root parses options")
  func crossCuttingStaysAtTheTop() throws {
    for (module, dependencies) in graph.dependencies {
      if dependencies.contains("Logging") {
        #expect(["AppDecorators", "pokedex"].contains(module), "\(module) logs")
      }
      if dependencies.contains("ArgumentParser") { #expect(module == "pokedex") }
    }
  }
}

@Suite("Features stay independent")
struct FeatureIndependenceTests {
  let graph: PackageGraph
  init() throws { graph = try PackageGraph() }

  @Test("The list, detail and image features do not depend on each other")
  func featuresDoNotDependOnEachOther() throws {
    let independent: Set = ["ListFeature", "DetailFeature", "ImageFeature"]
    for feature in independent {
      #expect(graph.dependencies[feature, default: []].isDisjoint(with: independent), "\(feature)")
    }
  }

  @Test("No feature starts a task: background work belongs to the session")
  func featuresStartNoTasks() throws {
    // `Task {` or `Task.detached`, but not `group.addTask {` (structured, awaited in place).
    let unstructured = try Regex(#"(^|[^A-Za-z])Task(\s*\{|\.detached)"#)
    #expect(graph.features.count >= 5)
    for feature in graph.features {
      for (path, text) in try sources(of: feature) {
        #expect(!text.contains(unstructured), "\(feature)/\(path)")
      }
    }
  }

  @Test("Each page kind stands alone: a kind's files name no other kind's types")
  func pageKindsStandAlone() throws {
    // A kind is a file in Kinds/, or a folder there whose files are one noun's (Kinds/Breed/).
    let files = try sources(of: "Pages").filter { $0.path.hasPrefix("Kinds/") }
    func kind(of path: String) -> String {
      String(path.dropFirst("Kinds/".count).prefix { $0 != "/" && $0 != "." })
    }
    let kinds = Dictionary(grouping: files) { kind(of: $0.path) }
    #expect(kinds.count >= 8)
    let declaration = try Regex(#"(?m)^public (?:struct|enum|final class|protocol) (\w+)"#)
    // The code alone: a column headed "Move" is not the move kind's type.
    let literalsAndComments = try Regex(#""(?:[^"\\\n]|\\.)*"|//[^\n]*"#)
    let code = Dictionary(
      uniqueKeysWithValues: files.map {
        ($0.path, $0.text.replacing(literalsAndComments, with: ""))
      })
    for (name, own) in kinds {
      let types = own.flatMap {
        $0.text.matches(of: declaration).compactMap { $0.output[1].substring }
      }
      for other in files where kind(of: other.path) != name {
        for type in types {
          let mention = try Regex(#"\b"# + type + #"\b"#)
          #expect(
            code[other.path]?.contains(mention) == false,
            "\(other.path) names \(type) of the kind \(name)")
        }
      }
    }
  }

}
