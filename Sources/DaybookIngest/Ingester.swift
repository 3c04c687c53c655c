import Crypto
import DaybookImaging
import DaybookMetadata
import DaybookStore
import DaybookTagging
import Foundation
import Synchronization

public struct IngestOptions: Sendable {
    public var jobs: Int
    public var thumbnailSize: Int
    public var maxPixels: Int
    /// Files larger than this are refused unread (a JPEG this size is not a camera photo).
    public var maxFileBytes: Int
    /// A JPEG that ends early (no end-of-image marker) and was modified less than this many
    /// seconds ago is not ingested yet (`IngestEvent.incomplete`): a writer appending in
    /// several rounds may be between two of them. nil ingests it at once, as truncated; either
    /// way a later version of the file replaces an entry stored from a truncated one.
    public var incompleteSettleTime: Double?

    public init(
        jobs: Int = ProcessInfo.processInfo.activeProcessorCount, thumbnailSize: Int = 400,
        maxPixels: Int = JPEGDecoder.defaultMaxPixels, maxFileBytes: Int = 512 << 20,
        incompleteSettleTime: Double? = nil
    ) {
        self.jobs = max(1, jobs)
        self.thumbnailSize = thumbnailSize
        self.maxPixels = maxPixels
        self.maxFileBytes = maxFileBytes
        self.incompleteSettleTime = incompleteSettleTime
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
    private let thumbnailFiles: ThumbnailFiles
    private let lock: WriterLock
    private let placer: EntryPlacer

    public init(store: JournalStore, options: IngestOptions = IngestOptions()) throws {
        self.store = store
        self.options = options
        analyzer = PhotoAnalyzer(thumbnails: ThumbnailMaker(longestSide: options.thumbnailSize, maxPixels: options.maxPixels))
        thumbnailFiles = try ThumbnailFiles(library: store.library)
        lock = try WriterLock(library: store.library)
        placer = try EntryPlacer.embedded()
    }

    /// Ingests files and folders. `onEvent` is called from worker threads, one event at a
    /// time (calls are serialised).
    public func ingest(paths: [String], onEvent: @escaping @Sendable (IngestEvent) -> Void = { _ in }) throws -> IngestSummary {
        var summary = IngestSummary()
        // Repair what an interrupted earlier run left, unless another writer is active now.
        summary.repair = try lock.whileAlone { try LibraryRepair(store: store).run() }

        let scanner = Mutex(PhotoScanner(paths: paths, excluding: [store.library.root.path]))
        let state = Mutex(summary)
        let emit: @Sendable (IngestEvent) -> Void = { event in
            state.withLock { summary in
                summary.record(event)
                onEvent(event)
            }
        }
        WorkerPool.run(jobs: options.jobs, next: { scanner.withLock { $0.next() } }) { found in
            switch found {
            case .unreadable(let path, let reason): emit(.failed(path: path, reason: reason))
            case .file(let item): self.ingest(item, emit: emit)
            }
        }
        return state.withLock { $0 }
    }

    /// Ingests one file; every outcome becomes exactly one terminal event.
    public func ingest(_ item: ScanItem, emit: @Sendable (IngestEvent) -> Void) {
        let path = item.path
        let bytes: [UInt8], modified: Date
        do {
            (bytes, modified) = try PhotoFile.contents(path, maxBytes: options.maxFileBytes)
        } catch {
            return emit(.failed(path: path, reason: error.description))
        }
        // Checked before hashing: a file still arriving costs one read and one pass, no more.
        let endsEarly = JPEGEnding.endsEarly(bytes)
        if endsEarly, let settleTime = options.incompleteSettleTime {
            let settlesAt = modified.addingTimeInterval(settleTime)
            if settlesAt > Date() { return emit(.incomplete(path: path, settlesAt: settlesAt)) }
        }
        let hash = ContentHash.sha256Hex(bytes)
        do {
            if let known = try store.entry(contentHash: hash) {
                try store.noteSeen(id: known.id, at: path)
                return emit(.alreadyInJournal(path: path, id: known.id))
            }
        } catch {
            return emit(.failed(path: path, reason: "journal: \(error)"))
        }

        let analysis: PhotoAnalysis
        do {
            analysis = try analyzer.analyze(bytes)
        } catch {
            if error.isNotAPhoto && !item.explicitlyNamed && !Self.hasJPEGExtension(path) {
                return emit(.skipped(path: path, reason: error.reason))
            }
            return emit(.failed(path: path, reason: error.reason))
        }
        for warning in analysis.warnings { emit(.warning(path: path, message: warning)) }

        do {
            // The hash is our own SHA-256, so it always has the shape a thumbnail name needs.
            let thumbnailName = analysis.thumbnail == nil ? nil : ThumbnailName(contentHash: hash)
            let temporary = try analysis.thumbnail.map { try thumbnailFiles.writeTemporary($0.jpeg) }
            var entry = JournalEntry(
                contentHash: hash, sourcePath: path, fileSize: Int64(bytes.count), metadata: analysis.metadata,
                pixelSize: analysis.frame.map { ($0.width, $0.height) }, thumbnail: thumbnailName?.fileName,
                thumbnailSize: analysis.thumbnail.map { ($0.image.width, $0.image.height) }, problems: analysis.warnings)
            placer.place(&entry)
            let outcome: JournalStore.SaveOutcome
            do {
                outcome = try store.save(
                    entry, sourceTruncated: endsEarly || analysis.truncated,
                    autoTags: analysis.tags, taggerVersion: ColourTagger.version
                ) {
                    if let temporary, let thumbnailName { try thumbnailFiles.moveIntoPlace(temporary, name: thumbnailName) }
                }
            } catch {
                if let temporary { thumbnailFiles.discard(temporary) }
                throw error
            }
            switch outcome {
            case .created: emit(.created(entry))
            case .replaced(let stored): emit(.replaced(stored))
            case .existing(let id):
                if let temporary { thumbnailFiles.discard(temporary) }
                emit(.alreadyInJournal(path: path, id: id))
            }
        } catch {
            emit(.failed(path: path, reason: "could not store: \(error)"))
        }
    }

    static func hasJPEGExtension(_ path: String) -> Bool {
        let lower = path.lowercased()
        return [".jpg", ".jpeg", ".jpe", ".jfif"].contains { lower.hasSuffix($0) }
    }
}
