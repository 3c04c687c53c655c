import DaybookImaging
import DaybookMetadata
import DaybookStore
import DaybookSupport
import DaybookTagging
import Foundation
import Synchronization

public struct IngestOptions: Sendable {
    public var jobs: Int
    public var thumbnailSize: Int
    public var maxPixels: Int
    /// Files larger than this are refused unread (a JPEG this size is not a camera photo).
    public var maxFileBytes: Int
    /// A photo that ends early (`PhotoEnding`: a JPEG before its end-of-image marker, a HEIF
    /// inside a box) and was modified less than this many seconds ago is not ingested yet
    /// (`IngestEvent.incomplete`): a writer appending in several rounds may be between two of them. nil ingests it at once, as truncated; either
    /// way a later version of the file replaces an entry stored from a truncated one.
    public var incompleteSettleTime: Double?
    /// A JPEG whose decode would hold more than this many bytes (a large progressive frame
    /// keeps every coefficient) is stored without a thumbnail, with a warning saying so.
    public var maxDecodeBytes: Int
    /// A photo dated neither by its metadata nor by its name (`FileNameDate`) takes its
    /// file's modification time (`CaptureSource.mtime`); off by default.
    public var dateFromModificationTime = false
    /// Hash each thumbnail and stack bursts (docs/stacks.md); off only to measure its cost.
    public var stacks = true

    /// Frames above this many pixels are refused before anything is decoded (the decoder's own limit).
    public static let defaultMaxPixels = JPEGDecoder.defaultMaxPixels
    public static let defaultMaxDecodeBytes = DecodeLimits.defaultMaxImageBytes

    public init(
        jobs: Int = ProcessInfo.processInfo.activeProcessorCount, thumbnailSize: Int = 400,
        maxPixels: Int = defaultMaxPixels, maxFileBytes: Int = 512 << 20,
        incompleteSettleTime: Double? = nil, maxDecodeBytes: Int = defaultMaxDecodeBytes
    ) {
        self.jobs = max(1, jobs)
        self.thumbnailSize = thumbnailSize
        self.maxPixels = maxPixels
        self.maxFileBytes = maxFileBytes
        self.incompleteSettleTime = incompleteSettleTime
        self.maxDecodeBytes = maxDecodeBytes
    }
}

/// Turns files into journal entries: read → (wait if it ends early and is fresh) → hash →
/// (skip if known) → analyse → thumbnail file → one transaction, which replaces the entry of
/// a truncated earlier version of the same file rather than adding a second one. `jobs` worker threads pull files from the scanner one at a time, so at
/// most `jobs` photos are in memory whatever the size of the folder.
public final class Ingester: Sendable {
    public let store: JournalStore
    public let options: IngestOptions
    private let analyzer: PhotoAnalyzer
    let thumbnailFiles: ThumbnailFiles
    private let lock: WriterLock
    private let placer: EntryPlacer
    /// The clean library the current run started from, when it did (`repairUnlessBusy`), and
    /// how many runs are active: overlapping runs record nothing, since one's end is not the other's.
    private let runs = Mutex<(active: Int, start: RepairMark?)>((0, nil))

    public init(store: JournalStore, options: IngestOptions = IngestOptions()) throws {
        self.store = store
        self.options = options
        // Every ingester in the process (a watch's, the web journal's previews) shares one budget.
        let limits = DecodeLimits(maxImageBytes: options.maxDecodeBytes, budget: .shared)
        analyzer = PhotoAnalyzer(
            thumbnails: ThumbnailMaker(longestSide: options.thumbnailSize, maxPixels: options.maxPixels, limits: limits))
        thumbnailFiles = try ThumbnailFiles(library: store.library)
        lock = try WriterLock(library: store.library)
        placer = try EntryPlacer.embedded()
    }

    /// Ingests files and folders. `onEvent` is called from worker threads, one event at a
    /// time (calls are serialised). The caller suspends while the workers run; the blocking
    /// work (the repair, walking folders, libjpeg, SQLite) runs on threads of its own, never
    /// on the cooperative pool.
    public func ingest(paths: [String], onEvent: @escaping @Sendable (IngestEvent) -> Void = { _ in }) async throws -> IngestSummary {
        let repairLane = BlockingLane("daybook-ingest-repair")
        let repair = try await repairLane.run {
            try self.recordRoots(of: paths)
            return try self.repairUnlessBusy()
        }
        let work = PathsWork(self, paths: paths, repair: repair, onEvent: onEvent)
        await WorkerPool.run(jobs: options.jobs, next: work.next, body: work.body)
        await repairLane.run { self.markCleanIfOnlyOurs() }
        return work.summary
    }

