import DaybookCore
import Foundation
import GRDB

/// The refinement queue (migration v28): entries whose thumbnail is a first look, a picture
/// their file already held, waiting for the full one (docs/ingest.md, "Two stages"). An entry
/// joins it in the transaction that stores it, and leaves it in the transaction that moves its
/// full thumbnail into place, so a kill at any moment leaves every entry with a thumbnail and
/// the queue saying which are still first looks.
extension JournalStore {
    /// Inside `save`'s transaction: a first look queues the entry, a full thumbnail (the same
    /// entry stored again from a complete file, or read again) takes it out.
    /// `fullSide`: the longest side of the full thumbnail to make; nil for a full thumbnail.
    static func followRefinement(_ db: Database, entryID: String, contentHash: String, fullSide: Int?) throws {
        guard let fullSide else {
            try db.execute(sql: "DELETE FROM refinement WHERE entry_id = ? AND refined_at IS NULL", arguments: [entryID])
            if db.changesCount > 0 { try forgetRefinedWhenNoneWaits(db) }
            return
        }
        try db.execute(
            sql: """
                INSERT INTO refinement (entry_id, content_hash, thumbnail_side, queued_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (entry_id) DO UPDATE SET content_hash = excluded.content_hash,
                    thumbnail_side = excluded.thumbnail_side, queued_at = excluded.queued_at,
                    refined_at = NULL, stalled_path = NULL, stalled_reason = NULL
                """, arguments: [entryID, contentHash, fullSide, JournalEntry.timestamp(Date())])
    }

    /// Queues a stored entry for its full thumbnail, whatever it has now: for a caller that
    /// knows the thumbnail is a first look (and for tests, which make one by hand).
    package func queueRefinement(entryID: String, fullSide: Int = 400) throws {
        try pool.write { db in
            guard let hash = try String.fetchOne(db, sql: "SELECT content_hash FROM entry WHERE id = ?", arguments: [entryID]) else {
                throw StoreError.entryNotFound(entryID)
            }
            try Self.followRefinement(db, entryID: entryID, contentHash: hash, fullSide: fullSide)
        }
    }

    /// The entries whose thumbnail is still a first look (stalled or not), with the side of
    /// the full thumbnail each waits for: what an export carries.
    static func firstLookSides(_ db: Database) throws -> [String: Int] {
        var sides: [String: Int] = [:]
        let rows = try Row.fetchCursor(db, sql: "SELECT entry_id, thumbnail_side FROM refinement WHERE refined_at IS NULL")
        while let row = try rows.next() { sides[row["entry_id"]] = row["thumbnail_side"] }
        return sides
    }

