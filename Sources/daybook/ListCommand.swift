import ArgumentParser
import DaybookStore
import Foundation

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show the journal, sectioned by month, newest first.",
        discussion: "Each line: date and time (camera local time), place, camera, short id. Undated photos come last."
    )

    @OptionGroup var options: LibraryOptions

    @Option(name: .long, help: "Show at most this many entries.")
    var limit: Int?

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
    }

    func run() throws {
        try reportingErrors {
            let store = try JournalStore.openExisting(library: options.resolvedLibrary)
            let entries = try store.entries(limit: limit)
            if options.json { return try Console.printJSON(entries) }
            guard !entries.isEmpty else { throw StoreError.emptyLibrary(store.library.root.path) }
            var currentSection: String?
            for entry in entries {
                let section = EntryFormat.monthSection(entry)
                if section != currentSection {
                    if currentSection != nil { print("") }
                    print(section)
                    currentSection = section
                }
                print("  " + EntryFormat.line(entry))
            }
        }
    }
}

struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show every field of one entry.",
        discussion: "ID may be any unique prefix of the entry's id (at least 4 characters), as printed by `daybook list`."
    )

    @OptionGroup var options: LibraryOptions

    @Argument(help: "Entry id or unique prefix.")
    var id: String

    func run() throws {
        try reportingErrors {
            let store = try JournalStore.openExisting(library: options.resolvedLibrary)
            let entry = try store.entry(idPrefix: id)
            let tags = try store.tags(entryID: entry.id)
            let weather = try store.weather(entryID: entry.id)
            if options.json { return try Console.printJSON(EntryDetails(entry: entry, tags: tags, weather: weather)) }
            for (label, value) in EntryFormat.details(entry, tags: tags, weather: weather, thumbnails: ThumbnailFiles(library: store.library)) {
                print("\(label.padding(toLength: 12, withPad: " ", startingAt: 0)) \(value)")
            }
        }
    }
}

/// An entry's JSON with its tags and weather added.
struct EntryDetails: Encodable {
    let entry: JournalEntry
    let tags: [JournalTag]
    let weather: WeatherRecord?

    enum Key: String, CodingKey { case tags, weather }

    func encode(to encoder: Encoder) throws {
        try entry.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(tags, forKey: .tags)
        try container.encode(weather, forKey: .weather)
    }
}
