import DaybookCore
import DaybookStore
import Foundation

/// `daybook export html DIR`: the journal as static files, rendered by the same templates as
/// the server, that open from file:// and can be copied to any web host. The timeline (in
/// pages), every entry with its preview, on this day, the tags, and the map when Leaflet is
/// installed. Read-only: no search, no edit forms.
package struct StaticSite {
    package struct Report: Sendable, Equatable {
        package var pages = 0
        package var entries = 0
        package var previewsMissing = 0
        package var hasMap = false
    }

    package static let entriesPerPage = 200

    let store: JournalStore
    let folder: URL
    let vendor: VendorFiles
    let writer: SiteWriter

    /// `folder` must be new or empty: an export never mixes with other files.
    package init(store: JournalStore, folder: URL, javascriptFolder: URL = WebConfiguration().javascriptFolder) throws {
        self.store = store
        self.folder = folder.standardizedFileURL
        vendor = VendorFiles(folder: javascriptFolder)
        writer = try SiteWriter(folder: self.folder)
    }

    /// Writes the site; `progress` hears how many entries are done of how many.
    package func write(progress: (Int, Int) -> Void = { _, _ in }) throws -> Report {
        var report = Report()
        report.hasMap = vendor.hasLeaflet
        let top = JournalPages(store: store, links: .staticFiles(depth: 0), leaflet: report.hasMap)
        let all = try store.entries()
        let pageCount = max(1, (all.count + Self.entriesPerPage - 1) / Self.entriesPerPage)
        for number in 1...pageCount {
            let slice = Array(all.dropFirst((number - 1) * Self.entriesPerPage).prefix(Self.entriesPerPage))
            let newer = number > 1 ? top.links.timelinePage(number - 1) : nil
            let older = number < pageCount ? (href: top.links.timelinePage(number + 1), cursor: "") : nil
            try writer.text(try top.timeline(slice, newer: newer, older: older), to: number == 1 ? "index.html" : "page-\(number).html")
            report.pages += 1
        }
        try writeEntries(all, report: &report, progress: progress)
        let today = WebJournal.today()
        let day = today.date.monthDay
        let leap = day == MonthDay(month: 2, day: 28) && !CivilCalendar.isLeapYear(today.year)
        try writer.text(
            try top.onThisDay(
                try store.onThisDay(monthDay: day, beforeYear: today.year, includeLeapDay: leap), day: day, thisYear: today.year),
            to: "on-this-day.html")
        try writer.text(top.tags(try store.tagCounts()), to: "tags.html")
        try writer.text(top.map(places: "places.js"), to: "map.html")
        report.pages += 3 + 1
        try writeAssets(hasMap: report.hasMap)
        return report
    }

    private func writeEntries(_ all: [JournalEntry], report: inout Report, progress: (Int, Int) -> Void) throws {
        let pages = JournalPages(store: store, links: .staticFiles(depth: 1), leaflet: report.hasMap)
        let thumbnails = try ThumbnailFiles(library: store.library)
        let previews = try PreviewMaker(library: store.library)
        let allowed = try OriginalPhoto.allowedFolders(store: store, named: [])
        for (index, entry) in all.enumerated() {
            if let name = entry.thumbnailName, let bytes = try thumbnails.read(name) {
                try writer.bytes(bytes, to: "thumbnails/\(name.fileName)")
            }
            var hasPreview = false
            if let name = ThumbnailName(contentHash: entry.contentHash),
                let bytes = try? previews.preview(for: entry, name: name, allowedFolders: allowed)
            {
                try writer.bytes(bytes, to: "previews/\(name.fileName)")
                hasPreview = true
            } else {
                report.previewsMissing += 1
            }
            let html = try pages.entry(
                entry, newer: index > 0 ? all[index - 1] : nil, older: index + 1 < all.count ? all[index + 1] : nil,
                hasPreview: hasPreview)
            // Entry ids are UUIDs the store made; the name is still checked before it becomes a path.
            guard EntryIDText.isWellFormed(entry.id) else {
                throw SiteExportError("entry id \(entry.id) cannot be a file name")
            }
            try writer.text(html, to: "entries/\(entry.id).html")
            report.entries += 1
            progress(index + 1, all.count)
        }
    }

    private func writeAssets(hasMap: Bool) throws {
        for name in ["daybook.css", "countries.js", "map.js", "entry-map.js"] {
            try writer.text(StaticAssets.all[name]!.text, to: "static/\(name)")
        }
        let places = try store.placedEntries().map(PlaceOutput.init)
        let json = String(decoding: try JSONOutput.data(places), as: UTF8.self)
        try writer.text("window.DAYBOOK_PLACES = \(json);\n", to: "places.js")
        guard hasMap else { return }
        for name in VendorFiles.names.keys.sorted() {
            if let file = vendor.file(name) { try writer.bytes([UInt8](file.bytes), to: "vendor/\(name)") }
        }
    }
}

/// Writes the export's files: only under the export folder, each to a temporary name and
/// renamed into place.
struct SiteWriter {
    let folder: URL

    init(folder: URL) throws {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: folder.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw SiteExportError("\(folder.path) is not a folder") }
            guard (try? manager.contentsOfDirectory(atPath: folder.path).isEmpty) == true else {
                throw SiteExportError("\(folder.path) is not empty: export html writes into a new or empty folder")
            }
        }
        do {
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw SiteExportError("cannot create \(folder.path): \(error.localizedDescription)")
        }
        self.folder = folder
    }

    func text(_ text: String, to path: String) throws { try bytes(Array(text.utf8), to: path) }

    func bytes(_ bytes: [UInt8], to path: String) throws {
        let url = folder.appendingPathComponent(path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url, options: .atomic)
        } catch {
            throw SiteExportError("cannot write \(url.path): \(error.localizedDescription)")
        }
    }
}

/// Why `export html` could not write its site: one line, printed as `daybook: error: …`.
package struct SiteExportError: Error, CustomStringConvertible {
    package let description: String
    init(_ description: String) { self.description = description }
}
