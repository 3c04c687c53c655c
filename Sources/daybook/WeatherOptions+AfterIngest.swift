import DaybookIngest
import DaybookStore
import DaybookWeather

extension WeatherOptions {
    /// Weather for new entries, after they are all stored: the photo pipeline never waits
    /// for the network. Without a network the entries simply stay pending for backfill-weather.
    func fetchAfterIngest(store: JournalStore, created: [String]) async throws -> BackfillSummary? {
        guard !created.isEmpty, let (backfill, choice) = try backfill(for: store, retry: .afterIngest) else { return nil }
        let options = BackfillOptions(entryIDs: Set(created), archiveDelayDays: choice.archiveDelayDays, stopAfterFailure: true)
        let plan = try backfill.plan(options)
        guard plan.candidates > 0 else { return nil }
        return try await backfill.run(plan, options: options)
    }
}
