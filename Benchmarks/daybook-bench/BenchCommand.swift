import ArgumentParser
import DaybookBenchSupport

/// The command line of daybook-bench. Every option name and default is the one the docs and
/// scripts use (docs/benchmarks/ingest.md, docs/benchmarks/heic.md).
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "daybook-bench",
        abstract: "Ingest benchmark: photos per second, time per stage and peak RSS of `daybook ingest`.",
        discussion: """
            Each round times two sides, in alternating order:
              baseline  djpeg -scale 1/8 -outfile /dev/null FILE for every file, J
                        processes at a time, then SHA-256 of every file (J
                        threads, swift-crypto; or sha256sum processes)
              daybook   daybook ingest --library FRESH_TMP_DIR --jobs J DIR (a
                        child process: wall clock, and peak RSS from wait4)
            then a single-thread, in-process per-stage breakdown on the first K \
            photos. With --format heic the photos are HEICs and the sides are: \
            libheif's own decode of every file + SHA-256 (the floor), \
            vipsthumbnail -s 400 per file, and daybook ingest \
            (docs/benchmarks/heic.md).

            Build both in release and run from the package root (docs/benchmarks/ingest.md):
              swift build -c release --scratch-path .build-release --product daybook
              swift build -c release --scratch-path .build-release \\
                --product daybook-bench
              .build-release/release/daybook-bench --generate 200 --rounds 3
              .build-release/release/daybook-bench --photos ~/Pictures/2024
              .build-release/release/daybook-bench --format heic --stage-photos 20

            Exit status: 0 when the benchmark ran (whether or not the aims were \
            met), 1 on errors, 2 on usage errors.
            """
    )

    @Option(help: "jpeg or heic.")
    var format = PhotoFormat.jpeg

    @Option(help: ArgumentHelp("Photos to ingest (default: generate them).", valueName: "dir"))
    var photos: String?

    @Option(
        help: ArgumentHelp(
            "Photos to generate when --photos is not given (default 200; 40 for heic), cached in "
                + "<repo>/.build-bench-photos/N-WxH/ (heic-N-WxH/).", valueName: "n"))
    var generate: Int?

    @Option(help: ArgumentHelp("Displayed size of generated photos (default 4000x3000; 4032x3024 for heic).", valueName: "WxH"))
    var size: PixelSize?

    @Option(help: ArgumentHelp("Rounds of baseline + daybook.", valueName: "r"))
    var rounds = 3

    @Option(help: ArgumentHelp("Parallelism of both sides.", valueName: "j"))
    var jobs = 2

    @Option(help: ArgumentHelp("The daybook executable (default: the one next to daybook-bench).", valueName: "path"))
    var daybook: String?

    @Option(help: ArgumentHelp("Photos in the per-stage breakdown (0 to skip).", valueName: "k"))
    var stagePhotos = 50

    @Option(help: "swift-crypto (in-process) or sha256sum (child processes).")
    var baselineHash = BaselineHash.swiftCrypto

    @Option(
        help: ArgumentHelp(
            "Ingest into a copy of a library that already holds N synthetic entries instead of an empty one, "
                + "for daybook and the stage table's store stage.", valueName: "n"))
    var prefill = 0

    func validate() throws {
        try Self.check("--generate", generate ?? 1, 1...1_000_000)
        try Self.check("--rounds", rounds, 1...100)
        try Self.check("--jobs", jobs, 1...256)
        try Self.check("--stage-photos", stagePhotos, 0...100_000)
        try Self.check("--prefill", prefill, 0...1_000_000)
    }

    private static func check(_ name: String, _ value: Int, _ range: ClosedRange<Int>) throws {
        guard range.contains(value) else {
            throw ValidationError("\(name) must be an integer in \(range.lowerBound)...\(range.upperBound), not '\(value)'")
        }
    }

    /// HEIC has defaults of its own: encoding a 12 MP HEIC takes seconds, and iPhones shoot 4032x3024.
    var options: BenchOptions {
        let size = size ?? (format == .heic ? PixelSize(width: 4032, height: 3024) : PixelSize(width: 4000, height: 3000))
        return BenchOptions(
            photos: photos, format: format, generate: generate ?? (format == .heic ? 40 : 200), width: size.width,
            height: size.height, rounds: rounds, jobs: jobs, daybook: daybook, stagePhotos: stagePhotos,
            baselineHash: baselineHash, prefill: prefill)
    }

    func run() throws {
        defer { TemporaryFolders.removeAll() }
        try Bench.run(options)
    }
}
