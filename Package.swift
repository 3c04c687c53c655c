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
        // The library, one product per module of its public API (docs/api-surface.md): the
        // ingester; the journal it fills and its entries; their place names; their values.
        .library(name: "DaybookIngest", targets: ["DaybookIngest"]),
        .library(name: "DaybookStore", targets: ["DaybookStore"]),
        .library(name: "DaybookPlaces", targets: ["DaybookPlaces"]),
        .library(name: "DaybookCore", targets: ["DaybookCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        // 1.16.2: the `LogHandler.log(event:)` entry point (DaybookSupport's log handler).
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
        // `daybook serve`. No default traits: swift-configuration is not needed (options come
        // from the command line), which saves its build.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        // NIOThreadPool: the web journal's reads, hashes and decodes run off the request executor.
        .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
        // Hummingbird's request and header types, which the web journal names itself.
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.0.0"),
        // `serve --https`: TLS through BoringSSL (hummingbird's HummingbirdTLS), and the local
        // certificate authority's certificates, written and read as X.509 (docs/web.md, "HTTPS").
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.2"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.10.0"),
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.1.0"),
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
        // Opens a C library on first use for a table of its functions (CHeif, CCurl).
        .target(name: "CLibraryLoader", linkerSettings: [.linkedLibrary("dl")]),
        // libheif's C API reports every failure as a returned `heif_error` (no longjmp, no
        // exit). Its headers only (libheif-dev): the library is opened on the first HEIF file
        // (loader.c), since linking it and its codecs would cost every command start-up time.
        // Whoever calls libheif directly (its tests' encoder, the bench) links it itself.
        .target(name: "CHeif", dependencies: ["CLibraryLoader"]),
        // PNG (libspng), WebP (libwebp and its demuxer): both report every failure as a
        // returned code, so module maps are all they need.
        .systemLibrary(name: "CSpng", pkgConfig: "spng", providers: [.apt(["libspng-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpdemux", providers: [.apt(["libwebp-dev"])]),
        // giflib: no pkg-config file on Debian 12; its errors are returned codes too.
        .systemLibrary(name: "CGif", providers: [.apt(["libgif-dev"])]),

        // LibRaw (thread-safe build) for camera RAW: it reports failures as return codes, so a
        // module map is all it needs. Only its metadata and embedded previews are used.
        .systemLibrary(
            name: "CRaw",
            pkgConfig: "libraw_r",
            providers: [.apt(["libraw-dev"])]
        ),

        // FFmpeg (libavformat/libavcodec/libswscale) for videos: every call reports failure as
        // a returned code, and the in-memory read callback is a plain C function pointer Swift
        // provides. Its headers only: the libraries are opened on the first video (loader.c),
        // since linking them would cost every command start-up time.
        .target(name: "CFFmpeg", linkerSettings: [.linkedLibrary("dl")]),
        // libcurl for the weather archive (HTTPS): its headers only (libcurl4-openssl-dev), the
        // library opened on the first request, since linking it through FoundationNetworking
        // would cost every command start-up time.
        .target(name: "CCurl", dependencies: ["CLibraryLoader"]),

        // The library, one module per concern; a module uses only the layers below its own
        // (docs/architecture.md, checked by scripts/check_dependencies.py). DaybookCore holds the
        // journal's value types (dates, offsets, places, sources, capture times, automatic tags)
        // and the one calendar; every module may import it.
        .target(name: "DaybookCore"),
        // What several layers share but Core must not pull in (swift-crypto, swift-log): the
        // content hash, the log handler, the lane for blocking work.
        .target(
            name: "DaybookSupport",
            dependencies: [
                "DaybookCore",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(name: "DaybookMetadata", dependencies: ["DaybookCore", "CExif"]),
        .target(name: "DaybookImaging", dependencies: ["DaybookCore", "CJPEG", "CHeif", "CRaw", "CSpng", "CWebP", "CGif", "CFFmpeg"]),
        .target(name: "DaybookTagging", dependencies: ["DaybookCore", "DaybookImaging"]),
        // libcurl's table, opened once for the process, and what is sent through it besides
        // the weather's GET: the reminder's e-mail (SMTP).
        .target(name: "DaybookNetwork", dependencies: ["CCurl"]),
        .target(name: "DaybookWeather", dependencies: ["DaybookCore", "CCurl", "DaybookNetwork"]),
        // The data files the binary carries, each kept beside the module that reads it and
        // compiled in by an `#embed` list, so a copied binary still has them
        // (docs/embedded-files.md): CEmbedded the place table (every program), CEmbeddedWeb
        // the web journal's templates, styles, scripts and map outlines (only `daybook`).
        .target(name: "CEmbedded"),
        .target(name: "CEmbeddedWeb", dependencies: ["CEmbedded"]),
        .target(name: "DaybookEmbedded", dependencies: ["CEmbedded"]),
        // Offline place names: GeoNames and Natural Earth, derived by scripts/derive_places.py
        // into places.bin (docs/places.md).
        .target(name: "DaybookPlaces", dependencies: ["DaybookCore", "DaybookEmbedded"], exclude: ["places.bin"]),
        .target(
            name: "DaybookStore",
            dependencies: [
                // No photo reader: the store keeps what ingest read and never loads an image library.
                "DaybookCore", "DaybookPlaces",
                .product(name: "GRDB", package: "GRDB.swift"),
                // `TextVersion`: an edit names the text it started from by its SHA-256.
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // How an entry is said, above the store that keeps it: list lines, weather and place
        // text, dates and month names, byte sizes, durations, the JSON writer, the exports.
        .target(name: "DaybookPresentation", dependencies: ["DaybookCore", "DaybookPlaces", "DaybookStore"]),
        .target(
            name: "DaybookIngest",
            dependencies: [
                "DaybookCore", "DaybookSupport", "DaybookMetadata", "DaybookImaging", "DaybookTagging", "DaybookWeather",
                "DaybookStore", "DaybookPlaces", "DaybookPresentation",
            ]
        ),

        // `daybook watch`: inotify + periodic rescans feeding the same Ingester, as a Service.
        .target(
            name: "DaybookWatch",
            dependencies: [
                "DaybookCore", "DaybookSupport", "DaybookIngest", "DaybookStore",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),

        // `daybook serve`: the web journal (pages, JSON API, thumbnails and previews) and
        // `export html`, over the same store API the CLI uses; templates and assets are compiled in.
        .target(
            name: "DaybookWeb",
            dependencies: [
                "CEmbeddedWeb", "DaybookCore", "DaybookSupport", "DaybookEmbedded", "DaybookImaging", "DaybookStore",
                "DaybookPresentation",
                // An entry's place or date set on its page is named and zoned as ingest does it, and
                // `POST /uploads` stores a file through the same ingester as `ingest` and `watch`.
                "DaybookIngest",
                // The search's Near field reads place names, as `--near` does.
                "DaybookPlaces",
                .product(name: "Hummingbird", package: "hummingbird"),
                // The HTTP/1 channel's idle timeout drops a stalled upload.
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                // BcryptPasswordVerifier: bcrypt on NIO's thread pool, off the async executor.
                .product(name: "HummingbirdBasicAuth", package: "hummingbird-auth"),
                // HMAC for the login cookie.
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                // Requests as HTTP/1 parsed them, before Hummingbird's conversion drops an
                // absolute-form target's host (`HTTP1Handlers`).
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ],
            // The templates, styles and scripts: data, compiled in through CEmbedded.
            exclude: ["Templates/mustache", "Assets/static"]
        ),

        // `daybook remind`: today's on-this-day reminder, built once and sent through each
        // channel (e-mail, the desktop, Web Push), once a day; its settings and stamps in the library.
        .target(
            name: "DaybookReminders",
            dependencies: [
                "DaybookCore", "DaybookNetwork", "DaybookStore", "DaybookPresentation",
                // The e-mail's Message-ID: a digest of the day and the library.
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),

        // How the CLI and the tools tell ArgumentParser's own errors (help, usage, `ExitCode`)
        // from theirs, and the exit statuses those end with.
        .target(
            name: "DaybookCommandLine",
            dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),

        // Executables: the CLI is a thin layer over DaybookIngest/DaybookStore/DaybookWatch/DaybookWeb.
        .executableTarget(
            name: "daybook",
            dependencies: [
                "DaybookCore", "DaybookSupport", "DaybookIngest", "DaybookStore", "DaybookMetadata", "DaybookWatch", "DaybookPlaces",
                "DaybookWeb", "DaybookCommandLine", "DaybookPresentation", "DaybookReminders",
                // `tags --rules` prints the colour tagger's vocabulary; weather is fetched after ingest and beside watch.
                "DaybookTagging", "DaybookWeather",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            // The release CLI carries the Swift runtime and Foundation in itself: binding their
            // shared libraries' symbols would cost every command start-up time. The static
            // Foundation's own parts are named, as `--static-swift-stdlib`
            // would name them. Debug builds stay dynamic: CLITests links this target.
            linkerSettings: [
                .unsafeFlags(
                    [
                        "-static-stdlib", "-lCoreFoundation", "-l_CFXMLInterface", "-lxml2", "-l_FoundationICU", "-l_FoundationCShims",
                        "-l_FoundationCollections", "-lz",
                    ], .when(platforms: [.linux], configuration: .release))
            ]
        ),
        // What the benchmark and check tools share: their command line's exit statuses, medians
        // and percentiles, timing, seeded random numbers, and the figures' formatting. It stays
        // under Sources/ because daybook-conformance, a CI tool, uses it too.
        .target(
            name: "DaybookBenchSupport",
            dependencies: ["DaybookCommandLine", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // The benchmarks live in Benchmarks/ (its README says what each measures) and use only
        // the modules under Sources/, so a measurement never depends on test code.
        .executableTarget(
            name: "daybook-bench",
            dependencies: [
                "CHeif", "DaybookCore", "DaybookSupport", "DaybookIngest", "DaybookMetadata", "DaybookImaging", "DaybookTagging",
                "DaybookStore", "DaybookBenchSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Benchmarks/daybook-bench",
            // Its floor decodes through libheif directly.
            linkerSettings: [.linkedLibrary("heif")]
        ),
        // Query latency on a seeded 100,000-entry journal (library API and CLI).
        .executableTarget(
            name: "daybook-journal-bench",
            dependencies: [
                "DaybookCore", "DaybookStore", "DaybookIngest", "DaybookMetadata", "DaybookTagging", "DaybookBenchSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Benchmarks/daybook-journal-bench"
        ),
        // Time from a file's close to its entry in the store, through a real `daybook watch`.
        .executableTarget(
            name: "daybook-watch-bench",
            dependencies: [
                "DaybookSupport", "DaybookImaging", "DaybookIngest", "DaybookStore", "DaybookBenchSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Benchmarks/daybook-watch-bench"
        ),
        // Checks the parsing code against ../shared: the corpus truth and the bad inputs.
        // CI also runs it once under AddressSanitizer.
        .executableTarget(
            name: "daybook-conformance",
            dependencies: [
                "DaybookCore", "DaybookIngest", "DaybookMetadata", "DaybookImaging", "DaybookBenchSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // libFuzzer targets over the inputs from outside (scripts/fuzz.sh, docs/fuzzing.md); in a
        // normal build, the replay of saved inputs that CI runs on Tests/Fixtures/fuzz.
        .executableTarget(
            name: "daybook-fuzz", dependencies: ["DaybookCore", "DaybookImaging", "DaybookIngest", "DaybookMetadata", "DaybookStore"]),
        // Place lookup and name resolution latency, and the table's opening cost and memory.
        .executableTarget(
            name: "daybook-places-bench",
            dependencies: [
                "DaybookCore", "DaybookPlaces", "DaybookBenchSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Benchmarks/daybook-places-bench"
        ),

        // What every test target shares: the repository's files, the built executables and the
        // real `daybook` run as a user runs it, seeded random numbers and temporary folders.
        // Foundation only: no Daybook module.
        .target(name: "DaybookTestSupport", path: "Tests/TestSupport"),
        // What the tests of the store and of the layers above it share: temporary journals,
        // entries with no file behind them, and journals whose entries tie on the timeline.
        .target(
            name: "DaybookStoreTestSupport", dependencies: ["DaybookCore", "DaybookStore", "DaybookTestSupport"],
            path: "Tests/StoreTestSupport"),
        // What the tests of decoded pictures share: how far one is from another decoder's.
        .target(name: "DaybookImagingTestSupport", dependencies: ["DaybookImaging"], path: "Tests/ImagingTestSupport"),
        .testTarget(name: "CoreTests", dependencies: ["DaybookCore"]),
        // The embedded files against the repository's: a stale or incomplete build fails here.
        .testTarget(name: "EmbeddedTests", dependencies: ["CEmbeddedWeb", "DaybookEmbedded", "DaybookTestSupport"]),
        .testTarget(name: "PlacesTests", dependencies: ["DaybookCore", "DaybookPlaces", "DaybookTestSupport"]),
        .testTarget(name: "MetadataTests", dependencies: ["DaybookCore", "DaybookMetadata", "DaybookTestSupport"]),
        // CJPEG: the C decoder called directly, to read the status a damaged file ends it with.
        .testTarget(
            name: "ImagingTests",
            dependencies: ["CJPEG", "DaybookCore", "DaybookImaging", "DaybookTestSupport", "DaybookImagingTestSupport"]),
        .testTarget(name: "TaggingTests", dependencies: ["DaybookCore", "DaybookTagging", "DaybookImaging", "DaybookTestSupport"]),
        .testTarget(
            name: "WeatherTests",
            dependencies: [
                "DaybookCore", "DaybookWeather", "DaybookMetadata", "DaybookIngest", "DaybookStore", "DaybookTestSupport",
                "DaybookStoreTestSupport",
            ]
        ),
        // Weather (a layer below the store) only to read the old library's weather cache back as
        // series; no photo reader, so the store's tests build without the image libraries.
        // Places: the named places an export writes; GRDB: rows written as daybook never would.
        .testTarget(
            name: "StoreTests",
            dependencies: [
                "DaybookCore", "DaybookStore", "DaybookWeather", "DaybookPlaces", "DaybookTestSupport", "DaybookStoreTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // A client of the library products: their modules only (scripts/check_dependencies.py).
        .testTarget(name: "ClientTests", dependencies: ["DaybookCore", "DaybookIngest", "DaybookStore", "DaybookPlaces"]),
        .testTarget(
            name: "PresentationTests",
            dependencies: ["DaybookCore", "DaybookStore", "DaybookPresentation", "DaybookPlaces", "DaybookTestSupport"]
        ),
        .testTarget(
            name: "IngestTests",
            dependencies: [
                "DaybookCore", "DaybookSupport", "DaybookIngest", "DaybookStore", "DaybookImaging", "DaybookPlaces", "DaybookTestSupport",
                "DaybookMetadata", "DaybookTagging", "DaybookPresentation", .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // HEIF end to end: files written by libheif's own encoder (hence CHeif), pixels
        // compared with heif-convert's, metadata through the analyzer.
        .testTarget(
            name: "HEIFTests",
            dependencies: [
                "CHeif", "DaybookCore", "DaybookImaging", "DaybookMetadata", "DaybookIngest", "DaybookTestSupport",
                "DaybookImagingTestSupport",
            ],
            // Its writer calls libheif's encoder directly.
            linkerSettings: [.linkedLibrary("heif")]
        ),
        .testTarget(
            name: "CLITests",
            dependencies: [
                "daybook", "DaybookCore", "DaybookPlaces", "DaybookStore", "DaybookPresentation", "DaybookTestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `daybook remind` against real servers on loopback: an SMTP server with STARTTLS and a
        // login (python3-aiosmtpd), a notification server on a private session bus
        // (python3-dbus), and systemd-analyze on the timer it writes.
        .testTarget(
            name: "RemindersTests",
            dependencies: [
                "daybook", "DaybookCore", "DaybookStore", "DaybookPresentation", "DaybookReminders", "DaybookTestSupport",
            ]
        ),
        // The web journal through HummingbirdTesting (in process and on 127.0.0.1), on SampleImages;
        // headless Chromium on its pages; and the real `daybook serve` beside `daybook watch`.
        .testTarget(
            name: "WebTests",
            dependencies: [
                "daybook", "DaybookCore", "DaybookSupport", "DaybookWeb", "DaybookStore", "DaybookIngest", "DaybookImaging",
                "DaybookPresentation", "DaybookTestSupport", "DaybookStoreTestSupport", "DaybookImagingTestSupport",
                // Weather from a file and a floating capture time, for the entry page's facts.
                "DaybookWeather", "DaybookMetadata", "DaybookPlaces",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Starts the real `daybook watch` (hence the dependency on the executable) on temporary folders.
        // Two real Syncthings (scripts/setup.sh installs it) sharing two libraries' journal folders.
        .testTarget(name: "SyncTests", dependencies: ["daybook", "DaybookCore", "DaybookStore", "DaybookTestSupport"]),
        .testTarget(
            name: "WatchTests",
            dependencies: [
                "daybook", "DaybookCore", "DaybookSupport", "DaybookWatch", "DaybookIngest", "DaybookStore", "DaybookImaging",
                "DaybookTestSupport",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
