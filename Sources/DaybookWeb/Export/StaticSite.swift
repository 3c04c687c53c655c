import DaybookCore
import DaybookPresentation
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
        /// Previews written (made now or from the library's cache).
        package var previewsCopied = 0
        /// The photos that were not where the journal saw them, or had changed: their paths.
        package var missingPhotos: [String] = []
        /// The photos that were there but gave no preview (too big to decode, damaged): path and why.
        package var unpreviewablePhotos: [String] = []
        package var hasMap = false

        /// Entries shown with their thumbnail instead of a preview.
        package var previewsMissing: Int { missingPhotos.count + unpreviewablePhotos.count }
    }

    package static let entriesPerPage = 200
    /// The most places the exported map holds, the newest (docs/web.md, "Static export").
    static let mapPlaceLimit = 5_000

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
        let top = JournalPages(links: .staticFiles(depth: 0), leaflet: report.hasMap)
        // A template that does not parse stops the export before its first file.
        _ = try top.templates.get()
        let all = try store.entries()
        // The timeline shows a stack once, by its cover (docs/stacks.md); every frame has its page.
        let hidden = try store.hiddenStackFrameIDs()
        let shown = hidden.isEmpty ? all : all.filter { !hidden.contains($0.id) }
        let pageCount = max(1, (shown.count + Self.entriesPerPage - 1) / Self.entriesPerPage)
        for number in 1...pageCount {
            let slice = Array(shown.dropFirst((number - 1) * Self.entriesPerPage).prefix(Self.entriesPerPage))
            let newer = number > 1 ? top.links.timelinePage(number - 1) : nil
            let older = number < pageCount ? (href: top.links.timelinePage(number + 1), cursor: "") : nil
            let tiles = try store.readNow { try $0.tiles(slice) }
            try writer.text(top.timeline(tiles, newer: newer, older: older), to: number == 1 ? "index.html" : "page-\(number).html")
            report.pages += 1
        }
        try writeEntries(all, report: &report, progress: progress)
        let today = WebJournal.today()
        let day = today.date.monthDay
        let leap = day == MonthDay(month: 2, day: 28) && !CivilCalendar.isLeapYear(today.year)
        let ask = OnThisDayAsk(monthDay: day, beforeYear: today.year, includeLeapDay: leap)
        let onThisDay = try store.readNow { try $0.tiles(try $0.onThisDayTiles(ask)) }
        try writer.text(top.onThisDay(onThisDay, day: day, thisYear: today.year), to: "on-this-day.html")
        try writer.text(top.tags(try store.tagCounts()), to: "tags.html")
        try writer.text(top.map(places: "places.js"), to: "map.html")
        report.pages += 3 + 1
        try writeAssets(hasMap: report.hasMap)
        return report
    }

    private func writeEntries(_ all: [JournalEntry], report: inout Report, progress: (Int, Int) -> Void) throws {
        let pages = JournalPages(links: .staticFiles(depth: 1), leaflet: report.hasMap)
        let thumbnails = try ThumbnailFiles(library: store.library)
        let previews = try PreviewMaker(library: store.library)
        let allowed = try OriginalPhoto.allowedFolders(store: store, named: [])
        let checks = OriginalChecks()
        for (index, entry) in all.enumerated() {
            if let name = entry.thumbnailName, let bytes = try thumbnails.read(name) {
                try writer.bytes(bytes, to: "thumbnails/\(name.fileName)")
            }
            var hasPreview = false
            // A video's page shows its poster (the thumbnail): there is no still to decode; a
            // text entry has no picture at all.
            switch entry.media != .photo ? nil : try previews.preview(for: entry, allowedFolders: allowed, checks: checks) {
            case nil:
                break
            case .jpeg(let bytes):
                // The rendition exists only for a well-formed hash, so the name does too.
                guard let name = ThumbnailName(contentHash: entry.contentHash) else { break }
                try writer.bytes(bytes, to: "previews/\(name.fileName)")
                report.previewsCopied += 1
                hasPreview = true
            case .originalMissing:
                report.missingPhotos.append(entry.sourcePath)
            case .refused(let reason):
                report.unpreviewablePhotos.append("\(entry.sourcePath): \(reason)")
            }
            let neighbours = (newer: index > 0 ? all[index - 1] : nil, older: index + 1 < all.count ? all[index + 1] : nil)
            let html = try pages.entry(try store.readNow { try $0.entryPage(entry, neighbours: neighbours) }, hasPreview: hasPreview)
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
        // A file page cannot ask a server for the view: the places come in the page, the
        // newest `mapPlaceLimit` of them, so the map's file stays small however large the journal.
        let places = try store.placedEntries(limit: Self.mapPlaceLimit).map(PlaceOutput.init)
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
        } else {
            try Self.makeFolder(folder)
        }
        self.folder = folder
    }

    func text(_ text: String, to path: String) throws { try bytes(Array(text.utf8), to: path) }

    /// Written to a temporary name beside the file, made readable by all (0644: the site is
    /// meant for a web host, whatever the process's umask), then renamed into place.
    func bytes(_ bytes: [UInt8], to path: String) throws {
        let url = folder.appendingPathComponent(path)
        let parent = url.deletingLastPathComponent()
        var isFolder: ObjCBool = false
        if !FileManager.default.fileExists(atPath: parent.path, isDirectory: &isFolder) { try Self.makeFolder(parent) }
        let temporary = parent.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try Data(bytes).write(to: temporary, options: .withoutOverwriting)
            guard chmod(temporary.path, 0o644) == 0, rename(temporary.path, url.path) == 0 else {
                throw SiteExportError(String(cString: strerror(errno)))
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            let reason = (error as? SiteExportError)?.description ?? error.localizedDescription
            throw SiteExportError("cannot write \(url.path): \(reason)")
        }
    }

    /// Creates `url` and any missing parents as 0755 (listable and readable on a web host).
    private static func makeFolder(_ url: URL) throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw SiteExportError("\(url.path) is not a folder") }
            return
        }
        try makeFolder(url.deletingLastPathComponent())
        guard mkdir(url.path, 0o755) == 0 || errno == EEXIST, chmod(url.path, 0o755) == 0 else {
            throw SiteExportError("cannot create \(url.path): \(String(cString: strerror(errno)))")
        }
    }
}

/// Why `export html` could not write its site: one line, printed as `daybook: error: …`.
package struct SiteExportError: Error, CustomStringConvertible {
    package let description: String
    init(_ description: String) { self.description = description }
}
