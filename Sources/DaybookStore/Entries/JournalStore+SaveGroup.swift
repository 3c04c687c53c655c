import DaybookCore
import Foundation
import GRDB

/// One photo's entry as an ingest hands it to `save(group:)`: `save`'s arguments, and what its
/// stacking needs, done in the same transaction.
package struct EntrySave: Sendable {
    package var entry: JournalEntry
    package var sourceTruncated: Bool
    package var sidecar: SidecarVersion?
    package var autoTags: [AutoTag]
    package var taggerVersion: Int
    /// The keywords of the photo's sidecar, normalised: the entry's tags when it has none of its own.
    package var sidecarTags: [String]
    /// Set for a photo to stack with the frames it links to (docs/stacks.md); nil: not stacked.
    package var stack: StackRequest?
    /// Runs inside the transaction, last of this entry's writes (the thumbnail's move).
    package var beforeCommit: @Sendable () throws -> Void
    /// Set when the thumbnail is a first look (a picture the file already held): the longest
    /// side of the full one to make. The entry joins the refinement queue in the same
    /// transaction (JournalStore+Refinement); nil takes a stored entry out of it, since its
    /// new thumbnail is the full one.
    package var firstLookFullSide: Int?

    package init(
        entry: JournalEntry, sourceTruncated: Bool, sidecar: SidecarVersion?, autoTags: [AutoTag], taggerVersion: Int,
        stack: StackRequest?, sidecarTags: [String] = [], beforeCommit: @escaping @Sendable () throws -> Void
    ) {
        self.entry = entry
        self.sourceTruncated = sourceTruncated
        self.sidecar = sidecar
        self.autoTags = autoTags
        self.taggerVersion = taggerVersion
        self.stack = stack
        self.sidecarTags = sidecarTags
        self.beforeCommit = beforeCommit
    }
}

/// What stacking a new photo needs: its thumbnail's perceptual hash and Apple's burst id.
package struct StackRequest: Sendable {
    package var perceptualHash: Int64?
    package var burstID: String?

    package init(perceptualHash: Int64?, burstID: String?) {
        self.perceptualHash = perceptualHash
        self.burstID = burstID
    }
}

/// One entry of a committed group.
package struct SavedEntry: Sendable {
    package let outcome: JournalStore.SaveOutcome
    /// Why the entry, stored all the same, was not stacked (`daybook stack rebuild` does it later).
    package let stackProblem: String?
}

extension JournalStore {
    /// Stores several entries in one transaction: each commit writes every index leaf and
    /// full-text segment it touched to the WAL, and FTS5 merges segments in proportion to the
    /// leaves written, so a commit per photo would make each photo cost more the larger the
    /// journal. Each entry is `save`d in a savepoint of its own: one that
    /// fails is rolled back alone and its failure returned in its place; the others commit.
    /// Stacking runs in a nested savepoint, so a failure there leaves a good, unstacked entry.
    /// A failure the whole transaction meets (the commit, a full disk, a lost transaction)
    /// throws, and nothing of the group is stored.
    package func save(group: [EntrySave]) throws -> [Result<SavedEntry, any Error>] {
        let (results, replacedThumbnails) = try writeWithJournalFiles { db, writes in
            var results: [Result<SavedEntry, any Error>] = []
            var replacedThumbnails: [String] = []
            for save in group {
                do {
                    let (saved, replaced) = try saveInSavepoint(db, save, &writes)
                    results.append(.success(saved))
                    if let replaced { replacedThumbnails.append(replaced) }
                } catch {
                    // SQLite may have rolled the whole transaction back (a full disk, I/O):
                    // then no other entry of the group can be stored either.
                    guard db.isInsideTransaction, !Self.failsTheTransaction(error) else { throw error }
                    results.append(.failure(error))
                }
            }
            // The group's new entries in the index at once: one FTS5 segment, not several a photo.
            try SearchWrites.indexPending(db)
            return (results, replacedThumbnails)
        }
        // Committed: a failure to remove an old file only leaves an orphan for the next repair.
        for thumbnail in replacedThumbnails { try? removeThumbnailIfUnreferenced(thumbnail) }
        return results
    }

    private func saveInSavepoint(_ db: Database, _ save: EntrySave, _ writes: inout JournalFileWrites) throws -> (
        SavedEntry, replaced: String?
    ) {
        let (outcome, replaced) = try inSavepoint(db, &writes) { files in
            let saved = try Self.save(
                db, save.entry, sourceTruncated: save.sourceTruncated, sidecar: save.sidecar, autoTags: save.autoTags,
                taggerVersion: save.taggerVersion, sidecarTags: save.sidecarTags, beforeCommit: save.beforeCommit)
            try followJournalFile(saved.0, previous: saved.previous, db, &files)
            if let entryID = Self.storedID(saved.0, new: save.entry) {
                try Self.followRefinement(db, entryID: entryID, contentHash: save.entry.contentHash, fullSide: save.firstLookFullSide)
            }
            return (saved.0, saved.replacedThumbnail)
        }
        var stackProblem: String?
        let storedID = Self.storedID(outcome, new: save.entry)
        if let stack = save.stack, let entryID = storedID {
            do {
                try inSavepoint(db, &writes) { files in
                    let dropped = try Self.stack(
                        db, entryID: entryID, perceptualHash: stack.perceptualHash, burstID: stack.burstID, rule: .standard)
                    for id in dropped { try saveJournalFile(ofEntry: id, db, &files) }
                }
            } catch {
                guard db.isInsideTransaction, !Self.failsTheTransaction(error) else { throw error }
                stackProblem = "\(error)"
            }
        }
        return (SavedEntry(outcome: outcome, stackProblem: stackProblem), replaced)
    }

    /// The entry `outcome` wrote, `new` when it was inserted; nil when nothing was written.
    private static func storedID(_ outcome: SaveOutcome, new: JournalEntry) -> String? {
        switch outcome {
        case .created: new.id
        case .replaced(let stored), .rereadWithSidecar(let stored), .filled(let stored): stored.id
        case .existing: nil
        }
    }

    /// `body` in a savepoint, with the journal files it writes: rolled back alone when it throws,
    /// its files put back with it; kept, its files join `writes` (put back if the group is not
    /// stored).
    private func inSavepoint<Value>(
        _ db: Database, _ writes: inout JournalFileWrites, _ body: (inout JournalFileWrites) throws -> Value
    ) throws -> Value {
        var files = JournalFileWrites()
        do {
            let value = try Self.inSavepoint(db) { try body(&files) }
            writes.append(files)
            return value
        } catch {
            putBack(files)
            throw error
        }
    }

    /// `body` in a savepoint: rolled back alone when it throws.
    private static func inSavepoint<Value>(_ db: Database, _ body: () throws -> Value) throws -> Value {
        var value: Value?
        try db.inSavepoint {
            value = try body()
            return .commit
        }
        // inSavepoint returns only after running body to its end.
        return value!
    }

    /// Errors after which SQLite may have ended the transaction on its own.
    private static func failsTheTransaction(_ error: any Error) -> Bool {
        guard let error = error as? DatabaseError else { return false }
        return [.SQLITE_FULL, .SQLITE_IOERR, .SQLITE_NOMEM, .SQLITE_BUSY, .SQLITE_CORRUPT].contains(error.resultCode)
    }
}
