import DaybookCore
import DaybookPresentation
import DaybookStore
import Foundation
import NIOCore

/// Renders the journal's pages from what was read for them (`PageReads`), for the server and
/// for a static export alike (`links` decides where links point; `csrf` is set only on a
/// server that takes edits). Nothing here reads the store: a page is one read, made before.
/// A page whose template fails throws `TemplateError`: never an empty page.
struct JournalPages: Sendable {
    let links: SiteLinks
    var csrf: String?
    var tiles: String?
    var leaflet = true
    /// Set on a server whose library is read-only: the line its pages show instead of forms.
    var readOnlyNotice: String?
    /// On a server with a password: where the Log out button posts.
    var logout: String?
    /// The binary's own, unless a test gives others.
    var templates = TemplateLibrary.parsed

    /// `model`'s page as a response's body; `capacity` is what its buffer starts with.
    func body(_ model: some PageModel, capacity: Int) throws(TemplateError) -> ByteBuffer {
        try templates.get().body(model, capacity: capacity)
    }

    /// `model`'s page as text.
    func render(_ model: some PageModel, capacity: Int) throws(TemplateError) -> String {
        String(buffer: try body(model, capacity: capacity))
    }

    func frame(_ title: String) -> PageFrame {
        var frame = PageFrame(title: title, links: links)
        frame.csrf = csrf
        frame.logout = logout
        frame.app = links.isServer
        if readOnlyNotice != nil { frame.nav.newEntry = nil }
        return frame
    }

    /// These pages for a library that cannot be written: no edit, delete or new-entry forms,
    /// and `notice` where they would have been.
    func readOnly(_ notice: String) -> JournalPages {
        var pages = self
        pages.csrf = nil
        pages.readOnlyNotice = notice
        return pages
    }

    func sections(_ tiles: TileEntries, distances: [String: Double] = [:], heading: (TimelineTile) -> String) -> [TileSection] {
        TileSection.grouped(
            tiles.tiles, annotations: tiles.annotations, links: links, distances: distances, stackSizes: tiles.stackSizes,
            conflicted: tiles.conflicted, heading: heading)
    }

    /// One page of the timeline; `older` is the link to the next page and the id it starts after.
    func timeline(_ tiles: TileEntries, newer: String?, older: (href: String, cursor: String)?, month: String = "") throws -> String {
        try render(timelineModel(tiles, newer: newer, older: older, month: month), capacity: 64 * 1024)
    }

    /// `timeline(_:newer:older:month:)` as a response's body.
    /// `refining`: the refinement queue, shown while entries wait in it.
    func timelineBody(
        _ tiles: TileEntries, newer: String?, older: (href: String, cursor: String)?, month: String = "",
        refining: RefinementCounts? = nil
    ) throws -> ByteBuffer {
        var model = timelineModel(tiles, newer: newer, older: older, month: month)
        model.refining = refining.flatMap(RefiningNote.init)
        return try body(model, capacity: 64 * 1024)
    }

    func timelineModel(_ tiles: TileEntries, newer: String?, older: (href: String, cursor: String)?, month: String = "") -> TimelinePage {
        var frame = frame("Timeline")
        if links.isServer { frame.scripts = [links.asset("timeline.js")] }
        return TimelinePage(
            frame: frame, jump: links.isServer ? JumpForm(action: links.timeline, month: month) : nil,
            sections: TimelineSection.grouped(tiles, links: links),
            empty: "No entries yet: run `daybook ingest FOLDER`.", api: "/api/entries", newer: newer, older: older?.href,
            olderCursor: older?.cursor)
    }

    /// `note` says which place a "near" name was taken for, when others share the name.
    /// `annotations` are the results' tags and weather, read with them.
    func search(
        _ form: SearchForm, results: [SearchResult]?, annotations: [String: EntryAnnotations] = [:], problem: String?,
        note: String? = nil, older: String? = nil, continued: Bool = false
    ) throws -> String {
        try render(
            searchModel(form, results: results, annotations: annotations, problem: problem, note: note, older: older, continued: continued),
            capacity: 64 * 1024)
    }

    /// A search's page from its matches' tiles (`SearchTiles`), as the server reads them.
    func search(
        _ form: SearchForm, found: SearchTiles?, problem: String?, note: String? = nil, older: String? = nil, continued: Bool = false
    ) throws -> String {
        try render(searchModel(form, found: found, problem: problem, note: note, older: older, continued: continued), capacity: 64 * 1024)
    }

    /// `search(_:found:problem:note:older:continued:)` as a response's body.
    func searchBody(
        _ form: SearchForm, found: SearchTiles?, problem: String?, note: String? = nil, older: String? = nil, continued: Bool = false
    ) throws -> ByteBuffer {
        try body(searchModel(form, found: found, problem: problem, note: note, older: older, continued: continued), capacity: 64 * 1024)
    }

    func searchModel(
        _ form: SearchForm, results: [SearchResult]?, annotations: [String: EntryAnnotations] = [:], problem: String?,
        note: String? = nil, older: String? = nil, continued: Bool = false
    ) -> SearchPage {
        let found = results.map { SearchTiles(results: $0, annotations: annotations) }
        return searchModel(form, found: found, problem: problem, note: note, older: older, continued: continued)
    }

