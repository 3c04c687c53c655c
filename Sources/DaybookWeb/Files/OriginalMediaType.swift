import DaybookImaging

/// The type an original is served with, from its first bytes (never its name).
enum OriginalMediaType {
    /// `FileKind.mediaType(of:)`, and for what it calls octet-stream, a video told by its
    /// `ftyp` brands. Interim: once `FileKind.mediaType` names videos itself (issue 21's
    /// ingest side), the fallback below is dead and this is that call alone.
    static func of(_ head: [UInt8]) -> String {
        let type = FileKind.mediaType(of: head)
        guard type == "application/octet-stream", let brands = ISOBoxes.brands(head), let major = brands.first else { return type }
        if major == "qt  " { return "video/quicktime" }
        if major.hasPrefix("3gp") || major.hasPrefix("3g2") { return "video/3gpp" }
        let mp4 = ["isom", "iso2", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "M4V ", "M4VH", "M4VP", "dash", "mmp4", "MSNV"]
        if mp4.contains(major) || brands.contains(where: { $0 == "isom" || $0 == "mp42" || $0 == "mp41" }) { return "video/mp4" }
        if brands.contains("qt  ") { return "video/quicktime" }
        return type
    }

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
