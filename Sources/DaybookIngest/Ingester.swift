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
    /// Videos have a limit of their own, `maxVideoFileBytes`.
    public var maxFileBytes: Int
    /// Videos (`FileKind.video`, by their bytes) larger than this are refused unread. A video
    /// is never held whole (hashed in chunks, demuxed from the file by offset), so its size
    /// costs time, not memory: a phone records gigabytes in minutes of 4K.
    public var maxVideoFileBytes = defaultMaxVideoFileBytes
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
    /// An entry's first thumbnail is a picture the file already holds, where it has one, and
    /// the full one is made afterwards from the refinement queue (`PhotoAnalysis.isFirstLook`).
    public var firstLook = false

    /// Frames above this many pixels are refused before anything is decoded (the decoder's own limit).
    public static let defaultMaxPixels = JPEGDecoder.defaultMaxPixels
    public static let defaultMaxDecodeBytes = DecodeLimits.defaultMaxImageBytes
    public static let defaultMaxVideoFileBytes = 64 << 30

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
/// (skip if known) → analyse → thumbnail file → a transaction (several photos' in
/// `ingest(paths:)`, `SaveLane`), which replaces the entry of a truncated earlier version of
/// the same file rather than adding a second one. `jobs` worker threads pull files from the
/// scanner one at a time, so at most `jobs` photos are read at once whatever the size of the
/// folder (and at most 64 analysed ones wait for their transaction, without their bytes).
public final class Ingester: Sendable {
    public let store: JournalStore
    public let options: IngestOptions
    let analyzer: PhotoAnalyzer
    let thumbnailFiles: ThumbnailFiles
    private let lock: WriterLock
    let placer: EntryPlacer
    /// The clean library the current run started from, when it did (`repairUnlessBusy`), and
    /// how many runs are active: overlapping runs record nothing, since one's end is not the other's.
    private let runs = Mutex<(active: Int, start: RepairMark?)>((0, nil))

    public init(store: JournalStore, options: IngestOptions = IngestOptions()) throws {
        self.store = store
        self.options = options
        // Every ingester in the process (a watch's, the web journal's previews) shares one budget.
        let limits = DecodeLimits(maxImageBytes: options.maxDecodeBytes, budget: .shared)
        analyzer = PhotoAnalyzer(
            thumbnails: ThumbnailMaker(longestSide: options.thumbnailSize, maxPixels: options.maxPixels, limits: limits),
            firstLook: options.firstLook)
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
        await repairLane.run {
            work.storeTheRest()
            self.markCleanIfOnlyOurs()
        }
        return work.summary
    }

