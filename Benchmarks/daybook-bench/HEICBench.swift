import CHeif
import DaybookBenchSupport
import DaybookImaging
import DaybookStore
import Foundation

/// `daybook-bench --format heic`: `daybook ingest` on a folder of HEICs, side by side with
/// libheif's own decode of the same files (the floor: HEVC has no reduced-scale decode) and
/// with vipsthumbnail. docs/benchmarks/heic.md explains the figures.
enum HEICBench {
    static let cpuAim = 1.15
    static let rssAimMB = 300.0

    static func run(_ options: BenchOptions, daybook: String) throws {
        guard let vips = Subprocess.output("vipsthumbnail", ["--vips-version"]), vips.outcome.succeeded else {
            throw BenchError("vipsthumbnail not found: apt-get install libvips-tools")
        }
        say("")
        say("machine")
        var facts = Bench.machineFacts(djpegVersion: Subprocess.output("djpeg", ["-version"])?.text ?? "?", daybook: daybook)
        facts.append(("libheif", "\(String(cString: heif_get_version())) (daybook and the floor link it; HEVC through libde265)"))
        facts.append(("libvips", vips.text.split(separator: "\n").first.map(String.init) ?? "?"))
        say(facts.map { "  \($0.0): \($0.1)" }.joined(separator: "\n"))

        say("")
        let photos = options.photos == nil ? try HEICPhotos.load(options) : try PhotoSet.load(options)
        let n = Double(photos.count)
        say(
            "photos: \(photos.count) HEICs, \(fixed(megabytes(bytes: photos.totalBytes), 1)) MB "
                + "(\(fixed(megabytes(bytes: photos.totalBytes) / n, 2)) MB each) in \(photos.folder)")
        _ = try photos.warmPageCache()

        say("")
        say("rounds: \(options.rounds), --jobs \(options.jobs), the three sides in rotating order")
        say(
            "  floor   = read + SHA-256 of every file, then libheif decode of every primary image to RGB, \(options.jobs) threads (child process)"
        )
        say(
            "  vips    = VIPS_CONCURRENCY=1 vipsthumbnail FILE -s \(options.thumbnailSize), one process per file, \(options.jobs) at a time"
        )
        say("  daybook = daybook ingest --library FRESH_TMP_DIR --jobs \(options.jobs) \(photos.folder) (peak RSS from wait4)")
        var floors: [SideRun] = []
        var vipsRuns: [SideRun] = []
        var daybooks: [DaybookRun] = []
        var rows: [[String]] = []
        for round in 1...options.rounds {
            var floor: SideRun?
            var thumbnailer: SideRun?
            var ingest: DaybookRun?
            for step in 0..<3 {
                _ = try photos.warmPageCache()
                switch (step + round - 1) % 3 {
                case 0: floor = try HEICRounds.floor(photos, jobs: options.jobs)
                case 1: thumbnailer = try HEICRounds.vips(photos, jobs: options.jobs, size: options.thumbnailSize)
                default: ingest = try Rounds.daybook(daybook, photos: photos, jobs: options.jobs, template: nil)
                }
            }
            guard let floor, let thumbnailer, let ingest else { continue }
            floors.append(floor)
            vipsRuns.append(thumbnailer)
            daybooks.append(ingest)
            rows.append([
                "\(round)", fixed(floor.seconds, 2), fixed(thumbnailer.seconds, 2), fixed(ingest.seconds, 2),
                fixed(floor.cpuSeconds, 2), fixed(thumbnailer.cpuSeconds, 2), fixed(ingest.cpuSeconds, 2),
                fixed(ingest.cpuSeconds / floor.cpuSeconds, 3), fixed(ingest.cpuSeconds / thumbnailer.cpuSeconds, 3),
                fixed(megabytes(kib: ingest.peakRSSKiB), 1),
            ])
            say("  round \(round)/\(options.rounds) done (daybook said: \(ingest.summary))")
        }
        say("")
        say(
            table(
                [
                    "round", "floor s", "vips s", "daybook s", "floor CPU s", "vips CPU s", "daybook CPU s", "CPU daybook/floor",
                    "CPU daybook/vips", "daybook peak RSS MB",
                ], rows))
        report(floors, vipsRuns, daybooks, photos: n, options: options)
        // Only now, so that the bench's own peak RSS stays small during the rounds (see
        // HEICRounds.floor).
        let usable = try photos.files.filter { file in
            try HEIFFile(readWholeFile(file)).usableThumbnailSize(longestSide: options.thumbnailSize, maxPixels: 100_000_000) != nil
        }
        say(
            "thumbnail items at least \(options.thumbnailSize) px with the primary image's shape: "
                + "\(usable.count) of \(photos.count) photos (the others decode the primary image)")

        let stageCount = min(options.stagePhotos, photos.count)
        guard stageCount > 0 else { return }
        say("")
        say("per-stage breakdown: single thread, in-process, first \(stageCount) photos, one sample per photo per stage")
        let scratch = try TemporaryFolders.make("daybook-bench-stages")
        defer { TemporaryFolders.remove(scratch) }
        let store = try JournalStore(library: Library(root: URL(fileURLWithPath: "\(scratch)/library")))
        let breakdown = try StageBreakdown.measureHEIC(
            Array(photos.files.prefix(stageCount)), store: store, thumbnailSize: options.thumbnailSize)
        say(breakdown.report())
    }

