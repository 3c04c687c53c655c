import ArgumentParser
import DaybookStore
import Foundation

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Export the journal as JSON, Markdown or GeoJSON.",
        discussion: """
            json: everything (entries, tags, removed tags, weather, thumbnails as base64); \
            `daybook import` reads it back into an empty library. markdown: one file per month \
            in DIR, thumbnails copied beside them and linked, and places.md, the entries by \
            country, region and town. geojson: a point per entry with a \
            place, with its date, tags and thumbnail path, for maps.

            Examples:
              daybook export json journal.json
              daybook export markdown ~/journal-md
              daybook export geojson places.geojson
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case json, markdown, geojson }

    @OptionGroup var options: LibraryOptions

    @Argument(help: "json, markdown or geojson.")
    var format: Format

    @Argument(help: "Output file (a folder for markdown; '-' for standard output with json/geojson).")
    var output: String

    @Flag(name: .long, help: "json: leave the thumbnails out (smaller file; import then has none).")
    var noThumbnails = false

    func run() throws {
        let store = try JournalStore.openExisting(library: options.resolvedLibrary)
        let count: Int
        switch format {
        case .json:
            let archive = try store.exportArchive(includeThumbnails: !noThumbnails)
            count = archive.items.count
            try write(try JSONOutput.data(archive))
        case .geojson:
            let items = try store.journalItems()
            count = items.count
            try write(try JournalExport.geoJSON(items, store: store))
        case .markdown:
            guard output != "-" else { throw ValidationError("markdown needs a folder, not standard output.") }
            let items = try store.journalItems()
            count = items.count
            let files = try JournalExport.markdown(items, store: store, to: URL(fileURLWithPath: output))
            let months = files.filter { $0.lastPathComponent != "places.md" }.count
            let places = months < files.count ? " and places.md" : ""
            Console.writeError("daybook: wrote \(months) month files\(places) to \(output)")
        }
        if output != "-" { Console.writeError("daybook: exported \(count) entries") }
    }

    private func write(_ data: Data) throws {
        if output == "-" { return FileHandle.standardOutput.write(data + Data("\n".utf8)) }
        do {
            try data.write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            throw CommandError.cannotWrite(output, error)
        }
    }
}
