import GRDB

/// What `export json` carries of an entry's stack, so `import` gives back the same stacks and
/// the user's choices in them (a picked cover, a split): the hash would come back from the
/// thumbnail, but the choices would not. Nil for an entry with nothing to carry.
package struct ArchivedStack: Codable, Sendable, Equatable {
    package var perceptualHash: Int64?
    package var burstId: String?
    package var stackId: String?
    package var isCover: Bool
    package var coverPicked: Bool
    package var split: Bool

    static let maximumIDLength = 128
}

extension JournalStore {
    /// Every entry's stack state worth carrying, by entry id, in one query.
    static func archivedStacks(_ db: Database) throws -> [String: ArchivedStack] {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT id, perceptual_hash, burst_id, stack_id, is_cover, stack_cover_picked, stack_split FROM entry
                WHERE perceptual_hash IS NOT NULL OR burst_id IS NOT NULL OR stack_id IS NOT NULL OR stack_split
                """)
        return Dictionary(
            uniqueKeysWithValues: rows.map { row in
                (
                    row["id"] as String,
                    ArchivedStack(
                        perceptualHash: row["perceptual_hash"], burstId: row["burst_id"], stackId: row["stack_id"],
                        isCover: row["is_cover"], coverPicked: row["stack_cover_picked"], split: row["stack_split"])
                )
            })
    }

    static func restore(_ stack: ArchivedStack, entryID: String, _ db: Database) throws {
        try db.execute(
            sql: """
                UPDATE entry SET perceptual_hash = ?, burst_id = ?, stack_id = ?, is_cover = ?, stack_cover_picked = ?,
                    stack_split = ? WHERE id = ?
                """,
            arguments: [
                stack.perceptualHash, stack.burstId, stack.stackId, stack.stackId == nil || stack.isCover,
                stack.stackId != nil && stack.coverPicked, stack.split, entryID,
            ])
    }
}

extension JournalArchive {
    /// An archive's stacks as hostile input: ids are short text, and every stack has exactly
    /// one cover (a stack without one would hide all its frames from the timeline).
    package func validateStacks() throws(ArchiveError) {
        var covers: [String: Int] = [:]
        for (index, item) in items.enumerated() {
            guard let stack = item.stack else { continue }
            for (name, value) in [("stack_id", stack.stackId), ("burst_id", stack.burstId)] {
                guard let value else { continue }
                guard !value.isEmpty, value.utf8.count <= ArchivedStack.maximumIDLength,
                    value.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0.value < 0x7F })
                else {
                    throw ArchiveError("item \(index): stack.\(name) must be 1 to 128 printable ASCII characters")
                }
            }
            if let stackID = stack.stackId { covers[stackID, default: 0] += stack.isCover ? 1 : 0 }
        }
        if let (stackID, count) = covers.first(where: { $0.value != 1 }) {
            throw ArchiveError("stack \(ArchiveField.quoted(stackID)) has \(count) covers; a stack has exactly one")
        }
    }
}

extension JournalArchive.Item {
    /// The journal file of `entry` (this item's, read), as `JournalStore.journalFile(of:date:_:)`
    /// would make it once the item is stored; nil for an entry with no date.
    func journalFile(of entry: JournalEntry) -> JournalFile? {
        guard let date = entry.capturedLocal else { return nil }
        let choice: JournalFile.StackChoice? =
            stack.map { $0.split ? .split : $0.coverPicked && $0.stackId != nil ? .cover : nil } ?? nil
        return JournalFile(
            entry: entry, date: date, tags: tags.filter { $0.source == .user }.map(\.name), removedTags: removedTags.sorted(),
            stackChoice: choice)
    }
}
