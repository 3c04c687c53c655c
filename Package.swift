// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Daybook",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "daybook", targets: ["daybook"]),
        .executable(name: "daybook-bench", targets: ["daybook-bench"]),
        .executable(name: "daybook-conformance", targets: ["daybook-conformance"]),
        .executable(name: "daybook-journal-bench", targets: ["daybook-journal-bench"]),
        .executable(name: "daybook-watch-bench", targets: ["daybook-watch-bench"]),
        .executable(name: "daybook-fuzz", targets: ["daybook-fuzz"]),
        .executable(name: "daybook-places-bench", targets: ["daybook-places-bench"]),
        .library(name: "DaybookIngest", targets: ["DaybookIngest"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        // 1.16.2: the `LogHandler.log(event:)` entry point (DaybookWatch's log handler).
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
        // `daybook serve`. No default traits: swift-configuration is not needed (options come
        // from the command line), which saves its build.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
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
        // libheif's C API reports every failure as a returned `heif_error` (no longjmp, no
        // exit), so a module map is all it needs.
        .systemLibrary(
            name: "CHeif",
            pkgConfig: "libheif",
            providers: [.apt(["libheif-dev"])]
        ),
        // PNG (libspng), WebP (libwebp and its demuxer): both report every failure as a
        // returned code, so module maps are all they need.
        .systemLibrary(name: "CSpng", pkgConfig: "spng", providers: [.apt(["libspng-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpdemux", providers: [.apt(["libwebp-dev"])]),
        // giflib: no pkg-config file on Debian 12; its errors are returned codes too.
        .systemLibrary(name: "CGif", providers: [.apt(["libgif-dev"])]),

        // The library, one module per concern. DaybookCore holds the journal's value types
        // (dates, offsets, places, sources) and the one calendar; every module may import it.
        .target(name: "DaybookCore"),
        .target(name: "DaybookMetadata", dependencies: ["DaybookCore", "CExif"]),
        .target(name: "DaybookImaging", dependencies: ["DaybookCore", "CJPEG", "CHeif", "CSpng", "CWebP", "CGif"]),
        .target(name: "DaybookTagging", dependencies: ["DaybookImaging"]),
        .target(name: "DaybookWeather", dependencies: ["DaybookCore"]),
        // Offline place names: GeoNames and Natural Earth, derived by scripts/derive_places.py
        // into places.bin, which CPlaceData assembles into the binary (`.incbin`), so a copied
        // binary still has it (docs/places.md).
        .target(name: "CPlaceData", exclude: ["places.bin"], cSettings: [.headerSearchPath(".")]),
        .target(name: "DaybookPlaces", dependencies: ["DaybookCore", "CPlaceData"]),
        .target(
            name: "DaybookStore",
            dependencies: [
                "DaybookCore", "DaybookMetadata", "DaybookTagging", "DaybookPlaces",
                .product(name: "GRDB", package: "GRDB.swift"),
                // `TextVersion`: an edit names the text it started from by its SHA-256.
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .target(
            name: "DaybookIngest",
            dependencies: [
                "DaybookCore", "DaybookMetadata", "DaybookImaging", "DaybookTagging", "DaybookWeather", "DaybookStore",
                "DaybookPlaces", .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),

        // `daybook watch`: inotify + periodic rescans feeding the same Ingester, as a Service.
        .target(
            name: "DaybookWatch",
            dependencies: [
                "DaybookCore", "DaybookIngest", "DaybookStore",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),

        // `daybook serve`: the web journal (pages, JSON API, thumbnails and previews) and
        // `export html`, over the same store API the CLI uses; templates and assets are compiled in.
        .target(
            name: "DaybookWeb",
            dependencies: [
                "DaybookCore", "DaybookImaging", "DaybookIngest", "DaybookStore",
                // The search's Near field reads place names, as `--near` does.
                "DaybookPlaces",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                // BcryptPasswordVerifier: bcrypt on NIO's thread pool, off the async executor.
                .product(name: "HummingbirdBasicAuth", package: "hummingbird-auth"),
                // HMAC for the login cookie.
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),

        // Executables: the CLI is a thin layer over DaybookIngest/DaybookStore/DaybookWatch.
        .executableTarget(
            name: "daybook",
            dependencies: [
                "DaybookCore", "DaybookIngest", "DaybookStore", "DaybookMetadata", "DaybookWatch", "DaybookPlaces", "DaybookWeb",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .executableTarget(
            name: "daybook-bench",
            dependencies: [
                "CHeif", "DaybookIngest", "DaybookImaging", "DaybookStore",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // Query latency on a seeded 100,000-entry journal (library API and CLI).
        .executableTarget(
            name: "daybook-journal-bench",
            dependencies: ["DaybookCore", "DaybookStore", "DaybookMetadata", "DaybookTagging"]
        ),
        // Time from a file's close to its entry in the store, through a real `daybook watch`.
        .executableTarget(
            name: "daybook-watch-bench",
            dependencies: ["DaybookImaging", "DaybookIngest", "DaybookStore"]
        ),
        // Checks the parsing code against ../shared: the corpus truth and the bad inputs.
        // CI also runs it once under AddressSanitizer.
        .executableTarget(
            name: "daybook-conformance",
            dependencies: ["DaybookIngest", "DaybookMetadata", "DaybookImaging"]
        ),
        // libFuzzer targets over the inputs from outside (scripts/fuzz.sh, docs/fuzzing.md); in a
        // normal build, the replay of saved inputs that CI runs on Tests/Fixtures/fuzz.
        .executableTarget(name: "daybook-fuzz", dependencies: ["DaybookIngest", "DaybookMetadata", "DaybookStore"]),
        // Place lookup and name resolution latency, and the table's opening cost and memory.
        .executableTarget(name: "daybook-places-bench", dependencies: ["DaybookCore", "DaybookPlaces", "DaybookTestSupport"]),

        // What every test target shares: the repository's files, the built executables, seeded
        // random numbers and temporary folders. Foundation only: no Daybook module.
        .target(name: "DaybookTestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "CoreTests", dependencies: ["DaybookCore"]),
        .testTarget(name: "PlacesTests", dependencies: ["DaybookCore", "DaybookPlaces", "DaybookTestSupport"]),
        .testTarget(name: "MetadataTests", dependencies: ["DaybookCore", "DaybookMetadata", "DaybookTestSupport"]),
        .testTarget(name: "ImagingTests", dependencies: ["DaybookCore", "DaybookImaging", "DaybookTestSupport"]),
        .testTarget(name: "TaggingTests", dependencies: ["DaybookCore", "DaybookTagging", "DaybookImaging", "DaybookTestSupport"]),
        .testTarget(
            name: "WeatherTests",
            dependencies: ["DaybookCore", "DaybookWeather", "DaybookMetadata", "DaybookIngest", "DaybookStore", "DaybookTestSupport"]
        ),
        // Weather only to read the old library's weather cache back as series.
        .testTarget(name: "StoreTests", dependencies: ["DaybookCore", "DaybookStore", "DaybookWeather", "DaybookTestSupport"]),
        .testTarget(
            name: "IngestTests",
            dependencies: ["DaybookCore", "DaybookIngest", "DaybookStore", "DaybookImaging", "DaybookPlaces", "DaybookTestSupport"]
        ),
        // HEIF end to end: files written by libheif's own encoder (hence CHeif), pixels
        // compared with heif-convert's, metadata through the analyzer.
        .testTarget(
            name: "HEIFTests",
            dependencies: ["CHeif", "DaybookCore", "DaybookImaging", "DaybookMetadata", "DaybookIngest", "DaybookTestSupport"]
        ),
        .testTarget(name: "CLITests", dependencies: ["daybook", "DaybookTestSupport"]),
        // The web journal through HummingbirdTesting (in process and on 127.0.0.1), on SampleImages;
        // headless Chromium on its pages; and the real `daybook serve` beside `daybook watch`.
        .testTarget(
            name: "WebTests",
            dependencies: [
                "daybook", "DaybookCore", "DaybookWeb", "DaybookStore", "DaybookIngest", "DaybookImaging", "DaybookTestSupport",
                // Weather from a file and a floating capture time, for the entry page's facts.
                "DaybookWeather", "DaybookMetadata",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Starts the real `daybook watch` (hence the dependency on the executable) on temporary folders.
        .testTarget(
            name: "WatchTests",
            dependencies: [
                "daybook", "DaybookCore", "DaybookWatch", "DaybookIngest", "DaybookStore", "DaybookImaging", "DaybookTestSupport",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
