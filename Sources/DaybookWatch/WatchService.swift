import DaybookIngest
import DaybookStore
import DaybookSupport
import Foundation
import Logging
import ServiceLifecycle
import Synchronization

/// `daybook watch` as a `Service`: ingests photos as they arrive in folders until a graceful
/// shutdown (SIGINT/SIGTERM through a `ServiceGroup`) or cancellation.
///
/// How files are found:
/// - **inotify** on every folder (recursively): a file is ready on IN_CLOSE_WRITE (its writer
///   closed it) or IN_MOVED_TO (renamed or moved in). New folders are watched as they appear
///   and listed at once, since files may land before their watch exists.
/// - **Scans**: at start (catching up on what arrived while the watcher was not running),
///   every `rescanInterval` seconds (files inotify cannot see, such as writes on a network
///   share from another machine), and after an inotify queue overflow. A scanned file is read
///   only once it has settled (`FileReadiness`).
///
/// Ready files go through the same `Ingester` as `daybook ingest` (parallel, deduplicated by
/// content), batched: a batch starts a moment after the last ready file and its workers keep
/// taking files as they arrive. The `FileLedger` remembers each file's stamp, so a file is
/// ingested again only when it changes (a broken file is not retried in a loop).
///
/// A file is complete when its writer says so, except that some writers close a file between
/// rounds of appending to it. A photo that ends early (`PhotoEnding`: a JPEG before its
/// end-of-image marker, a HEIF inside a box or before its items' data) is therefore read
/// only once it has not changed for `settleTime` (then as truncated, if it still is),
/// and should a truncated version have been stored, the file's next version replaces that
/// entry (the store's `save`): one photo, one entry.
package final class WatchService: Service, Sendable {
    package let configuration: WatchConfiguration
    let store: JournalStore
    let ingester: Ingester
    let logger: Logger
    let state: SharedWatchState<ContinuousClock>
    /// Blocking file-system and SQLite work of the coordinator (see `BlockingLane`).
    let scanLane = BlockingLane("daybook-watch-files")
    private let walker: FolderWalker
    private let watcher: InotifyWatcher?
    let archive: MoveToArchive?
    let onNewEntry: @Sendable (JournalEntry) -> Void
    private let reportedFailures = ReportedOnce()

    /// - Parameter onNewEntry: called once per new entry, on an ingest worker's lane.
    ///   This is where new entries are handed on (weather, see the CLI).
    package init(
        store: JournalStore, configuration: WatchConfiguration, logger: Logger,
        onNewEntry: @escaping @Sendable (JournalEntry) -> Void = { _ in }
    ) throws {
        var isFolder: ObjCBool = false
        for folder in configuration.folders {
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                throw WatchError.notAFolder(folder)
            }
        }
        if let archive = configuration.archive {
            do {
                try FileManager.default.createDirectory(atPath: archive, withIntermediateDirectories: true)
            } catch {
                throw WatchError.system("cannot create \(archive): \(error.localizedDescription)")
            }
        }
        self.configuration = configuration
        self.store = store
        self.logger = logger
        self.onNewEntry = onNewEntry
        // A photo that ends early when its close arrives may be written in several rounds
        // (FTP, SMB, resumed downloads): it is read once it has not changed for the settle time.
        var ingestOptions = configuration.ingest
        ingestOptions.incompleteSettleTime = configuration.settleTime
        ingester = try Ingester(store: store, options: ingestOptions)
        // The web journal serves originals only from folders the library ingests from.
        try store.recordIngestRoots(IngestRoots.folders(for: configuration.folders + (configuration.archive.map { [$0] } ?? [])))
        walker = FolderWalker(excluding: [store.library.root.path] + (configuration.archive.map { [$0] } ?? []))
        archive = configuration.archive.map { MoveToArchive(root: $0) }
        state = SharedWatchState(
            clock: ContinuousClock(), quietTime: .seconds(configuration.batchQuietTime),
            maxDelay: .seconds(configuration.batchMaxDelay),
            rescanInterval: .seconds(configuration.rescanInterval))
        watcher = configuration.pollOnly ? nil : try InotifyWatcher(topFolders: configuration.folders, walker: walker)
    }

    /// Runs until a graceful shutdown or cancellation; then finishes the files in hand (each
    /// is one transaction) and returns. Files not yet taken are found by the next start's
    /// catch-up scan.
    package func run() async throws {
        try await withGracefulShutdownHandler {
            try await withTaskCancellationHandler {
                try await self.watch()
            } onCancel: {
                self.stop()
            }
        } onGracefulShutdown: {
            self.stop()
        }
    }

    /// Stop taking new files (from any thread or task).
    package func stop() {
        state.requestStop()
        watcher?.wake()
    }

    // MARK: The coordinator

    /// Structured like `WeatherQueue`: the inotify reader is a child task beside the
    /// coordinator, and each batch is a task group of ingest workers (`runBatch`), so nothing
    /// outlives `run`. What blocks runs on lanes (`BlockingLane`), never on the cooperative
    /// pool: the reader's poll on a lane of its own; the repair, seeding, walks and scans on
    /// `scanLane`; the photo work (libjpeg, SQLite, the archive move) on the workers' lanes.
    func watch() async throws {
        FileReadiness.ignoreLeaseBreakSignal()
        let (files, seeded) = try await scanLane.run { () throws -> ([String], Int) in try self.prepare() }
        logger.notice("\(startLine(seeded: seeded))")
        await withTaskGroup(of: Void.self) { group in
            if let watcher {
                let reader = BlockingLane("daybook-watch-inotify")
                group.addTask { await reader.run { self.readEvents(watcher) } }
            }
            await self.coordinate(catchUp: files)
            // The reader ends once woken (a stop wakes it; this covers any other way out).
            self.watcher?.wake()
        }
        // A clean stop: when every change to the thumbnails folder since the start was this
        // run's own, the next start (a watch, an ingest) need not read the whole library.
        await scanLane.run { self.ingester.markCleanIfOnlyOurs() }
        logger.notice("stopped")
    }

    /// Repairs the library if an earlier run was interrupted, as `daybook ingest` does (the
    /// ingester's writer lock, then held shared for the whole run, so a repair elsewhere waits
    /// for us; and its witness of the thumbnails folder, for a clean stop), seeds the ledger
    /// from the journal, then adds the watches and lists the folders for the catch-up.
    private func prepare() throws -> ([String], seeded: Int) {
        if let report = try ingester.repairUnlessBusy(), !report.isEmpty {
            logger.notice(
                "repaired the library after an interrupted run: \(report.temporariesRemoved) temporary files and \(report.orphansRemoved) orphaned thumbnails removed, \(report.missingThumbnailsCleared) missing thumbnails forgotten\(report.nearIndexRebuilt ? ", the near index rebuilt" : "")"
            )
        }
        var seeded = 0
        for folder in configuration.folders {
            for known in try store.knownSources(under: folder) {
                state.seedLedger(path: known.path, size: known.fileSize, entryWrittenAt: known.entryWrittenAt)
                seeded += 1
            }
        }
        // Watches first, then the catch-up listing: nothing falls in between.
        var files: [String] = []
        for folder in configuration.folders {
            if let watcher {
                let (found, failure) = watcher.watchTree(folder, shouldStop: { self.state.isStopping })
                if let failure { throw failure }
                files += found
            } else {
                walker.walk(folder, shouldStop: { self.state.isStopping }, enterFolder: { _ in }, file: { files.append($0) })
            }
        }
        return (files, seeded)
    }

    private func coordinate(catchUp files: [String]) async {
        await self.scanLane.run { self.offer(files, context: .scan) }
        while true {
            switch await state.nextWork() {
            case .stop: return
            case .fullRescan: await self.scanLane.run { self.fullRescan() }
            case .recheck(let items):
                await self.scanLane.run {
                    for context in [FileReadiness.Context.createdNotClosed, .newFolder, .scan] {
                        self.offer(items.filter { $0.context == context }.map(\.path), context: context)
                    }
                }
            case .batch: await runBatch()
            case .wait: continue  // waited out by `nextWork`
            }
        }
    }

    private func startLine(seeded: Int) -> String {
        let folders = configuration.folders.joined(separator: ", ")
        var line = "watching \(configuration.folders.count == 1 ? "folder" : "\(configuration.folders.count) folders") \(folders)"
        if let watcher {
            line +=
                " (inotify on \(watcher.watchCount) folder\(watcher.watchCount == 1 ? "" : "s"), rescan every \(Self.seconds(configuration.rescanInterval)))"
        } else {
            line += " (--poll: rescan every \(Self.seconds(configuration.rescanInterval)))"
        }
        if let archive = configuration.archive { line += "; ingested photos move to \(archive)" }
        line += "; library \(store.library.root.path)"
        if seeded > 0 { line += "; \(seeded) photos already in the journal" }
        return line
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }

    /// How long a file seen created but not closed is left to inotify before rescans judge
    /// it by its modification time alone.
    static let awaitCloseLimit: Duration = .seconds(600)

    /// Queues the files that are ready; looks at the others again later.
    private func offer(_ paths: [String], context: FileReadiness.Context) {
        var ready: [String] = []
        let now = Date()
        for path in paths {
            if FileReadiness.isIgnoredName((path as NSString).lastPathComponent) { continue }
            guard let stamp = FileStamp.of(path), !state.isHandled(path, stamp) else { continue }
            let known = state.isCreatedNotClosed(path, maxAge: Self.awaitCloseLimit) ? .createdNotClosed : context
            switch FileReadiness.check(path, settleTime: configuration.settleTime, context: known, now: now) {
            case .ready: ready.append(path)
            case .notYet(let time):
                logger.trace("not settled yet, looking again later: \(path)")
                state.recheck(path, after: .seconds(time.timeIntervalSince(now)), context: known)
            case .awaitClose:
                logger.trace("created and not closed yet, waiting for the close: \(path)")
            case .gone: continue
            }
        }
        state.markReady(ready)
    }

    private func fullRescan() {
        let started = Date()
        var files: [String] = []
        for folder in configuration.folders {
            if let watcher {
                let (found, failure) = watcher.watchTree(folder, shouldStop: { self.state.isStopping })
                if let failure { reportOnce(failure) }
                files += found
            } else {
                walker.walk(folder, shouldStop: { self.state.isStopping }, enterFolder: { _ in }, file: { files.append($0) })
            }
        }
        if state.isStopping { return }
        state.keepOnly(Set(files))
        offer(files, context: .scan)
        logger.debug("rescan: \(files.count) files in \(String(format: "%.3f", Date().timeIntervalSince(started))) s")
    }

    /// Logs a watch failure met while running (the limit, once per run: it would otherwise be
    /// said for every new folder at every rescan).
    private func reportOnce(_ error: WatchError) {
        if case .watchLimitReached = error {
            guard reportedFailures.first("watch limit") else { return }
            logger.error(
                "\(error.description). Meanwhile folders without a watch are covered by the rescan every \(Self.seconds(configuration.rescanInterval))"
            )
        } else if reportedFailures.first(error.description) {
            logger.error("\(error.description)")
        }
    }

    // MARK: The inotify reader (on a lane of its own: it blocks in poll)

    private func readEvents(_ watcher: InotifyWatcher) {
        while let events = watcher.waitForEvents() {
            var ready: [String] = []
            for event in events {
                switch event {
                case .fileReady(let path): ready.append(path)
                case .fileCreated(let path): state.noteCreated(path, recheckAfter: .seconds(1))
                case .fileGone(let path): state.forget(path)
                case .folderAppeared(let path, let files):
                    logger.debug("new folder watched: \(path) (\(files.count) files inside)")
                    state.markReady(ready)
                    ready = []
                    offer(files, context: .newFolder)
                case .folderGone(let path): state.forget(under: path)
                case .topFolderGone(let path):
                    logger.warning("\(path) was removed or moved away; it is watched again if it comes back (checked at each rescan)")
                case .overflow:
                    logger.warning("inotify dropped events (queue overflow): rescanning everything")
                    state.requestFullRescan(afterOverflow: true)
                case .watchFailed(let error): reportOnce(error)
                }
            }
            state.markReady(ready)
        }
    }
}

/// Remembers messages already logged, so a limit hit at every rescan is said once.
final class ReportedOnce: Sendable {
    private let seen = Mutex<Set<String>>([])
    func first(_ message: String) -> Bool { seen.withLock { $0.insert(message).inserted } }
}
