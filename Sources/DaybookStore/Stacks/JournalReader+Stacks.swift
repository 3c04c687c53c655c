import GRDB

extension JournalReader {
    /// The size of the stack each of `entryIDs` belongs to, for the ones in a stack (a
    /// timeline page's covers): two lookups on the stack index, whatever the journal's size.
    package func stackSizes(entryIDs: [String]) throws -> [String: Int] {
        guard !entryIDs.isEmpty else { return [:] }
        var stackOf: [String: String] = [:]
        for chunk in entryIDs.boundValueChunks() {
            // Cached: one statement per number of ids, which is a timeline page's size nearly always.
            let rows = try Row.fetchAll(
                db.cachedStatement(
                    sql: "SELECT id, stack_id FROM entry WHERE stack_id IS NOT NULL AND id IN (\(placeholders(chunk.count)))"),
                arguments: StatementArguments(chunk))
            for row in rows { stackOf[row["id"]] = row["stack_id"] }
        }
        let stacks = Array(Set(stackOf.values))
        guard !stacks.isEmpty else { return [:] }
        var sizes: [String: Int] = [:]
        for chunk in stacks.boundValueChunks() {
            let rows = try Row.fetchAll(
                db.cachedStatement(
                    sql: "SELECT stack_id, count(*) AS size FROM entry WHERE stack_id IN (\(placeholders(chunk.count))) GROUP BY stack_id"),
                arguments: StatementArguments(chunk))
            for row in rows { sizes[row["stack_id"]] = row["size"] }
        }
        return stackOf.compactMapValues { sizes[$0] }.filter { $0.value > 1 }
    }

    /// Every frame of `entryID`'s stack, oldest first; empty when the entry is alone.
    package func stackFrames(entryID: String) throws -> [JournalEntry] {
        guard let stack = try JournalStore.entryStack(db, entryID: entryID) else { return [] }
        let entries = try JournalEntry.filter(keys: stack.frameIDs).fetchAll(db)
        let byID = Dictionary(uniqueKeysWithValues: entries.map { ($0.id, $0) })
        return stack.frameIDs.compactMap { byID[$0] }
    }

    /// `JournalStore.entryStack(entryID:)` inside this read.
    package func entryStack(entryID: String) throws -> EntryStack? { try JournalStore.entryStack(db, entryID: entryID) }

    private func placeholders(_ count: Int) -> String { Array(repeating: "?", count: count).joined(separator: ",") }
}

extension JournalStore {
    /// `JournalReader.stackSizes(entryIDs:)` in a read of its own.
    package func stackSizes(entryIDs: [String]) throws -> [String: Int] { try readNow { try $0.stackSizes(entryIDs: entryIDs) } }

    /// `JournalReader.stackFrames(entryID:)` in a read of its own.
    package func stackFrames(entryID: String) throws -> [JournalEntry] { try readNow { try $0.stackFrames(entryID: entryID) } }
}

extension JournalStore {
    /// The frames the timeline does not show (a stack's other frames than its cover), for a
    /// caller that lists every entry and draws a timeline from it (the static site).
    package func hiddenStackFrameIDs() throws -> Set<String> {
        try readNow { reader in Set(try String.fetchAll(reader.db, sql: "SELECT id FROM entry WHERE NOT is_cover")) }
    }

    /// How many stacks the journal holds, and how many entries are in them.
    package func stackCounts() throws -> (stacks: Int, entries: Int) {
        try readNow { reader in
            let row = try Row.fetchOne(
                reader.db,
                sql: "SELECT count(DISTINCT stack_id) AS stacks, count(stack_id) AS entries FROM entry WHERE stack_id IS NOT NULL")
            return (row?["stacks"] ?? 0, row?["entries"] ?? 0)
        }
    }
}
