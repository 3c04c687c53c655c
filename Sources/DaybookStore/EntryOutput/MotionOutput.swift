import DaybookCore

/// An entry's motion, as `--json` and `export json` print it (`"motion"`): the clip inside a
/// motion photo's own file (`source` "motion-photo", with `offset` and `length` in that
/// file), or a Live Photo's video beside the photo (`source` "live-photo", with its `path`).
package struct MotionOutput: Sendable, Hashable, Codable {
    package enum Source: String, Sendable, CaseIterable {
        case motionPhoto = "motion-photo"
        case livePhoto = "live-photo"
    }

    package var source: String
    package var offset: Int64?
    package var length: Int64?
    package var path: String?

    package init(_ clip: MotionClip) {
        source = Source.motionPhoto.rawValue
        offset = clip.offset
        length = clip.length
    }

    package init(livePhotoVideo path: String) {
        source = Source.livePhoto.rawValue
        self.path = path
    }

    /// The motion of an entry with these other files: its own clip first, else its Live
    /// Photo video; nil when it has neither.
    package static func of(_ entry: JournalEntry, files: [EntryFile]) -> MotionOutput? {
        if let clip = entry.motionClip { return MotionOutput(clip) }
        return files.first { $0.role == .livePhotoVideo }.map { MotionOutput(livePhotoVideo: $0.path) }
    }
}
