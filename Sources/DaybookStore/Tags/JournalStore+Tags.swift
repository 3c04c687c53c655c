import DaybookCore
import Foundation
import GRDB

extension JournalStore {
    package func tags(entryID: String) throws -> [JournalTag] {
        try pool.read { db in try Self.tags(db, entryID: entryID) }
    }

    static func tags(_ db: Database, entryID: String) throws -> [JournalTag] {
        // User tags first (the user's words matter most), then by score.
        // A cached statement: every entry page reads its tags.
        let sql: SQL =
            "SELECT * FROM \(JournalTag.self) WHERE \(JournalTag.Columns.entryId == entryID) ORDER BY \(sql: JournalTag.displayOrder)"
        return try SQLRequest<JournalTag>(literal: sql, cached: true).fetchAll(db)
    }

    /// Replaces an entry's auto tags with the tagger's new proposals, skipping names the user
    /// removed and names the user tagged by hand. User tags are never touched.
    package func replaceAutoTags(entryID: String, with proposals: [AutoTag], taggerVersion: Int) throws {
        try pool.write { db in
            try Self.replaceAutoTags(db, entryID: entryID, proposals: proposals, taggerVersion: taggerVersion)
        }
    }

    static func replaceAutoTags(_ db: Database, entryID: String, proposals: [AutoTag], taggerVersion: Int) throws {
        // Cached statements: each tag statement fires the search index's triggers, which
        // would be compiled again on every photo.
        try db.cachedStatement(sql: "DELETE FROM tag WHERE entry_id = ? AND source = 'auto'").execute(arguments: [entryID])
        let removed = Set(
            try String.fetchAll(db.cachedStatement(sql: "SELECT name FROM tag_removal WHERE entry_id = ?"), arguments: [entryID]))
        for proposal in proposals where !removed.contains(proposal.name) {
            try addAutoTag(db, entryID: entryID, proposal, taggerVersion: taggerVersion)
        }
    }

    /// Adds one of the tagger's tags; a tag of that name the entry has already is kept as it is.
    static func addAutoTag(_ db: Database, entryID: String, _ tag: AutoTag, taggerVersion: Int) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO tag (entry_id, name, source, score, tagger_version) VALUES (?, ?, 'auto', ?, ?)
                ON CONFLICT (entry_id, name) DO NOTHING
                """
        ).execute(arguments: [entryID, tag.name, tag.score, taggerVersion])
    }

    /// The user's edit: added names become user tags (taking over an auto tag of the same
    /// name); removed names are deleted and remembered, so the tagger never adds them back.
    @discardableResult
    package func editTags(entryID: String, add: [String], remove: [String]) throws -> [JournalTag] {
        let added = try add.map(JournalTag.normalizedName)
        let removed = try remove.map(JournalTag.normalizedName)
        let now = JournalEntry.timestamp(Date())
        return try writeWithJournalFiles { db, writes in
            guard try JournalEntry.exists(db, key: entryID) else { throw StoreError.entryNotFound(entryID) }
            for name in removed {
                try db.execute(sql: "DELETE FROM tag WHERE entry_id = ? AND name = ?", arguments: [entryID, name])
                try db.execute(
                    sql: "INSERT OR REPLACE INTO tag_removal (entry_id, name, removed_at) VALUES (?, ?, ?)",
                    arguments: [entryID, name, now])
            }
            for name in added {
                try db.execute(sql: "DELETE FROM tag_removal WHERE entry_id = ? AND name = ?", arguments: [entryID, name])
                try db.execute(
                    sql: """
                        INSERT INTO tag (entry_id, name, source) VALUES (?, ?, 'user')
                        ON CONFLICT (entry_id, name) DO UPDATE SET source = 'user', score = NULL, tagger_version = NULL
                        """, arguments: [entryID, name])
            }
            if !added.isEmpty {
                // Checked in the transaction, so two edits at once cannot both pass it. An edit
                // that only removes is never refused.
                let own =
                    try Int.fetchOne(
                        db, sql: "SELECT count(*) FROM tag WHERE entry_id = ? AND source = 'user'", arguments: [entryID]) ?? 0
                if own > JournalTag.maximumOwnPerEntry { throw StoreError.tooManyOwnTags(own) }
            }
            if !added.isEmpty || !removed.isEmpty {
                try db.execute(sql: "UPDATE entry SET updated_at = ? WHERE id = ?", arguments: [now, entryID])
                // A journal file holds its entry's tags and the automatic ones removed, a photo's too.
                try saveJournalFile(ofEntry: entryID, db, &writes)
            }
            return try Self.tags(db, entryID: entryID)
        }
    }

    /// Every tag in use with how many entries carry it, most used first.
    package func tagCounts() throws -> [TagCount] { try readNow { try $0.tagCounts() } }

    /// Entry ids in a stable order, for commands that walk the whole journal in batches.
    package func entryIDs() throws -> [String] {
        try pool.read { db in try String.fetchAll(db, sql: "SELECT id FROM entry ORDER BY id") }
    }

    /// The same, of the entries that have pixels to read (photos and videos): a text entry's
    /// file is words, which a command over pictures must not take for a photo gone missing.
    package func pictureEntryIDs() throws -> [String] {
        try pool.read { db in
            try String.fetchAll(db, sql: "SELECT id FROM entry WHERE media_kind <> ? ORDER BY id", arguments: [MediaKind.text.rawValue])
        }
    }

    package func entry(id: String) throws -> JournalEntry? {
        try pool.read { db in try JournalEntry.fetchOne(db, key: id) }
    }
}
