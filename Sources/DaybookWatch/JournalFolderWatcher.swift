import DaybookIngest
import DaybookStore
import DaybookSupport
import Foundation
import Logging
import ServiceLifecycle
import Synchronization

/// Keeps the index in step with `LIBRARY/journal/` while `daybook watch` or `daybook serve`
/// runs: a journal file written by another device (through a sync tool) or by hand changes its
/// entry (`JournalStore.indexJournalFile`). At start it catches up on the whole folder; then
/// inotify (recursive, new month folders too) reports changed names, which are indexed once
/// the folder has been quiet for `quietTime`, so a sync tool's burst is one pass and Daybook's
/// own write has committed its row before its file is read (which then changes nothing).
///
/// Only names of `JournalFilePath`'s shape are indexed: temporary names, sync tools' conflict
/// copies and `.stignore` are left alone. A file that does not read is logged once per
/// content, with its path and line, and never written over.
package final class JournalFolderWatcher: Service, Sendable {
    let store: JournalStore
    let logger: Logger
    let quietTime: Duration
    let placer: EntryPlacer?
    let onIndexed: @Sendable (JournalFileIndexing) -> Void
    private let folder: String
    private let inotify: InotifyWatcher
    private let lane = BlockingLane("daybook-journal-index")
    private let pending = Mutex<Set<String>>([])
    private let needsCatchUp = Atomic<Bool>(false)
    private let generation = Atomic<Int>(0)
    private let reported = ReportedOnce()

    /// - Parameters:
    ///   - placer: names the positions files give (nil: they wait for `daybook places --update`).
    ///   - onIndexed: each change, on the indexing lane (weather for a moved entry, see the CLI).
    package init(
        store: JournalStore, logger: Logger, quietTime: Duration = .milliseconds(500), placer: EntryPlacer? = nil,
        onIndexed: @escaping @Sendable (JournalFileIndexing) -> Void = { _ in }
    ) throws {
        self.store = store
        self.logger = logger
        self.quietTime = quietTime
        self.placer = placer
        self.onIndexed = onIndexed
        folder = store.library.root.appendingPathComponent(JournalFilePath.folderName).path
        // Watched from the start, so the first file another device sends is seen.
        if mkdir(folder, 0o700) != 0 && errno != EEXIST {
            throw WatchError.system("cannot create \(folder): \(String(cString: strerror(errno)))")
        }
        inotify = try InotifyWatcher(topFolders: [folder], walker: FolderWalker(excluding: []))
    }

    package func run() async throws {
        try await withGracefulShutdownHandler {
            try await withTaskCancellationHandler {
                try await self.watch()
            } onCancel: {
                self.inotify.wake()
            }
        } onGracefulShutdown: {
            self.inotify.wake()
        }
    }

    private func watch() async throws {
        let (signals, signal) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let watcher = inotify
        // Watches first, then the catch-up: a file written in between is seen by both, harmlessly.
        _ = await lane.run { watcher.watchTree(self.folder) }
        await lane.run { self.catchUp() }
        await withTaskGroup(of: Void.self) { group in
            let reader = BlockingLane("daybook-journal-inotify")
            group.addTask {
                await reader.run { self.readEvents(signal) }
                signal.finish()
            }
            for await _ in signals {
                await self.waitForQuiet()
                if Task.isCancelled { break }
                await self.lane.run { self.indexPending() }
            }
            watcher.wake()
        }
    }

    /// Returns once no event arrived for `quietTime`.
    private func waitForQuiet() async {
        while !Task.isCancelled {
            let seen = generation.load(ordering: .acquiring)
            try? await Task.sleep(for: quietTime)
            if generation.load(ordering: .acquiring) == seen { return }
        }
    }

    private func readEvents(_ signal: AsyncStream<Void>.Continuation) {
        while let events = inotify.waitForEvents() {
            var paths: [String] = []
            for event in events {
                switch event {
                case .fileReady(let path), .fileCreated(let path), .fileGone(let path): paths.append(path)
                case .folderAppeared(_, let files): paths += files
                case .folderGone, .topFolderGone, .overflow: needsCatchUp.store(true, ordering: .releasing)
                case .watchFailed(let error): logger.warning("journal: \(error.description); changes there are read at the next start")
                }
            }
            pending.withLock { $0.formUnion(paths) }
            generation.add(1, ordering: .releasing)
            signal.yield()
        }
    }

    private func indexPending() {
        if needsCatchUp.exchange(false, ordering: .acquiringAndReleasing) {
            pending.withLock { $0.removeAll() }
            if inotify.watchTree(folder).failure == nil { catchUp() }
            return
        }
        let paths = pending.withLock { paths in
            defer { paths.removeAll() }
            return paths.sorted()
        }
        let root = store.library.root.path + "/"
        for path in paths {
            guard path.hasPrefix(root), let relative = JournalFilePath(relative: String(path.dropFirst(root.count))) else {
                logger.trace("journal: not a journal file, left alone: \(path)")
                continue
            }
            do {
                let change = try store.indexJournalFile(at: relative, place: place)
                report(change, relative)
            } catch {
                reportProblem(error, relative)
            }
        }
    }

    private func catchUp() {
        do {
            let result = try store.indexJournalFolder(place: place)
            let changed = result.changes.filter { change in
                switch change {
                case .unchanged, .ignored: false
                default: true
                }
            }
            for change in changed { onIndexed(change) }
            let count = result.changes.count + result.problems.count
            let line =
                "journal: \(count) file\(count == 1 ? "" : "s") read at start, \(changed.count) changed the index, \(result.problems.count) with problems"
            // Said aloud only when there was news: a server's first lines are its addresses.
            logger.log(level: changed.isEmpty && result.problems.isEmpty ? .debug : .notice, "\(line)")
            for problem in result.problems { reportProblem(problem, problem.path.flatMap(JournalFilePath.init(relative:))) }
        } catch {
            logger.error("journal: cannot read the journal folder: \(error)")
        }
    }

    private func place(_ entry: inout JournalEntry) { placer?.place(&entry) }

    private func report(_ change: JournalFileIndexing, _ path: JournalFilePath) {
        switch change {
        case .added(let id): logger.info("journal: \(path) added entry \(id.prefix(8))")
        case .updated(let id): logger.info("journal: \(path) changed entry \(id.prefix(8))")
        case .deleted(let id): logger.info("journal: \(path) deleted entry \(id.prefix(8)) (in the trash)")
        case .removed(let id): logger.info("journal: \(path) is gone, and entry \(id.prefix(8)) with it")
        case .unchanged, .ignored: return
        }
        onIndexed(change)
    }

    /// Said once per file content: a bad file stays bad until someone edits it, and every
    /// event on it would say it again.
    private func reportProblem(_ error: any Error, _ path: JournalFilePath?) {
        let bytes = path.flatMap { try? Data(contentsOf: $0.url(in: store.library)) } ?? Data()
        let key = "\(path?.description ?? "")\n\(ContentHash.sha256Hex([UInt8](bytes)))\n\(error)"
        guard reported.first(key) else { return }
        // A parse error names its file and line already; any other is named here.
        let said = error is JournalFileError ? "\(error)" : "\(path?.description ?? "journal"): \(error)"
        logger.error("journal: \(said) (the file is left as it is)")
    }
}
