import ArgumentParser
import DaybookCore
import DaybookIngest
import DaybookPresentation
import DaybookStore
import Foundation
import Synchronization

struct Rebuild: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rebuild",
        abstract: "Make journal.sqlite again from the photos and the journal files.",
        discussion: """
            Your words, tags and choices live in files under LIBRARY/journal/ (docs/design/writing.md); \
            journal.sqlite is only their index, with what Daybook read from the photos. When the \
            index is damaged or lost, or a second device should see what the first wrote, rebuild \
            makes it again:

              1. moves journal.sqlite (with its -wal and -shm) aside, never deleting it:
                 journal.sqlite.before-rebuild-<UTC time>
              2. makes a new, empty index;
              3. reads again every folder and photo ever ingested (kept in
                 LIBRARY/ingest-roots.json, beside the database), XMP sidecars with
                 their photos; a folder that is gone is named and left out;
              4. reads every journal file: its text, tags, removed tags, a date or
                 place set by hand, a stack choice and a deletion win over what the
                 photos say.

            It prints how many entries and words the new index holds, and names each journal file \
            that could not be read (path:line: why). Such a file is left as it is: fix it and run \
            rebuild again. Weather is fetched again by `daybook backfill-weather`.

            Rebuild refuses while another daybook (ingest, watch, serve, …) has the library open: \
            stop it first.

            Examples:
              daybook rebuild
              daybook rebuild --json > rebuild.json
              daybook rebuild --thumbnail-size 600       as the photos were first ingested

            Exit status: 0 all rebuilt, 1 some photos or journal files could not be read (the rest are in).
            """
    )

    @OptionGroup var options: LibraryOptions
    @OptionGroup var pipelineOptions: PipelineOptions

    func run() async throws {
        let library = options.resolvedLibrary
        let sources = try RebuildStart.prepare(library)
        Console.writeError(TerminalText(sources.setAsideLine))
        // Shared from here on, as every writer holds it: this process's own store takes it too.
        sources.lock.share()
        let store = try JournalStore(library: library)
        try store.restoreSettings(sources.setAside?.settings() ?? [:])

        let reading = sources.roots.reading()
        for path in reading.missing {
            Console.writeError(TerminalText("daybook: warning: \(path): gone; its photos are not read again"))
        }
        let photos = try await ingest(reading.paths, into: store)
        let progress = ProgressLine()
        Console.writeError("daybook: reading the journal files")
        // A position a file gives is named as ingest names a photo's, so the two indexes agree.
        let placer = try EntryPlacer.embedded()
        let indexing = try store.indexJournalFolder(place: placer.place) { done, total in
            progress.update(TerminalText("journal files: \(done) of \(total)"))
        }
        progress.clear()
        let counts = try store.entryAndWordCounts()
        let report = RebuildReport(
            setAside: sources.setAside?.url.path, roots: reading, photos: photos, indexing: indexing, counts: counts)
        if options.json {
            try Console.printJSON(report)
        } else {
            for line in report.lines { Console.output(TerminalText(line)) }
        }
        for problem in indexing.problems { Console.writeError(TerminalText("daybook: error: \(problem)")) }
        if photos.failed > 0 || !indexing.problems.isEmpty { throw ExitCode(1) }
    }

    private func ingest(_ paths: [String], into store: JournalStore) async throws -> IngestSummary {
        guard !paths.isEmpty else { return IngestSummary() }
        let sources = paths.count == 1 ? "1 folder or file" : "\(paths.count) folders and files"
        Console.writeError(TerminalText("daybook: reading the photos again from \(sources)"))
        // A rebuild restores the journal whole: each photo's full thumbnail at once, no queue left behind.
        var options = pipelineOptions.ingestOptions
        options.firstLook = false
        let ingester = try Ingester(store: store, options: options)
        let progress = ProgressLine()
        let handled = EventCount()
        let summary = try await ingester.ingest(paths: paths) { event in
            switch event {
            case .failed(let error): progress.printLine("daybook: error: \(error)")
            case .warning(let path, let message): progress.printLine("daybook: warning: \(path): \(message)")
            default: break
            }
            progress.update(TerminalText("photos: \(handled.next()) files read"))
        }
        progress.clear()
        return summary
    }
}

/// How many ingest events a rebuild has seen, for its progress line (events come from
/// worker threads).
private final class EventCount: Sendable {
    private let count = Mutex(0)

    func next() -> Int {
        count.withLock { count in
            count += 1
            return count
        }
    }
}
