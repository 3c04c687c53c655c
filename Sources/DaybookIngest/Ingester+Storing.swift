import DaybookStore
import Foundation

/// The store's half of an ingest: a group of prepared photos in one transaction
/// (`JournalStore.save(group:)`), then each photo's RAW and Live Photo files and its event.
extension Ingester {
    /// Stores a group of prepared photos in one transaction, then finishes each in order.
    func commit(_ group: [PreparedPhoto], stop: RunStop?, emit: @Sendable (IngestEvent) -> Void) {
        let results: [Result<SavedEntry, any Error>]
        do {
            results = try store.save(group: group.map(\.save))
        } catch {
            results = group.map { _ in .failure(error) }
        }
        for (photo, result) in zip(group, results) { finish(photo, result, stop: stop, emit: emit) }
    }

    /// After the group holding `photo` committed, or failed: the RAW and Live Photo files
    /// beside it, then its terminal event.
    func finish(_ photo: PreparedPhoto, _ result: Result<SavedEntry, any Error>, stop: RunStop?, emit: @Sendable (IngestEvent) -> Void) {
        let path = photo.path
        let saved: SavedEntry
        switch result {
        case .success(let stored): saved = stored
        case .failure(let error):
            if let temporary = photo.temporary { thumbnailFiles.discard(temporary) }
            // The thumbnail may have been moved into place before the commit failed.
            thumbnailFiles.doubtWitness()
            return failToStore(path: path, error, stop: stop, emit: emit)
        }
        let entryID: String
        switch saved.outcome {
        case .created: entryID = photo.save.entry.id
        case .replaced(let stored), .rereadWithSidecar(let stored), .filled(let stored): entryID = stored.id
        case .existing(let id): entryID = id
        }
        photo.judged?.settle(entryID: entryID, contentHash: photo.save.entry.contentHash, damage: photo.damage)
        attachRAWs(besidePhoto: path, bytes: photo.leadingBytes, entryID: entryID, emit: emit)
        attachLivePhotoMovies(besidePhoto: path, bytes: photo.leadingBytes, metadata: photo.metadata, entryID: entryID, emit: emit)
        if let problem = saved.stackProblem { emit(.warning(path: path, message: "could not stack with nearby frames: \(problem)")) }
        switch saved.outcome {
        case .created: emit(.created(photo.save.entry))
        case .replaced(let stored): emit(.replaced(stored))
        case .rereadWithSidecar(let stored): emit(.rereadWithSidecar(stored))
        // New on this device: its entry came before it, from its journal file.
        case .filled(let stored): emit(.created(stored))
        case .existing(let id):
            if let temporary = photo.temporary { thumbnailFiles.discard(temporary) }
            emit(.alreadyInJournal(path: path, id: id))
        }
        // Stored with a first look: the entry waits in the refinement queue (`Refiner`).
        if photo.isFirstLook && saved.outcome != .existing(id: entryID) { emit(.firstLook(entryID: entryID)) }
    }

    /// A photo that could not be stored: one line, or after a full disk with `stop`, one line
    /// for the whole run.
    func failToStore(path: String, _ error: any Error, stop: RunStop?, emit: @Sendable (IngestEvent) -> Void) {
        if let stop, DiskFull.isDiskFull(error) {
            if stop.stopForFullDisk() { emit(.failed(IngestError(path: path, .diskFull(library: store.library.root.path)))) }
            return
        }
        emit(.failed(IngestError(path: path, .store(error))))
    }
}
