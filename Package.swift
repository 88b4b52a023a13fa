// swift-tools-version: 6.1
// The module graph is explained in docs/ARCHITECTURE.md: interface modules hold protocols and
// value types, `…Live` modules hold the one implementation that talks to the outside world,
// features depend on interfaces only, and the `pokedex` executable is the one composition root.
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
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
  ],
  targets: [
    // MARK: C libraries from Debian
    .systemLibrary(
      name: "CLibEdit", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
    .target(name: "CEditLineShim", dependencies: ["CLibEdit"]),
    .systemLibrary(
      name: "CLibPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),

    // MARK: Domain values
    .target(name: "Models"),

    // MARK: Services: interface + live implementation
    .target(name: "HTTPClient"),
    .target(name: "HTTPClientLive", dependencies: ["HTTPClient"]),
    .target(name: "Cache"),
    .target(
      name: "CacheStoreGRDB",
      dependencies: ["Cache", .product(name: "GRDB", package: "GRDB.swift")]),
    .target(name: "APIClient", dependencies: ["Models"]),
    .target(name: "APIClientLive", dependencies: ["APIClient", "HTTPClient", "Cache", "Models"]),
    .target(name: "PNGDecoder"),
    .target(name: "PNGDecoderLibPNG", dependencies: ["PNGDecoder", "CLibPNG"]),
    .target(name: "SpriteStore"),
    .target(name: "TerminalImages", dependencies: ["PNGDecoder"]),
    .target(name: "LineEditor"),
    .target(name: "LineEditorLibEdit", dependencies: ["LineEditor", "CEditLineShim"]),

    // MARK: Features (depend on interfaces only)
    .target(name: "ListFeature", dependencies: ["APIClient", "Models"]),
    .target(name: "DetailFeature", dependencies: ["APIClient", "Models"]),
    .target(name: "ImageFeature", dependencies: ["HTTPClient", "PNGDecoder", "SpriteStore"]),

    // MARK: Cross-cutting seams
    .target(name: "FeatureFlags", dependencies: ["Models"]),
    .target(name: "Analytics"),

    // MARK: Shell
    .target(name: "CommandLanguage", dependencies: ["Models"]),
    .target(
      name: "Rendering",
      dependencies: [
        "AppCore", "ListFeature", "DetailFeature", "ImageFeature", "TerminalImages", "Models",
        "Cache", "FeatureFlags",
      ]),
    .target(
      name: "AppCore",
      dependencies: [
        "CommandLanguage", "ListFeature", "DetailFeature", "ImageFeature", "APIClient",
        "Models", "LineEditor", "FeatureFlags", "Cache",
      ]),

    // MARK: Decorators the composition root attaches around features and services
    .target(
      name: "AppDecorators",
      dependencies: [
        "AppCore", "Analytics", "APIClient", "HTTPClient", "Cache", "DetailFeature", "Models",
        .product(name: "Logging", package: "swift-log"),
      ]),

    // MARK: Composition root
    .executableTarget(
      name: "pokedex",
      dependencies: [
        "AppCore", "AppDecorators", "Rendering", "APIClientLive", "HTTPClientLive", "CacheStoreGRDB",
        "PNGDecoderLibPNG", "LineEditorLibEdit", "Analytics", "FeatureFlags",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ]),

    // MARK: Tests
    .testTarget(name: "ModelsTests", dependencies: ["Models"]),
    .testTarget(
      name: "HTTPClientLiveTests",
      dependencies: [
        "HTTPClientLive", "HTTPClient", .product(name: "FlyingFox", package: "FlyingFox"),
      ]),
    .testTarget(
      name: "CacheTests",
      dependencies: ["Cache", "CacheStoreGRDB", .product(name: "GRDB", package: "GRDB.swift")]),
    .testTarget(
      name: "APIClientLiveTests",
      dependencies: [
        "APIClientLive", "APIClient", "HTTPClient", "HTTPClientLive", "Cache", "CacheStoreGRDB",
        "Models", .product(name: "FlyingFox", package: "FlyingFox"),
      ]),
    .testTarget(name: "ListFeatureTests", dependencies: ["ListFeature", "APIClient", "Models"]),
    .testTarget(name: "DetailFeatureTests", dependencies: ["DetailFeature", "APIClient", "Models"]),
    .testTarget(name: "PNGDecoderLibPNGTests", dependencies: ["PNGDecoderLibPNG", "PNGDecoder"]),
    .testTarget(name: "TerminalImagesTests", dependencies: ["TerminalImages", "PNGDecoder"]),
    .testTarget(name: "SpriteStoreTests", dependencies: ["SpriteStore"]),
    .testTarget(
      name: "ImageFeatureTests",
      dependencies: [
        "ImageFeature", "HTTPClient", "PNGDecoder", "SpriteStore", "PNGDecoderLibPNG", "CLibPNG",
      ]),
    .testTarget(name: "CommandLanguageTests", dependencies: ["CommandLanguage"]),
    .testTarget(name: "FeatureFlagsTests", dependencies: ["FeatureFlags"]),
    .testTarget(
      name: "LineEditorLibEditTests", dependencies: ["LineEditorLibEdit", "LineEditor"]),
    .testTarget(name: "AnalyticsTests", dependencies: ["Analytics"]),
    .testTarget(name: "ArchitectureTests"),
    .testTarget(
      name: "AppDecoratorsTests",
      dependencies: ["AppDecorators", "Analytics", "AppCore", "APIClient", "DetailFeature", "Models"]),
    .testTarget(
      name: "RenderingTests",
      dependencies: [
        "Rendering", "AppCore", "Cache", "DetailFeature", "FeatureFlags", "ImageFeature",
        "ListFeature", "Models", "PNGDecoder",
      ]),
    .testTarget(
      name: "AppCoreTests",
      dependencies: [
        "AppCore", "Models", "APIClient", "Cache", "DetailFeature", "FeatureFlags", "ListFeature",
        "HTTPClient", "ImageFeature", "PNGDecoder", "SpriteStore",
      ]),
  ]
)
