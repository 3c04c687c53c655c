import ArgumentParser
import DaybookCore
import DaybookPresentation
import DaybookStore
import Foundation

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Show the journal, sectioned by month, newest first.",
        discussion: """
            Each line: date, weekday and time (camera local time), place, weather, tags, the \
            first line of your text, and the short id. Undated photos come last.

            Examples:
              daybook list --limit 20
              daybook list --month 2024-05
            """
    )

    @OptionGroup var options: LibraryOptions

    @Option(name: .long, help: ArgumentHelp("Only this month (YYYY-MM).", valueName: "month"))
    var month: String?

    @Option(name: .long, help: "Show at most this many entries.")
    var limit: Int?

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
        if let month, CalendarMonth(month) == nil {
            throw ValidationError("--month must look like 2024-05 (got \(month)).")
        }
    }

    func run() throws {
        let store = try JournalStore.openExisting(library: options.resolvedLibrary, for: .querying)
        // Checked in validate(): it parses.
        let calendarMonth = month.flatMap(CalendarMonth.init)
        if options.json {
            let entries = try calendarMonth.map { try store.entries(month: $0, limit: limit) } ?? store.entries(limit: limit)
            return try EntryListing.printJSON(entries, store: store)
        }
        let lines = try calendarMonth.map { try store.monthList($0, limit: limit) } ?? store.timelineList(limit: limit)
        if lines.isEmpty {
            if let month { return Console.writeError("daybook: no entries in \(month)") }
            throw StoreError.emptyLibrary(store.library.root.path)
        }
        EntryListing.print(lines)
    }
}

struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show every field of one entry.",
        discussion: "ID may be any unique prefix of the entry's id (at least 4 characters), as printed by `daybook list`."
    )

    @OptionGroup var options: LibraryOptions

    @Argument(help: "Entry id or unique prefix.")
    var id: String

    func run() throws {
        let store = try JournalStore.openExisting(library: options.resolvedLibrary, for: .querying)
        let entry = try store.entry(idPrefix: id)
        let tags = try store.tags(entryID: entry.id)
        let weather = try store.weather(entryID: entry.id)
        let files = try store.files(entryID: entry.id)
        let stack = try store.entryStack(entryID: entry.id)
        if options.json {
            var output = EntryDetailsOutput(entry: entry, tags: tags, weather: weather, files: files)
            output.stack = stack
            return try Console.printJSON(output)
        }
        var fileRows = files.map { ($0.role.rawValue, $0.path) }
        if let stack {
            let cover = stack.coverID == entry.id ? "this entry" : String(stack.coverID.prefix(8))
            fileRows.append(("stack", "\(stack.size) frames, cover \(cover)\(stack.coverPicked ? " (picked)" : "") (daybook stack show)"))
        }
        let motionRows = EntryFormat.motion(entry, files: files).map { [("motion", $0)] } ?? []
        let rows = EntryFormat.details(entry, tags: tags, weather: weather, library: store.library) + motionRows + fileRows
        // Labels are ours (a file's role among them, such as "live-photo-video"): the column
        // is as wide as the longest, so none is cut and the values stay in one column.
        let width = max(12, rows.map(\.0.count).max() ?? 0)
        for (label, value) in rows {
            // The entry's own text keeps its lines, each escaped and indented under the first;
            // anywhere else a line break is escaped, so a name cannot forge a row.
            let lines = label == "text" ? value.split(separator: "\n", omittingEmptySubsequences: false) : [Substring(value)]
            for (index, line) in lines.enumerated() {
                let column = (index == 0 ? label : "").padding(toLength: width, withPad: " ", startingAt: 0)
                Console.output("\(column) \(line)")
            }
        }
    }
}
