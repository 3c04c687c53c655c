import DaybookCore
import Foundation
import GRDB

/// The entries of one named place: the rows of `daybook places`.
public struct PlaceCount: Sendable, Hashable, Encodable {
    /// Nil for entries whose position names nothing (at sea) or was never looked up.
    public let country: String?
    public let countryCode: String?
    public let region: String?
    /// The town; nil when only the country is known.
    public let name: String?
    public let entries: Int
    /// The earliest and latest capture local dates; nil when none of the entries is dated.
    public let firstDate: CivilDate?
    public let lastDate: CivilDate?
}

extension JournalStore {
    /// Entries with a position, counted by country, region and town (in that order, unnamed
    /// last), with their capture date ranges.
    public func placeCounts() throws -> [PlaceCount] {
        try pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT place_country, place_country_code, place_region, place_name, count(*) AS entries,
                           min(captured_local) AS first, max(captured_local) AS last
                    FROM entry WHERE latitude IS NOT NULL
                    GROUP BY place_country, place_country_code, place_region, place_name
                    ORDER BY place_country IS NULL, place_country, place_region IS NULL, place_region,
                             place_name IS NULL, place_name
                    """
            ).map { row in
                let first: LocalDateTime? = row["first"], last: LocalDateTime? = row["last"]
                return PlaceCount(
                    country: row["place_country"], countryCode: row["place_country_code"], region: row["place_region"],
                    name: row["place_name"], entries: row["entries"], firstDate: first?.date, lastDate: last?.date)
            }
        }
    }

    /// How many entries with a position were not looked up with the place table `version`.
    public func entriesNeedingPlaces(version: String) throws -> Int {
        try pool.read { db in try Int.fetchOne(db, sql: Self.needingPlaces(count: true), arguments: [version]) ?? 0 }
    }

    /// Looks up up to `limit` entries not yet looked up with `version`, in one transaction:
    /// `name` sets each entry's place fields and `placeVersion`. Returns the entries changed;
    /// none when all are done. A run stopped between batches keeps what it committed. An
    /// entry's journal file takes its new place name too (`saveJournalFile`).
    public func updatePlaces(version: String, limit: Int, _ name: (inout JournalEntry) -> Void) throws -> [JournalEntry] {
        try writeWithJournalFiles { db, writes in
            let entries = try JournalEntry.fetchAll(db, sql: Self.needingPlaces(count: false) + " LIMIT \(limit)", arguments: [version])
            return try entries.map { old in
                var entry = old
                name(&entry)
                // Marked looked up whatever `name` did, so a batch never comes round again.
                entry.placeVersion = version
                try entry.update(db)
                try saveJournalFile(of: &entry, was: old, db, &writes)
                return entry
            }
        }
    }

    private static func needingPlaces(count: Bool) -> String {
        "SELECT \(count ? "count(*)" : "*") FROM entry WHERE latitude IS NOT NULL AND (place_version IS NULL OR place_version <> ?)"
    }
}