    /// `ingest(paths:onEvent:)` for a synchronous caller, whose thread waits.
    @available(*, noasync, message: "blocks its thread until the photos are stored: await ingest(paths:onEvent:)")
    public func ingest(paths: [String], onEvent: @escaping @Sendable (IngestEvent) -> Void = { _ in }) throws -> IngestSummary {
        try recordRoots(of: paths)
        let work = PathsWork(self, paths: paths, repair: try repairUnlessBusy(), onEvent: onEvent)
        WorkerPool.runWaiting(jobs: options.jobs, next: work.next, body: work.body)
        work.storeTheRest()
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
    /// and the files in other workers' hands that meet it too report nothing more. The entry
    /// is stored in a transaction of its own (the watcher's way); `ingest(paths:)` stores
    /// several in one (`SaveLane`).
    /// `remembersProblems`: whether a damaged or unsupported file is judged once (`JudgedPath`),
    /// as for files found in the person's folders; an upload's file in its temporary place is not.
    package func ingest(
        _ item: ScanItem, stop: RunStop? = nil, remembersProblems: Bool = false, emit: @Sendable (IngestEvent) -> Void
    ) {
        guard let photo = prepare(item, stop: stop, remembersProblems: remembersProblems, emit: emit) else { return }
        commit([photo], stop: stop, emit: emit)
    }

    /// Everything before the store: read → (wait if it ends early and is fresh) → hash →
    /// (skip if known) → analyse → temporary thumbnail file. Nil when the file's terminal
    /// event was emitted here (skipped, known, failed).
    /// `settle`, when given, returns once the photos prepared before this one are stored: a
    /// RAW or a Live Photo movie calls it before looking for its photo's entry.
    func prepare(
        _ item: ScanItem, stop: RunStop?, settle: (() -> Void)? = nil, remembersProblems: Bool,
        emit: @Sendable (IngestEvent) -> Void
    ) -> PreparedPhoto? {
        let path = item.path
        if SidecarFiles.isSidecar(path) {
            ingestSidecar(item, emit: emit)
            return nil
        }
        if let settle, LivePhotoPairing.isMovieName(path), !LivePhotoPairing.photos(besideMovie: path).isEmpty { settle() }
        if let paired = pairLivePhotoMovie(path) {
            emit(paired)
            return nil
        }
        if !item.explicitlyNamed, let reason = Self.skipReason(forFoundFile: path) {
            emit(.skipped(path: path, reason: reason))
            return nil
        }
        let judged = remembersProblems ? JudgedPath(path: path, store: store) : nil
        if let known = judged?.knownFailure {
            emit(.knownProblem(known))
            return nil
        }
        let file: SourceFile
        do {
            file = try PhotoFile.open(path, maxBytes: options.maxFileBytes, maxVideoBytes: options.maxVideoFileBytes)
        } catch {
            emit(.failed(IngestError(path: path, error.cause)))
            return nil
        }
        let modified = file.modified
        // Only the first bytes say what the file is, which is all RAW pairing looks at.
        let leading = file.leadingBytes
        // Checked before hashing: a file still arriving costs one read and one pass, no more.
        let endsEarly = file.endsEarly()
        if endsEarly, let settleTime = options.incompleteSettleTime {
            let settlesAt = modified.addingTimeInterval(settleTime)
            if settlesAt > Date() {
                emit(.incomplete(path: path, settlesAt: settlesAt))
                return nil
            }
        }
        let hash: String
        do {
            hash = try file.contentHash()
        } catch {
            emit(.failed(IngestError(path: path, error.cause)))
            return nil
        }
        if let settle, FileKind(prefix: leading) == .cameraRaw, RAWPairing.photo(besideRAW: path) != nil {
            settle()
        }
        if let paired = pairRAW(path, bytes: leading, hash: hash) {
            emit(paired)
            return nil
        }
        let sidecar = SidecarFiles.find(for: path, raws: pairableRAWs(besidePhoto: path, bytes: leading), photoModified: modified)
        do {
            // An entry known from its journal file alone waits for these bytes: they are read.
            if let known = try store.entry(contentHash: hash), !known.isPhotoElsewhere, try isCurrent(known, seenWith: sidecar) {
                try store.noteSeen(id: known.id, at: path)
                attachRAWs(besidePhoto: path, bytes: leading, entryID: known.id, emit: emit)
                attachLivePhotoMovies(besidePhoto: path, bytes: file.stillBytes ?? [], metadata: nil, entryID: known.id, emit: emit)
                emit(.alreadyInJournal(path: path, id: known.id))
                return nil
            }
            // A person deleted this photo's entry: an ingest or a watch catch-up must not bring it back.
            if let deleted = try store.deletedEntryID(contentHash: hash) {
                emit(.skipped(path: path, reason: SkipKind.deleted.reason(detail: "entry \(deleted.prefix(8))")))
                return nil
            }
        } catch {
            emit(.failed(IngestError(path: path, .journal(error))))
            return nil
        }

        if let known = judged?.knownCopy(contentHash: hash) {
            emit(.knownProblem(known))
            return nil
        }

        var analysis: PhotoAnalysis
        do {
            switch file.contents {
            case .bytes(let bytes): analysis = try analyzer.analyze(bytes, sidecar: sidecar?.xmp)
            case .video(let video): analysis = try analyzer.analyze(video: video, sidecar: sidecar?.xmp)
            }
        } catch {
            if error.isNotAPhoto && !item.explicitlyNamed && !Self.hasPhotoExtension(path) {
                // A RAW-looking file LibRaw refuses still counts as camera RAW, with LibRaw's words.
                let isRAW = FileKind(prefix: leading) == .cameraRaw
                let reason = isRAW ? SkipReason(kind: .cameraRaw, description: error.reason) : SkipKind.other.reason(detail: error.reason)
                emit(.skipped(path: path, reason: reason))
                return nil
            }
            let failure = IngestError(path: path, ClaimedFormat.reword(error, path: path))
            judged?.record(failure, contentHash: hash)
            emit(.failed(failure))
            return nil
        }
        // A video read by offset must not have changed between its hash and its poster.
        guard file.isUnchanged() else {
            if let settleTime = options.incompleteSettleTime {
                emit(.incomplete(path: path, settlesAt: Date().addingTimeInterval(settleTime)))
            } else {
                emit(.failed(IngestError(path: path, .changedWhileRead)))
            }
            return nil
        }
        if analysis.metadata.capture == nil {
            analysis.metadata.capture = UndatedFileDate.capture(
                path: path, modified: options.dateFromModificationTime ? modified : nil)
        }
        let words = sidecarWords(sidecar?.xmp, contentHash: hash)
        let warnings = analysis.warnings + (sidecar?.problem.map { [$0] } ?? []) + words.warnings
        for warning in warnings { emit(.warning(path: path, message: warning)) }

        let temporary: TemporaryThumbnail?
        do {
            temporary = try analysis.thumbnail.map { try thumbnailFiles.writeTemporary($0.jpeg) }
        } catch {
            failToStore(path: path, error, stop: stop, emit: emit)
            return nil
        }
        // The hash is our own SHA-256, so it always has the shape a thumbnail name needs.
        let thumbnailName = analysis.thumbnail == nil ? nil : ThumbnailName(contentHash: hash)
        var entry = JournalEntry(
            contentHash: hash, sourcePath: path, fileSize: Int64(file.size), metadata: analysis.metadata,
            pixelSize: analysis.frame.map { ($0.width, $0.height) }, thumbnail: thumbnailName?.fileName,
            thumbnailSize: analysis.thumbnail.map { ($0.image.width, $0.image.height) }, problems: warnings)
        entry.motionClip = analysis.motionClip
        entry.media = analysis.media
        entry.durationSeconds = analysis.durationSeconds
        entry.text = words.text
        placer.place(&entry)
        let stack = stackRequest(for: entry, thumbnail: analysis.thumbnail, burstID: analysis.metadata.burstIdentifier)
        let files = thumbnailFiles
        var save = EntrySave(
            entry: entry, sourceTruncated: endsEarly || analysis.truncated, sidecar: sidecar?.version, autoTags: analysis.tags,
            taggerVersion: ColourTagger.version, stack: stack, sidecarTags: words.tags
        ) {
            if let temporary, let thumbnailName { try files.moveIntoPlace(temporary, name: thumbnailName) }
        }
        let isFirstLook = analysis.isFirstLook && temporary != nil
        save.firstLookFullSide = isFirstLook ? options.thumbnailSize : nil
        return PreparedPhoto(
            path: path, leadingBytes: leading, metadata: analysis.metadata,
            temporary: temporary, save: save, judged: judged, damage: analysis.damage, isFirstLook: isFirstLook)
    }

    /// A file named like a photo that turns out not to be one is broken, not skipped.
    static func hasPhotoExtension(_ path: String) -> Bool {
        SkipKind.nameClaimsReadablePhoto((path as NSString).lastPathComponent)
    }
}
