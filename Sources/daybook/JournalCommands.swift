import ArgumentParser
import DaybookCore
import DaybookPresentation
import DaybookStore
import Foundation

/// Prints entries sectioned by month, as `list`, `search`, `latest` and `on-this-day` do: as
/// lines (`ListLine`, the columns a line shows of a `ListedEntry`), or with `--json` whole, every field.
enum EntryListing {
    /// `sections` names the section of a capture's month (a month, a year, or one for all): it
    /// is asked again only when a line's month differs from the line before's. Each line is
    /// written into one string, reused, and handed to the output buffer with its line break.
    /// In a terminal, each line fits its width (`ListLayout.fitting`); anywhere else every
    /// column is written whole, the same bytes whatever reads them.
    static func print(_ lines: [ListedEntry], sections: (LocalDateTime?) -> String = CalendarNames.month(of:)) {
        let layout =
            TerminalWidth.ofStandardOutput().map { width in
                ListLayout.fitting(
                    width, reserved: lines.contains { $0.distanceKm != nil } ? 12 : 0, hasText: lines.contains { !$0.text.isEmpty })
            } ?? .full
        var current: String?
        var currentMonth: Int?
        var text = ""
        text.reserveCapacity(256)
        for line in lines {
            // An undated line's month is -1, never a dated one's.
            let month = line.capturedLocal.map { $0.year * 12 + $0.month } ?? -1
            if month != currentMonth {
                currentMonth = month
                let section = sections(line.capturedLocal)
                if section != current {
                    if current != nil { Console.output("") }
                    Console.output(TerminalText(section))
                    current = section
                }
            }
            text.removeAll(keepingCapacity: true)
            text += "  "
            ListLine.append(line, layout: layout, to: &text)
            if let distance = line.distanceKm { text += String(format: "  %.1f km", distance) }
            text += "\n"
            StandardOutput.write(text)
        }
    }

    /// Each entry as `show --json` gives it: its tags, weather and other files (a RAW, a Live
    /// Photo's movie) too.
    static func printJSON(_ entries: [JournalEntry], store: JournalStore, distances: [String: Double] = [:]) throws {
        let annotations = try store.annotations(for: entries.map(\.id))
        let files = try store.files(entryIDs: entries.map(\.id))
        try Console.printJSON(
            entries.map { entry in
                EntryDetailsOutput(
                    entry: entry, tags: annotations[entry.id]?.tags ?? [], weather: annotations[entry.id]?.weather,
                    distanceKm: distances[entry.id], files: files[entry.id] ?? [])
            })
    }
}

