// swift-tools-version: 6.1
// The module graph is drawn and explained in docs/ARCHITECTURE.md. In short: features depend on
// interfaces; an interface is split from its live implementation only where that brings a C
// library or a heavy dependency; `Presentation` is the contract between the session engine and
// the renderers; `pokedex` is the one composition root.
import PackageDescription

let package = Package(
  name: "pokedex",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "pokedex", targets: ["pokedex"])
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
  ],
  targets: [
    // MARK: C libraries from Debian
    // Opening a C library on first use (dlopen), for the shims below and libcurl's.
    .target(name: "CLibraryLoading", linkerSettings: [.linkedLibrary("dl")]),
    // libedit's wrappers, which open libedit (and libbsd's strunvis, the decoder of its history
    // format) on first use: libedit-dev for the headers.
    .target(name: "CEditLineShim", dependencies: ["CLibraryLoading"]),
    // libpng's headers and library, for the tests that write PNG files; pokedex opens it itself.
    .systemLibrary(
      name: "CLibPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
    .target(name: "CPNGShim", dependencies: ["CLibraryLoading"]),
    // libchafa's wrappers, which open libchafa (and glib) on first use; its headers and library,
    // for the check of the wrappers' declarations when the tests are built.
    .target(name: "CChafaShim", dependencies: ["CLibraryLoading"]),
    .systemLibrary(
      name: "CChafa", pkgConfig: "chafa", providers: [.apt(["libchafa-dev", "libglib2.0-dev"])]),

    // The commit and date of a release build (scripts/build-release defines them).
    .target(name: "CBuildInfo"),

    // MARK: Locks ThreadSanitizer understands
    .target(name: "CSanitizer"),
    .target(name: "Locking", dependencies: ["CSanitizer"]),

    // MARK: Domain values
    // ICU's line breaking (UAX #14), opened on first use.
    .target(name: "CICUShim", dependencies: ["CLibraryLoading"]),
    .target(name: "Models", dependencies: ["CICUShim"]),
    // `doctor`: the checks before a demo, judged from facts the composition root gathers.
    .target(name: "Doctor", dependencies: ["Models"]),

    // MARK: Services (an interface split from its live side only for a C library or a heavy one)
    .target(name: "HTTPClient", dependencies: ["Locking"]),
    // libcurl's headers; the library itself is opened with dlopen on the first request.
    .target(name: "CCurlShim", dependencies: ["CLibraryLoading"]),
    // zlib's inflating, opened with dlopen when the first answer comes (libcurl has mapped it);
    // zlib itself, for the tests that compress answers.
    .target(name: "CZlibShim", dependencies: ["CLibraryLoading"]),
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    .target(
      name: "HTTPClientLive", dependencies: ["Locking", "HTTPClient", "CCurlShim", "CZlibShim"]),
    // SQLite's API (Debian's libsqlite3), and the one setting Swift cannot call (variadic).
    .target(name: "CSQLiteOptions", linkerSettings: [.linkedLibrary("sqlite3")]),
    .target(name: "Cache", dependencies: ["CSQLiteOptions", "Locking"]),
    .target(name: "APIClient", dependencies: ["Models", "HTTPClient", "Cache", "Locking"]),
    .target(name: "PNGDecoder"),
    .target(name: "PNGDecoderLibPNG", dependencies: ["PNGDecoder", "CPNGShim"]),
    .target(name: "SpriteStore"),
    .target(name: "TerminalImages", dependencies: ["PNGDecoder"]),
    .target(
      name: "TerminalImagesChafa", dependencies: ["TerminalImages", "PNGDecoder", "CChafaShim"]),
    .target(name: "Terminal", dependencies: ["Locking", "Models"]),
    .target(name: "LineEditor"),
    .target(
      name: "LineEditorLibEdit",
      dependencies: ["Locking", "LineEditor", "Terminal", "CEditLineShim", "Models"]),

    // MARK: Features (depend on interfaces only)
    .target(name: "ListFeature", dependencies: ["APIClient", "Models"]),
    .target(name: "DetailFeature", dependencies: ["APIClient", "Models", "Locking"]),
    .target(name: "ImageFeature", dependencies: ["HTTPClient", "PNGDecoder", "SpriteStore"]),
    .target(
      name: "SyncFeature",
      dependencies: ["DetailFeature", "ImageFeature", "APIClient", "Cache", "Models", "Pages"]),

    // MARK: Pages of every other kind: the abstraction, then one feature module per kind
    .target(name: "Pages", dependencies: ["APIClient", "Models"]),
    .target(name: "AbilityFeature", dependencies: ["Pages", "APIClient", "Models"]),
    .target(name: "MoveFeature", dependencies: ["Pages", "APIClient", "Models"]),
    .target(name: "TypeFeature", dependencies: ["Pages", "APIClient", "Models"]),
    .target(name: "ItemFeature", dependencies: ["Pages", "APIClient", "Models"]),
    .target(name: "NatureFeature", dependencies: ["Pages", "APIClient", "Models"]),
    .target(name: "LearnsetFeature", dependencies: ["Pages", "APIClient", "Models"]),
    .target(name: "EncounterFeature", dependencies: ["Pages", "APIClient", "Models"]),
    .target(
      name: "CompareFeature", dependencies: ["Pages", "DetailFeature", "APIClient", "Models"]),

    // MARK: Cross-cutting
    .target(name: "FeatureFlags", dependencies: ["Models"]),
    .target(name: "Analytics"),
    .target(name: "CommandLanguage", dependencies: ["Models", "FeatureFlags", "LineEditor"]),

    // MARK: The contract between the engine and the renderers, and the renderers
    .target(
      name: "Presentation",
      dependencies: [
        "APIClient", "Cache", "CommandLanguage", "DetailFeature", "FeatureFlags", "ImageFeature",
        "ListFeature", "Models", "Pages", "SyncFeature", "Doctor",
      ]),
    .target(
      name: "Rendering",
      dependencies: [
        "Presentation", "TerminalImages", "APIClient", "Cache", "CommandLanguage",
        "DetailFeature", "FeatureFlags", "ImageFeature", "ListFeature", "Models", "Pages",
        "PNGDecoder", "SpriteStore", "SyncFeature", "Doctor",
      ]),

    // MARK: The session engine
    .target(
      name: "Session",
      dependencies: [
        "Locking",
        "Presentation", "CommandLanguage", "ListFeature", "DetailFeature", "ImageFeature",
        "SyncFeature", "APIClient", "Cache", "FeatureFlags", "LineEditor", "Models", "Pages",
        "Terminal", "Doctor",
      ]),

    // MARK: Decorators the composition root attaches around features and services
    .target(
      name: "AppDecorators",
      dependencies: [
        "Locking",
        "Analytics", "APIClient", "HTTPClient", "Cache", "DetailFeature", "Models", "SpriteStore",
        .product(name: "Logging", package: "swift-log"),
      ]),

    // MARK: Composition root
    .executableTarget(
      name: "pokedex",
      dependencies: [
        "Session", "AppDecorators", "Rendering", "Presentation", "APIClient", "HTTPClient",
        "HTTPClientLive", "Cache", "PNGDecoderLibPNG", "LineEditorLibEdit",
        "Analytics", "FeatureFlags", "CommandLanguage", "DetailFeature", "ImageFeature",
        "ListFeature", "SpriteStore", "SyncFeature", "Terminal", "TerminalImages",
        "TerminalImagesChafa", "Pages", "AbilityFeature", "MoveFeature", "TypeFeature",
        "ItemFeature", "NatureFeature", "LearnsetFeature", "EncounterFeature", "CompareFeature",
        "CBuildInfo", "LineEditor", "Doctor", "Models",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ]),

    // MARK: Tests
    .target(
      name: "TestSupport", dependencies: [.product(name: "FlyingFox", package: "FlyingFox")],
      path: "Tests/TestSupport"),
    // A client serving fixtures in the API's shape, for the page features and the session.
    .target(name: "APIFixtures", dependencies: ["APIClient", "Models"], path: "Tests/APIFixtures"),
    // CChafaShim's declarations checked against chafa's header (it fails to build otherwise).
    .target(
      name: "ChafaShimCheck", dependencies: ["CChafaShim", "CChafa"], path: "Tests/ChafaShimCheck"),
    // ThreadSanitizer's suppressions, linked into the test bundle (one test target brings it).
    .target(name: "TSanSuppressions", path: "Tests/TSanSuppressions"),
    .testTarget(name: "ModelsTests", dependencies: ["Models"]),
    .testTarget(
      name: "HTTPClientLiveTests",
      dependencies: [
        "TSanSuppressions",
        "Locking",
        "HTTPClientLive", "HTTPClient", "TestSupport", "CCurlShim", "CZlib",
        .product(name: "FlyingFox", package: "FlyingFox"),
      ]),
    .testTarget(
      name: "CacheTests",
      dependencies: [
        "Locking", "Cache", "CSQLiteOptions",
      ]),
    .testTarget(
      name: "APIClientTests",
      dependencies: [
        "Locking",
        "APIClient", "HTTPClient", "HTTPClientLive", "Cache", "Models",
        .product(name: "FlyingFox", package: "FlyingFox"),
      ]),
    .testTarget(
      name: "ListFeatureTests", dependencies: ["ListFeature", "APIClient", "Models", "APIFixtures"]),
    .testTarget(
      name: "DetailFeatureTests",
      dependencies: ["Locking", "DetailFeature", "APIClient", "Models", "APIFixtures"]),
    .testTarget(
      name: "PageFeatureTests",
      dependencies: [
        "APIFixtures", "Pages", "AbilityFeature", "MoveFeature", "TypeFeature", "ItemFeature",
        "NatureFeature", "LearnsetFeature", "EncounterFeature", "CompareFeature", "DetailFeature",
        "APIClient", "Models",
      ]),
    .testTarget(name: "PNGDecoderLibPNGTests", dependencies: ["PNGDecoderLibPNG", "PNGDecoder"]),
    .testTarget(name: "TerminalImagesTests", dependencies: ["TerminalImages", "PNGDecoder"]),
    .testTarget(
      name: "TerminalImagesChafaTests",
      dependencies: [
        "TerminalImagesChafa", "TerminalImages", "PNGDecoder", "PNGDecoderLibPNG", "ChafaShimCheck",
      ],
      exclude: ["Fixtures", "Golden"]),
    .testTarget(name: "SpriteStoreTests", dependencies: ["SpriteStore"]),
    .testTarget(
      name: "ImageFeatureTests",
      dependencies: [
        "ImageFeature", "HTTPClient", "PNGDecoder", "SpriteStore", "PNGDecoderLibPNG", "CLibPNG",
      ]),
    .testTarget(
      name: "CommandLanguageTests", dependencies: ["CommandLanguage", "FeatureFlags", "LineEditor"]),
    .testTarget(name: "FeatureFlagsTests", dependencies: ["FeatureFlags"]),
    .testTarget(name: "TerminalTests", dependencies: ["Terminal"]),
    .testTarget(
      name: "LineEditorLibEditTests", dependencies: ["Locking", "LineEditorLibEdit", "LineEditor"]),
    .testTarget(
      name: "PokedexTerminalTests",
      dependencies: [
        "Locking", "Models", "TestSupport", .product(name: "FlyingFox", package: "FlyingFox"),
      ]),
    .testTarget(name: "LockingTests", dependencies: ["Locking"]),
    .testTarget(name: "AnalyticsTests", dependencies: ["Locking", "Analytics"]),
    .testTarget(name: "ArchitectureTests"),
    .testTarget(
      name: "AppDecoratorsTests",
      dependencies: [
        "AppDecorators", "Analytics", "APIClient", "Cache", "DetailFeature", "Models",
        .product(name: "Logging", package: "swift-log"),
      ]),
    .testTarget(
      name: "RenderingTests",
      dependencies: [
        "Rendering", "Presentation", "APIClient", "Cache", "CommandLanguage", "DetailFeature",
        "FeatureFlags", "ImageFeature", "ListFeature", "Models", "PNGDecoder", "SpriteStore",
        "SyncFeature", "TerminalImages", "Pages", "Doctor",
      ]),
    .testTarget(
      name: "SessionTests",
      dependencies: [
        "Locking",
        "Session", "Presentation", "Models", "APIClient", "Cache", "CommandLanguage",
        "DetailFeature", "FeatureFlags", "ListFeature", "HTTPClient", "ImageFeature", "PNGDecoder",
        "SpriteStore", "SyncFeature", "Terminal", "LineEditor", "Pages", "APIFixtures",
        "AbilityFeature", "MoveFeature", "TypeFeature", "ItemFeature", "NatureFeature",
        "LearnsetFeature",
      ]),
    .testTarget(name: "DoctorTests", dependencies: ["Doctor"]),
    .testTarget(
      name: "pokedexTests",
      dependencies: [
        "pokedex", "CommandLanguage", "HTTPClientLive", "LineEditor", "Models", "Session",
        "TestSupport",
      ]),
  ]
)
