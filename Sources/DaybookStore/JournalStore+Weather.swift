import DaybookCore
import DaybookMetadata
import DaybookWeather
import Foundation
import GRDB

extension JournalStore {
    /// Entries waiting for weather (status pending), optionally within local capture dates.
    public func weatherCandidates(since: CivilDate? = nil, until: CivilDate? = nil, entryIDs: Set<String>? = nil) throws -> [WeatherCandidate] {
        try pool.read { db in
            typealias C = JournalEntry.Columns
            var request = JournalEntry.filter(C.weatherStatus == WeatherStatus.pending && C.latitude != nil && C.longitude != nil
                                              && C.capturedLocal != nil)
            if let since { request = request.filter(C.capturedLocal >= since) }
            if let until { request = request.filter(C.capturedLocal < until.adding(days: 1)) }
            return try request.order(C.capturedLocal).fetchAll(db).compactMap { entry -> WeatherCandidate? in
                if let entryIDs, !entryIDs.contains(entry.id) { return nil }
                guard let location = entry.location, let local = entry.capturedLocal else { return nil }
                return WeatherCandidate(entryID: entry.id, location: location, local: local, offset: entry.offset)
            }
        }
    }

    /// Entries that can never get weather, with the reason, for the back-fill report.
    public func weatherUnavailable() throws -> [(id: String, reason: String)] {
        try pool.read { db in
            try Row.fetchAll(db, sql: """
                SELECT id, captured_local IS NULL AS no_date, latitude IS NULL AS no_place FROM entry
                WHERE weather_status = 'unavailable' ORDER BY id
                """).map { row in
                let noDate: Bool = row["no_date"], noPlace: Bool = row["no_place"]
                let reason = noDate && noPlace ? "no date and no place" : noDate ? "no date" : "no place"
                return (row["id"], reason)
            }
        }
    }

    /// Stores weather for a batch of entries in one transaction. Where the entry had no UTC
    /// offset and the place's zone decided the instant unambiguously, the entry takes that
    /// offset, marked as coming from the place's time zone.
    public func saveWeather(_ results: [(record: WeatherRecord, match: WeatherMatch)]) throws {
        guard !results.isEmpty else { return }
        let now = JournalEntry.timestamp(Date())
        try pool.write { db in
            for (record, match) in results {
                try record.save(db)
                try db.execute(sql: "UPDATE entry SET weather_status = 'done', weather_error = NULL, updated_at = ? WHERE id = ?",
                               arguments: [now, record.entryId])
                // Only a unique local time gives a certain offset; a time in a DST gap or overlap
                // was a guess and must not become the entry's offset.
                if match.offsetFromPlace, match.resolution == .unique, let seconds = match.placeOffsetSeconds,
                   let offset = UTCOffset(seconds: seconds, source: .placeTimeZone),
                   var entry = try JournalEntry.fetchOne(db, key: record.entryId), entry.offset == nil {
                    entry.offset = offset
                    try entry.update(db)
                }
            }
        }
    }

    /// Records a permanent provider error on entries; they leave the pending queue.
    public func markWeatherError(entryIDs: [String], reason: String) throws {
        try pool.write { db in
            _ = try JournalEntry.filter(keys: entryIDs).updateAll(
                db, JournalEntry.Columns.weatherStatus.set(to: WeatherStatus.error), JournalEntry.Columns.weatherError.set(to: reason))
        }
    }

    public func weather(entryID: String) throws -> WeatherRecord? {
        try pool.read { db in try WeatherRecord.fetchOne(db, key: entryID) }
    }

    public func weatherError(entryID: String) throws -> String? {
        try pool.read { db in try String.fetchOne(db, sql: "SELECT weather_error FROM entry WHERE id = ?", arguments: [entryID]) }
    }

    // MARK: Response cache

    /// Cached hours for a cell and local date, keyed by date; dates missing from the cache are absent.
    public func cachedWeather(provider: String, cell: GeoCell, dates: [CivilDate]) throws -> [CivilDate: WeatherSeries] {
        try pool.read { db in
            var found: [CivilDate: WeatherSeries] = [:]
            let decoder = JSONDecoder()
            for date in dates {
                if let data = try Data.fetchOne(db, sql: "SELECT series FROM weather_cache WHERE provider = ? AND cell = ? AND date = ?",
                                                arguments: [provider, cell.key, date.iso]),
                   let series = try? decoder.decode(WeatherSeries.self, from: data) {
                    found[date] = series
                }
            }
            return found
        }
    }

    /// Caches a provider answer split by local date. Days whose hours are all empty (the
    /// archive has not caught up yet) are not cached, so a later run asks again.
    public func cacheWeather(_ series: WeatherSeries, cell: GeoCell, dates: [CivilDate]) throws {
        let encoder = JSONEncoder()
        let now = JournalEntry.timestamp(Date())
        try pool.write { db in
            for date in dates {
                let hours = series.hours(on: date)
                guard hours.contains(where: { !$0.isEmpty }) else { continue }
                let day = WeatherSeries(provider: series.provider, gridLatitude: series.gridLatitude, gridLongitude: series.gridLongitude,
                                        timeZone: series.timeZone, utcOffsetSeconds: series.utcOffsetSeconds, hours: hours)
                try db.execute(sql: "INSERT OR REPLACE INTO weather_cache (provider, cell, date, series, fetched_at) VALUES (?, ?, ?, ?, ?)",
                               arguments: [series.provider, cell.key, date.iso, try encoder.encode(day), now])
            }
        }
    }

    // MARK: Settings

    public func setting(_ key: String) throws -> String? {
        try pool.read { db in try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [key]) }
    }

    public func setSetting(_ key: String, to value: String) throws {
        try pool.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)", arguments: [key, value])
        }
    }
}