    /// `ingest(paths:onEvent:)` for a synchronous caller, whose thread waits.
    @available(*, noasync, message: "blocks its thread until the photos are stored: await ingest(paths:onEvent:)")
    public func ingest(paths: [String], onEvent: @escaping @Sendable (IngestEvent) -> Void = { _ in }) throws -> IngestSummary {
        try recordRoots(of: paths)
        let work = PathsWork(self, paths: paths, repair: try repairUnlessBusy(), onEvent: onEvent)
        WorkerPool.runWaiting(jobs: options.jobs, next: work.next, body: work.body)
        markCleanIfOnlyOurs()
        return work.summary
    }

    /// Repairs what an interrupted earlier run left, unless another writer is active now;
    /// then, when the library is known clean, witnesses this run's changes to the thumbnails
    /// folder so that `markCleanIfOnlyOurs` can spare the next start its full read.
    package func repairUnlessBusy() throws -> LibraryRepair.Report? {
        let repaired = try lock.whileAlone { () throws -> (LibraryRepair.Report?, RepairMark?) in
            let repair = try LibraryRepair(store: store)
            let report = try repair.runUnlessUnchanged()
            let clean = try repair.cleanMark()
            if let clean { thumbnailFiles.witnessChanges(from: clean.folder) }
            return (report, clean)
        }
        runs.withLock { runs in
            runs.active += 1
            runs.start = runs.active == 1 ? repaired?.1 : nil
        }
        return repaired?.0 ?? nil
    }

    /// At the end of a run: records the library as clean when it was at the start and every
    /// change to the thumbnails folder since was this run's own, and no other writer is active.
    package func markCleanIfOnlyOurs() {
        let start = runs.withLock { runs in
            runs.active -= 1
            defer { if runs.active > 0 { runs.start = nil } }
            return runs.active == 0 ? runs.start : nil
        }
        guard let start else { return }
        // A failure here only costs the next start a full read.
        _ = try? lock.whileAlone {
            guard let folder = try thumbnailFiles.witnessedStamp() else { return }
            try LibraryRepair(store: store).recordWitnessed(since: start, folder: folder)
        }
    }

