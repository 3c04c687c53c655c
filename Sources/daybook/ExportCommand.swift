import ArgumentParser
import DaybookCore
import DaybookPresentation
import DaybookStore
import DaybookWeb
import Foundation

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export the journal as JSON, Markdown, GeoJSON or a static web site.",
        discussion: """
            json: everything (entries, tags, removed tags, weather, thumbnails as base64); \
            `daybook import` reads it back into an empty library. markdown: one file per month \
            in DIR, thumbnails copied beside them and linked, and places.md, the entries by \
            country, region and town. geojson: a point per entry with a \
            place, with its date, tags and thumbnail path, for maps (entries without a place are left \
            out, and counted). html: the web journal of \
            `daybook serve` as static pages in a new or empty DIR (timeline, entries with previews \
            of every photo, HEIC too, on this day, tags, and the map when libjs-leaflet is \
            installed) that open from file:// and can be copied to any web host (files 0644, \
            folders 0755); it says how many previews it copied and names the photos that got none \
            (--verbose: all of them).

            Examples:
              daybook export json journal.json
              daybook export markdown ~/journal-md
              daybook export geojson places.geojson
              daybook export html ~/journal-site        then open ~/journal-site/index.html
              daybook export html --verbose ~/journal-site
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case json, markdown, geojson, html }

    @OptionGroup var options: LibraryOptions

    @Argument(help: "json, markdown, geojson or html.")
    var format: Format

    @Argument(help: "Output file (a folder for markdown and html; '-' for standard output with json/geojson).")
    var output: String

    @Flag(name: .long, help: "json: leave the thumbnails out (smaller file; import then has none).")
    var noThumbnails = false

    @Flag(name: .long, help: "html: name every photo that got no preview, one line each (otherwise the first few).")
    var verbose = false

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
            try write(try JournalExport.geoJSON(items, store: store))
            if output != "-" {
                Console.writeError(TerminalText(Self.geoJSONSummary(placed: JournalExport.geoJSONFeatureCount(items), of: items.count)))
            }
            return
        case .markdown:
            guard output != "-" else { throw ValidationError("markdown needs a folder, not standard output.") }
            let items = try store.journalItems()
            count = items.count
            let files = try JournalExport.markdown(items, store: store, to: URL(fileURLWithPath: output))
            let months = files.filter { $0.lastPathComponent != "places.md" }.count
            let places = months < files.count ? " and places.md" : ""
            Console.writeError("daybook: wrote \(months) month files\(places) to \(output)")
        case .html:
            count = try ExportHTML.run(store: store, output: output, verbose: verbose)
        }
        if output != "-" { Console.writeError("daybook: exported \(count) entries") }
    }

    /// "daybook: 13 entries with a place written; 20 without a place left out"
    static func geoJSONSummary(placed: Int, of total: Int) -> String {
        let left = total - placed
        var line = "daybook: \(placed) \(placed == 1 ? "entry" : "entries") with a place written"
        if left > 0 { line += "; \(left) without a place left out" }
        return line
    }

    private func write(_ data: Data) throws {
        if output == "-" { return Console.writeExact(data) }
        do {
            try data.write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            throw CommandError.cannotWrite(output, error)
        }
    }
}
