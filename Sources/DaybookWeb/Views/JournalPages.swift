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

    /// `hasPreview` false (an export whose photo is gone) shows the thumbnail instead.
    func entry(_ read: EntryRead, hasPreview: Bool = true) throws -> String {
        try render(entryModel(read, hasPreview: hasPreview), capacity: 16 * 1024)
    }

    func entryModel(_ read: EntryRead, hasPreview: Bool = true) -> EntryPage {
        let (entry, tags, weather, newer, older) = (read.entry, read.tags, read.weather, read.newer, read.older)
        var frame = frame(entry.capturedLocal.map(CalendarNames.day) ?? "Undated entry")
        frame.notice = readOnlyNotice
        if entry.location != nil && leaflet {
            frame.styles = [links.vendor("leaflet/leaflet.css")]
            frame.scripts = [links.vendor("leaflet/leaflet.js"), links.asset("countries.js"), links.asset("entry-map.js")]
        }
        let name = ThumbnailName(contentHash: entry.contentHash)
        let edit = csrf.map { token in
            var forms = EditForms(
                textAction: "/entries/\(entry.id)/text", tagsAction: "/entries/\(entry.id)/tags",
                deleteLink: "/entries/\(entry.id)/delete", csrf: token, textVersion: entry.textVersion.description,
                dateAction: "/entries/\(entry.id)/date", date: EntryWhenWhere.dateField(entry),
                placeAction: "/entries/\(entry.id)/place", place: EntryWhenWhere.placeField(entry),
                photoAction: "/entries/\(entry.id)/photo")
            forms.attachPhoto = entry.media == .text
            forms.needsDate = entry.media != .text && entry.capturedLocal == nil
            // A photo on another device has no bytes here to move: it is changed there.
            forms.detachPhoto =
                entry.media != .text && !entry.text.isEmpty && read.stack == nil && read.files.isEmpty && !entry.isPhotoElsewhere
            return forms
        }
        if let edit, edit.attachPhoto || edit.detachPhoto { frame.scripts.append(links.asset("entry-photo.js")) }
        let isVideo = entry.media == .video
        // A video no frame could be taken from is damaged or of a codec FFmpeg lacks: a
        // browser would show an empty player, so the page says why instead.
        let playsVideo = isVideo && links.isServer && entry.thumbnail != nil
        if playsVideo { frame.scripts.append(links.asset("entry-video.js")) }
        // The clip plays over the preview, from the server only: an export holds no originals.
        let motion = links.isServer && hasPreview && !isVideo && entry.thumbnail != nil ? MotionView(entry: entry, files: read.files) : nil
        if motion != nil { frame.scripts.append(links.asset("entry-motion.js")) }
        return EntryPage(
            frame: frame, id: entry.id, newer: newer.map { links.entry($0.id) }, older: older.map { links.entry($0.id) },
            preview: playsVideo
                ? nil
                // No picture was made (a RAW without a preview, a damaged file): none can be fetched.
                : hasPreview && !isVideo && !entry.isPhotoElsewhere && entry.thumbnail != nil
                    ? name.flatMap { name in PreviewSize.of(entry).map { previewImage(entry, name, $0) } }
                    : EntryTile(entry: entry, annotations: nil, links: links).image,
            picture: entry.media != .text,
            video: playsVideo ? VideoView(entry: entry, type: read.videoType, links: links) : nil,
            videoNote: isVideo && !links.isServer ? Self.exportVideoNote(entry) : nil, motion: motion, kind: entry.media.rawValue,
            // A video that does not play is still the person's file, to download.
            original: links.isServer && !entry.isPhotoElsewhere && (entry.media == .photo || (isVideo && !playsVideo))
                ? "/originals/\(entry.id)" : nil,
            originalJPEG: links.isServer && !entry.isPhotoElsewhere && entry.thumbnail != nil
                ? OriginalPhoto.jpegLink(for: entry) : nil,
            fileName: (entry.sourcePath as NSString).lastPathComponent,
            files: read.files.map { file in
                FileLink(
                    label: Self.fileLabel(file.role), name: (file.path as NSString).lastPathComponent,
                    href: links.isServer ? "/originals/\(entry.id)?file=\(file.role.rawValue)" : nil)
            },
            day: entry.capturedLocal.map(CalendarNames.day) ?? "No date",
            facts: EntryFacts.main(entry, weather: weather), details: EntryFacts.details(entry, files: read.files),
            tags: tags.map { TagView(name: $0.name, isUser: $0.source == .user, search: links.tagSearch($0.name)) },
            edit: edit,
            map: leaflet
                ? entry.location.map {
                    MapSpot(
                        latitude: $0.latitude, longitude: $0.longitude, place: entry.placeName ?? "", tiles: tiles,
                        outlines: links.asset("countries.js"), bigMap: links.mapEntry(entry.id))
                } : nil,
            text: entry.text, paragraphs: entry.text.split(separator: "\n").map(String.init),
            stack: StackView(read, links: links, csrf: csrf),
            // No picture to fetch (no broken image, no request that can only fail): words instead.
            noImage: EntryText.noPicture(entry), noImageWhy: EntryText.noPictureWhy(entry),
            conflicts: read.conflicts.map { ConflictView($0, entryID: entry.id, csrf: csrf) })
    }

    /// How the page names an entry's other file: "RAW: IMG_0001.DNG", "Live Photo movie: IMG_0001.MOV".
    static func fileLabel(_ role: EntryFile.Role) -> String {
        switch role {
        case .raw: "RAW"
        case .livePhotoVideo: "Live Photo movie"
        }
    }

    /// An export carries previews, not originals (docs/web.md), so a video is its poster and these words.
    static func exportVideoNote(_ entry: JournalEntry) -> String {
        let name = (entry.sourcePath as NSString).lastPathComponent
        let length = entry.durationSeconds.map { ", \(DurationText.clock($0))" } ?? ""
        return "A video (\(name)\(length)): this export holds its poster frame, not the video file."
    }

    private func previewImage(_ entry: JournalEntry, _ name: ThumbnailName, _ size: (width: Int, height: Int)) -> ImageView {
        ImageView(src: links.preview(name), width: size.width, height: size.height, alt: EntryText.alt(entry))
    }

    func editConflict(_ entry: JournalEntry, _ conflict: EditConflict, csrf: String) throws -> String {
        let page = EditConflictPage(
            frame: frame("Text not saved"), entry: links.entry(entry.id), action: "/entries/\(entry.id)/text", csrf: csrf,
            currentText: conflict.currentText, currentVersion: conflict.currentVersion.description,
            submittedText: conflict.submittedText)
        return try render(page, capacity: 8 * 1024)
    }

    func confirmDelete(_ entry: JournalEntry, csrf: String) throws -> String {
        let tile = EntryTile(entry: entry, annotations: nil, links: links)
        let page = ConfirmDeletePage(
            frame: frame("Delete entry"), day: tile.day, place: tile.place, image: tile.image,
            action: "/entries/\(entry.id)/delete", csrf: csrf, cancel: links.entry(entry.id),
            shortID: String(entry.id.prefix(8)))
        return try render(page, capacity: 8 * 1024)
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

/// The size a preview will have: the photo as shown (orientation applied), longest side
/// `PreviewMaker.longestSide` at most.
enum PreviewSize {
    static func of(_ entry: JournalEntry) -> (width: Int, height: Int)? {
        guard var width = entry.pixelWidth, var height = entry.pixelHeight, width > 0, height > 0 else { return nil }
        if entry.orientation.swapsAxes { swap(&width, &height) }
        let scale = min(1, Double(PreviewMaker.longestSide) / Double(max(width, height)))
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }
}
