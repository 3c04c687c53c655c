import GRDB

/// The spatial index behind "near" (SQLite's R*Tree module): one point per entry with a
/// position, keyed by the entry's rowid. Triggers keep it in step with every write, whichever
/// code path makes it, as they do the full-text index (`SearchIndex`).
///
/// The R*Tree keeps its boxes as 32-bit floats (rounded outwards), so it only finds the
/// candidates; the exact position rides along in two auxiliary columns, and a search reads
/// distances from those without touching the entry table.
///
/// Rowids are not the entry's id: VACUUM may renumber them. `signature` and `rebuild` let
/// the library's repair notice that and start again (`JournalStore.repairNearIndex`).
enum NearIndex {
    static let tableName = "entry_near"

    /// Every positioned entry into the (empty) index. The R*Tree has no bulk load: each row
    /// is an insert, so a large journal's fill takes a while, once. Its nodes are rewritten
    /// again and again meanwhile: with SQLite's default 2 MB cache they would spill to the
    /// journal file and be read back, so the fill gets 64 MB.
    private static func fill(_ db: Database) throws {
        let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
        try db.execute(sql: "PRAGMA cache_size = -65536")
        defer { try? db.execute(sql: "PRAGMA cache_size = \(cacheSize)") }
        try db.execute(
            sql: """
                INSERT INTO entry_near
                    SELECT rowid, latitude, latitude, longitude, longitude, latitude, longitude
                    FROM entry WHERE latitude IS NOT NULL AND longitude IS NOT NULL
                """)
    }

    /// Empties and refills the index, in the caller's transaction.
    static func rebuild(_ db: Database) throws {
        try db.execute(sql: "DELETE FROM entry_near")
        try fill(db)
    }

    /// How many entries with a position there are and the sum of their rowids, as the entry
    /// table says and as the index says: equal when the index is in step (a renumbering
    /// VACUUM or a lost row changes them). Each side is one scan of an index (entry_place,
    /// the R*Tree's rowid table), not of the entries.
    static func signatures(_ db: Database) throws -> (entries: Signature, index: Signature) {
        let entries = try Row.fetchOne(
            db, sql: "SELECT count(*), total(rowid) FROM entry WHERE latitude IS NOT NULL AND longitude IS NOT NULL")
        let index = try Row.fetchOne(db, sql: "SELECT count(*), total(rowid) FROM entry_near_rowid")
        return (Signature(entries), Signature(index))
    }

    struct Signature: Equatable {
        let count: Int
        let rowidSum: Double

        init(_ row: Row?) {
            count = row?[0] ?? 0
            rowidSum = row?[1] ?? 0
        }
    }

    /// A candidate for "near": an entry's rowid and its exact position.
    struct Point {
        let rowid: Int64
        let latitude: Double
        let longitude: Double
    }

    /// The points inside the box: one R*Tree query per longitude range (the module cannot
    /// search an OR), so a box across the antimeridian is two.
    static func points(in box: GreatCircle.BoundingBox, _ db: Database) throws -> [Point] {
        var points: [Point] = []
        let statement = try db.cachedStatement(
            sql: """
                SELECT id, latitude, longitude FROM entry_near
                WHERE max_latitude >= ? AND min_latitude <= ? AND max_longitude >= ? AND min_longitude <= ?
                """)
        for longitudes in box.longitudes {
            let rows = try Row.fetchCursor(
                statement,
                arguments: [box.latitude.lowerBound, box.latitude.upperBound, longitudes.lowerBound, longitudes.upperBound])
            while let row = try rows.next() { points.append(Point(rowid: row[0], latitude: row[1], longitude: row[2])) }
        }
        return points
    }
}

extension JournalStore {
    /// Rebuilds the near index when it is out of step with the entries; true when it was.
    package func repairNearIndex() throws -> Bool {
        try pool.write { db in
            let signatures = try NearIndex.signatures(db)
            guard signatures.entries != signatures.index else { return false }
            try NearIndex.rebuild(db)
            return true
        }
    }
}
