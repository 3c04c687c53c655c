import DaybookCore
import DaybookPresentation
import DaybookStore
import Foundation

/// An entry's own page, and the pages that confirm a change of it.
extension JournalPages {
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

    fileprivate func previewImage(_ entry: JournalEntry, _ name: ThumbnailName, _ size: (width: Int, height: Int)) -> ImageView {
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
