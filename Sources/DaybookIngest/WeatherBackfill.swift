import DaybookCore
import DaybookStore
import DaybookWeather
import Foundation

package struct BackfillOptions: Sendable {
    package var since: CivilDate?
    package var until: CivilDate?
    /// Stop making requests after this many (cache hits are free).
    package var maxRequests: Int?
    /// Only these entries (ingest passes the ones it just created).
    package var entryIDs: Set<String>?
    /// Photos newer than this many days before `today` are left pending.
    package var archiveDelayDays: Int
    package var today: CivilDate
    /// After a request fails for a transient reason, leave the rest pending instead of
    /// trying them all (ingest uses this so a machine without network is not held up).
    package var stopAfterFailure: Bool

    package init(
        since: CivilDate? = nil, until: CivilDate? = nil, maxRequests: Int? = nil, entryIDs: Set<String>? = nil,
        archiveDelayDays: Int = 5, today: CivilDate = CivilDate.todayUTC(), stopAfterFailure: Bool = false
    ) {
        self.since = since
        self.until = until
        self.maxRequests = maxRequests
        self.entryIDs = entryIDs
        self.archiveDelayDays = archiveDelayDays
        self.today = today
        self.stopAfterFailure = stopAfterFailure
    }
}

package struct BackfillPlan: Sendable {
    package var requests: [PlannedRequest]
    /// Entries too recent for the archive: left pending.
    package var tooRecent: [String]
    /// Every entry the plan considered, by id.
    package var entries: [String: WeatherCandidate]
    package var candidates: Int { entries.count }
}

package struct BackfillSummary: Sendable, Equatable {
    /// Provider calls made, retries included.
    package var attempts = 0
    /// Planned requests answered (by the provider or the cache).
    package var requestsDone = 0
    package var answeredFromCache = 0
    package var filled = 0
    /// Still pending: too recent, provider unavailable, or no observation near the time yet.
    package var pending = 0
    /// Refused for good by the provider (recorded on the entries).
    package var errors = 0
    /// Planned requests not made because of --max-requests or an earlier failure.
    package var notAttempted = 0
    package var lastFailure: String?
    /// The host that could not be reached; the run stopped asking at that point.
    package var unreachableHost: String?

    /// One line for a run that found no network, or `nil`: the only thing worth saying then.
    package var noNetworkNote: String? {
        unreachableHost.map {
            "no network (cannot reach \($0)): weather for \(pending) \(pending == 1 ? "entry" : "entries") is pending; "
                + "run `daybook backfill-weather` later"
        }
    }

    /// The one line `backfill-weather` says when its own run found no network: running it
    /// again now would fail the same way, so it names what works instead (later, or a file).
    /// `skipped` entries have no place or date and never get weather.
    package func noNetworkAdvice(skipped: Int) -> String? {
        unreachableHost.map {
            let skippedText = skipped == 0 ? "" : " (\(skipped) more without a place or date never will)"
            return "no network (cannot reach \($0)): weather for \(pending) \(pending == 1 ? "entry" : "entries") is still pending"
                + "\(skippedText); try again once the network is back, or fill it from downloaded observations "
                + "with --weather file:PATH (CSV or JSON)"
        }
    }

    package var line: String {
        var text =
            "weather: \(filled) filled, \(pending) pending, \(errors) refused (\(attempts) request\(attempts == 1 ? "" : "s"), \(answeredFromCache) from cache)"
        if let lastFailure { text += "; last failure: \(lastFailure)" }
        return text
    }
}

package enum BackfillEvent: Sendable {
    case requestDone(PlannedRequest, fromCache: Bool, filled: Int)
    case requestFailed(PlannedRequest, WeatherError, permanent: Bool)
}

