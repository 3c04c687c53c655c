import DaybookCore
import DaybookPresentation
import DaybookStore
import Foundation

/// A photo's motion on its page (docs/motion.md): a muted, looping `<video>` over the still,
/// fetched only when it plays (`preload="none"`), which entry-motion.js starts on hover or
/// tap and stops on leaving or a second tap. The badge is a download link underneath, which
/// the script turns into a play button, and back into the link with `unplayable`'s words when
/// the browser cannot decode the clip (an iPhone's HEVC in most browsers).
struct MotionView: Sendable {
    /// `/originals/ID?file=motion`
    let src: String
    /// `video/mp4` for a motion photo's clip; nil for a Live Photo's movie, whose type only
    /// its bytes tell, and which the browser finds out by trying.
    let type: String?
    /// "Motion" or "LIVE": what the badge says while the clip can play.
    let badge: String
    /// "Live Photo (movie: download)": what it says when the clip cannot.
    let unplayable: String

    init(src: String, type: String?, badge: String, unplayable: String) {
        (self.src, self.type, self.badge, self.unplayable) = (src, type, badge, unplayable)
    }

    /// Nil when the entry has no motion.
    init?(entry: JournalEntry, files: [EntryFile]) {
        src = "/originals/\(entry.id)?file=motion"
        if entry.motionClip != nil {
            (type, badge, unplayable) = ("video/mp4", "Motion", "Motion photo (clip: download)")
        } else if files.contains(where: { $0.role == .livePhotoVideo }) {
            (type, badge, unplayable) = (nil, "LIVE", "Live Photo (movie: download)")
        } else {
            return nil
        }
    }
}

extension EntryFacts {
    /// "Motion photo, 2.8 kB clip", "Live Photo: IMG_0001.MOV" or "none" (`"motion"` in `--json`).
    static func motion(_ entry: JournalEntry, files: [EntryFile]) -> FactRow {
        let text: String
        if let clip = entry.motionClip {
            text = "Motion photo, \(ByteCount.text(clip.length)) clip"
        } else if let movie = files.first(where: { $0.role == .livePhotoVideo }) {
            text = "Live Photo: \((movie.path as NSString).lastPathComponent)"
        } else {
            text = "none"
        }
        return FactRow("Motion", FactText(text, "motion"))
    }
}
