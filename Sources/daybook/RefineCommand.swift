import ArgumentParser
import DaybookCore
import DaybookIngest
import DaybookStore
import Foundation

struct Refine: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refine",
        abstract: "Make the full-quality thumbnails still pending after an ingest.",
        discussion: """
            An entry ingested with a first look shows a picture its file already held (a HEIF \
            thumbnail, an EXIF thumbnail, a RAW preview) until its full-quality thumbnail is \
            made from the whole image. `ingest` makes them itself unless given --no-wait, and \
            `serve` and `watch` make them in the background; this command works the queue \
            alone, for scripts (docs/ingest.md, "Two stages"). An entry whose file is gone or \
            holds other bytes keeps its first look and waits until its photo is seen at \
            another path. One process refines at a time: another finds the queue taken and \
            leaves it. Interrupted (Ctrl-C, or killed), it loses nothing: the next run goes on. \
            Each thumbnail is made at the size its ingest asked for (--thumbnail-size).

            Exit status: 0 done (or another process is refining), 1 some thumbnails could not \
            be stored (they stay queued), 130 stopped by Ctrl-C (after the counts).

            Examples:
              daybook refine
              daybook refine --jobs 2 --json
            """
    )

    @OptionGroup var options: LibraryOptions

    @Option(name: .long, help: "Photos processed in parallel (default: number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Flag(name: .long, help: "Name each entry that keeps its first look, and why.")
    var verbose = false

    func validate() throws {
        guard (1...256).contains(jobs) else { throw ValidationError("--jobs must be between 1 and 256.") }
    }

    func run() async throws {
        let store = try JournalStore(library: options.resolvedLibrary)
        // Each entry is refined at the size its ingest asked for, which the queue keeps.
        let ingester = try Ingester(store: store, options: IngestOptions(jobs: jobs))
        let summary = try await RefineStage.run(Refiner(ingester: ingester), store: store, verbose: verbose)
        if options.json {
            try Console.printJSON(RefineReport(summary, queue: try store.refinementCounts()))
        } else if let summary {
            Console.output(TerminalText("full-quality thumbnails: \(summary.line)"))
        } else {
            Console.output(TerminalText(RefineStage.busyLine))
        }
        if summary?.stopped == true { throw ExitCode(RefineStage.interruptedStatus) }
        if (summary?.failed ?? 0) > 0 { throw ExitCode(1) }
    }
}

/// What `refine --json` prints, and the refinement half of `ingest --json`.
struct RefineReport: Encodable {
    /// False when another process was working the queue: nothing was done.
    let ran: Bool
    let refined: Int
    /// Entries whose full decode gave no picture: their first look stays.
    let keptFirstLook: Int
    let failed: Int
    /// Still queued, waiting for a refiner.
    let pending: Int
    /// Queued, waiting for their photo to be seen again (gone, or other bytes at its path).
    let waitingForFile: Int

    init(_ summary: RefineSummary?, queue: RefinementCounts) {
        ran = summary != nil
        refined = summary?.refined ?? 0
        keptFirstLook = summary?.keptFirstLook ?? 0
        failed = summary?.failed ?? 0
        pending = queue.waiting
        waitingForFile = queue.stalled
    }
}
