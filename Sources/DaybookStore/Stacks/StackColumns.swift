import GRDB

/// Migration `v14-stacks`: what stacks and duplicates need on each entry (docs/stacks.md).
enum StackColumns {
    static func add(_ db: Database) throws {
        try db.alter(table: "entry") { t in
            // The thumbnail's `PerceptualHash` bits (signed); NULL: no thumbnail, or stored
            // before stacks (`daybook stack rebuild` fills it in).
            t.add(column: "perceptual_hash", .integer)
            // Apple's burst identifier, when a reader provides one: it decides outright.
            t.add(column: "burst_id", .text)
            // The stack the entry belongs to (NULL: alone). A stack's id is internal; the
            // user meets a stack through its cover.
            t.add(column: "stack_id", .text)
            // The one entry of its stack the timeline shows; an entry alone is its own cover.
            t.add(column: "is_cover", .boolean).notNull().defaults(to: true)
            // The user chose this cover: a frame arriving later does not take its place.
            t.add(column: "stack_cover_picked", .boolean).notNull().defaults(to: false)
            // The user split this entry's stack: it never joins a stack by itself again.
            t.add(column: "stack_split", .boolean).notNull().defaults(to: false)
        }
        // Partial: only stacked entries are indexed, looked up by their stack.
        try db.create(index: "entry_stack", on: "entry", columns: ["stack_id"], condition: Column("stack_id") != nil)
        try db.create(index: "entry_burst", on: "entry", columns: ["burst_id"], condition: Column("burst_id") != nil)
        // A deleted cover hands the timeline to the stack's earliest frame, and a stack left
        // with one frame is no stack: whoever deletes (CLI, web, import), the stack stays whole.
        try db.execute(
            sql: """
                CREATE TRIGGER entry_stack_after_delete AFTER DELETE ON entry WHEN OLD.stack_id IS NOT NULL
                BEGIN
                    UPDATE entry SET stack_id = NULL, is_cover = 1, stack_cover_picked = 0
                        WHERE stack_id = OLD.stack_id AND (SELECT count(*) FROM entry WHERE stack_id = OLD.stack_id) = 1;
                    UPDATE entry SET is_cover = 1 WHERE OLD.is_cover AND id = (
                        SELECT id FROM entry WHERE stack_id = OLD.stack_id
                        ORDER BY captured_local IS NULL, captured_local, capture_subsec, id LIMIT 1);
                END
                """)
    }
}
