import DaybookIngest
import DaybookStore
import Foundation
import Synchronization

/// Photos and videos named on the command line for words to go with (`write --photo`,
/// `photo attach ENTRY FILE`): each ingested as `daybook ingest FILE` ingests it (date, place,
/// thumbnail, tags), one at a time, in the order given.
struct NamedPhotos {
    struct Photo {
        let path: String
        let entry: JournalEntry
        /// Made by this run, so undone by it when what it belongs to fails.
        let isNew: Bool
    }

    let store: JournalStore
    let ingester: Ingester

    /// Each file's entry; `check` sees each as it is made, with its place in the list. A file
    /// that makes no entry (or that `check` refuses) throws, naming the file, once the entries
    /// made before it are deleted again: nothing is left half made.
    func ingest(_ paths: [String], check: (Int, Photo) throws -> Void = { _, _ in }) throws -> [Photo] {
        for path in paths {
            if let why = PhotoScanner.whyUnreadable(path) { throw CommandError(description: "\(path): \(why)") }
        }
        var done: [Photo] = []
        do {
            for path in paths {
                let photo = try ingestOne(path)
                done.append(photo)
                try check(done.count - 1, photo)
            }
        } catch {
            undo(done)
            throw error
        }
        return done
    }

    /// Deletes the entries this run made; entries that were in the journal before stay.
    func undo(_ photos: [Photo]) {
        let made = photos.filter(\.isNew).map(\.entry.id)
        if !made.isEmpty { _ = try? store.delete(entryIDs: made, trash: false) }
    }

    private func ingestOne(_ path: String) throws -> Photo {
        let outcome = Mutex<(id: String?, isNew: Bool, failure: String?)>((nil, false, nil))
        _ = try ingester.ingest(paths: [path]) { event in
            switch event {
            case .created(let entry): outcome.withLock { $0 = (entry.id, true, nil) }
            case .replaced(let entry), .rereadWithSidecar(let entry): outcome.withLock { $0.id = entry.id }
            case .alreadyInJournal(_, let id): outcome.withLock { $0.id = id }
            case .failed(let error): outcome.withLock { $0.failure = error.description }
            case .knownProblem(let error):
                outcome.withLock { $0.failure = "\(error) (judged by an earlier run; `daybook problems --forget` reads it again)" }
            case .skipped(_, let reason): outcome.withLock { $0.failure = "\(path): \(reason)" }
            case .rawPair(let pair):
                if let id = pair.entryID {
                    outcome.withLock { $0.id = id }
                } else {
                    outcome.withLock { $0.failure = "\(path): \(pair)" }
                }
            case .warning(let file, let message): Console.writeError("daybook: warning: \(file): \(message)")
            case .incomplete, .sidecar, .firstLook: break
            }
        }
        let (id, isNew, failure) = outcome.withLock { $0 }
        guard let id else { throw CommandError(description: failure ?? "\(path): no entry was made of it") }
        return Photo(path: path, entry: try store.entry(idPrefix: id), isNew: isNew)
    }
}
