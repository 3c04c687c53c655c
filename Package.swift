// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Daybook",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "daybook", targets: ["daybook"]),
        .executable(name: "daybook-bench", targets: ["daybook-bench"]),
        .executable(name: "daybook-conformance", targets: ["daybook-conformance"]),
        .executable(name: "daybook-journal-bench", targets: ["daybook-journal-bench"]),
        .library(name: "DaybookIngest", targets: ["DaybookIngest"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    ],
    targets: [
        // C shims: libexif through a module map, libjpeg through a small C target that owns
        // the setjmp error manager (libjpeg's error_exit must never unwind Swift frames).
        .systemLibrary(
            name: "CExif",
            pkgConfig: "libexif",
            providers: [.apt(["libexif-dev"])]
        ),
        .target(
            name: "CJPEG",
            linkerSettings: [.linkedLibrary("jpeg")]
        ),

        // The library, one module per concern.
        .target(name: "DaybookMetadata", dependencies: ["CExif"]),
        .target(name: "DaybookImaging", dependencies: ["CJPEG"]),
        .target(name: "DaybookTagging", dependencies: ["DaybookImaging"]),
        .target(name: "DaybookWeather", dependencies: ["DaybookMetadata"]),
        .target(
            name: "DaybookStore",
            dependencies: [
                "DaybookMetadata", "DaybookTagging", "DaybookWeather",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .target(
            name: "DaybookIngest",
            dependencies: [
                "DaybookMetadata", "DaybookImaging", "DaybookTagging", "DaybookWeather", "DaybookStore",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),

        // Executables: the CLI is a thin layer over DaybookIngest/DaybookStore.
        .executableTarget(
            name: "daybook",
            dependencies: [
                "DaybookIngest", "DaybookStore", "DaybookMetadata",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "daybook-bench",
            dependencies: [
                "DaybookIngest", "DaybookImaging", "DaybookStore",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // Query latency on a seeded 100,000-entry journal (library API and CLI).
        .executableTarget(
            name: "daybook-journal-bench",
            dependencies: ["DaybookStore", "DaybookMetadata", "DaybookTagging"]
        ),
        // Checks the parsing code against ../shared: the corpus truth and the bad inputs.
        // CI also runs it once under AddressSanitizer.
        .executableTarget(
            name: "daybook-conformance",
            dependencies: ["DaybookIngest", "DaybookMetadata", "DaybookImaging"]
        ),

        .testTarget(name: "MetadataTests", dependencies: ["DaybookMetadata"]),
        .testTarget(name: "ImagingTests", dependencies: ["DaybookImaging"]),
        .testTarget(name: "TaggingTests", dependencies: ["DaybookTagging", "DaybookImaging"]),
        .testTarget(name: "WeatherTests", dependencies: ["DaybookWeather", "DaybookMetadata", "DaybookIngest", "DaybookStore"]),
        .testTarget(name: "StoreTests", dependencies: ["DaybookStore"]),
        .testTarget(name: "IngestTests", dependencies: ["DaybookIngest", "DaybookStore", "DaybookImaging"]),
        .testTarget(name: "CLITests", dependencies: ["daybook"]),
    ],
    swiftLanguageModes: [.v6]
)