/// Fills missing weather: one request per place cell and date range, cached per cell and
/// day, each answered batch committed at once (an interrupted run loses nothing fetched).
package struct WeatherBackfill: Sendable {
    let store: JournalStore
    let fetcher: WeatherFetcher
    let providerName: String
    var cache: WeatherCache { WeatherCache(store: store, provider: providerName) }

    package init(store: JournalStore, provider: any WeatherProvider, fetcher: WeatherFetcher) {
        self.store = store
        self.fetcher = fetcher
        providerName = provider.name
    }

    package func plan(_ options: BackfillOptions) throws -> BackfillPlan {
        let candidates = try store.weatherCandidates(since: options.since, until: options.until, entryIDs: options.entryIDs)
        let newest = options.today.adding(days: -options.archiveDelayDays)
        var items: [BackfillItem] = []
        var tooRecent: [String] = []
        for candidate in candidates {
            let date = candidate.local.date
            if date > newest { tooRecent.append(candidate.entryID); continue }
            items.append(
                BackfillItem(
                    entryID: candidate.entryID, latitude: candidate.location.latitude,
                    longitude: candidate.location.longitude, date: date))
        }
        return BackfillPlan(
            requests: BackfillPlanner.plan(items, availableThrough: newest), tooRecent: tooRecent,
            entries: Dictionary(candidates.map { ($0.entryID, $0) }, uniquingKeysWith: { first, _ in first }))
    }

    package func run(_ plan: BackfillPlan, options: BackfillOptions, onEvent: @Sendable (BackfillEvent) -> Void = { _ in }) async throws
        -> BackfillSummary
    {
        var summary = BackfillSummary()
        summary.pending = plan.tooRecent.count
        var stopped = false
        for planned in plan.requests {
            if Task.isCancelled { stopped = true }
            var entries = planned.entryIDs.compactMap { plan.entries[$0] }
            let dates = Set(entries.map(\.local.date))
            // Neighbouring days too: an instant near midnight can fall on the next UTC day.
            let wanted = dates.flatMap { [$0.adding(days: -1), $0, $0.adding(days: 1)] }
            let cached = try cache.series(cell: planned.request.cell, dates: Array(Set(wanted)))
            if dates.allSatisfy({ cached[$0] != nil }) {
                let filled = try fill(entries, from: cached.values.sorted { ($0.hours.first?.time ?? 0) < ($1.hours.first?.time ?? 0) })
                summary.filled += filled.count
                // A cached day may hold hours the archive had not filled yet: the entries
                // that found nothing in it ask the provider again, or the cache would keep
                // them pending for good.
                entries.removeAll { filled.contains($0.entryID) }
                if entries.isEmpty || stopped || (options.maxRequests.map { summary.attempts >= $0 } ?? false) {
                    summary.requestsDone += 1
                    summary.answeredFromCache += 1
                    summary.pending += entries.count
                    onEvent(.requestDone(planned, fromCache: true, filled: filled.count))
                    continue
                }
            }
            if stopped || (options.maxRequests.map { summary.attempts >= $0 } ?? false) {
                summary.notAttempted += 1
                summary.pending += entries.count
                continue
            }
            let (result, attempts) = await fetcher.fetch(planned.request)
            summary.attempts += attempts
            switch result {
            case .success(let series):
                var day = planned.request.start
                var days: [CivilDate] = []
                while day <= planned.request.end { days.append(day); day = day.adding(days: 1) }
                try cache.save(series, cell: planned.request.cell, dates: days)
                let filled = try fill(entries, from: [series])
                summary.requestsDone += 1
                summary.filled += filled.count
                summary.pending += entries.count - filled.count
                onEvent(.requestDone(planned, fromCache: false, filled: filled.count))
            case .failure(let error):
                summary.lastFailure = error.description
                if case .permanent(let reason) = error {
                    try store.markWeatherError(entryIDs: entries.map(\.entryID), reason: reason)
                    summary.errors += entries.count
                    onEvent(.requestFailed(planned, error, permanent: true))
                } else {
                    summary.pending += entries.count
                    onEvent(.requestFailed(planned, error, permanent: false))
                    // Past a final 429 every further request would be refused too, and count
                    // against the limit; past an unreachable host every request would fail
                    // the same way (all go to one host).
                    switch error {
                    case .rateLimited: stopped = true
                    case .unreachable(let host, _): stopped = true; summary.unreachableHost = host
                    default: break
                    }
                    if options.stopAfterFailure { stopped = true }
                }
            }
        }
        return summary
    }

    /// Matches each entry to its nearest observation and commits the batch in one
    /// transaction. Returns the ids of the entries filled.
    private func fill(_ entries: [WeatherCandidate], from series: [WeatherSeries]) throws -> Set<String> {
        guard let first = series.first else { return [] }
        let merged = WeatherSeries(
            provider: first.provider, gridLatitude: first.gridLatitude, gridLongitude: first.gridLongitude,
            timeZone: first.timeZone, utcOffsetSeconds: first.utcOffsetSeconds,
            hours: series.flatMap(\.hours).sorted { $0.time < $1.time })
        let now = Date()
        var fills: [WeatherFill] = []
        for entry in entries {
            guard let match = ObservationMatcher.match(local: entry.local, offsetSeconds: entry.offset?.seconds, in: merged) else {
                continue
            }
            fills.append(WeatherFill(entryID: entry.entryID, series: merged, match: match, fetchedAt: now))
        }
        try store.saveWeather(fills)
        return Set(fills.map(\.record.entryId))
    }
}
