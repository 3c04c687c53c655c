import DaybookCore
import DaybookIngest
import DaybookStore
import Foundation

/// The watcher's side of ingesting: batches of ready files through the `Ingester`, and what
/// each file's outcome means for the ledger, the archive and the log.
extension WatchService {
    func runBatch() async {
        let linger = Duration.seconds(configuration.workerLinger)
        await ingester.ingest(pulling: { await self.nextFile(linger: linger) }) { event in
            self.handle(event)
        }
    }

    /// The next file for an ingest worker, taken in hand with its stamp (taken on the scan
    /// lane: a `stat` on a network share can block), or nil when the batch ends.
    private func nextFile(linger: Duration) async -> String? {
        let idleSince = state.clock.now
        while let path = await state.nextCandidate(idleSince: idleSince, linger: linger) {
            let stamp = await scanLane.run { FileStamp.of(path) }
            if state.take(path, stamp: stamp) { return path }
        }
        return nil
    }

    private func handle(_ event: IngestEvent) {
        switch event {
        case .created(let entry), .replaced(let entry), .rereadWithSidecar(let entry):
            let path = entry.sourcePath
            let truncated = entry.problems != nil && ((try? store.isStoredFromTruncatedFile(id: entry.id)) ?? true)
            // A truncated file stays where it is: its writer may yet complete it.
            let moved = truncated ? nil : moveToArchive(path, capturedLocal: entry.capturedLocal, id: entry.id)
            // New entries are handed on here (weather: see `onNewEntry` in the CLI).
            onNewEntry(entry)
            state.finish(path, .stored, moved: moved != nil)
            let what: String
            switch (event, truncated) {
            case (.replaced, false): what = "completed \(path): its truncated entry \(entry.shortID) now holds the whole photo"
            case (.replaced, true): what = "updated \(path): its truncated entry \(entry.shortID) holds the longer version"
            case (.rereadWithSidecar, _): what = "updated \(path): entry \(entry.shortID) read again with its changed sidecar"
            default: what = "ingested \(path) as \(entry.shortID)"
            }
            let note = truncated ? " (truncated: replaced if the file changes)" : moved.map { ", moved to \($0)" } ?? ""
            logger.info("\(what)\(Self.dateNote(entry.capturedLocal))\(note)")
        case .incomplete(let path, let settlesAt):
            // The settle time is wall-clock (a modification time); the wait is on the clock.
            state.postpone(path, for: .seconds(settlesAt.timeIntervalSinceNow))
            logger.debug(
                "\(path) ends early, perhaps still being written: read once unchanged for \(Self.seconds(configuration.settleTime))")
        case .alreadyInJournal(let path, let id):
            var moved: String?
            if archive != nil {
                if let entry = try? store.entry(idPrefix: id) {
                    moved = moveToArchive(path, capturedLocal: entry.capturedLocal, id: id)
                }
            }
            state.finish(path, .stored, moved: moved != nil)
            logger.info("already in the journal as \(id.prefix(8)): \(path)\(moved.map { ", moved to \($0)" } ?? "")")
        case .failed(let error):
            state.finish(error.path, .failed)
            if FileStamp.of(error.path) == nil {
                logger.debug("gone before it could be read: \(error.path)")
            } else {
                logger.error("\(error) (tried again when the file changes)")
            }
        case .knownProblem(let error):
            // Failed in an earlier run and unchanged: looked at again only when it changes.
            state.finish(error.path, .failed)
            logger.info("\(error) (judged before, unchanged; `daybook problems` lists it)")
        case .skipped(let path, let reason):
            state.finish(path, .skipped)
            logger.info("skipped \(path): \(reason)")
        case .rawPair(let outcome):
            // A RAW stays where it is with --move-to: the archive's name and the entry's path
            // are its photo's, which moves when it is read.
            if outcome.fromRAW { state.finish(outcome.raw, outcome.entryID == nil ? .skipped : .stored) }
            logger.info("\(outcome.raw): \(outcome)")
        case .sidecar(let path):
            state.finish(path, .skipped)
            // Its photo's entry may now be out of date: look at the photo again, although its
            // own stamp has not changed (the ingester compares the sidecar's content).
            let photos = SidecarFiles.photos(for: path)
            for photo in photos { state.forget(photo) }
            state.markReady(photos)
            logger.debug("sidecar \(path): \(photos.isEmpty ? "no photo beside it yet" : "its photo is looked at again")")
        case .warning(let path, let message):
            logger.warning("\(path): \(message)")
        case .firstLook(let id):
            logger.debug("entry \(id.prefix(8)) shows its file's own preview until its full thumbnail is made")
        }
    }

    /// Moves an ingested file with `--move-to`; returns its new path, nil when not moved.
    private func moveToArchive(_ path: String, capturedLocal: LocalDateTime?, id: String) -> String? {
        guard let archive else { return nil }
        do {
            let destination = try archive.move(path, capturedLocal: capturedLocal, entryID: id, store: store)
            for problem in archive.moveSidecars(of: path, to: destination) { logger.warning("\(problem)") }
            return destination
        } catch {
            logger.error("\(path): in the journal, but not moved: \(error)")
            return nil
        }
    }

    static func dateNote(_ capturedLocal: LocalDateTime?) -> String {
        guard let captured = capturedLocal else { return " (no capture date)" }
        return " (\(captured.readable(seconds: false)))"
    }
}
