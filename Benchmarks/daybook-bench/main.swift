// daybook-bench: ingest throughput, per-stage time and peak RSS of `daybook ingest`,
// side by side with a `djpeg -scale 1/8` + SHA-256 baseline. See docs/benchmarks/ingest.md.

import DaybookBenchSupport
import DaybookStore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

// The floor child (HEICRounds.swift) is this executable started again, not a user's command.
if CommandLine.arguments.dropFirst().first == HEICRounds.floorFlag {
    do {
        try HEICRounds.floorChild(Array(CommandLine.arguments.dropFirst(2)))
        exit(0)
    } catch {
        writeError("daybook-bench: error: \(error)")
        exit(1)
    }
}
BenchCommand.runAsTool()

enum Bench {
    static let ratioAim = 1.5
    static let rssAimMB = 150.0

    static func run(_ options: BenchOptions) throws {
        say("daybook-bench: ingest benchmark")
        #if DEBUG
            let debugWarning = """
                !!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!
                !!! WARNING: daybook-bench was built in DEBUG. Its stage table is meaningless.   !!!
                !!! Build with: swift build -c release --scratch-path .build-release             !!!
                !!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!
                """
            say(debugWarning)
        #endif

        let daybook = try daybookBinary(options)
        if options.format == .heic { return try HEICBench.run(options, daybook: daybook) }
        guard let djpegVersion = Subprocess.output("djpeg", ["-version"]), djpegVersion.outcome.succeeded else {
            throw BenchError("djpeg not found: apt-get install libjpeg-turbo-progs")
        }
        if options.baselineHash == .sha256sum, Subprocess.output("sha256sum", ["--version"])?.outcome.succeeded != true {
            throw BenchError("sha256sum not found")
        }

        // Machine facts.
        say("")
        say("machine")
        say(machineFacts(djpegVersion: djpegVersion.text, daybook: daybook).map { "  \($0.0): \($0.1)" }.joined(separator: "\n"))
        if daybook.contains("/debug/") {
            say("  !!! WARNING: the daybook binary is under a debug/ folder: its times are not release times !!!")
        }

        // Photos.
        say("")
        let photos = try PhotoSet.load(options)
        say(
            "photos: \(photos.count) JPEGs, \(fixed(megabytes(bytes: photos.totalBytes), 1)) MB "
                + "(\(fixed(megabytes(bytes: photos.totalBytes) / Double(photos.count), 2)) MB each) in \(photos.folder)")
        let warm = try photos.warmPageCache()
        say(
            "page cache: read every file once (\(fixed(megabytes(bytes: warm.bytes), 1)) MB in \(fixed(warm.seconds, 2)) s); "
                + "read again just before each side of each round and before the stage table")
        if let available = memInfo("MemAvailable"), warm.bytes > available * 1024 / 2 {
            say("  !!! WARNING: the photos are more than half of the available memory; they may not stay cached !!!")
        }

        // A grown library to ingest into, when asked for.
        var template: String?
        if options.prefill > 0 {
            let start = monotonicSeconds()
            template = try Prefill.makeTemplate(entries: options.prefill)
            say(
                "prefill: built a library of \(options.prefill) synthetic entries in "
                    + "\(fixed(monotonicSeconds() - start, 1)) s; every daybook round and the stage table's store stage "
                    + "start from a copy of it")
        }

        // Rounds.
        let hashText =
            options.baselineHash == .swiftCrypto
            ? "SHA-256 in-process with swift-crypto (read + hash), \(options.jobs) threads"
            : "sha256sum child processes, 16 files each, \(options.jobs) at a time"
        say("")
        say("rounds: \(options.rounds), --jobs \(options.jobs), order alternating")
        say("  baseline = djpeg -scale \(Rounds.djpegScale) -outfile /dev/null FILE, one process per file, \(options.jobs) at a time;")
        say("             then \(hashText)")
        say(
            "  daybook  = " + Rounds.daybookEnvironment.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
                + " \(daybook) ingest --library \(options.prefill > 0 ? "COPY_OF_\(options.prefill)_ENTRY_LIBRARY" : "FRESH_TMP_DIR") --jobs \(options.jobs) \(photos.folder)"
        )
        say("             (child process; peak RSS = ru_maxrss from wait4; weather fetching off: network, not pipeline)")
        say("  warm b/d = seconds to re-read all files just before the baseline/daybook side (untimed; a large value")
        say("             means the kernel had dropped them from the page cache since the previous side)")
        say("")
        let header = [
            "round", "first", "warm b/d s", "djpeg s", "hash s", "baseline s", "daybook s", "ratio", "CPU ratio",
            "daybook photos/s", "daybook peak RSS MB", "baseline CPU s", "daybook CPU s",
        ]
        var rows: [[String]] = []
        var baselines: [BaselineRun] = []
        var daybooks: [DaybookRun] = []
        var ratios: [Double] = []
        var cpuRatios: [Double] = []
        for round in 1...options.rounds {
            let baselineFirst = round % 2 == 1
            var baseline: BaselineRun?
            var run: DaybookRun?
            var warmSeconds = [0.0, 0.0]
            for side in baselineFirst ? [0, 1] : [1, 0] {
                warmSeconds[side] = try photos.warmPageCache().seconds
                if side == 0 {
                    baseline = try Rounds.baseline(photos, jobs: options.jobs, hash: options.baselineHash)
                } else {
                    run = try Rounds.daybook(daybook, photos: photos, jobs: options.jobs, template: template)
                }
            }
            guard let baseline, let run else { continue }
            baselines.append(baseline)
            daybooks.append(run)
            let ratio = run.seconds / baseline.seconds
            ratios.append(ratio)
            let cpuRatio = run.cpuSeconds / baseline.cpuSeconds
            cpuRatios.append(cpuRatio)
            rows.append([
                "\(round)", baselineFirst ? "baseline" : "daybook",
                fixed(warmSeconds[0], 2) + "/" + fixed(warmSeconds[1], 2),
                fixed(baseline.djpegSeconds, 2), fixed(baseline.hashSeconds, 2), fixed(baseline.seconds, 2),
                fixed(run.seconds, 2), fixed(ratio, 2), fixed(cpuRatio, 2), fixed(Double(photos.count) / run.seconds, 1),
                fixed(megabytes(kib: run.peakRSSKiB), 1), fixed(baseline.cpuSeconds, 2), fixed(run.cpuSeconds, 2),
            ])
            say(
                "  round \(round)/\(options.rounds) done: baseline \(fixed(baseline.seconds, 2)) s, "
                    + "daybook \(fixed(run.seconds, 2)) s, ratio \(fixed(ratio, 2)), "
                    + "peak RSS \(fixed(megabytes(kib: run.peakRSSKiB), 1)) MB (daybook said: \(run.summary))")
        }
        say("")
        say(table(header, rows))

        // Medians.
        let n = Double(photos.count)
        let baselineMedian = median(baselines.map(\.seconds))
        let daybookMedian = median(daybooks.map(\.seconds))
        let ratioMedian = median(ratios)
        let rssValues = daybooks.map { megabytes(kib: $0.peakRSSKiB) }
        let rssMax = rssValues.max() ?? .nan
        say("")
        say("medians over \(options.rounds) round\(options.rounds == 1 ? "" : "s") (\(photos.count) photos, --jobs \(options.jobs))")
        say(
            table(
                ["", "wall s", "photos/s", "CPU ms/photo"],
                [
                    [
                        "baseline (djpeg 1/8 + SHA-256)", fixed(baselineMedian, 2), fixed(n / baselineMedian, 1),
                        fixed(median(baselines.map(\.cpuSeconds)) / n * 1000, 1),
                    ],
                    [
                        "  djpeg -scale 1/8", fixed(median(baselines.map(\.djpegSeconds)), 2), "",
                        fixed(median(baselines.map(\.djpegCPUSeconds)) / n * 1000, 1),
                    ],
                    [
                        "  SHA-256 (\(options.baselineHash.rawValue))", fixed(median(baselines.map(\.hashSeconds)), 2), "",
                        fixed(median(baselines.map(\.hashCPUSeconds)) / n * 1000, 1),
                    ],
                    [
                        "daybook ingest", fixed(daybookMedian, 2), fixed(n / daybookMedian, 1),
                        fixed(median(daybooks.map(\.cpuSeconds)) / n * 1000, 1),
                    ],
                ]))
        say(
            "  ratio daybook/baseline: \(fixed(ratioMedian, 2)) (median of per-round ratios; "
                + "ratio of medians \(fixed(daybookMedian / baselineMedian, 2)))")
        say(
            "  CPU-time ratio daybook/baseline: \(fixed(median(cpuRatios), 2)) (median of per-round ratios of user+sys CPU "
                + "seconds; less sensitive than wall clock to other load on the machine)")
        say("  daybook peak RSS: median \(fixed(median(rssValues), 1)) MB, max \(fixed(rssMax, 1)) MB (1 MB = 10^6 bytes)")
        say("")
        say("load average after the rounds: \(loadAverage()) (1, 5, 15 min)")
        say(
            "aim: ratio <= \(ratioAim): \(ratioMedian <= ratioAim ? "met" : "NOT met"); "
                + "peak RSS < \(Int(rssAimMB)) MB: \(rssMax < rssAimMB ? "met" : "NOT met")")

        // Per-stage breakdown.
        let stageCount = min(options.stagePhotos, photos.count)
        guard stageCount > 0 else { return }
        say("")
        say(
            "per-stage breakdown: single thread, in-process, first \(stageCount) photos, one sample per photo per stage"
                + (options.prefill > 0 ? "; store into a copy of the \(options.prefill)-entry library" : "; store into an empty library"))
        let scratch = try TemporaryFolders.make("daybook-bench-stages")
        defer { TemporaryFolders.remove(scratch) }
        let stageFiles = Array(photos.files.prefix(stageCount))
        _ = try PhotoSet(folder: photos.folder, files: stageFiles, totalBytes: 0, generated: photos.generated).warmPageCache()
        let breakdown: StageBreakdown
        do {
            if let template { try Prefill.copy(template, to: "\(scratch)/library") }
            let store = try JournalStore(library: Library(root: URL(fileURLWithPath: "\(scratch)/library")))
            breakdown = try StageBreakdown.measure(
                stageFiles, store: store,
                thumbnailSize: options.thumbnailSize)
        }
        say(breakdown.report())
        let perPhoto = median(breakdown.totals)
        let ideal = Double(options.jobs) / perPhoto
        say(
            "  one photo end to end: median \(fixed(perPhoto * 1000, 1)) ms → \(fixed(1 / perPhoto, 1)) photos/s on one thread, "
                + "\(fixed(ideal, 1)) photos/s ideal with \(options.jobs) jobs; "
                + "daybook ingest reached \(fixed(n / daybookMedian, 1)) (\(fixed((n / daybookMedian) / ideal * 100, 0)) %)")
        let floor = breakdown.medianSum(of: StageBreakdown.floorStages)
        let sum = breakdown.medianSum(of: breakdown.rows.map(\.name))
        say(
            "  floor (\(StageBreakdown.floorStages.joined(separator: " + "))): \(fixed(floor * 1000, 2)) ms of \(fixed(sum * 1000, 2)) ms; "
                + "the other stages add \(fixed((sum - floor) / floor * 100, 0)) % on top")
    }

