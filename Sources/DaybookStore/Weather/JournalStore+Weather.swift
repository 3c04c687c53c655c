import DaybookCore
import Foundation
import GRDB

extension JournalStore {
    /// Entries waiting for weather (status pending), optionally within local capture dates.
    package func weatherCandidates(since: CivilDate? = nil, until: CivilDate? = nil, entryIDs: Set<String>? = nil) throws
        -> [WeatherCandidate]
    {
        try pool.read { db in
            func candidates(_ entries: [JournalEntry]) -> [WeatherCandidate] {
                entries.compactMap { entry in
                    guard let location = entry.location, let local = entry.capturedLocal else { return nil }
                    return WeatherCandidate(entryID: entry.id, location: location, local: local, offset: entry.offset)
                }
            }
            guard let entryIDs else {
                return candidates(
                    try Self.weatherCandidates(since: since, until: until).order(JournalEntry.Columns.capturedLocal).fetchAll(db))
            }
            // After an ingest: only its new entries, by primary key, rather than every pending
            // entry of the library (all of them, in one never given weather). In chunks,
            // within SQLite's limit on bound values.
            var found: [JournalEntry] = []
            for chunk in Array(entryIDs).boundValueChunks(of: 500) {
                found += try Self.weatherCandidates(since: since, until: until, entryIDs: chunk).fetchAll(db)
            }
            return candidates(found).sorted { ($0.local, $0.entryID) < ($1.local, $1.entryID) }
        }
    }

    /// The request for pending entries with a place and a date (of `entryIDs` only, when given).
    static func weatherCandidates(since: CivilDate?, until: CivilDate?, entryIDs: [String]? = nil) -> QueryInterfaceRequest<JournalEntry> {
        typealias C = JournalEntry.Columns
        var request: QueryInterfaceRequest<JournalEntry>
        if let entryIDs {
            // `+weather_status` keeps SQLite on the primary key: with a plain comparison it
            // takes the weather_status index and reads every pending entry to find a few.
            request = JournalEntry.filter(entryIDs.contains(C.id)).filter(sql: "+weather_status = ?", arguments: [WeatherStatus.pending])
        } else {
            request = JournalEntry.filter(C.weatherStatus == WeatherStatus.pending)
        }
        request = request.filter(C.latitude != nil && C.longitude != nil && C.capturedLocal != nil)
        if let since { request = request.filter(C.capturedLocal >= since) }
        if let until { request = request.filter(C.capturedLocal < until.adding(days: 1)) }
        return request
    }

    /// Entries that can never get weather, with the reason, for the back-fill report.
    package func weatherUnavailable() throws -> [(id: String, reason: String)] {
        try pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, captured_local IS NULL AS no_date, latitude IS NULL AS no_place FROM entry
                    WHERE weather_status = 'unavailable' ORDER BY id
                    """
            ).map { row in
                let noDate: Bool = row["no_date"], noPlace: Bool = row["no_place"]
                let reason = noDate && noPlace ? "no date and no place" : noDate ? "no date" : "no place"
                return (row["id"], reason)
            }
        }
    }

    /// Stores weather for a batch of entries in one transaction, marking them done. An
    /// `entryOffset` becomes the entry's offset only when it has none: a fill never replaces an
    /// offset the photo itself gave (or one set meanwhile).
    package func saveWeather(_ fills: [WeatherFill]) throws {
        guard !fills.isEmpty else { return }
        let now = JournalEntry.timestamp(Date())
        try pool.write { db in
            for fill in fills {
                guard var entry = try JournalEntry.fetchOne(db, key: fill.record.entryId) else { continue }
                try fill.record.save(db)
                entry.weatherStatus = .done
                entry.weatherError = nil
                entry.updatedAt = now
                if entry.offset == nil, let offset = fill.entryOffset { entry.offset = offset }
                try entry.update(db)
            }
        }
    }

    /// Records a permanent provider error on entries; they leave the pending queue.
    package func markWeatherError(entryIDs: [String], reason: String) throws {
        try pool.write { db in
            _ = try JournalEntry.filter(keys: entryIDs).updateAll(
                db, JournalEntry.Columns.weatherStatus.set(to: WeatherStatus.error), JournalEntry.Columns.weatherError.set(to: reason))
        }
    }

    package func weather(entryID: String) throws -> WeatherRecord? {
        try pool.read { db in try WeatherRecord.fetchOne(db, key: entryID) }
    }

    package func weatherError(entryID: String) throws -> String? {
        try pool.read { db in try String.fetchOne(db, sql: "SELECT weather_error FROM entry WHERE id = ?", arguments: [entryID]) }
    }

    // MARK: Response cache

    /// Cached provider answers, keyed by date: what `cacheWeather` stored for `provider`,
    /// the place cell `cell` and each date. Dates not in the cache are absent.
    package func cachedWeather(provider: String, cell: String, dates: [CivilDate]) throws -> [CivilDate: Data] {
        try pool.read { db in
            var found: [CivilDate: Data] = [:]
            for date in dates {
                found[date] = try Data.fetchOne(
                    db, sql: "SELECT series FROM weather_cache WHERE provider = ? AND cell = ? AND date = ?",
                    arguments: [provider, cell, date])
            }
            return found
        }
    }

    /// Caches one answer per date for a provider and place cell, replacing any before.
    package func cacheWeather(provider: String, cell: String, days: [CivilDate: Data]) throws {
        guard !days.isEmpty else { return }
        let now = JournalEntry.timestamp(Date())
        try pool.write { db in
            for (date, series) in days {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO weather_cache (provider, cell, date, series, fetched_at) VALUES (?, ?, ?, ?, ?)",
                    arguments: [provider, cell, date, series, now])
            }
        }
    }

    // MARK: Settings

    package func setting(_ key: String) throws -> String? {
        try pool.read { db in try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [key]) }
    }

    package func setSetting(_ key: String, to value: String) throws {
        try pool.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)", arguments: [key, value])
        }
    }
}
