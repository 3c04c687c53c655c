import GRDB

extension Migrations {
    /// How many entries each cell of the map's grid holds, at every stored level (2 to 14; at
    /// level g the world is 2^g cells around and 2^(g-1) from pole to pole), and the sums of
    /// their positions (a cluster's marker stands at their mean). Triggers keep it in step
    /// with `entry` inside the same transaction as every insert, move and delete, whoever
    /// writes: it cannot drift, and no code path has to remember it.
    static func v17MapCells(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE map_cell (
                    level INTEGER NOT NULL, y INTEGER NOT NULL, x INTEGER NOT NULL,
                    count INTEGER NOT NULL, latitude_sum REAL NOT NULL, longitude_sum REAL NOT NULL,
                    PRIMARY KEY (level, y, x)
                ) WITHOUT ROWID;
                """)
        try db.execute(sql: v17Fill)
        try db.execute(
            sql: """
                CREATE TRIGGER map_cell_after_insert AFTER INSERT ON entry WHEN NEW.latitude IS NOT NULL AND NEW.longitude IS NOT NULL
                BEGIN INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
                VALUES (2, max(0, min(1, CAST((NEW.latitude + 90.0) * 4.0 / 360.0 AS INTEGER))), max(0, min(3, CAST((NEW.longitude + 180.0) * 4.0 / 360.0 AS INTEGER))),
                    1, NEW.latitude, NEW.longitude)
                ON CONFLICT (level, y, x) DO UPDATE SET count = count + 1,
                    latitude_sum = latitude_sum + excluded.latitude_sum, longitude_sum = longitude_sum + excluded.longitude_sum;
                INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
                VALUES (3, max(0, min(3, CAST((NEW.latitude + 90.0) * 8.0 / 360.0 AS INTEGER))), max(0, min(7, CAST((NEW.longitude + 180.0) * 8.0 / 360.0 AS INTEGER))),
                    1, NEW.latitude, NEW.longitude)
                ON CONFLICT (level, y, x) DO UPDATE SET count = count + 1,
                    latitude_sum = latitude_sum + excluded.latitude_sum, longitude_sum = longitude_sum + excluded.longitude_sum;
                INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
                VALUES (4, max(0, min(7, CAST((NEW.latitude + 90.0) * 16.0 / 360.0 AS INTEGER))), max(0, min(15, CAST((NEW.longitude + 180.0) * 16.0 / 360.0 AS INTEGER))),
                    1, NEW.latitude, NEW.longitude)
                ON CONFLICT (level, y, x) DO UPDATE SET count = count + 1,
                    latitude_sum = latitude_sum + excluded.latitude_sum, longitude_sum = longitude_sum + excluded.longitude_sum;
                INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
                VALUES (5, max(0, min(15, CAST((NEW.latitude + 90.0) * 32.0 / 360.0 AS INTEGER))), max(0, min(31, CAST((NEW.longitude + 180.0) * 32.0 / 360.0 AS INTEGER))),
                    1, NEW.latitude, NEW.longitude)
                ON CONFLICT (level, y, x) DO UPDATE SET count = count + 1,
                    latitude_sum = latitude_sum + excluded.latitude_sum, longitude_sum = longitude_sum + excluded.longitude_sum;
                INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
                VALUES (6, max(0, min(31, CAST((NEW.latitude + 90.0) * 64.0 / 360.0 AS INTEGER))), max(0, min(63, CAST((NEW.longitude + 180.0) * 64.0 / 360.0 AS INTEGER))),
                    1, NEW.latitude, NEW.longitude)
                ON CONFLICT (level, y, x) DO UPDATE SET count = count + 1,
                    latitude_sum = latitude_sum + excluded.latitude_sum, longitude_sum = longitude_sum + excluded.longitude_sum;
                INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
                VALUES (7, max(0, min(63, CAST((NEW.latitude + 90.0) * 128.0 / 360.0 AS INTEGER))), max(0, min(127, CAST((NEW.longitude + 180.0) * 128.0 / 360.0 AS INTEGER))),
                    1, NEW.latitude, NEW.longitude)
                ON CONFLICT (level, y, x) DO UPDATE SET count = count + 1,
                    latitude_sum = latitude_sum + excluded.latitude_sum, longitude_sum = longitude_sum + excluded.longitude_sum;
                INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
                VALUES (8, max(0, min(127, CAST((NEW.latitude + 90.0) * 256.0 / 360.0 AS INTEGER))), max(0, min(255, CAST((NEW.longitude + 180.0) * 256.0 / 360.0 AS INTEGER))),
                    1, NEW.latitude, NEW.longitude)
                ON CONFLICT (level, y, x) DO UPDATE SET count = count + 1,
                    latitude_sum = latitude_sum + excluded.latitude_sum, longitude_sum = longitude_sum + excluded.longitude_sum;
                INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
                VALUES (9, max(0, min(255, CAST((NEW.latitude + 90.0) * 512.0 / 360.0 AS INTEGER))), max(0, min(511, CAST((NEW.longitude + 180.0) * 512.0 / 360.0 AS INTEGER))),
                    1, NEW.latitude, NEW.longitude)
                ON CONFLICT (level, y, x) DO UPDATE SET count = count + 1,
                    latitude_sum = latitude_sum + excluded.latitude_sum, longitude_sum = longitude_sum + excluded.longitude_sum;
                INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
                VALUES (10, max(0, min(511, CAST((NEW.latitude + 90.0) * 1024.0 / 360.0 AS INTEGER))), max(0, min(1023, CAST((NEW.longitude + 180.0) * 1024.0 / 360.0 AS INTEGER))),
                    1, NEW.latitude, NEW.longitude)
                ON CONFLICT (level, y, x) DO UPDATE SET count = count + 1,
                    latitude_sum = latitude_sum + excluded.latitude_sum, longitude_sum = longitude_sum + excluded.longitude_sum;
                INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
                VALUES (11, max(0, min(1023, CAST((NEW.latitude + 90.0) * 2048.0 / 360.0 AS INTEGER))), max(0, min(2047, CAST((NEW.longitude + 180.0) * 2048.0 / 360.0 AS INTEGER))),
                    1, NEW.latitude, NEW.longitude)
                ON CONFLICT (level, y, x) DO UPDATE SET count = count + 1,
                    latitude_sum = latitude_sum + excluded.latitude_sum, longitude_sum = longitude_sum + excluded.longitude_sum;
                INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
                VALUES (12, max(0, min(2047, CAST((NEW.latitude + 90.0) * 4096.0 / 360.0 AS INTEGER))), max(0, min(4095, CAST((NEW.longitude + 180.0) * 4096.0 / 360.0 AS INTEGER))),
                    1, NEW.latitude, NEW.longitude)
                ON CONFLICT (level, y, x) DO UPDATE SET count = count + 1,
                    latitude_sum = latitude_sum + excluded.latitude_sum, longitude_sum = longitude_sum + excluded.longitude_sum;
                INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
                VALUES (13, max(0, min(4095, CAST((NEW.latitude + 90.0) * 8192.0 / 360.0 AS INTEGER))), max(0, min(8191, CAST((NEW.longitude + 180.0) * 8192.0 / 360.0 AS INTEGER))),
                    1, NEW.latitude, NEW.longitude)
                ON CONFLICT (level, y, x) DO UPDATE SET count = count + 1,
                    latitude_sum = latitude_sum + excluded.latitude_sum, longitude_sum = longitude_sum + excluded.longitude_sum;
                INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
                VALUES (14, max(0, min(8191, CAST((NEW.latitude + 90.0) * 16384.0 / 360.0 AS INTEGER))), max(0, min(16383, CAST((NEW.longitude + 180.0) * 16384.0 / 360.0 AS INTEGER))),
                    1, NEW.latitude, NEW.longitude)
                ON CONFLICT (level, y, x) DO UPDATE SET count = count + 1,
                    latitude_sum = latitude_sum + excluded.latitude_sum, longitude_sum = longitude_sum + excluded.longitude_sum; END;
                CREATE TRIGGER map_cell_after_delete AFTER DELETE ON entry WHEN OLD.latitude IS NOT NULL AND OLD.longitude IS NOT NULL
                BEGIN UPDATE map_cell SET count = count - 1,
                    latitude_sum = latitude_sum - OLD.latitude, longitude_sum = longitude_sum - OLD.longitude
                WHERE level = 2 AND y = max(0, min(1, CAST((OLD.latitude + 90.0) * 4.0 / 360.0 AS INTEGER))) AND x = max(0, min(3, CAST((OLD.longitude + 180.0) * 4.0 / 360.0 AS INTEGER)));
                DELETE FROM map_cell WHERE level = 2 AND y = max(0, min(1, CAST((OLD.latitude + 90.0) * 4.0 / 360.0 AS INTEGER))) AND x = max(0, min(3, CAST((OLD.longitude + 180.0) * 4.0 / 360.0 AS INTEGER))) AND count <= 0;
                UPDATE map_cell SET count = count - 1,
                    latitude_sum = latitude_sum - OLD.latitude, longitude_sum = longitude_sum - OLD.longitude
                WHERE level = 3 AND y = max(0, min(3, CAST((OLD.latitude + 90.0) * 8.0 / 360.0 AS INTEGER))) AND x = max(0, min(7, CAST((OLD.longitude + 180.0) * 8.0 / 360.0 AS INTEGER)));
                DELETE FROM map_cell WHERE level = 3 AND y = max(0, min(3, CAST((OLD.latitude + 90.0) * 8.0 / 360.0 AS INTEGER))) AND x = max(0, min(7, CAST((OLD.longitude + 180.0) * 8.0 / 360.0 AS INTEGER))) AND count <= 0;
                UPDATE map_cell SET count = count - 1,
                    latitude_sum = latitude_sum - OLD.latitude, longitude_sum = longitude_sum - OLD.longitude
                WHERE level = 4 AND y = max(0, min(7, CAST((OLD.latitude + 90.0) * 16.0 / 360.0 AS INTEGER))) AND x = max(0, min(15, CAST((OLD.longitude + 180.0) * 16.0 / 360.0 AS INTEGER)));
                DELETE FROM map_cell WHERE level = 4 AND y = max(0, min(7, CAST((OLD.latitude + 90.0) * 16.0 / 360.0 AS INTEGER))) AND x = max(0, min(15, CAST((OLD.longitude + 180.0) * 16.0 / 360.0 AS INTEGER))) AND count <= 0;
                UPDATE map_cell SET count = count - 1,
                    latitude_sum = latitude_sum - OLD.latitude, longitude_sum = longitude_sum - OLD.longitude
                WHERE level = 5 AND y = max(0, min(15, CAST((OLD.latitude + 90.0) * 32.0 / 360.0 AS INTEGER))) AND x = max(0, min(31, CAST((OLD.longitude + 180.0) * 32.0 / 360.0 AS INTEGER)));
                DELETE FROM map_cell WHERE level = 5 AND y = max(0, min(15, CAST((OLD.latitude + 90.0) * 32.0 / 360.0 AS INTEGER))) AND x = max(0, min(31, CAST((OLD.longitude + 180.0) * 32.0 / 360.0 AS INTEGER))) AND count <= 0;
                UPDATE map_cell SET count = count - 1,
                    latitude_sum = latitude_sum - OLD.latitude, longitude_sum = longitude_sum - OLD.longitude
                WHERE level = 6 AND y = max(0, min(31, CAST((OLD.latitude + 90.0) * 64.0 / 360.0 AS INTEGER))) AND x = max(0, min(63, CAST((OLD.longitude + 180.0) * 64.0 / 360.0 AS INTEGER)));
                DELETE FROM map_cell WHERE level = 6 AND y = max(0, min(31, CAST((OLD.latitude + 90.0) * 64.0 / 360.0 AS INTEGER))) AND x = max(0, min(63, CAST((OLD.longitude + 180.0) * 64.0 / 360.0 AS INTEGER))) AND count <= 0;
                UPDATE map_cell SET count = count - 1,
                    latitude_sum = latitude_sum - OLD.latitude, longitude_sum = longitude_sum - OLD.longitude
                WHERE level = 7 AND y = max(0, min(63, CAST((OLD.latitude + 90.0) * 128.0 / 360.0 AS INTEGER))) AND x = max(0, min(127, CAST((OLD.longitude + 180.0) * 128.0 / 360.0 AS INTEGER)));
                DELETE FROM map_cell WHERE level = 7 AND y = max(0, min(63, CAST((OLD.latitude + 90.0) * 128.0 / 360.0 AS INTEGER))) AND x = max(0, min(127, CAST((OLD.longitude + 180.0) * 128.0 / 360.0 AS INTEGER))) AND count <= 0;
                UPDATE map_cell SET count = count - 1,
                    latitude_sum = latitude_sum - OLD.latitude, longitude_sum = longitude_sum - OLD.longitude
                WHERE level = 8 AND y = max(0, min(127, CAST((OLD.latitude + 90.0) * 256.0 / 360.0 AS INTEGER))) AND x = max(0, min(255, CAST((OLD.longitude + 180.0) * 256.0 / 360.0 AS INTEGER)));
                DELETE FROM map_cell WHERE level = 8 AND y = max(0, min(127, CAST((OLD.latitude + 90.0) * 256.0 / 360.0 AS INTEGER))) AND x = max(0, min(255, CAST((OLD.longitude + 180.0) * 256.0 / 360.0 AS INTEGER))) AND count <= 0;
                UPDATE map_cell SET count = count - 1,
                    latitude_sum = latitude_sum - OLD.latitude, longitude_sum = longitude_sum - OLD.longitude
                WHERE level = 9 AND y = max(0, min(255, CAST((OLD.latitude + 90.0) * 512.0 / 360.0 AS INTEGER))) AND x = max(0, min(511, CAST((OLD.longitude + 180.0) * 512.0 / 360.0 AS INTEGER)));
                DELETE FROM map_cell WHERE level = 9 AND y = max(0, min(255, CAST((OLD.latitude + 90.0) * 512.0 / 360.0 AS INTEGER))) AND x = max(0, min(511, CAST((OLD.longitude + 180.0) * 512.0 / 360.0 AS INTEGER))) AND count <= 0;
                UPDATE map_cell SET count = count - 1,
                    latitude_sum = latitude_sum - OLD.latitude, longitude_sum = longitude_sum - OLD.longitude
                WHERE level = 10 AND y = max(0, min(511, CAST((OLD.latitude + 90.0) * 1024.0 / 360.0 AS INTEGER))) AND x = max(0, min(1023, CAST((OLD.longitude + 180.0) * 1024.0 / 360.0 AS INTEGER)));
                DELETE FROM map_cell WHERE level = 10 AND y = max(0, min(511, CAST((OLD.latitude + 90.0) * 1024.0 / 360.0 AS INTEGER))) AND x = max(0, min(1023, CAST((OLD.longitude + 180.0) * 1024.0 / 360.0 AS INTEGER))) AND count <= 0;
                UPDATE map_cell SET count = count - 1,
                    latitude_sum = latitude_sum - OLD.latitude, longitude_sum = longitude_sum - OLD.longitude
                WHERE level = 11 AND y = max(0, min(1023, CAST((OLD.latitude + 90.0) * 2048.0 / 360.0 AS INTEGER))) AND x = max(0, min(2047, CAST((OLD.longitude + 180.0) * 2048.0 / 360.0 AS INTEGER)));
                DELETE FROM map_cell WHERE level = 11 AND y = max(0, min(1023, CAST((OLD.latitude + 90.0) * 2048.0 / 360.0 AS INTEGER))) AND x = max(0, min(2047, CAST((OLD.longitude + 180.0) * 2048.0 / 360.0 AS INTEGER))) AND count <= 0;
                UPDATE map_cell SET count = count - 1,
                    latitude_sum = latitude_sum - OLD.latitude, longitude_sum = longitude_sum - OLD.longitude
                WHERE level = 12 AND y = max(0, min(2047, CAST((OLD.latitude + 90.0) * 4096.0 / 360.0 AS INTEGER))) AND x = max(0, min(4095, CAST((OLD.longitude + 180.0) * 4096.0 / 360.0 AS INTEGER)));
                DELETE FROM map_cell WHERE level = 12 AND y = max(0, min(2047, CAST((OLD.latitude + 90.0) * 4096.0 / 360.0 AS INTEGER))) AND x = max(0, min(4095, CAST((OLD.longitude + 180.0) * 4096.0 / 360.0 AS INTEGER))) AND count <= 0;
                UPDATE map_cell SET count = count - 1,
                    latitude_sum = latitude_sum - OLD.latitude, longitude_sum = longitude_sum - OLD.longitude
                WHERE level = 13 AND y = max(0, min(4095, CAST((OLD.latitude + 90.0) * 8192.0 / 360.0 AS INTEGER))) AND x = max(0, min(8191, CAST((OLD.longitude + 180.0) * 8192.0 / 360.0 AS INTEGER)));
                DELETE FROM map_cell WHERE level = 13 AND y = max(0, min(4095, CAST((OLD.latitude + 90.0) * 8192.0 / 360.0 AS INTEGER))) AND x = max(0, min(8191, CAST((OLD.longitude + 180.0) * 8192.0 / 360.0 AS INTEGER))) AND count <= 0;
                UPDATE map_cell SET count = count - 1,
                    latitude_sum = latitude_sum - OLD.latitude, longitude_sum = longitude_sum - OLD.longitude
                WHERE level = 14 AND y = max(0, min(8191, CAST((OLD.latitude + 90.0) * 16384.0 / 360.0 AS INTEGER))) AND x = max(0, min(16383, CAST((OLD.longitude + 180.0) * 16384.0 / 360.0 AS INTEGER)));
                DELETE FROM map_cell WHERE level = 14 AND y = max(0, min(8191, CAST((OLD.latitude + 90.0) * 16384.0 / 360.0 AS INTEGER))) AND x = max(0, min(16383, CAST((OLD.longitude + 180.0) * 16384.0 / 360.0 AS INTEGER))) AND count <= 0; END;
                """)
        try db.execute(sql: v17MoveTriggers)
    }

    /// The finest level from the entries (one pass), each coarser one from the level below
    /// (a few thousand rows): a million entries take one scan, not one per level.
    static let v17Fill = """
        INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
        SELECT 14, max(0, min(8191, CAST((latitude + 90.0) * 16384.0 / 360.0 AS INTEGER))) AS cy, max(0, min(16383, CAST((longitude + 180.0) * 16384.0 / 360.0 AS INTEGER))) AS cx,
            count(*), sum(latitude), sum(longitude)
        FROM entry WHERE latitude IS NOT NULL AND longitude IS NOT NULL GROUP BY cy, cx;
        INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
        SELECT 13, y / 2 AS cy, x / 2 AS cx, sum(count), sum(latitude_sum), sum(longitude_sum)
        FROM map_cell WHERE level = 14 GROUP BY cy, cx;
        INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
        SELECT 12, y / 2 AS cy, x / 2 AS cx, sum(count), sum(latitude_sum), sum(longitude_sum)
        FROM map_cell WHERE level = 13 GROUP BY cy, cx;
        INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
        SELECT 11, y / 2 AS cy, x / 2 AS cx, sum(count), sum(latitude_sum), sum(longitude_sum)
        FROM map_cell WHERE level = 12 GROUP BY cy, cx;
        INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
        SELECT 10, y / 2 AS cy, x / 2 AS cx, sum(count), sum(latitude_sum), sum(longitude_sum)
        FROM map_cell WHERE level = 11 GROUP BY cy, cx;
        INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
        SELECT 9, y / 2 AS cy, x / 2 AS cx, sum(count), sum(latitude_sum), sum(longitude_sum)
        FROM map_cell WHERE level = 10 GROUP BY cy, cx;
        INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
        SELECT 8, y / 2 AS cy, x / 2 AS cx, sum(count), sum(latitude_sum), sum(longitude_sum)
        FROM map_cell WHERE level = 9 GROUP BY cy, cx;
        INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
        SELECT 7, y / 2 AS cy, x / 2 AS cx, sum(count), sum(latitude_sum), sum(longitude_sum)
        FROM map_cell WHERE level = 8 GROUP BY cy, cx;
        INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
        SELECT 6, y / 2 AS cy, x / 2 AS cx, sum(count), sum(latitude_sum), sum(longitude_sum)
        FROM map_cell WHERE level = 7 GROUP BY cy, cx;
        INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
        SELECT 5, y / 2 AS cy, x / 2 AS cx, sum(count), sum(latitude_sum), sum(longitude_sum)
        FROM map_cell WHERE level = 6 GROUP BY cy, cx;
        INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
        SELECT 4, y / 2 AS cy, x / 2 AS cx, sum(count), sum(latitude_sum), sum(longitude_sum)
        FROM map_cell WHERE level = 5 GROUP BY cy, cx;
        INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
        SELECT 3, y / 2 AS cy, x / 2 AS cx, sum(count), sum(latitude_sum), sum(longitude_sum)
        FROM map_cell WHERE level = 4 GROUP BY cy, cx;
        INSERT INTO map_cell (level, y, x, count, latitude_sum, longitude_sum)
        SELECT 2, y / 2 AS cy, x / 2 AS cx, sum(count), sum(latitude_sum), sum(longitude_sum)
        FROM map_cell WHERE level = 3 GROUP BY cy, cx;
        """
}
