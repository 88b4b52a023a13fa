// swift-tools-version: 6.1
// Twenty-one modules and ten test targets; docs/ARCHITECTURE.md draws their layers and says why each
// is separate. In short: features depend on the services' interfaces, never on each other's;
// `Presentation` is the contract between the session engine and the renderers; `pokedex` is the
// one composition root. The dependencies below are the module graph, written once.
import PackageDescription

// Linux only: the code calls Glibc, and opens Debian's C libraries (libcurl, libedit, libpng,
// libchafa, ICU) by their Linux names. No Apple platform is declared, since none is supported.
let package = Package(
  name: "pokedex",
  products: [
    .executable(name: "pokedex", targets: ["pokedex"])
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
  ],
  targets: [
    // MARK: C
    // The C side of every library Debian provides: wrappers that open libcurl, zlib, libedit (and
    // libbsd), libpng, libchafa (and glib) and ICU with dlopen on first use; SQLite's header and
    // its one variadic setting (linked: the cache opens it at once); ThreadSanitizer's
    // announcements; the commit and date of a release build (scripts/build-release defines them).
    .target(name: "CShims", linkerSettings: [.linkedLibrary("dl"), .linkedLibrary("sqlite3")]),

    // MARK: Foundations
    .target(name: "Locking", dependencies: ["CShims"]),
    .target(name: "Models", dependencies: ["CShims"]),

    // MARK: Services
    .target(name: "HTTPClient", dependencies: ["Locking", "CShims"]),
    .target(name: "Cache", dependencies: ["Locking", "CShims"]),
    .target(name: "APIClient", dependencies: ["Models", "HTTPClient", "Cache", "Locking"]),
    .target(name: "Images", dependencies: ["CShims"]),
    .target(name: "Terminal", dependencies: ["Locking", "Models", "CShims"]),

    // MARK: Features (see the services' interfaces, never each other)
    .target(name: "ListFeature", dependencies: ["APIClient", "Models"]),
    // What the detail feature shows and the seam the others call it through (`SpeciesDetails`):
    // the pages compile beside the feature rather than after it.
    .target(name: "DetailModels", dependencies: ["APIClient", "Models"]),
    .target(
      name: "DetailFeature", dependencies: ["DetailModels", "APIClient", "Models", "Locking"]),
    .target(name: "ImageFeature", dependencies: ["HTTPClient", "Images"]),
    .target(
      name: "Pages",
      dependencies: ["APIClient", "Models", "DetailModels", "ListFeature", "CommandLanguage"]),
    // `find`: its query language, the index it asks (tables in the cache's SQLite file), and
    // how the index is built from the API's answers (the pages' own decodings).
    .target(
      name: "FindFeature",
      dependencies: [
        "APIClient", "Cache", "CommandLanguage", "CShims", "Locking", "Models", "Pages",
      ]),
    .target(
      name: "SyncFeature",
      dependencies: [
        "DetailModels", "ImageFeature", "APIClient", "Cache", "Models", "Pages",
      ]),

    // MARK: Commands, and the contract between the engine and the renderers
    .target(name: "CommandLanguage", dependencies: ["Models", "Terminal"]),
    .target(
      name: "Presentation",
      dependencies: [
        "APIClient", "Cache", "CommandLanguage", "DetailModels", "ImageFeature", "ListFeature",
        "Models", "Pages", "SyncFeature",
      ]),

    // MARK: The renderers and the session engine
    .target(
      name: "Rendering",
      dependencies: [
        "Presentation", "Images", "APIClient", "Cache", "CommandLanguage", "DetailModels",
        "ImageFeature", "ListFeature", "Models", "Pages", "SyncFeature",
      ]),
    .target(
      name: "Session",
      dependencies: [
        "Locking", "Presentation", "CommandLanguage", "ListFeature", "DetailModels",
        "FindFeature", "ImageFeature", "SyncFeature", "APIClient", "HTTPClient", "Cache", "Models",
        "Pages",
        "Terminal",
      ]),

    // MARK: Decorators the composition root attaches around features and services
    .target(
      name: "AppDecorators",
      dependencies: [
        "Locking", "APIClient", "HTTPClient", "Cache", "DetailModels", "ImageFeature", "Models",
        .product(name: "Logging", package: "swift-log"),
      ]),

    // MARK: Composition root
    .executableTarget(
      name: "pokedex",
      dependencies: [
        "Session", "AppDecorators", "Rendering", "Presentation", "APIClient", "HTTPClient",
        "Cache", "Images", "Terminal", "CommandLanguage", "DetailFeature", "DetailModels",
        "FindFeature", "ImageFeature",
        "ListFeature", "SyncFeature", "Pages", "CShims", "Models",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ]),

    // MARK: Test support
    // Loopback servers, and a client serving fixtures in the API's shape.
    .target(
      name: "TestSupport",
      dependencies: ["APIClient", "Models", .product(name: "FlyingFox", package: "FlyingFox")],
      path: "Tests/TestSupport"),
    // libpng and zlib, for the tests that write PNG files and compress answers.
    .systemLibrary(
      name: "CTestLibraries", path: "Tests/CTestLibraries",
      providers: [.apt(["libpng-dev", "zlib1g-dev"])]),
    // libchafa's header, for the check of CShims' declarations of it.
    .systemLibrary(
      name: "CChafa", path: "Tests/CChafa", pkgConfig: "chafa",
      providers: [.apt(["libchafa-dev", "libglib2.0-dev"])]),
    // CShims' chafa declarations checked against chafa's header (it fails to build otherwise),
    // and ThreadSanitizer's suppressions, linked into the test bundle.
    .target(name: "CTestSupport", dependencies: ["CShims", "CChafa"], path: "Tests/CTestSupport"),

    // MARK: Tests, one target per area
    .testTarget(name: "CoreTests", dependencies: ["Models", "Locking"]),
    .testTarget(
      name: "ServiceTests",
      dependencies: [
        "HTTPClient", "Cache", "APIClient", "Models", "Locking", "CShims", "CTestLibraries",
        "CTestSupport", "TestSupport", .product(name: "FlyingFox", package: "FlyingFox"),
      ]),
    .testTarget(
      name: "FeatureTests",
      dependencies: [
        "ListFeature", "DetailFeature", "DetailModels", "Pages", "APIClient", "Models", "Locking",
        "CommandLanguage", "FindFeature", "TestSupport",
      ]),
    .testTarget(
      name: "ImageTests",
      dependencies: ["Images", "ImageFeature", "HTTPClient", "CTestLibraries", "CTestSupport"],
      exclude: ["TerminalImagesChafa/Fixtures", "TerminalImagesChafa/Golden"]),
    .testTarget(
      name: "SessionTests",
      dependencies: [
        "Session", "Rendering", "Presentation", "CommandLanguage", "AppDecorators", "Terminal",
        "Models", "APIClient", "Cache", "DetailFeature", "DetailModels", "ListFeature",
        "HTTPClient",
        "ImageFeature", "Images", "SyncFeature", "Pages", "Locking", "TestSupport",
        .product(name: "Logging", package: "swift-log"),
      ]),
    .testTarget(
      name: "AppTests",
      dependencies: [
        "pokedex", "Session", "CommandLanguage", "HTTPClient", "Terminal", "Models", "Locking",
        "Pages",
        "TestSupport", .product(name: "FlyingFox", package: "FlyingFox"),
      ]),
  ]
)
