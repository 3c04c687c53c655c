import DaybookCore
import Foundation
import GRDB

/// Joining one entry to the stacks of the frames it links to, inside a write transaction.
enum StackLinks {
    private static let columns = """
        id, captured_local, capture_subsec, camera_make, camera_model, perceptual_hash, burst_id, stack_id,
        is_cover, stack_cover_picked
        """

    /// The entry's linked neighbours are found through the captured_local index (a few
    /// seconds either side) and, for a burst id, the burst index: never a scan of the table.
    /// Photos only: a video's poster frame beside a photo from the same phone is another moment.
    ///
    /// Returns the frames that were a picked cover and are no longer one (two stacks with a
    /// picked cover each became one): their journal files must stop saying so.
    @discardableResult
    static func join(_ db: Database, entryID: String, rule: StackRule) throws -> [String] {
        guard
            let frame = try frames(
                db, sql: "SELECT \(columns) FROM entry WHERE id = ? AND stack_split = 0 AND media_kind = 'photo'", [entryID]
            ).first
        else { return [] }
        var candidates: [StackFrame] = []
        if let captured = frame.capturedLocal {
            let reach = Int64(rule.maxGapSeconds.rounded(.up)) + 1
            let seconds = captured.secondsSinceEpochIgnoringZone
            let from = LocalDateTime(unixSecondsIgnoringZone: seconds - reach)
            let to = LocalDateTime(unixSecondsIgnoringZone: seconds + reach)
            candidates += try frames(
                db,
                sql: """
                    SELECT \(columns) FROM entry
                    WHERE captured_local BETWEEN ? AND ? AND id != ? AND stack_split = 0 AND media_kind = 'photo'
                    """, [from, to, entryID])
        }
        if let burst = frame.burstID {
            candidates += try frames(
                db, sql: "SELECT \(columns) FROM entry WHERE burst_id = ? AND id != ? AND stack_split = 0", [burst, entryID])
        }
        let linked = candidates.filter { rule.links(frame, $0) }
        guard !linked.isEmpty else { return [] }

        // The union of the linked frames' stacks (and the entry's own): the oldest stack id
        // carries on, so a stack keeps its id as frames arrive.
        let stackIDs = Set(([frame] + linked).compactMap(\.stackID))
        var members = Dictionary(([frame] + linked).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for stackID in stackIDs {
            for member in try Self.members(db, stackID: stackID) { members[member.id] = member }
        }
        let stackID = stackIDs.min() ?? UUID().uuidString.lowercased()
        let frames = members.values.sorted(by: StackFrame.comesFirst)
        let picked = frames.first { $0.coverPicked && $0.isCover && $0.stackID != nil }
        let cover = picked ?? frames[0]
        for member in frames {
            try db.execute(
                sql: "UPDATE entry SET stack_id = ?, is_cover = ?, stack_cover_picked = ? WHERE id = ?",
                arguments: [stackID, member.id == cover.id, member.id == picked?.id, member.id])
        }
        return frames.filter { $0.coverPicked && $0.isCover && $0.stackID != nil && $0.id != picked?.id }.map(\.id)
    }

    static func members(_ db: Database, stackID: String) throws -> [StackFrame] {
        try frames(db, sql: "SELECT \(columns) FROM entry WHERE stack_id = ?", [stackID])
    }

    private static func frames(_ db: Database, sql: String, _ arguments: StatementArguments) throws -> [StackFrame] {
        try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
            StackFrame(
                id: row["id"], capturedLocal: row["captured_local"], captureSubsec: row["capture_subsec"],
                cameraMake: row["camera_make"], cameraModel: row["camera_model"], perceptualHash: row["perceptual_hash"],
                burstID: row["burst_id"], stackID: row["stack_id"], isCover: row["is_cover"],
                coverPicked: row["stack_cover_picked"])
        }
    }
}
