import GRDB

/// Migration `v17-map-cells`: how many entries each cell of the map's grid holds (`MapGrid`),
/// at every stored level, and the sums of their positions (a cluster's marker stands at their
/// mean). SQLite triggers keep it in step with `entry` inside the same transaction as every
/// insert, move and delete, whoever writes (ingest, edits, import, the sqlite3 shell): it
/// cannot drift, and no code path has to remember it.
enum MapCellTable {
    static func create(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE map_cell (
                    level INTEGER NOT NULL, y INTEGER NOT NULL, x INTEGER NOT NULL,
                    count INTEGER NOT NULL, latitude_sum REAL NOT NULL, longitude_sum REAL NOT NULL,
                    PRIMARY KEY (level, y, x)
                ) WITHOUT ROWID
                """)
        try fill(db)
        let placed = { (row: String) in "\(row).latitude IS NOT NULL AND \(row).longitude IS NOT NULL" }
        let moved = "(OLD.latitude IS NOT NEW.latitude OR OLD.longitude IS NOT NEW.longitude)"
        try db.execute(
            sql: """
                CREATE TRIGGER map_cell_after_insert AFTER INSERT ON entry WHEN \(placed("NEW"))
                BEGIN \(add("NEW")) END;
                CREATE TRIGGER map_cell_after_delete AFTER DELETE ON entry WHEN \(placed("OLD"))
                BEGIN \(remove("OLD")) END;
                CREATE TRIGGER map_cell_after_move_from AFTER UPDATE OF latitude, longitude ON entry
                WHEN \(placed("OLD")) AND \(moved)
                BEGIN \(remove("OLD")) END;
                CREATE TRIGGER map_cell_after_move_to AFTER UPDATE OF latitude, longitude ON entry
                WHEN \(placed("NEW")) AND \(moved)
                BEGIN \(add("NEW")) END;
                """)
    }

    /// The finest level from the entries (one pass), each coarser one from the level below
    /// (a few thousand rows): a million entries take one scan, not one per level.
    static func fill(_ db: Database) throws {
        let finest = MapGrid.levels.upperBound
        try db.execute(
            sql: """
                INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
                SELECT \(finest), \(MapGrid.rowSQL("latitude", level: finest)) AS cy, \(MapGrid.columnSQL("longitude", level: finest)) AS cx,
                    count(*), sum(latitude), sum(longitude)
                FROM entry WHERE latitude IS NOT NULL AND longitude IS NOT NULL GROUP BY cy, cx
                """)
        for level in MapGrid.levels.reversed().dropFirst() {
            try db.execute(
                sql: """
                    INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
                    SELECT ?, y / 2 AS cy, x / 2 AS cx, sum(count), sum(latitude_sum), sum(longitude_sum)
                    FROM map_cell WHERE level = ? GROUP BY cy, cx
                    """, arguments: [level, level + 1])
        }
    }

    /// One entry (the trigger's NEW or OLD row) into its cell at every level.
    private static func add(_ row: String) -> String {
        MapGrid.levels.map { level in
            """
            INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
            VALUES (\(level), \(MapGrid.rowSQL("\(row).latitude", level: level)), \(MapGrid.columnSQL("\(row).longitude", level: level)),
                1, \(row).latitude, \(row).longitude)
            ON CONFLICT (level, y, x) DO UPDATE SET count = count + 1,
                latitude_sum = latitude_sum + excluded.latitude_sum, longitude_sum = longitude_sum + excluded.longitude_sum;
            """
        }.joined(separator: "\n")
    }

    /// One entry out of its cells; a cell left empty goes.
    private static func remove(_ row: String) -> String {
        MapGrid.levels.map { level in
            let key = """
                level = \(level) AND y = \(MapGrid.rowSQL("\(row).latitude", level: level)) \
                AND x = \(MapGrid.columnSQL("\(row).longitude", level: level))
                """
            return """
                UPDATE map_cell SET count = count - 1,
                    latitude_sum = latitude_sum - \(row).latitude, longitude_sum = longitude_sum - \(row).longitude
                WHERE \(key);
                DELETE FROM map_cell WHERE \(key) AND count <= 0;
                """
        }.joined(separator: "\n")
    }
}
