import Foundation
import GRDB

/// The key a client gives a new entry so that sending it again writes nothing: a phone that
/// queued an entry offline may send it, lose the answer, and send it again.
/// 8 to 64 characters of `[A-Za-z0-9_-]` (a `crypto.randomUUID()` is 36 of them).
package struct NewEntryKey: Sendable, Hashable, CustomStringConvertible {
    package let description: String

    /// Nil for anything of another shape: the key is a client's text, checked before it
    /// reaches the store.
    package init?(_ text: String) {
        guard (8...64).contains(text.utf8.count),
            text.utf8.allSatisfy({ Self.allowed.contains($0) })
        else { return nil }
        description = text
    }

    private static let allowed = Set(Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-".utf8))
}

/// A key that an earlier request already used: the entry it made.
package struct NewEntryKeyUsed: Error, Sendable {
    package let entryID: String
}

extension JournalReader {
    /// The entry that a request with `key` made, if one did.
    package func entryID(for key: NewEntryKey) throws -> String? {
        try JournalStore.entryID(for: key, db)
    }
}

extension JournalStore {

    /// Records that `key` made `entryID` (an entry written by another path, such as text put
    /// on an uploaded photo's entry); the entry an earlier use made when the key is taken.
    package func remember(_ key: NewEntryKey, entryID: String, now: Date = Date()) throws -> String {
        try pool.write { db in
            if let earlier = try Self.entryID(for: key, db) { return earlier }
            try Self.record(key, entryID: entryID, now: now, db)
            return entryID
        }
    }

    static func entryID(for key: NewEntryKey, _ db: Database) throws -> String? {
        try String.fetchOne(db, sql: "SELECT entry_id FROM new_entry_key WHERE key = ?", arguments: [key.description])
    }

    /// In the transaction that writes the entry, so that an entry and its key are stored
    /// together or not at all; a key already used throws `NewEntryKeyUsed`, and the
    /// transaction, with the entry, is rolled back.
    static func record(_ key: NewEntryKey, entryID: String, now: Date, _ db: Database) throws {
        if let earlier = try Self.entryID(for: key, db) { throw NewEntryKeyUsed(entryID: earlier) }
        try db.execute(
            sql: "INSERT INTO new_entry_key (key, entry_id, created_at) VALUES (?, ?, ?)",
            arguments: [key.description, entryID, ISO8601DateFormatter().string(from: now)])
    }
}
