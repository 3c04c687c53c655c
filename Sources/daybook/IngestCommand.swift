import ArgumentParser
import DaybookCore
import DaybookIngest
import DaybookPresentation
import DaybookStore
import DaybookWeather
import Foundation
import Synchronization

struct Ingest: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ingest",
        abstract: "Add photos and videos to the journal.",
        discussion: """
            Walks folders recursively (hidden folders skipped, symlinks followed once) and adds \
            every JPEG, HEIC/HEIF, AVIF, PNG, WebP, GIF and camera RAW photo, and every QuickTime/MP4 \
            video (.mov, .mp4, .m4v, .3gp: its poster frame is the thumbnail; docs/video.md), recognised by its \
            bytes, not its name (docs/formats.md, docs/raw.md). A photo already in the journal (same bytes, any path) is not added \
            again. A photo with no date of its own takes one from its name (IMG_20230114_101112.jpg, \
            Screenshot_20230114-101112.png, WhatsApp Image 2023-01-14 at 10.11.12.jpeg). Other files \
            in a folder are skipped, and the summary counts them by kind: videos in other containers \
            (AVI, Matroska/WebM, MPEG-TS), Apple .AAE edits, a RAW that LibRaw cannot read, and the rest; --verbose \
            names each one, --json lists them. A RAW beside a JPEG or HEIC of the same name (IMG_0001.CR2, \
            IMG_0001.jpg; the extension in any case) is listed with that photo's entry, whichever is read first: \
            the summary counts it as paired, or waiting for its photo; --verbose and --json name each. A file named on the command line \
            that Daybook cannot read is an error. A broken photo (a damaged JPEG or HEIC) is \
            reported as one line naming the file and the reason, the run goes on, and it exits 1. \
            Such a file is judged once: later runs leave it alone while it is unchanged, count it \
            ("1 known damaged file") and exit 0; `daybook problems` lists them. A damaged video or \
            photo whose date can still be read is kept as an entry without a picture, with a \
            warning saying why.

            An XMP sidecar beside a photo (IMG_0001.xmp or IMG_0001.jpg.xmp, as Lightroom, \
            darktable and digiKam write them) is read with the photo and counted as a sidecar, \
            never as an entry. When a sidecar changes, the next ingest reads its photo's entry \
            again in place, keeping your text, tags and a date set by hand.

            A moving photo is one entry (docs/motion.md): the MP4 a Pixel or Galaxy appends to a \
            JPEG ("motion photo") is kept as the entry's motion clip, in place; an iPhone Live \
            Photo's .MOV beside its photo (same name, same content identifier or a capture time \
            within 3 s) is listed with the photo's entry, whichever file arrives first.

            Two stages (docs/ingest.md): the first ends once every file has an entry, and \
            the journal is browsable from then on; an entry given a first look (a picture its \
            file already held) waits in a queue for its full-quality thumbnail, which the second \
            stage makes, with a progress line of its own (with leftovers of earlier runs). \
            --no-wait returns after the first stage.

            Examples:
              daybook ingest ~/Pictures
              daybook ingest --jobs 4 --thumbnail-size 600 card/DCIM extra.jpg
              daybook ingest --json ~/Pictures > new-entries.json
              daybook ingest --verbose card/DCIM      also one line per skipped file, with why
            """
    )

    @OptionGroup var options: LibraryOptions
    @OptionGroup var weatherOptions: WeatherOptions

    @OptionGroup var pipelineOptions: PipelineOptions

    @Flag(name: .long, help: "Name each skipped file and why, one line each on standard error.")
    var verbose = false

    @Flag(
        name: .long,
        help: ArgumentHelp(
            "Return as soon as every file has an entry, leaving the full-quality thumbnails for later.",
            discussion: """
                An entry ingested with a first look shows a picture its file already held until \
                its full-quality thumbnail is made (stage 2, docs/ingest.md). By default ingest \
                makes them before it returns; with --no-wait `daybook serve`, `daybook watch`, \
                `daybook refine` or the next ingest does.
                """))
    var noWait = false

    @Argument(help: ArgumentHelp("Photo files and folders.", valueName: "path"))
    var paths: [String]

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("Give at least one file or folder to ingest.") }
    }

    func run() async throws {
        // Nothing readable to ingest: say why for each path, and create no library.
        let unreadable = paths.compactMap { path in PhotoScanner.whyUnreadable(path).map { "\(path): \($0)" } }
        if unreadable.count == paths.count {
            for line in unreadable { Console.error(line) }
            throw ExitCode(1)
        }
        let store = try JournalStore(library: options.resolvedLibrary)
        let ingester = try Ingester(store: store, options: pipelineOptions.ingestOptions)
        let progress = ProgressLine()
        let tally = LiveTally()
        let created = CreatedEntries()
        let skipped = SkippedFiles()
        let raws = RAWPairs()
        let json = options.json, verbose = verbose
        let summary = try await ingester.ingest(paths: paths) { event in
            tally.record(event)
            switch event {
            case .created(let entry): if json { created.append(entry) }
            case .failed(let error): progress.printLine("daybook: error: \(error)")
            case .knownProblem(let error): if verbose { progress.printLine("daybook: known from an earlier run: \(error)") }
            case .warning(let path, let message): progress.printLine("daybook: warning: \(path): \(message)")
            case .skipped(let path, let reason):
                if json { skipped.append(path: path, reason: reason) }
                if verbose { progress.printLine("daybook: skipped \(path): \(reason)") }
            case .rawPair(let outcome):
                if json { raws.record(outcome) }
                if verbose { progress.printLine("daybook: \(outcome.raw): \(outcome)") }
            case .alreadyInJournal, .replaced, .rereadWithSidecar, .sidecar, .incomplete, .firstLook: break
            }
            progress.update(TerminalText(tally.line))
        }
        progress.clear()
        if let repair = summary.repair, !repair.isEmpty {
            Console.writeError(
                TerminalText(
                    "daybook: repaired the library after an interrupted run: \(repair.temporariesRemoved) temporary files and "
                        + "\(repair.orphansRemoved) orphaned thumbnails removed, \(repair.missingThumbnailsCleared) missing thumbnails forgotten"
                        + (repair.nearIndexRebuilt ? ", the near index rebuilt" : "")
                ))
        }
        // Stage 1 is over: every file has its entry. The lines saying so come now, before the
        // weather and the full-quality thumbnails.
        let queued = try store.refinementCounts()
        if !json {
            Console.output(TerminalText(summary.line))
            if let known = summary.knownProblemsLine { Console.output(TerminalText(known)) }
            if queued.waiting > 0 { Console.output(TerminalText(RefineStage.browsableLine(queued))) }
        }
        // A replaced or re-read entry whose time or place changed is pending again.
        let weather = try await weatherOptions.fetchAfterIngest(store: store, created: summary.created + summary.replaced + summary.reread)
        if !json, let weather, weather.noNetworkNote == nil { Console.output(TerminalText(weather.line)) }
        // Stage 2: the queue, this run's first looks and any an earlier run left.
        var refined: RefineSummary?
        if !noWait && queued.waiting > 0 {
            refined = try await RefineStage.run(Refiner(ingester: ingester), store: store, verbose: verbose)
            if !json { Console.output(TerminalText(refined.map { "full-quality thumbnails: \($0.line)" } ?? RefineStage.busyLine)) }
        } else if !json && queued.waiting > 0 {
            Console.output(TerminalText(RefineStage.leftLine(queued)))
        }
        if json {
            try Console.printJSON(
                IngestReport(
                    summary: summary, weather: weather, created: created.sorted(), skippedFiles: skipped.sorted(),
                    rawFiles: raws.sorted(), refinement: RefineReport(refined, queue: try store.refinementCounts())))
            Console.writeError(TerminalText(summary.line))
            if let known = summary.knownProblemsLine { Console.writeError(TerminalText(known)) }
        }
        // Without a network, one line says so, instead of a failure per request.
        if let note = weather?.noNetworkNote { Console.writeError("daybook: note: \(note)") }
        if refined?.stopped == true { throw ExitCode(RefineStage.interruptedStatus) }
        if summary.failed > 0 || (refined?.failed ?? 0) > 0 { throw ExitCode(1) }
    }
}

