/// How a video's media type (`FileKind.mediaType`) is named to a person: the download link's "MP4".
enum OriginalMediaType {
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
