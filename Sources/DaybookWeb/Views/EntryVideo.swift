import DaybookCore
import DaybookImaging
import DaybookPresentation
import DaybookStore
import Foundation

/// A video entry on its page: a `<video>` that streams the original through `/originals/ID`
/// (which answers Range requests, so the player seeks), its poster frame (the thumbnail), and a
/// download link that stays for a browser that cannot decode the codec (entry-video.js then
/// shows `notice`).
struct VideoView: Sendable {
    let src: String
    /// `video/mp4`, …, from the file's first bytes; nil when the file cannot be read now.
    let type: String?
    let poster: String?
    let width: Int?
    let height: Int?
    /// "Download the video (MP4, 0:12)"
    let download: String
    let fileName: String

    init(src: String, type: String?, poster: String?, width: Int?, height: Int?, download: String, fileName: String) {
        (self.src, self.type, self.poster, self.width, self.height) = (src, type, poster, width, height)
        (self.download, self.fileName) = (download, fileName)
    }

    /// The server's view of a video entry; `type` is what its file's first bytes say (`EntryRead.videoType`).
    init(entry: JournalEntry, type: String?, links: SiteLinks) {
        let type = type.flatMap { $0.hasPrefix("video/") ? $0 : nil }
        let size = PreviewSize.of(entry) ?? entry.thumbnailWidth.flatMap { w in entry.thumbnailHeight.map { (w, $0) } }
        let about = [type.flatMap(OriginalMediaType.videoFormat), entry.durationSeconds.map(DurationText.clock)].compactMap { $0 }
        self.init(
            src: "/originals/\(entry.id)", type: type, poster: entry.thumbnailName.map(links.thumbnail), width: size?.width,
            height: size?.height, download: "Download the video" + (about.isEmpty ? "" : " (\(about.joined(separator: ", ")))"),
            fileName: (entry.sourcePath as NSString).lastPathComponent)
    }
}

extension EntryText {
    /// The tile's badge: "▶ 0:12", or "▶" for a video whose length is unknown; nil for a photo.
    static func videoBadge(media: MediaKind, durationSeconds: Double?) -> String? {
        guard media == .video else { return nil }
        return "▶" + (durationSeconds.map { " " + DurationText.clock($0) } ?? "")
    }
}