    /// The next waiting entries after `seq` in queue order, at most `limit`. A run reads the
    /// queue once, batch after batch: an entry it could not finish is not met again in it.
    package func refinementBatch(after seq: Int64, limit: Int) throws -> [RefinementTask] {
        try pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT r.seq, r.entry_id, r.content_hash, r.thumbnail_side, e.source_path, e.media_kind,
                        e.perceptual_hash IS NOT NULL AS hashed
                    FROM refinement r JOIN entry e ON e.id = r.entry_id
                    WHERE r.seq > ? AND r.refined_at IS NULL AND r.stalled_reason IS NULL
                    ORDER BY r.seq LIMIT ?
                    """, arguments: [seq, limit]
            ).map { row in
                RefinementTask(
                    seq: row["seq"], entryID: row["entry_id"], contentHash: row["content_hash"],
                    thumbnailSide: row["thumbnail_side"], sourcePath: row["source_path"],
                    media: MediaKind(rawValue: row["media_kind"]) ?? .photo, hasPerceptualHash: row["hashed"])
            }
        }
    }

    /// Stores a full thumbnail in one transaction: the entry's sizes (and, for a stacked photo,
    /// the new hash and the stacks it links to), the entry out of the queue, and last the
    /// file renamed over the first look. Killed before the commit, the entry is still queued
    /// and refined again; its first look or the full thumbnail is in place either way.
    /// False when the entry no longer waits for this (refined meanwhile, replaced by other
    /// bytes, deleted): only a stale row is removed, and the caller discards the temporary.
    package func finishRefinement(_ refined: RefinedThumbnail, files: ThumbnailFiles) throws -> Bool {
        let task = refined.task
        guard let name = ThumbnailName(contentHash: task.contentHash) else { return false }
        return try writeWithJournalFiles { db, writes in
            // An entry whose thumbnail a repair forgot (its file was gone) gets the full one.
            let current = try Bool.fetchOne(
                db,
                sql: """
                    SELECT 1 FROM refinement r JOIN entry e ON e.id = r.entry_id
                    WHERE r.seq = ? AND r.refined_at IS NULL AND r.content_hash = ? AND e.content_hash = ?
                        AND (e.thumbnail = ? OR e.thumbnail IS NULL)
                    """, arguments: [task.seq, task.contentHash, task.contentHash, name.fileName])
            guard current == true else {
                // A row whose entry now holds other bytes waits for nothing: it goes, or every
                // run would read the file again.
                try db.execute(
                    sql: """
                        DELETE FROM refinement WHERE seq = ? AND refined_at IS NULL
                            AND content_hash IS NOT (SELECT content_hash FROM entry WHERE entry.id = refinement.entry_id)
                        """, arguments: [task.seq])
                if db.changesCount > 0 { try Self.forgetRefinedWhenNoneWaits(db) }
                return false
            }
            try db.execute(
                sql: """
                    UPDATE entry SET thumbnail = ?, thumbnail_width = ?, thumbnail_height = ?,
                        pixel_width = coalesce(?, pixel_width), pixel_height = coalesce(?, pixel_height)
                    WHERE id = ?
                    """,
                arguments: [
                    name.fileName, refined.thumbnailSize.width, refined.thumbnailSize.height, refined.frame?.width,
                    refined.frame?.height, task.entryID,
                ])
            if let hash = refined.perceptualHash {
                let dropped = try Self.stack(db, entryID: task.entryID, perceptualHash: hash, burstID: nil, rule: .standard)
                for id in dropped { try saveJournalFile(ofEntry: id, db, &writes) }
            }
            try Self.markRefined(db, seq: task.seq)
            try files.moveIntoPlace(refined.temporary, name: name)
            return true
        }
    }

    /// The full decode gave no thumbnail where the file's own picture did: the first look is
    /// the best the entry will have, so it leaves the queue, counted as done.
    package func keepFirstLook(_ task: RefinementTask) throws {
        try pool.write { db in try Self.markRefined(db, seq: task.seq) }
    }

    /// The entry's file was gone or held other bytes: it stays queued, waiting until the
    /// entry is seen at another path (`retryStalledRefinements`).
    package func stallRefinement(_ task: RefinementTask, path: String, reason: String) throws {
        try pool.write { db in
            try db.execute(
                sql: "UPDATE refinement SET stalled_path = ?, stalled_reason = ? WHERE seq = ? AND refined_at IS NULL",
                arguments: [path, reason, task.seq])
            try Self.forgetRefinedWhenNoneWaits(db)
        }
    }

    /// Stalled entries whose photo was seen elsewhere since (an ingest noted its new path)
    /// wait again. Returns how many.
    @discardableResult
    package func retryStalledRefinements() throws -> Int {
        try pool.write { db in
            try db.execute(
                sql: """
                    UPDATE refinement SET stalled_path = NULL, stalled_reason = NULL
                    WHERE stalled_reason IS NOT NULL AND refined_at IS NULL
                        AND stalled_path IS NOT (SELECT source_path FROM entry WHERE entry.id = refinement.entry_id)
                    """)
            return db.changesCount
        }
    }

    package func refinementCounts() throws -> RefinementCounts {
        try pool.read { db in try Self.refinementCounts(db) }
    }

    static func refinementCounts(_ db: Database) throws -> RefinementCounts {
        let row = try Row.fetchOne(
            db,
            sql: """
                SELECT count(refined_at) AS refined,
                    coalesce(sum(refined_at IS NULL AND stalled_reason IS NULL), 0) AS waiting,
                    coalesce(sum(refined_at IS NULL AND stalled_reason IS NOT NULL), 0) AS stalled
                FROM refinement
                """)
        return RefinementCounts(refined: row?["refined"] ?? 0, waiting: row?["waiting"] ?? 0, stalled: row?["stalled"] ?? 0)
    }

    /// Whether the thumbnail named by `contentHash` is a first look still to be replaced: the
    /// web journal must not let a browser keep it as it keeps a finished thumbnail.
    package func awaitsRefinement(contentHash: String) throws -> Bool {
        try pool.read { db in
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM refinement WHERE content_hash = ? AND refined_at IS NULL)",
                arguments: [contentHash]) ?? false
        }
    }

    private static func markRefined(_ db: Database, seq: Int64) throws {
        try db.execute(sql: "UPDATE refinement SET refined_at = ? WHERE seq = ?", arguments: [JournalEntry.timestamp(Date()), seq])
        try forgetRefinedWhenNoneWaits(db)
    }

    /// Once nothing waits, the rows of the finished work go: the next first looks start a new count.
    private static func forgetRefinedWhenNoneWaits(_ db: Database) throws {
        try db.execute(
            sql: """
                DELETE FROM refinement WHERE refined_at IS NOT NULL
                    AND NOT EXISTS (SELECT 1 FROM refinement WHERE refined_at IS NULL AND stalled_reason IS NULL)
                """)
    }
}

extension JournalReader {
    /// The refinement queue, read with the rest of a page (the timeline's note).
    package func refinementCounts() throws -> RefinementCounts { try JournalStore.refinementCounts(db) }
}
