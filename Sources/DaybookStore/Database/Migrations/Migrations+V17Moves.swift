extension Migrations {
    /// An entry that moves leaves its cells at every level and enters its new ones; a cell
    /// left empty goes.
    static let v17MoveTriggers = """
        CREATE TRIGGER map_cell_after_move_from AFTER UPDATE OF latitude, longitude ON entry
        WHEN OLD.latitude IS NOT NULL AND OLD.longitude IS NOT NULL AND (OLD.latitude IS NOT NEW.latitude OR OLD.longitude IS NOT NEW.longitude)
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
        CREATE TRIGGER map_cell_after_move_to AFTER UPDATE OF latitude, longitude ON entry
        WHEN NEW.latitude IS NOT NULL AND NEW.longitude IS NOT NULL AND (OLD.latitude IS NOT NEW.latitude OR OLD.longitude IS NOT NEW.longitude)
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
        """
}