/// What `ingest --json` prints.
struct IngestReport: Encodable {
    let new: Int
    /// Of `new`, how many are videos.
    let newVideos: Int
    let alreadyInJournal: Int
    let failed: Int
    /// Files that failed in an earlier run, unchanged since, left alone (`daybook problems`).
    let knownProblems: Int
    let skipped: Int
    /// Of `skipped`, photos whose entries were deleted (`daybook trash`): left out.
    let deletedBefore: Int
    /// Sidecar files met (read with their photos, never entries of their own).
    let sidecars: Int
    /// Entries read again because their photo's sidecar changed.
    let updated: Int
    /// Camera RAW files listed with the entry of the JPEG or HEIC beside them in this run.
    let rawsPaired: Int
    /// Camera RAW files whose photo beside them was not read (yet) in this run.
    let rawsWaiting: Int
    let weatherFilled: Int?
    let weatherPending: Int?
    /// Entries of this run stored with a first look, queued for their full-quality thumbnails.
    let firstLook: Int
    /// Stage 2, as `refine --json` reports it: `ran` false with --no-wait, when nothing
    /// waited, or when another process was refining; `pending` is the queue either way.
    let refinement: RefineReport
    let created: [EntryOutput]
    /// Every skipped file, in path order.
    let skippedFiles: [SkippedFileOutput]
    /// Every camera RAW paired, already paired or waiting, in path order.
    let rawFiles: [RAWFileOutput]

