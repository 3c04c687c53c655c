import DaybookImaging

/// The type an original is served with, from its first bytes (never its name).
enum OriginalMediaType {
    /// `FileKind.mediaType(of:)`: by the bytes, never the name.
    static func of(_ head: [UInt8]) -> String { FileKind.mediaType(of: head) }

    /// "MP4", "MOV", "3GP": how the download link names a video's format; nil for other types.
    static func videoFormat(_ type: String) -> String? {
        switch type {
        case "video/mp4": return "MP4"
        case "video/quicktime": return "MOV"
        case "video/3gpp": return "3GP"
        default: return type.hasPrefix("video/") ? String(type.dropFirst("video/".count)).uppercased() : nil
        }
    }
}
