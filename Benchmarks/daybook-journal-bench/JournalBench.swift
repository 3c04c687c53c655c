import ArgumentParser
import DaybookBenchSupport
import DaybookCore
import DaybookIngest
import DaybookMetadata
import DaybookStore
import DaybookTagging
import Foundation

/// Query latency on a seeded journal, through the library API and through the `daybook` CLI.
/// A benchmark, not a test: it prints figures and exits 0.
@main
struct JournalBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "daybook-journal-bench",
        abstract: "Query latency on a seeded journal, through the library API and the daybook CLI.",
        discussion: """
            Seeds a library with N generated entries (200 places, 15 years, tags, text; once: a \
            second run reuses the library), then reports for each query kind (text, tags, dates, \
            near a place, on this day, latest, list, show) the median and p90 latency through the \
            library API, and the median through the `daybook` CLI end to end (process start \
            included). The aim is under 10 ms through the API.

            Examples (build in release for meaningful figures):
              swift build -c release --scratch-path .build-release \\
                --product daybook-journal-bench
              # seeds once (about 1 min), then measures:
              .build-release/release/daybook-journal-bench --entries 100000
              .build-release/release/daybook-journal-bench --entries 2000 --runs 5
              # an existing library of that size (a copy: it is migrated), with query plans:
              .build-release/release/daybook-journal-bench --library /tmp/copy-1m \\
                --entries 1000000 --explain
              # only seeds, printing the insert rate every 100,000 entries:
              .build-release/release/daybook-journal-bench --entries 1000000 --seed-only
            """
    )

    @Option(help: ArgumentHelp("Entries to seed the library with.", valueName: "n"))
    var entries = 100_000

    @Option(help: ArgumentHelp("Timed runs of each query through the library API.", valueName: "r"))
    var runs = 51

    @Option(help: ArgumentHelp("Timed runs of each query through the daybook CLI.", valueName: "r"))
    var cliRuns = 11

    @Option(help: ArgumentHelp("The daybook executable (default: the one next to this benchmark).", valueName: "path"))
    var daybook: String?

    @Option(
        help: ArgumentHelp(
            "The library to seed and query (default: daybook-journal-bench-N in the temporary folder).", valueName: "dir"))
    var library: String?

    @Flag(help: "Print SQLite's query plan (EXPLAIN QUERY PLAN) of each search kind before its figures.")
    var explain = false
    @Flag(help: "Only seed the library (printing the insert rate as it grows), then exit without measuring queries.")
    var seedOnly = false
    @Option(
        help: ArgumentHelp(
            "Instead of the queries, time this many edits of photo entries (text, tags, date), each writing its journal file.",
            valueName: "n"))
    var photoEdits: Int?

    func validate() throws {
        guard entries >= 1, runs >= 1, cliRuns >= 1 else { throw ValidationError("--entries, --runs and --cli-runs must be at least 1") }
    }

    static func main() { runAsTool() }

    func run() throws {
        let options = self
        #if DEBUG
            print("WARNING: debug build; build with -c release for meaningful figures")
        #endif
        let root = URL(
            fileURLWithPath: options.library
                ?? FileManager.default.temporaryDirectory
                .appendingPathComponent("daybook-journal-bench-\(options.entries)").path)
        let store = try JournalStore(library: Library(root: root))

        // Seed once; a second run reuses the library (and tops it up to --entries).
        try JournalSeeder().seed(store, upTo: options.entries)
        if options.seedOnly { return }
        if let edits = options.photoEdits { return try PhotoEditBench(root: root, edits: edits).run() }
        let count = try store.count()
        let someID = try store.latest(1).first!.id
        print("library: \(root.path) (\(count) entries)\n")

        // The text and tag searches, also for --explain.
        let oneWord = JournalQuery(text: "harbour", limit: 100)
        let twoPrefixes = JournalQuery(text: "caf riv", limit: 100)
        let oneTag = JournalQuery(tags: ["sunset"], limit: 100)
        let tagsAndText = JournalQuery(text: "lake", tags: ["blue", "sky"], limit: 100)
        // The query kinds the journal offers, as the CLI asks them (list-like queries show 100).
        let kinds: [(name: String, api: () throws -> Int, cli: [String])] = [
            (
                "text (one word)", { try store.search(oneWord).count },
                ["search", "harbour", "--limit", "100"]
            ),
            (
                "text prefix, 2 words", { try store.search(twoPrefixes).count },
                ["search", "caf", "riv", "--limit", "100"]
            ),
            (
                "tag", { try store.search(oneTag).count },
                ["search", "--tag", "sunset", "--limit", "100"]
            ),
            (
                "two tags + text", { try store.search(tagsAndText).count },
                ["search", "lake", "--tag", "blue", "--tag", "sky", "--limit", "100"]
            ),
            (
                "date (--on)",
                { try store.search(JournalQuery(fromDate: CivilDate(iso: "2018-07-14"), toDate: CivilDate(iso: "2018-07-14"))).count },
                ["search", "--on", "2018-07-14"]
            ),
            (
                "month", { try store.entries(month: CalendarMonth("2018-07")!, limit: 100).count },
                ["list", "--month", "2018-07", "--limit", "100"]
            ),
            (
                "date range",
                {
                    try store.search(JournalQuery(fromDate: CivilDate(iso: "2019-01-01"), toDate: CivilDate(iso: "2019-03-31"), limit: 100))
                        .count
                },
                ["search", "--from", "2019-01-01", "--to", "2019-03-31", "--limit", "100"]
            ),
            (
                "near 25 km",
                { try store.search(JournalQuery(near: .init(latitude: -16.5, longitude: 179.95, radiusKm: 25), limit: 100)).count },
                ["search", "--near=-16.5,179.95", "--radius", "25km", "--limit", "100"]
            ),
            // The first page (what the web page shows first), and the day's full count (the CLI
            // column lists the whole day).
            (
                "on this day, 100",
                {
                    try store.onThisDay(OnThisDayAsk(monthDay: MonthDay("07-14")!, beforeYear: 2026, includeLeapDay: false), limit: 100)
                        .count
                },
                ["on-this-day", "--date", "07-14", "--year", "2026", "--limit", "100"]
            ),
            (
                "on this day, count",
                { try store.onThisDayCount(OnThisDayAsk(monthDay: MonthDay("07-14")!, beforeYear: 2026, includeLeapDay: false)) },
                ["on-this-day", "--date", "07-14", "--year", "2026"]
            ),
            ("latest 5", { try store.latest(5).count }, ["latest", "-n", "5"]),
            ("list newest 100", { try store.entries(limit: 100).count }, ["list", "--limit", "100"]),
            // The web timeline's read with stacks: covers only, then each cover's stack size
            // (docs/stacks.md); the CLI column is `list` (which lists every frame).
            (
                "timeline 100 + stacks",
                {
                    let page = try store.timeline(after: nil, limit: 100)
                    return page.count + (try store.stackSizes(entryIDs: page.map(\.id)).count)
                }, ["list", "--limit", "100"]
            ),
            // Ingest's stacking step for one photo: its hash stored and its neighbours within a
            // few seconds looked up through the captured_local index (one write transaction).
            (
                "stack step (ingest)",
                {
                    _ = try store.stack(entryID: someID, perceptualHash: Int64.random(in: .min ... .max)); return 1
                }, ["stack", "rebuild"]
            ),
            (
                "show by id prefix",
                {
                    _ = try store.entry(idPrefix: String(someID.prefix(8))); return 1
                }, ["show", String(someID.prefix(8))]
            ),
        ]

        let daybookPath =
            options.daybook
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("daybook").path
        let haveCLI = FileManager.default.isExecutableFile(atPath: daybookPath)

        /// posix_spawn + waitpid: Foundation's Process on Linux notices a child's exit only on a
        /// coarse poll, which would swamp the figures.
        func runCLI(_ arguments: [String]) throws -> Double {
            let argv = ([daybookPath] + arguments + ["--library", root.path]).map { strdup($0) } + [nil]
            defer { for arg in argv { free(arg) } }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            return milliseconds {
                var pid = pid_t()
                guard posix_spawn(&pid, daybookPath, &actions, nil, argv, environ) == 0 else { return }
                var status: Int32 = 0
                waitpid(pid, &status, 0)
            }
        }

        let baseline = haveCLI ? median(try (0..<options.cliRuns).map { _ in try runCLI(["--version"]) }) : .nan
        print(
            "query kind               results   API median   API p90    CLI median (process start ≈ \(String(format: "%.1f", baseline)) ms)"
        )
        // The search kinds' queries, for --explain (the dates as their kinds ask them; the
        // other kinds are not searches).
        let searches: [String: JournalQuery] = [
            "text (one word)": oneWord, "text prefix, 2 words": twoPrefixes, "tag": oneTag, "two tags + text": tagsAndText,
            "date (--on)": JournalQuery(fromDate: CivilDate(iso: "2018-07-14"), toDate: CivilDate(iso: "2018-07-14")),
            "date range": JournalQuery(fromDate: CivilDate(iso: "2019-01-01"), toDate: CivilDate(iso: "2019-03-31"), limit: 100),
        ]
        for kind in kinds {
            if options.explain, let query = searches[kind.name] {
                for line in try store.explainSearch(query) { print("    \(line)") }
            }
            var results = 0
            _ = try kind.api()  // warm the page cache and statement cache
            let timings = try (0..<options.runs).map { _ in try milliseconds { results = try kind.api() } }
            let cli = haveCLI ? median(try (0..<options.cliRuns).map { _ in try runCLI(kind.cli) }) : .nan
            let p90 = percentile(timings, 0.9)
            print(
                String(
                    format: "%@ %7d   %7.2f ms   %7.2f ms   %7.1f ms%@", kind.name.padding(toLength: 22, withPad: " ", startingAt: 0),
                    results, median(timings), p90, cli, median(timings) < 10 ? "" : "   (above the 10 ms aim)"))
        }
        if !haveCLI { print("(no daybook executable at \(daybookPath): CLI column skipped; pass --daybook PATH)") }
    }
}