    init(
        summary: IngestSummary, weather: BackfillSummary?, created: [JournalEntry], skippedFiles: [SkippedFileOutput],
        rawFiles: [RAWFileOutput], refinement: RefineReport
    ) {
        firstLook = summary.firstLooks
        self.refinement = refinement
        weatherFilled = weather?.filled
        weatherPending = weather?.pending
        new = summary.created.count
        newVideos = summary.createdVideos
        alreadyInJournal = summary.alreadyInJournal
        failed = summary.failed
        knownProblems = summary.knownProblems
        skipped = summary.skipped
        deletedBefore = summary.skippedByKind[.deleted] ?? 0
        sidecars = summary.sidecars
        updated = summary.reread.count
        rawsPaired = summary.rawsPaired.count
        rawsWaiting = summary.rawsWaiting.count
        self.created = created.map(EntryOutput.init)
        self.skippedFiles = skippedFiles
        self.rawFiles = rawFiles
    }
}

/// One of `ingest --json`'s `raw_files`: a camera RAW beside a JPEG or HEIC of the same name.
struct RAWFileOutput: Encodable {
    let path: String
    let photo: String
    /// `paired`, `already-paired` or `waiting`.
    let status: String
    /// The entry it is listed with; none while it waits.
    let entryID: String?
    let reason: String

    init(_ outcome: RAWPairOutcome) {
        path = outcome.raw
        photo = outcome.photo
        switch outcome.state {
        case .waiting: status = "waiting"
        case .paired: status = "paired"
        case .alreadyPaired: status = "already-paired"
        }
        entryID = outcome.entryID
        reason = outcome.description
    }
}

/// One of `ingest --json`'s `skipped_files`.
struct SkippedFileOutput: Encodable {
    let path: String
    let kind: SkipKind
    let reason: String
}

/// The running counts behind the progress line.
private final class LiveTally: Sendable {
    private let tally = Mutex(IngestSummary())
    private let start = Date()

    func record(_ event: IngestEvent) { tally.withLock { $0.record(event) } }

    var line: String {
        tally.withLock { summary in
            let rate = Double(summary.handled) / max(Date().timeIntervalSince(start), 0.001)
            return "ingesting: \(summary.handled) files (\(summary.created.count) new, \(summary.alreadyInJournal) known, "
                + "\(summary.failed) failed) \(String(format: "%.1f", rate))/s"
        }
    }
}

private final class SkippedFiles: Sendable {
    private let files = Mutex<[SkippedFileOutput]>([])
    func append(path: String, reason: SkipReason) {
        files.withLock { $0.append(SkippedFileOutput(path: path, kind: reason.kind, reason: reason.description)) }
    }
    func sorted() -> [SkippedFileOutput] { files.withLock { $0.sorted { $0.path < $1.path } } }
}

/// Each RAW's last word in the run: paired by its photo's reading after it waited, it is paired.
private final class RAWPairs: Sendable {
    private let outcomes = Mutex<[String: RAWPairOutcome]>([:])
    func record(_ outcome: RAWPairOutcome) {
        outcomes.withLock { known in
            if case .paired = known[outcome.raw]?.state { return }
            known[outcome.raw] = outcome
        }
    }
    func sorted() -> [RAWFileOutput] { outcomes.withLock { $0.values.sorted { $0.raw < $1.raw }.map(RAWFileOutput.init) } }
}

private final class CreatedEntries: Sendable {
    private let entries = Mutex<[JournalEntry]>([])
    func append(_ entry: JournalEntry) { entries.withLock { $0.append(entry) } }
    func sorted() -> [JournalEntry] { entries.withLock { $0.sorted { $0.sourcePath < $1.sourcePath } } }
}