    /// Ingests one file; every outcome becomes exactly one terminal event, except after a
    /// full disk when `stop` is given: the first file to meet it reports it and stops the run,
    /// and the files in other workers' hands that meet it too report nothing more.
    package func ingest(_ item: ScanItem, stop: RunStop? = nil, emit: @Sendable (IngestEvent) -> Void) {
        let path = item.path
        if SidecarFiles.isSidecar(path) { return ingestSidecar(item, emit: emit) }
        if let paired = pairLivePhotoMovie(path) { return emit(paired) }
        if !item.explicitlyNamed, let reason = Self.skipReason(forFoundFile: path) { return emit(.skipped(path: path, reason: reason)) }
        let bytes: [UInt8], modified: Date
        do {
            (bytes, modified) = try PhotoFile.contents(path, maxBytes: options.maxFileBytes)
        } catch {
            return emit(.failed(path: path, reason: error.description))
        }
        // Checked before hashing: a file still arriving costs one read and one pass, no more.
        let endsEarly = PhotoEnding.endsEarly(bytes)
        if endsEarly, let settleTime = options.incompleteSettleTime {
            let settlesAt = modified.addingTimeInterval(settleTime)
            if settlesAt > Date() { return emit(.incomplete(path: path, settlesAt: settlesAt)) }
        }
        let hash = ContentHash.sha256Hex(bytes)
        if let paired = pairRAW(path, bytes: bytes, hash: hash) { return emit(paired) }
        let sidecar = SidecarFiles.find(for: path, raws: pairableRAWs(besidePhoto: path, bytes: bytes), photoModified: modified)
        do {
            if let known = try store.entry(contentHash: hash), try isCurrent(known, seenWith: sidecar) {
                try store.noteSeen(id: known.id, at: path)
                attachRAWs(besidePhoto: path, bytes: bytes, entryID: known.id, emit: emit)
                attachLivePhotoMovies(besidePhoto: path, bytes: bytes, metadata: nil, entryID: known.id, emit: emit)
                return emit(.alreadyInJournal(path: path, id: known.id))
            }
        } catch {
            return emit(.failed(path: path, reason: "journal: \(error)"))
        }

        var analysis: PhotoAnalysis
        do {
            analysis = try analyzer.analyze(bytes, sidecar: sidecar?.xmp)
        } catch {
            if error.isNotAPhoto && !item.explicitlyNamed && !Self.hasPhotoExtension(path) {
                // A RAW-looking file LibRaw refuses still counts as camera RAW, with LibRaw's words.
                let isRAW = FileKind(prefix: bytes.prefix(FileKind.prefixLength)) == .cameraRaw
                let reason = isRAW ? SkipReason(kind: .cameraRaw, description: error.reason) : SkipKind.other.reason(detail: error.reason)
                return emit(.skipped(path: path, reason: reason))
            }
            return emit(.failed(path: path, reason: error.reason))
        }
        if analysis.metadata.capture == nil {
            analysis.metadata.capture = UndatedFileDate.capture(
                path: path, modified: options.dateFromModificationTime ? modified : nil)
        }
        let warnings = analysis.warnings + (sidecar?.problem.map { [$0] } ?? [])
        for warning in warnings { emit(.warning(path: path, message: warning)) }

        do {
            // The hash is our own SHA-256, so it always has the shape a thumbnail name needs.
            let thumbnailName = analysis.thumbnail == nil ? nil : ThumbnailName(contentHash: hash)
            let temporary = try analysis.thumbnail.map { try thumbnailFiles.writeTemporary($0.jpeg) }
            var entry = JournalEntry(
                contentHash: hash, sourcePath: path, fileSize: Int64(bytes.count), metadata: analysis.metadata,
                pixelSize: analysis.frame.map { ($0.width, $0.height) }, thumbnail: thumbnailName?.fileName,
                thumbnailSize: analysis.thumbnail.map { ($0.image.width, $0.image.height) }, problems: warnings)
            entry.motionClip = analysis.motionClip
            entry.media = analysis.media
            entry.durationSeconds = analysis.durationSeconds
            placer.place(&entry)
            let outcome: JournalStore.SaveOutcome
            do {
                outcome = try store.save(
                    entry, sourceTruncated: endsEarly || analysis.truncated, sidecar: sidecar?.version,
                    autoTags: analysis.tags, taggerVersion: ColourTagger.version
                ) {
                    if let temporary, let thumbnailName { try thumbnailFiles.moveIntoPlace(temporary, name: thumbnailName) }
                }
            } catch {
                if let temporary { thumbnailFiles.discard(temporary) }
                // The thumbnail may have been moved into place before the commit failed.
                thumbnailFiles.doubtWitness()
                throw error
            }
            let entryID: String
            switch outcome {
            case .created: entryID = entry.id
            case .replaced(let stored), .rereadWithSidecar(let stored): entryID = stored.id
            case .existing(let id): entryID = id
            }
            attachRAWs(besidePhoto: path, bytes: bytes, entryID: entryID, emit: emit)
            attachLivePhotoMovies(besidePhoto: path, bytes: bytes, metadata: analysis.metadata, entryID: entryID, emit: emit)
            if outcome != .existing(id: entryID), entry.media == .photo {
                stack(entryID: entryID, path: path, thumbnail: analysis.thumbnail, burstID: analysis.metadata.burstIdentifier, emit: emit)
            }
            switch outcome {
            case .created: emit(.created(entry))
            case .replaced(let stored): emit(.replaced(stored))
            case .rereadWithSidecar(let stored): emit(.rereadWithSidecar(stored))
            case .existing(let id):
                if let temporary { thumbnailFiles.discard(temporary) }
                emit(.alreadyInJournal(path: path, id: id))
            }
        } catch {
            if let stop, DiskFull.isDiskFull(error) {
                if stop.stopForFullDisk() { emit(.failed(path: path, reason: DiskFull.stopReason(library: store.library))) }
                return
            }
            emit(.failed(path: path, reason: "could not store: \(error)"))
        }
    }

    /// A file named like a photo that turns out not to be one is broken, not skipped.
    static func hasPhotoExtension(_ path: String) -> Bool {
        SkipKind.nameClaimsReadablePhoto((path as NSString).lastPathComponent)
    }
}

/// One `ingest(paths:)` run as work for the pool: the scanner the workers share, and the
/// summary their events add up to.
private final class PathsWork: Sendable {
    private let ingester: Ingester
    private let scanner: Mutex<PhotoScanner>
    private let state: Mutex<IngestSummary>
    private let onEvent: @Sendable (IngestEvent) -> Void
    private let stop = RunStop()

    init(_ ingester: Ingester, paths: [String], repair: LibraryRepair.Report?, onEvent: @escaping @Sendable (IngestEvent) -> Void) {
        self.ingester = ingester
        scanner = Mutex(PhotoScanner(paths: paths, excluding: [ingester.store.library.root.path]))
        var summary = IngestSummary()
        summary.repair = repair
        state = Mutex(summary)
        self.onEvent = onEvent
    }

    var summary: IngestSummary { state.withLock { $0 } }

    func next() -> PhotoScanner.Found? { stop.isStopped ? nil : scanner.withLock { $0.next() } }

    func body(_ found: PhotoScanner.Found) {
        switch found {
        case .unreadable(let path, let reason): emit(.failed(path: path, reason: reason))
        case .skipped(let path, let reason): emit(.skipped(path: path, reason: reason))
        case .file(let item): ingester.ingest(item, stop: stop, emit: emit)
        }
    }

    private func emit(_ event: IngestEvent) {
        state.withLock { summary in
            summary.record(event)
            onEvent(event)
        }
    }
}