    /// --daybook, else the `daybook` executable next to this one (same build folder).
    static func daybookBinary(_ options: BenchOptions) throws -> String {
        let path: String
        if let given = options.daybook {
            path = given
        } else {
            guard let own = ownExecutablePath() else { throw BenchError("cannot find my own executable; pass --daybook PATH") }
            path = URL(fileURLWithPath: own).deletingLastPathComponent().appendingPathComponent("daybook").path
        }
        guard access(path, X_OK) == 0 else {
            throw BenchError(
                "no daybook executable at \(path): build it with "
                    + "`swift build -c release --scratch-path .build-release --product daybook`, or pass --daybook PATH")
        }
        return path
    }

    static func machineFacts(djpegVersion: String, daybook: String) -> [(String, String)] {
        var facts: [(String, String)] = []
        let formatter = ISO8601DateFormatter()
        facts.append(("date", formatter.string(from: Date())))
        facts.append(("nproc", "\(sysconf(Int32(_SC_NPROCESSORS_ONLN))) online, \(ProcessInfo.processInfo.activeProcessorCount) active"))
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "?" }
        let flags = Set(
            cpuinfo.split(separator: "\n").first { $0.hasPrefix("flags") }?
                .split(separator: " ").map(String.init) ?? [])
        let simd = ["avx2", "avx512f", "sha_ni"].map { "\($0) \(flags.contains($0) ? "yes" : "no")" }
        facts.append(("CPU", (model ?? "unknown") + " (" + simd.joined(separator: ", ") + ")"))
        if let total = memInfo("MemTotal") { facts.append(("memory", "\(fixed(Double(total) / 1_048_576, 1)) GiB")) }
        var names = utsname()
        uname(&names)
        let kernel = withUnsafeBytes(of: names.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let machine = withUnsafeBytes(of: names.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        facts.append(("kernel", "Linux \(kernel) \(machine)"))
        facts.append(("load average", "\(loadAverage()) (1, 5, 15 min) at start"))
        let jpegLine = djpegVersion.split(separator: "\n").first.map(String.init) ?? "?"
        facts.append(("libjpeg-turbo", "\(jpegLine) (djpeg; daybook links the system libjpeg)"))
        #if DEBUG
            facts.append(("daybook-bench build", "DEBUG (!!! not representative !!!)"))
        #else
            facts.append(("daybook-bench build", "release"))
        #endif
        facts.append(("daybook binary", daybook))
        return facts
    }

    static func loadAverage() -> String {
        ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?")
            .split(separator: " ").prefix(3).joined(separator: " ")
    }

    /// A /proc/meminfo field in KiB.
    static func memInfo(_ field: String) -> Int? {
        let text = (try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8)) ?? ""
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }) else { return nil }
        return Int(line.split(separator: " ").dropFirst().first ?? "")
    }
}
