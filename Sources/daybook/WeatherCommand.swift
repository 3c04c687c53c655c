import ArgumentParser
import DaybookCore
import DaybookIngest
import DaybookStore
import DaybookWeather
import Foundation
import Synchronization

/// `--weather` as taken by ingest and backfill-weather; remembered in the library once given.
struct WeatherOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Weather provider: open-meteo, open-meteo:BASE-URL (self-hosted), file:PATH (CSV or JSON), or none. Remembered in the library.",
            valueName: "provider"))
    var weather: String?

    @Option(name: .long, help: "Seconds before a weather request times out.")
    var weatherTimeout: Double = 30

    @Option(name: .long, help: "Most weather requests per minute (Open-Meteo's fair use is about 600).")
    var requestsPerMinute: Double = 60

    func validate() throws {
        if let weather, WeatherProviderChoice(weather) == nil {
            throw ValidationError("--weather must be open-meteo, open-meteo:URL, file:PATH or none (got \(weather)).")
        }
        guard weatherTimeout > 0, weatherTimeout <= 600 else {
            throw ValidationError("--weather-timeout must be between 0 and 600 seconds.")
        }
        guard requestsPerMinute > 0, requestsPerMinute <= 600 else {
            throw ValidationError("--requests-per-minute must be between 0 and 600.")
        }
    }

    /// The provider to use now: the flag (then remembered), else the library's setting, else
    /// $DAYBOOK_WEATHER, else Open-Meteo.
    func choice(for store: JournalStore) throws -> WeatherProviderChoice {
        if let weather, let choice = WeatherProviderChoice(weather) {
            try store.setSetting(WeatherProviderChoice.settingKey, to: choice.description)
            return choice
        }
        if let saved = try store.setting(WeatherProviderChoice.settingKey), let choice = WeatherProviderChoice(saved) {
            return choice
        }
        if let fromEnvironment = ProcessInfo.processInfo.environment["DAYBOOK_WEATHER"],
            let choice = WeatherProviderChoice(fromEnvironment)
        {
            return choice
        }
        return .default
    }

    func backfill(for store: JournalStore, retry: RetryPolicy = RetryPolicy()) throws -> (WeatherBackfill, WeatherProviderChoice)? {
        let choice = try choice(for: store)
        let provider: (any WeatherProvider)?
        do {
            provider = try choice.makeProvider(timeout: weatherTimeout)
        } catch {
            throw CommandError.weatherProvider(choice, error)
        }
        guard let provider else { return nil }
        let fetcher = WeatherFetcher(provider: provider, retry: retry, limiter: RateLimiter(requestsPerMinute: requestsPerMinute))
        return (WeatherBackfill(store: store, provider: provider, fetcher: fetcher), choice)
    }
}

