import DaybookCore
import Foundation
import GRDB

/// Stacks: a burst's frames shown as one entry (docs/stacks.md). Ingest stores each photo's
/// perceptual hash and joins it to the frames it links to (`StackRule`); the user picks a
/// stack's cover or splits it.
extension JournalStore {
    /// Stores `entryID`'s perceptual hash and stacks it with the frames it links to, in one
    /// transaction. Links are symmetric and every link is seen when its later frame arrives,
    /// so the stacks do not depend on the order in which photos are ingested; doing it again
    /// changes nothing. Returns the entry's stack afterwards (nil: alone).
    @discardableResult
    package func stack(entryID: String, perceptualHash: Int64?, burstID: String? = nil, rule: StackRule = .standard) throws -> EntryStack? {
        try writeWithJournalFiles { db, writes in
            let dropped = try Self.stack(db, entryID: entryID, perceptualHash: perceptualHash, burstID: burstID, rule: rule)
            for id in dropped { try saveJournalFile(ofEntry: id, db, &writes) }
            return try Self.entryStack(db, entryID: entryID)
        }
    }

    /// `stack`'s writes inside the caller's transaction (an ingest's group, `save(group:)`).
    /// Returns the frames whose picked cover the join undid (`StackLinks.join`).
    @discardableResult
    static func stack(_ db: Database, entryID: String, perceptualHash: Int64?, burstID: String?, rule: StackRule) throws -> [String] {
        if let perceptualHash {
            try db.execute(sql: "UPDATE entry SET perceptual_hash = ? WHERE id = ?", arguments: [perceptualHash, entryID])
        }
        if let burstID {
            try db.execute(sql: "UPDATE entry SET burst_id = ? WHERE id = ?", arguments: [burstID, entryID])
        }
        return try StackLinks.join(db, entryID: entryID, rule: rule)
    }

    /// Makes `entryID` the cover of its stack: the timeline shows it, and it stays the cover
    /// when frames arrive later. The choice is the person's, so the cover's journal file
    /// says it, and a frame picked before has its file say it no longer is.
    @discardableResult
    package func pickCover(entryID: String) throws -> EntryStack {
        try writeWithJournalFiles { db, writes in
            guard let stackID = try String.fetchOne(db, sql: "SELECT stack_id FROM entry WHERE id = ?", arguments: [entryID])
            else { throw StoreError.notInStack(entryID) }
            let members = try StackLinks.members(db, stackID: stackID)
            try db.execute(
                sql: "UPDATE entry SET is_cover = (id = ?), stack_cover_picked = (id = ?) WHERE stack_id = ?",
                arguments: [entryID, entryID, stackID])
            try Self.touch(db, stackID: stackID)
            for member in members where member.id == entryID || member.coverPicked {
                try saveJournalFile(ofEntry: member.id, db, &writes)
            }
            guard let stack = try Self.entryStack(db, entryID: entryID) else { throw StoreError.notInStack(entryID) }
            return stack
        }
    }

    /// Splits `entryID`'s stack: every frame becomes an entry of its own on the timeline, and
    /// none of them joins a stack by itself again (a frame ingested later stays alone with
    /// respect to them). Each frame's journal file says it was split. Returns the ids of the
    /// frames set loose, in capture order.
    @discardableResult
    package func splitStack(entryID: String) throws -> [String] {
        try writeWithJournalFiles { db, writes in
            guard let stackID = try String.fetchOne(db, sql: "SELECT stack_id FROM entry WHERE id = ?", arguments: [entryID])
            else { throw StoreError.notInStack(entryID) }
            let members = try StackLinks.members(db, stackID: stackID).sorted(by: StackFrame.comesFirst).map(\.id)
            try Self.touch(db, stackID: stackID)
            try db.execute(
                sql: """
                    UPDATE entry SET stack_id = NULL, is_cover = 1, stack_cover_picked = 0, stack_split = 1
                    WHERE stack_id = ?
                    """, arguments: [stackID])
            for member in members { try saveJournalFile(ofEntry: member, db, &writes) }
            return members
        }
    }

    /// The stack `entryID` belongs to, nil when it is alone.
    package func entryStack(entryID: String) throws -> EntryStack? {
        try readNow { try Self.entryStack($0.db, entryID: entryID) }
    }

    /// Entries with a thumbnail but no perceptual hash (stored before stacks existed), for
    /// `daybook stack rebuild`.
    package func entriesWithoutPerceptualHash() throws -> [JournalEntry] {
        try readNow { reader in
            try JournalEntry.filter(sql: "perceptual_hash IS NULL AND thumbnail IS NOT NULL").order(JournalEntry.Columns.id)
                .fetchAll(reader.db)
        }
    }

    /// Every entry with a perceptual hash and a capture time, oldest first (the rebuild's order).
    package func stackableEntryIDs() throws -> [String] {
        try readNow { reader in
            try String.fetchAll(
                reader.db,
                sql: """
                    SELECT id FROM entry WHERE perceptual_hash IS NOT NULL AND captured_local IS NOT NULL AND media_kind = 'photo'
                    ORDER BY captured_local, id
                    """)
        }
    }

    static func entryStack(_ db: Database, entryID: String) throws -> EntryStack? {
        guard let stackID = try String.fetchOne(db, sql: "SELECT stack_id FROM entry WHERE id = ?", arguments: [entryID])
        else { return nil }
        let members = try StackLinks.members(db, stackID: stackID).sorted(by: StackFrame.comesFirst)
        guard members.count > 1, let cover = members.first(where: \.isCover) else { return nil }
        return EntryStack(
            coverID: cover.id, frameIDs: members.map(\.id), coverPicked: cover.coverPicked)
    }

    /// A cover change or a split is an edit of the stack's entries: `updated_at` moves, so an
    /// export or a sync sees it.
    private static func touch(_ db: Database, stackID: String) throws {
        try db.execute(
            sql: "UPDATE entry SET updated_at = ? WHERE stack_id = ?", arguments: [JournalEntry.timestamp(Date()), stackID])
    }
}

/// An entry's stack as the user meets it: its cover and its frames in capture order.
public struct EntryStack: Sendable, Hashable {
    /// The entry the timeline shows for the whole stack.
    public let coverID: String
    /// Every frame, the cover among them, oldest first.
    public let frameIDs: [String]
    /// The user chose the cover (otherwise it is the earliest frame).
    public let coverPicked: Bool

    public var size: Int { frameIDs.count }
}

extension StoreError {
    package static func notInStack(_ id: String) -> StoreError {
        StoreError(.notInStack, "entry \(id) is not in a stack")
    }
}
