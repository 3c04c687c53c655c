import ArgumentParser
import DaybookCore
import DaybookIngest
import DaybookPlaces
import DaybookStore
import Foundation

struct Places: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "places",
        abstract: "Where the entries were: by country, region and town, with counts and dates.",
        discussion: """
            Every entry with a position is named offline at ingest: the nearest town within \
            25 km (a city counts as wide as its population), its region and its country; past \
            25 km only the country, from its border; at sea nothing. A capture time without an \
            offset takes the town's time zone. Data: GeoNames (CC BY 4.0) and Natural Earth \
            (public domain), built into daybook; see `daybook places --about`.

            --update looks up the entries added before places existed, or named by an older \
            place table, and gives floating times their zone; it can be stopped and run again.

            Examples:
              daybook places                      countries, regions and towns with entry counts
              daybook places --update             name entries from before places (progress on a terminal)
              daybook places --find "Paris"       the places a name may mean, most populous first
              daybook search --near "Paris, FR"   entries near a place, by name
            """
    )

    @OptionGroup var options: LibraryOptions

    @Flag(name: .long, help: "Look up the entries not named by this daybook's place table.")
    var update = false

    @Option(name: .long, help: ArgumentHelp("List the places a name may mean (NAME or \"NAME, COUNTRY\").", valueName: "name"))
    var find: String?

    @Flag(name: .long, help: "Where the place data comes from, its licence and version.")
    var about = false

    func validate() throws {
        if [update, find != nil, about].filter({ $0 }).count > 1 { throw ValidationError("Use one of --update, --find and --about.") }
    }

    func run() throws {
        let placer = try EntryPlacer.embedded()
        if about { return try printAbout(placer.gazetteer) }
        if let find { return try printCandidates(placer.gazetteer, name: find) }
        let store = try JournalStore.openExisting(library: options.resolvedLibrary, for: update ? .writing : .reading)
        if update { return try runUpdate(store: store, placer: placer) }
        try printCounts(store: store, version: placer.gazetteer.version)
    }

    private func printAbout(_ gazetteer: Gazetteer) throws {
        if options.json {
            return try Console.printJSON(["version": gazetteer.version, "sources": gazetteer.sources, "places": "\(gazetteer.placeCount)"])
        }
        Console.output("place table \(gazetteer.version): \(gazetteer.placeCount) places")
        Console.outputLines(gazetteer.sources)
    }

    private func printCandidates(_ gazetteer: Gazetteer, name: String) throws {
        let candidates = gazetteer.places(named: name, limit: 20)
        if options.json { return try Console.printJSON(candidates) }
        guard !candidates.isEmpty else { return Console.writeError("daybook: no place is called \(name)") }
        for candidate in candidates {
            Console.output(
                TerminalText(
                    String(
                        format: "%@  %.4f, %.4f  %@ people  %@", candidate.place.fullLabel, candidate.location.latitude,
                        candidate.location.longitude, "\(candidate.population)", candidate.place.timeZone ?? "")))
        }
    }

    private func runUpdate(store: JournalStore, placer: EntryPlacer) throws {
        let updater = PlaceUpdater(store: store, placer: placer)
        let total = try updater.pending()
        let progress = ProgressLine()
        let summary = try updater.run { done in progress.update("naming places: \(done)/\(total)") }
        progress.clear()
        if options.json { return try Console.printJSON(summary) }
        Console.output(
            TerminalText(
                "\(summary.lookedUp) entries looked up with place table \(summary.version): \(summary.towns) near a town, "
                    + "\(summary.countriesOnly) by country only, \(summary.unnamed) unnamed (at sea); "
                    + "\(summary.zoned) floating times took their place's zone"))
    }

    private func printCounts(store: JournalStore, version: String) throws {
        let counts = try store.placeCounts()
        let pending = try store.entriesNeedingPlaces(version: version)
        if options.json {
            return try Console.printJSON(PlacesOutput(version: version, notLookedUp: pending, places: counts))
        }
        guard !counts.isEmpty else { return Console.writeError("daybook: no entry has a position") }
        for line in PlaceTree(counts).lines { Console.output(TerminalText(line)) }
        if pending > 0 {
            Console.writeError("daybook: note: \(pending) entries were not named by this place table; run `daybook places --update`")
        }
    }
}

/// `daybook places --json`.
struct PlacesOutput: Encodable {
    let version: String
    let notLookedUp: Int
    let places: [PlaceCount]
}

/// The counts as an indented tree: country, then region, then town, each with its entries
/// and date range.
struct PlaceTree {
    let lines: [String]

    init(_ counts: [PlaceCount]) {
        var lines: [String] = []
        func add(_ label: String, depth: Int, _ rows: [PlaceCount]) {
            let entries = rows.map(\.entries).reduce(0, +)
            let first = rows.compactMap(\.firstDate).min(), last = rows.compactMap(\.lastDate).max()
            let dates = first.map { first in last.map { $0 == first ? "  \(first.iso)" : "  \(first.iso) – \($0.iso)" } ?? "" } ?? ""
            let name = String(repeating: "  ", count: depth) + label
            let padded = name.count >= 40 ? name + " " : name.padding(toLength: 40, withPad: " ", startingAt: 0)
            lines.append(padded + "\(entries) entr\(entries == 1 ? "y" : "ies")" + dates)
        }
        var countries: [String?] = []
        for count in counts where countries.last != count.country { countries.append(count.country) }
        for country in countries {
            let inCountry = counts.filter { $0.country == country }
            add(country ?? "(no place name: at sea or not looked up)", depth: 0, inCountry)
            guard country != nil else { continue }
            var regions: [String?] = []
            for count in inCountry where regions.last != count.region { regions.append(count.region) }
            for region in regions {
                let inRegion = inCountry.filter { $0.region == region }
                let depth = region == nil ? 1 : 2
                if let region { add(region, depth: 1, inRegion) }
                for town in inRegion { add(town.name ?? "(open country)", depth: depth, [town]) }
            }
        }
        self.lines = lines
    }
}
