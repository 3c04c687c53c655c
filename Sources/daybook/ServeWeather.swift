import DaybookStore
import DaybookWatch
import DaybookWeather
import Logging

/// The weather of photos uploaded to `serve`, fetched in batches beside the server as `watch`
/// fetches it beside the watcher, never on a request's way, from the provider the library
/// remembers (`ingest --weather`, or DAYBOOK_WEATHER): the options parsed from nothing, which
/// is how ArgumentParser gives an option group its defaults.
enum ServeWeather {
    static func queue(for store: JournalStore, logger: Logger) -> WeatherQueue? {
        do {
            guard let (backfill, choice) = try WeatherOptions.parse([]).backfill(for: store, retry: RetryPolicy(maxAttempts: 2)) else {
                return nil
            }
            return WeatherQueue(backfill: backfill, archiveDelayDays: choice.archiveDelayDays, logger: logger)
        } catch {
            // The journal is still worth serving: uploads wait for `daybook backfill-weather`.
            logger.warning("no weather for uploads: \(error)")
            return nil
        }
    }
}
