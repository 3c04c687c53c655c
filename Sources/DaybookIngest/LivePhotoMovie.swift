import DaybookCore
import DaybookImaging
import DaybookMetadata

/// What pairing needs from an Apple Live Photo's `.MOV`: its content identifier
/// (`com.apple.quicktime.content.identifier`) and when it was taken, read exactly as the
/// movie's own entry would be (`VideoFile`'s container tags through `VideoMetadataReader`:
/// the creation date with its offset, else `mvhd`, UTC), so the two can never disagree.
struct LivePhotoMovie: Equatable {
    var contentIdentifier: String?
    var capture: CaptureTime?

    static let contentIdentifierKey = "com.apple.quicktime.content.identifier"

    /// The capture instant in Unix seconds, when the movie knows its offset.
    var capturedUTC: Int64? {
        guard let capture, let offset = capture.offset else { return nil }
        return capture.local.unixSeconds(offsetSeconds: offset.seconds)
    }

    /// The creation date's clock time as the phone wrote it; nil for `mvhd`, which is UTC.
    var creationLocal: LocalDateTime? { capture?.source == .quickTimeCreationDate ? capture?.local : nil }

    /// nil when `bytes` are no video FFmpeg can open (no movie box, no picture track, damage).
    init?(_ bytes: [UInt8]) {
        self.init(.memory(bytes))
    }

    /// The same from a movie read by offset, however large.
    init?(_ source: VideoSource) {
        guard let file = try? VideoFile(source) else { return nil }
        contentIdentifier = file.tags[Self.contentIdentifierKey].flatMap(Self.identifier)
        capture = VideoMetadataReader.read(tags: file.tags, sidecar: nil).capture
    }

    /// A UUID-like identifier: printable ASCII without spaces, upper-cased as in the photo.
    static func identifier(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: [" ", "\0"])
        guard !trimmed.isEmpty, trimmed.utf8.count <= 64, trimmed.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else { return nil }
        return trimmed.uppercased()
    }
}