    static func report(_ floors: [SideRun], _ vipsRuns: [SideRun], _ daybooks: [DaybookRun], photos n: Double, options: BenchOptions) {
        func perPhoto(_ cpu: [Double]) -> String { fixed(median(cpu) / n * 1000, 1) }
        say("")
        say("medians over \(floors.count) rounds (\(Int(n)) photos, --jobs \(options.jobs))")
        say(
            table(
                ["", "wall s", "photos/s", "CPU ms/photo"],
                [
                    [
                        "floor (libheif decode + SHA-256)", fixed(median(floors.map(\.seconds)), 2),
                        fixed(n / median(floors.map(\.seconds)), 1), perPhoto(floors.map(\.cpuSeconds)),
                    ],
                    ["  libheif decode to RGB", "", "", perPhoto(floors.map(\.decodeCPUSeconds))],
                    ["  read + SHA-256", "", "", perPhoto(floors.map(\.hashCPUSeconds))],
                    [
                        "vipsthumbnail", fixed(median(vipsRuns.map(\.seconds)), 2), fixed(n / median(vipsRuns.map(\.seconds)), 1),
                        perPhoto(vipsRuns.map(\.cpuSeconds)),
                    ],
                    [
                        "daybook ingest", fixed(median(daybooks.map(\.seconds)), 2), fixed(n / median(daybooks.map(\.seconds)), 1),
                        perPhoto(daybooks.map(\.cpuSeconds)),
                    ],
                ]))
        let cpuFloor = median(zip(daybooks, floors).map { $0.cpuSeconds / $1.cpuSeconds })
        let cpuVips = median(zip(daybooks, vipsRuns).map { $0.cpuSeconds / $1.cpuSeconds })
        let wallVips = median(zip(daybooks, vipsRuns).map { $0.seconds / $1.seconds })
        let rss = daybooks.map { megabytes(kib: $0.peakRSSKiB) }
        say("  CPU ratio daybook/floor: \(fixed(cpuFloor, 3)) (median of per-round ratios)")
        say("  CPU ratio daybook/vipsthumbnail: \(fixed(cpuVips, 3)); wall-clock ratio \(fixed(wallVips, 3))")
        say("  daybook peak RSS: median \(fixed(median(rss), 1)) MB, max \(fixed(rss.max() ?? .nan, 1)) MB")
        say(
            "aim: CPU within \(cpuAim)x of the floor: \(cpuFloor <= cpuAim ? "met" : "NOT met"); ahead of vipsthumbnail: "
                + "\(cpuVips < 1 && wallVips < 1 ? "met" : "NOT met"); peak RSS < \(Int(rssAimMB)) MB: \((rss.max() ?? .infinity) < rssAimMB ? "met" : "NOT met")"
        )
    }
}
