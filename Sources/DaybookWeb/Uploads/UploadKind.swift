import DaybookImaging

/// What an upload is, judged from its first bytes (`FileKind`), never from its name or its
/// Content-Type, which the client chooses: the photos and videos the ingester reads.
enum UploadKind {
    /// The bytes `kind(of:)` needs, when the file has that many.
    static let prefixLength = FileKind.prefixLength

    /// What the kinds are called on the page and in a refusal.
    static let accepted = "JPEG, HEIC, AVIF, PNG, WebP, GIF, MP4 and MOV"

    /// The extension a file of this kind is stored with, or nil for a kind not taken.
    static func fileExtension(of prefix: [UInt8]) -> String? {
        switch FileKind(prefix: prefix) {
        case .jpeg: return "jpg"
        case .heif: return "heic"
        case .avif: return "avif"
        case .png: return "png"
        case .webp: return "webp"
        case .gif: return "gif"
        case .video: return "mp4"
        // A camera RAW belongs beside its JPEG in a folder `ingest` reads, not in a phone's upload.
        case .cameraRaw, .other: return nil
        }
    }

    /// The refusal's words: what the bytes look like, and what is taken.
    static func refusal(of prefix: [UInt8]) -> String {
        let what: String
        switch FileKind(prefix: prefix) {
        case .other(let description):
            what = description.hasPrefix("not a JPEG (") ? String(description.dropFirst(11)) : "(\(description))"
        case .cameraRaw: what = "(a camera RAW file)"
        default: what = ""
        }
        return "this file is not a photo or video daybook reads \(what); it takes \(accepted)"
            .replacingOccurrences(of: "  ", with: " ")
    }
}