struct Search: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find entries by words, tags, date and place.",
        discussion: """
            Words match the entry's text, tags, place (town, region, country, and the town's \
            other names: "munchen" finds Munich), camera make and model, and file name (without \
            its extension) as prefixes, ignoring case and accents ("cafe" finds "Café au lait", \
            "zurich" finds Zürich); every word must match; a search whose words have no letter or \
            digit (only "*", "#", an emoji) matches nothing. Tags given with --tag must all \
            be present (at most 32). Dates are the capture's local date. --near finds entries within \
            --radius of a point, of another entry's place, or of a town named offline (an \
            ambiguous name takes the most populous place and says which; "Paris, FR" or \
            "Paris, Texas" narrows it), nearest first, and works across the antimeridian and \
            near the poles.

            Examples:
              daybook search beach --tag summer-trip
              daybook search --on 2024-05-17
              daybook search --month 2023-08
              daybook search --from 2023-01-01 --to 2023-03-31 --tag snow
              daybook search --near 41.8781,-87.6298 --radius 25km
              daybook search --near 3f2a --radius 2km
              daybook search --near "Kyoto" --radius 20km
              daybook search kyoto
              daybook search canon              the camera
              daybook search DSCN0012           the file name
            """
    )

    @OptionGroup var options: LibraryOptions

    @Argument(help: "Words to find in text and tags.")
    var words: [String] = []

    @Option(name: .long, help: ArgumentHelp("Only entries with this tag (repeatable; all must match).", valueName: "tag"))
    var tag: [String] = []

    @Option(name: .long, help: ArgumentHelp("Only this local date (YYYY-MM-DD).", valueName: "date"))
    var on: String?

    @Option(name: .long, help: ArgumentHelp("Only this month (YYYY-MM).", valueName: "month"))
    var month: String?

    @Option(name: .long, help: ArgumentHelp("From this local date (YYYY-MM-DD), inclusive.", valueName: "date"))
    var from: String?

    @Option(name: .long, help: ArgumentHelp("Up to this local date (YYYY-MM-DD), inclusive.", valueName: "date"))
    var to: String?

    @Option(
        name: .long, help: ArgumentHelp("LAT,LON, an entry id or a place name (\"Paris, FR\"): only entries near it.", valueName: "place"))
    var near: String?

    @Option(name: .long, help: ArgumentHelp("Distance for --near: 500m, 25km (default 10km).", valueName: "distance"))
    var radius: String = "10km"

    @Option(name: .long, help: "Show at most this many entries.")
    var limit: Int?

    func validate() throws {
        if on != nil && (month != nil || from != nil || to != nil) {
            throw ValidationError("Use --on alone, or --month, or --from/--to.")
        }
        if month != nil && (from != nil || to != nil) { throw ValidationError("Use --month or --from/--to, not both.") }
        for (flag, value) in [("--on", on), ("--from", from), ("--to", to)] {
            if let value, CivilDate(iso: value) == nil {
                throw ValidationError("\(flag) must be a date like 2024-05-17 (got \(value)).")
            }
        }
        if let month, CalendarMonth(month) == nil {
            throw ValidationError("--month must look like 2024-05 (got \(month)).")
        }
        if JournalCLI.kilometres(radius) == nil { throw ValidationError("--radius must be like 500m or 25km (got \(radius)).") }
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
        if words.isEmpty && tag.isEmpty && on == nil && month == nil && from == nil && to == nil && near == nil {
            throw ValidationError("Give words to find, or --tag, --on, --month, --from/--to or --near.")
        }
    }

    func run() throws {
        let store = try JournalStore.openExisting(library: options.resolvedLibrary, for: .querying)
        var query = JournalQuery(text: words.isEmpty ? nil : words.joined(separator: " "), tags: tag, limit: limit)
        // Checked in validate(): each parses.
        if let day = on.flatMap(CivilDate.init(iso:)) { query.fromDate = day; query.toDate = day }
        if let month = month.flatMap(CalendarMonth.init) { query.fromDate = month.firstDay; query.toDate = month.lastDay }
        if let from = from.flatMap(CivilDate.init(iso:)) { query.fromDate = from }
        if let to = to.flatMap(CivilDate.init(iso:)) { query.toDate = to }
        if let near {
            let point = try JournalCLI.point(near, store: store)
            query.near = JournalQuery.Near(
                latitude: point.latitude, longitude: point.longitude, radiusKm: JournalCLI.kilometres(radius)!)
        }
        if options.json { return try printJSON(query, store: store) }
        let lines = try store.searchList(query)
        if query.hasNothingToFind {
            return Console.writeError("daybook: no entries match: \(JournalQuery.nothingToFindNote)")
        }
        if lines.isEmpty { return Console.writeError("daybook: no entries match") }
        EntryListing.print(lines, sections: query.near == nil ? CalendarNames.month(of:) : { _ in "Nearest first" })
    }

    private func printJSON(_ query: JournalQuery, store: JournalStore) throws {
        let results = try store.search(query)
        if query.hasNothingToFind {
            // Said even with --json (on standard error), so a script's empty list has its reason.
            Console.writeError("daybook: no entries match: \(JournalQuery.nothingToFindNote)")
            return try Console.printJSON([EntryDetailsOutput]())
        }
        let distances = Dictionary(
            uniqueKeysWithValues: results.compactMap { result in result.distanceKm.map { (result.entry.id, $0) } })
        try EntryListing.printJSON(results.map(\.entry), store: store, distances: distances)
    }
}