    func searchModel(
        _ form: SearchForm, found: SearchTiles?, problem: String?, note: String? = nil, older: String? = nil, continued: Bool = false
    ) -> SearchPage {
        var frame = frame("Search")
        frame.query = form.q
        let tiles = found?.tiles ?? TileEntries(tiles: [], tileAnnotations: [:])
        let sections = self.sections(tiles, distances: found?.distances ?? [:]) { entry in
            form.near.isEmpty ? CalendarNames.month(of: entry.capturedLocal) : "Nearest first"
        }
        let nothingToFind = JournalQuery(text: form.q).hasNothingToFind
        let summary = found.map { found in
            let count = "\(found.tiles.tiles.count) entr\(found.tiles.tiles.count == 1 ? "y" : "ies")"
            // A page of several: the count is this page's, not the search's.
            guard !(older != nil || continued) else { return count + " on this page" }
            guard found.tiles.tiles.isEmpty else { return count }
            return nothingToFind ? "No entries match: \(JournalQuery.nothingToFindNote)." : "No entries match."
        }
        return SearchPage(frame: frame, form: form, problem: problem, note: note, summary: summary, sections: sections, older: older)
    }

    /// `pages` is set on the server, which shows the day a page at a time (an export shows it whole).
    func onThisDay(_ tiles: TileEntries, day: MonthDay, thisYear: Int, pages: OnThisDayPaging? = nil) throws -> String {
        try render(onThisDayModel(tiles, day: day, thisYear: thisYear, pages: pages), capacity: 64 * 1024)
    }

    /// `onThisDay(_:day:thisYear:pages:)` as a response's body.
    func onThisDayBody(_ tiles: TileEntries, day: MonthDay, thisYear: Int, pages: OnThisDayPaging? = nil) throws -> ByteBuffer {
        try body(onThisDayModel(tiles, day: day, thisYear: thisYear, pages: pages), capacity: 64 * 1024)
    }

    func onThisDayModel(_ tiles: TileEntries, day: MonthDay, thisYear: Int, pages: OnThisDayPaging? = nil) -> OnThisDayPage {
        let sections = self.sections(tiles) { entry in
            guard let date = entry.capturedLocal else { return "" }
            let ago = thisYear - date.year
            return "\(date.year), \(ago) year\(ago == 1 ? "" : "s") ago"
        }
        let title = "\(day.day) \(CalendarNames.monthNames[day.month - 1])"
        let summary = pages.map { "\($0.total) entr\($0.total == 1 ? "y" : "ies")" }
        let form = links.isServer ? DayPicker(action: links.onThisDay, day: day, thisYear: thisYear) : nil
        var frame = frame("On this day")
        // Subscribing is a change: only a server page with the token offers it.
        let remind = links.isServer && csrf != nil ? RemindForm.server : nil
        if remind != nil { frame.scripts = [links.asset("remind.js")] }
        return OnThisDayPage(
            frame: frame, day: title, form: form, summary: summary, sections: sections, newest: pages?.newest, more: pages?.more,
            remind: remind)
    }

    func latest(_ read: TileEntries) throws -> String {
        var frame = frame("Latest")
        // Narrow, for a side panel, but with the way to every other page, as they all have.
        frame.bodyClass = "widget"
        let tiles = read.tiles.map { EntryTile($0, annotations: read.annotations[$0.id], links: links) }
        return try render(LatestPage(frame: frame, tiles: tiles, timeline: links.timeline), capacity: 16 * 1024)
    }

    func tags(_ counts: [TagCount]) throws -> String { try render(tagsModel(counts), capacity: 8 * 1024) }

    func tagsModel(_ counts: [TagCount]) -> TagsPage {
        let rows = counts.map { TagRow(name: $0.name, entries: $0.entries, user: $0.user, auto: $0.auto, search: links.tagSearch($0.name)) }
        return TagsPage(frame: frame("Tags"), tags: rows)
    }

    /// `places` is where the map's script finds the entries with a place: the JSON API on
    /// the server, a script file in an export (a page opened from file:// cannot fetch).
    func map(places: String) throws -> String {
        var frame = frame("Map")
        frame.bodyClass = "mappage"
        if leaflet {
            frame.styles = [
                links.vendor("leaflet/leaflet.css"), links.vendor("leaflet/MarkerCluster.css"),
                links.vendor("leaflet/MarkerCluster.Default.css"),
            ]
            frame.scripts = [
                links.vendor("leaflet/leaflet.js"), links.vendor("leaflet/leaflet.markercluster.js"),
                links.asset("countries.js"),
            ]
            if !links.isServer { frame.scripts.append(places) }
            frame.scripts.append(links.asset("map.js"))
        }
        let page = MapPage(
            frame: frame, places: places, outlines: links.asset("countries.js"), tiles: tiles,
            thumbnails: links.root + "thumbnails/", entries: links.isServer ? "/entries/" : links.root + "entries/",
            entrySuffix: links.isServer ? "" : ".html", leaflet: leaflet)
        return try render(page, capacity: 8 * 1024)
    }

    func newEntry(
        csrf: String, date: String, text: String = "", tags: String = "", problem: String? = nil, upload: UploadForm? = nil
    ) throws -> String {
        var frame = frame("New entry")
        if upload != nil { frame.scripts = [links.asset("new-entry.js")] }
        let page = NewEntryPage(
            frame: frame, action: "/new", csrf: csrf, date: date, text: text, tags: tags, problem: problem, upload: upload)
        return try render(page, capacity: 8 * 1024 + text.utf8.count * 2)
    }

    /// `back` is where the page's link leads: the timeline unless given.
    func message(_ heading: String, _ message: String, back: String? = nil) throws -> String {
        let page = MessagePage(frame: frame(heading), heading: heading, message: message, back: back ?? links.timeline)
        return try render(page, capacity: 4 * 1024)
    }
}
