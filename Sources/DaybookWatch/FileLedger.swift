import Foundation

/// Remembers which version of each file the watcher has already dealt with, whatever the
/// outcome: stored, already in the journal, failed, or skipped as not a photo.
///
/// A file is handed to the ingester again only when its stamp changes, so a broken file is
/// not retried in a loop (it is retried once it is rewritten), and a periodic rescan costs a
/// `stat` per file, not a re-hash. A value inside `WatchState` (which `SharedWatchState` locks).
struct FileLedger {
    enum Outcome: Equatable, Sendable {
        case stored
        case failed
        case skipped
    }

    private enum Known {
        case exact(FileStamp, Outcome)
        /// Seeded from the journal at start: the entry was written at `entryWrittenAt` (Unix
        /// seconds) from a file of this size. A file of that size last modified strictly
        /// before that second is taken as the one the entry was made from.
        case journal(size: Int64, entryWrittenAt: Int64)
    }

    private var records: [String: Known] = [:]

    var count: Int { records.count }

    func isUnchanged(_ path: String, _ stamp: FileStamp) -> Bool {
        switch records[path] {
        case .exact(let known, _)?: return known == stamp
        case .journal(let size, let writtenAt)?: return stamp.size == size && stamp.modifiedSeconds < writtenAt
        case nil: return false
        }
    }

    mutating func record(_ path: String, _ stamp: FileStamp, _ outcome: Outcome) {
        records[path] = .exact(stamp, outcome)
    }

    mutating func seed(path: String, size: Int64, entryWrittenAt: Int64) {
        if records[path] == nil { records[path] = .journal(size: size, entryWrittenAt: entryWrittenAt) }
    }

    mutating func forget(_ path: String) {
        records[path] = nil
    }

    /// Forgets a folder's files (it was deleted or moved away).
    mutating func forget(under folder: String) {
        let prefix = folder + "/"
        records = records.filter { !$0.key.hasPrefix(prefix) }
    }

    /// Keeps only `present` paths (after a full rescan: files that vanished unnoticed).
    mutating func keepOnly(_ present: Set<String>) {
        records = records.filter { present.contains($0.key) }
    }
}