struct OnThisDay: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "on-this-day",
        abstract: "Entries from this day in earlier years, grouped by year.",
        discussion: """
            On 28 February of a common year, photos from 29 February are shown too. Every entry \
            of the day is listed unless --limit says how many (the newest years first); the \
            count of the rest is then said on stderr.
            """
    )

    @OptionGroup var options: LibraryOptions

    @Option(name: .long, help: ArgumentHelp("The day to look back on (MM-DD; default today).", valueName: "MM-DD"))
    var date: String?

    @Option(name: .long, help: ArgumentHelp("Count earlier years from this year (default this year).", valueName: "year"))
    var year: Int?

    @Option(name: .long, help: ArgumentHelp("Show at most this many entries, newest first (default all).", valueName: "n"))
    var limit: Int?

    func validate() throws {
        if let date, MonthDay(date) == nil {
            throw ValidationError("--date must look like 05-17 (got \(date)).")
        }
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
    }

    func run() throws {
        let store = try JournalStore.openExisting(library: options.resolvedLibrary, for: .querying)
        let today = LocalClock.now()
        let monthDay = date.flatMap(MonthDay.init) ?? today.date.monthDay
        let thisYear = year ?? today.year
        let includeLeapDay = monthDay == MonthDay(month: 2, day: 28) && !CivilCalendar.isLeapYear(thisYear)
        let ask = OnThisDayAsk(monthDay: monthDay, beforeYear: thisYear, includeLeapDay: includeLeapDay)
        if options.json { return try EntryListing.printJSON(store.onThisDay(ask, limit: limit), store: store) }
        let lines = try store.onThisDayList(ask, limit: limit)
        if lines.isEmpty {
            return Console.writeError("daybook: nothing from \(monthDay) in years before \(thisYear)")
        }
        EntryListing.print(lines) { captured in
            guard let date = captured else { return "" }
            let ago = thisYear - date.year
            return "\(date.year) — \(ago) year\(ago == 1 ? "" : "s") ago"
        }
        if let limit, lines.count == limit {
            let total = try store.onThisDayCount(ask)
            if total > limit { Console.writeError("daybook: showing the newest \(limit) of \(total) entries from \(monthDay)") }
        }
    }
}

struct Latest: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "latest", abstract: "The most recently added entries.")

    @OptionGroup var options: LibraryOptions

    @Option(name: .shortAndLong, help: "How many.")
    var number: Int = 5

    func validate() throws {
        guard number >= 1 else { throw ValidationError("-n must be at least 1.") }
    }

    func run() throws {
        let store = try JournalStore.openExisting(library: options.resolvedLibrary, for: .querying)
        if options.json { return try EntryListing.printJSON(store.latest(number), store: store) }
        let lines = try store.latestList(number)
        guard !lines.isEmpty else { throw StoreError.emptyLibrary(store.library.root.path) }
        EntryListing.print(lines) { _ in "Latest additions" }
    }
}

enum JournalCLI {
    /// "25km", "500m", "3.5 km", or a bare number of kilometres.
    static func kilometres(_ text: String) -> Double? { JournalQuery.kilometres(text) }

    /// "LAT,LON", an entry id (prefix) whose place is used, or a place name (`NearPlace`).
    static func point(_ text: String, store: JournalStore) throws -> (latitude: Double, longitude: Double) {
        switch JournalQuery.place(text) {
        case .point(let latitude, let longitude): return (latitude, longitude)
        case .offEarth: throw ValidationError("--near: \(text) is not a place on Earth.")
        case .entry: break
        }
        if NearPlace.looksLikeEntryID(text) {
            do {
                let entry = try store.entry(idPrefix: text)
                guard let location = entry.location else { throw CommandError.noPlace(entry) }
                return (location.latitude, location.longitude)
            } catch let error as StoreError where error.code == .entryNotFound {
                // Not an entry: a place called, say, "Abbe" or "Cafe".
            }
        }
        let location = try NearPlace.resolve(text)
        return (location.latitude, location.longitude)
    }
}
