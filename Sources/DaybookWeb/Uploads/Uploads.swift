import DaybookCore
import DaybookIngest
import DaybookStore
import Foundation
import Synchronization

/// The server's side of `POST /uploads` once a body is received: the journal's answer for
/// bytes it holds, else the file through the same `Ingester` as any other (date, place,
/// thumbnail, tags), then linked into `YYYY/MM/` by its capture date.
package final class Uploads: Sendable {
    let path: String
    let limits: UploadLimits
    let outcomes = UploadOutcomes()
    private let store: JournalStore
    private let onNewEntry: @Sendable (JournalEntry) -> Void
    /// The folder and the ingester are made at the first upload: a server that never
    /// receives one makes no folder and loads no place table.
    private let opened = Mutex<UploadFolder?>(nil)
    private let ingester = Mutex<Ingester?>(nil)

    /// How old a slot left in `.incoming/` must be to be taken for a crash's leftover.
    static let staleSlotAge: TimeInterval = 24 * 3600

    init(store: JournalStore, folder path: String, limits: UploadLimits, onNewEntry: @escaping @Sendable (JournalEntry) -> Void) {
        self.path = path
        self.limits = limits
        self.store = store
        self.onNewEntry = onNewEntry
    }

    /// The folder, opened (and made) at the first call, then recorded as an ingest root as
    /// `ingest` records its folders, so that `watch`, `/originals` and a later rebuild treat
    /// it as any other. Blocks.
    func folder() throws(UploadProblem) -> UploadFolder {
        try opened.withLock { (opened: inout UploadFolder?) throws(UploadProblem) -> UploadFolder in
            if let opened { return opened }
            let folder = try UploadFolder(path: path)
            do {
                try store.recordIngestRoots(IngestRoots.folders(for: [path]))
            } catch {
                throw .server("cannot record \(path) in the journal: \(error)")
            }
            folder.removeStale(olderThan: Self.staleSlotAge)
            opened = folder
            return folder
        }
    }

    /// `LIBRARY/uploads`, unless the configuration names another folder.
    static func folderPath(library: Library, configured: String?) -> String {
        configured ?? library.root.appendingPathComponent("uploads").path
    }

    /// Stores a received file (or finds its entry) and removes its slot. Blocks: run it on
    /// `BlockingPools.heavy`, where decodes run.
    func store(_ received: ReceivedUpload, in folder: UploadFolder) -> UploadAnswer {
        defer { folder.discard(received.slot) }
        do {
            if let known = try store.entry(contentHash: received.hash) { return .duplicate(entryID: known.id) }
            let ingester = try self.ingester.withLock { made in
                if let made { return made }
                let new = try Ingester(store: store, options: IngestOptions(jobs: 1))
                made = new
                return new
            }
            let events = Mutex<[IngestEvent]>([])
            ingester.ingest(ScanItem(path: received.slot.path, explicitlyNamed: true)) { event in events.withLock { $0.append(event) } }
            return try keep(received, in: folder, after: events.withLock { $0 })
        } catch let problem as UploadProblem {
            return .problem(problem)
        } catch {
            return .problem(.server("the journal could not store the upload: \(error)"))
        }
    }

    /// The answer for the ingester's last event; a new entry's file is linked into place
    /// and the entry pointed at it.
    private func keep(_ received: ReceivedUpload, in folder: UploadFolder, after events: [IngestEvent]) throws -> UploadAnswer {
        switch events.last {
        case .created(let entry), .replaced(let entry), .rereadWithSidecar(let entry):
            // An undated photo goes by the day it arrived.
            let today = Calendar.current.dateComponents([.year, .month], from: Date())
            let year = entry.capturedLocal?.year ?? today.year!, month = entry.capturedLocal?.month ?? today.month!
            do {
                let kept = try folder.keep(received.slot, year: year, month: month, name: received.name)
                do {
                    try store.noteSeen(id: entry.id, at: kept)
                } catch {
                    folder.remove(kept: kept)
                    throw error
                }
            } catch {
                // An entry whose file is in no folder would be lost at the next cleanup.
                _ = try? store.delete(entryIDs: [entry.id], trash: false)
                throw error
            }
            onNewEntry(entry)
            return .stored(entryID: entry.id)
        case .alreadyInJournal(_, let id):
            return .duplicate(entryID: id)
        case .failed(let error):
            return .problem(.refused("daybook could not read this file: \(error.reason); nothing was kept"))
        case .skipped(_, let reason):
            return .problem(.refused("daybook does not keep this file: \(reason); nothing was kept"))
        default:
            return .problem(.refused("daybook could not read this file; nothing was kept"))
        }
    }
}