struct BackfillWeather: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backfill-weather",
        abstract: "Fetch the historical weather for entries that have none yet.",
        discussion: """
            Entries are grouped by place (about 0.1°) and their dates merged into ranges of at \
            most a year: one request per place and range. Answers are cached in the library, \
            so photos from one place and day cost one request, across runs. Requests are \
            rate-limited; timeouts, 429 (honouring Retry-After) and 5xx are retried with \
            back-off; a request the provider refuses (HTTP 400) is recorded on its entries and \
            not retried. Each answered request is committed at once: Ctrl-C loses nothing fetched.

            Examples:
              daybook backfill-weather --dry-run
              daybook backfill-weather --since 2023-01-01 --max-requests 100
              daybook backfill-weather --weather file:weather.csv
            """
    )

    @OptionGroup var options: LibraryOptions
    @OptionGroup var weatherOptions: WeatherOptions

    @Option(name: .long, help: ArgumentHelp("Only photos taken on or after this local date (YYYY-MM-DD).", valueName: "date"))
    var since: String?

    @Option(name: .long, help: ArgumentHelp("Only photos taken on or before this local date (YYYY-MM-DD).", valueName: "date"))
    var until: String?

    @Option(name: .long, help: "Make at most this many requests (cache hits are free).")
    var maxRequests: Int?

    @Flag(name: .long, help: "Print the planned requests and make none.")
    var dryRun = false

    func validate() throws {
        for (flag, value) in [("--since", since), ("--until", until)] {
            if let value, CivilDate(iso: value) == nil { throw ValidationError("\(flag) must be a date like 2024-05-17 (got \(value)).") }
        }
        if let maxRequests, maxRequests < 0 { throw ValidationError("--max-requests must be 0 or more.") }
    }

    func run() async throws {
        let store = try JournalStore.openExisting(library: options.resolvedLibrary, for: .writing)
        guard let (backfill, choice) = try weatherOptions.backfill(for: store) else {
            Console.writeError("daybook: the weather provider is none; nothing to do (choose one with --weather)")
            return
        }
        var backfillOptions = BackfillOptions(
            since: since.flatMap(CivilDate.init(iso:)), until: until.flatMap(CivilDate.init(iso:)),
            maxRequests: maxRequests, archiveDelayDays: choice.archiveDelayDays)
        backfillOptions.stopAfterFailure = false
        let plan = try backfill.plan(backfillOptions)
        let skipped = try store.weatherUnavailable()
        if dryRun {
            return try printPlan(plan, skipped: skipped, choice: choice)
        }
        let progress = ProgressLine()
        let total = plan.requests.count
        let counter = Mutex(0)
        let summary = try await backfill.run(plan, options: backfillOptions) { event in
            let done = counter.withLock {
                $0 += 1; return $0
            }
            // An unreachable host stops the run; the note after it says so once.
            if case .requestFailed(let planned, let error, _) = event, !error.isUnreachable {
                progress.printLine(
                    "daybook: error: weather for \(planned.entryIDs.count) entries near \(planned.request.cell.latitude),\(planned.request.cell.longitude) \(planned.request.start.iso)…\(planned.request.end.iso): \(error)"
                )
            }
            progress.update("weather: request \(done)/\(total)")
        }
        progress.clear()
        // Without a network the one line below is the whole report: counts of nothing
        // filled, and entries that never get weather, would only hide it.
        if let advice = summary.noNetworkAdvice(skipped: skipped.count), !options.json {
            Console.error(advice)
            throw ExitCode(1)
        }
        if options.json {
            try Console.printJSON([
                "filled": summary.filled, "pending": summary.pending, "refused": summary.errors,
                "requests": summary.attempts, "from_cache": summary.answeredFromCache,
                "not_attempted": summary.notAttempted, "skipped": skipped.count,
            ])
        } else {
            Console.output(TerminalText(summary.line + (skipped.isEmpty ? "" : ", \(skipped.count) skipped (no place or date)")))
        }
        if let advice = summary.noNetworkAdvice(skipped: skipped.count) { Console.error(advice) }
        if summary.pending > plan.tooRecent.count || summary.errors > 0 { throw ExitCode(1) }
    }

    private func printPlan(_ plan: BackfillPlan, skipped: [(id: String, reason: String)], choice: WeatherProviderChoice) throws {
        if options.json {
            let requests = plan.requests.map { planned -> [String: String] in
                [
                    "latitude": String(planned.request.cell.latitude), "longitude": String(planned.request.cell.longitude),
                    "start_date": planned.request.start.iso, "end_date": planned.request.end.iso, "entries": String(planned.entryIDs.count),
                ]
            }
            return try Console.printJSON(requests)
        }
        Console.output("provider: \(choice)")
        for planned in plan.requests {
            Console.output(
                "request \(planned.request.cell.latitude),\(planned.request.cell.longitude) \(planned.request.start.iso) … \(planned.request.end.iso)  (\(planned.entryIDs.count) entries)"
            )
        }
        // Listed here, not on every run: these never get weather, so a run only counts them.
        for (id, reason) in skipped { Console.output("no weather for \(id.prefix(8)): \(reason)") }
        Console.output(
            TerminalText(
                "\(plan.requests.count) requests planned for \(plan.candidates - plan.tooRecent.count) entries; "
                    + "\(plan.tooRecent.count) too recent for the archive; \(skipped.count) without a place or date"))
    }
}
