import DaybookImaging

/// What a file that Daybook did not read is, for the summary ("3 camera RAW, 1 video"),
/// `--json` (`kind`) and `--verbose`. Recognised by its first bytes and, when they say
/// nothing Daybook knows, by its name: a renamed file is told by content, a RAW whose maker
/// format has no signature of its own by its extension.
public enum SkipKind: String, Sendable, CaseIterable, Codable {
    case cameraRaw = "camera-raw"
    case video
    /// Apple Photos' edit recipe beside a photo (`IMG_0001.AAE`, an XML property list).
    case appleEdit = "apple-edit"
    /// A FIFO, a device or a socket: never opened (`PhotoScanner`).
    case specialFile = "special-file"
    /// A name that is not UTF-8 (`FolderListing.Listing.notUTF8`): never opened.
    case badName = "name-not-utf8"
    /// A photo whose entry a person deleted (`daybook trash`): left out for good.
    case deleted
    case other

    /// How the summary counts it: "camera RAW", "video", "other".
    public var label: String {
        switch self {
        case .cameraRaw: "camera RAW"
        case .video: "video"
        case .appleEdit: "Apple edit"
        case .specialFile: "not a regular file"
        case .badName: "name not UTF-8"
        case .deleted: "deleted before, left out"
        case .other: "other"
        }
    }

    /// The reason a file of this kind was skipped, as `--verbose` and `--json` give it;
    /// `detail` words the `other` kind ("not a photo (looks like HTML/text)").
    func reason(detail: String) -> SkipReason {
        switch self {
        case .cameraRaw: SkipReason(kind: self, description: "\(label) by its name, but \(detail)")
        case .video: SkipReason(kind: self, description: "video in a format Daybook does not read (only .mov, .mp4, .m4v, .3gp)")
        case .appleEdit: SkipReason(kind: self, description: "Apple edit (.AAE, its photo is read without it)")
        case .deleted: SkipReason(kind: self, description: "deleted from the journal (\(detail); `daybook trash` lists it)")
        case .specialFile, .badName, .other: SkipReason(kind: self, description: detail)
        }
    }

    /// The file's kind from its first bytes (at least `FileKind.prefixLength` of them when the
    /// file has them) and its name. nil when the bytes are a photo Daybook reads.
    package init?(prefix: [UInt8], name: String) {
        switch FileKind(prefix: prefix) {
        case .jpeg, .heif, .avif, .cameraRaw, .png, .webp, .gif, .video: return nil
        case .other: self = Self.byContent(prefix) ?? Self.byName(name) ?? .other
        }
    }

    /// Whether the name says a format Daybook reads: such a file that is none of them is
    /// broken (a failed download, an HTML page saved under a photo's name), a failure rather
    /// than a skip. A RAW name is not enough: makers' formats LibRaw does not know are skipped,
    /// not failures.
    package static func nameClaimsReadablePhoto(_ name: String) -> Bool {
        readableExtensions.contains(fileExtension(name))
    }

    static let readableExtensions: Set = [
        "jpg", "jpeg", "jpe", "jfif", "heic", "heif", "hif", "avif", "png", "webp", "gif", "mov", "mp4", "m4v", "3gp",
    ]
    static let rawExtensions: Set = [
        "dng", "cr2", "cr3", "crw", "nef", "nrw", "arw", "srf", "sr2", "raf", "orf", "rw2", "pef", "srw", "raw",
    ]
    /// Videos in containers Daybook does not read: AVI, Matroska/WebM, MPEG transport streams
    /// (camcorders' AVCHD). QuickTime/MP4 ones are read (`FileKind.video`).
    static let videoExtensions: Set = ["avi", "mkv", "mts", "m2ts", "webm"]

    private static func byContent(_ bytes: [UInt8]) -> SkipKind? {
        func ascii(_ text: String, at offset: Int = 0) -> Bool {
            let expected = Array(text.utf8)
            return bytes.count >= offset + expected.count && Array(bytes[offset..<offset + expected.count]) == expected
        }
        if ascii("RIFF") && ascii("AVI ", at: 8) { return .video }
        // Matroska and WebM: an EBML header.
        if bytes.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) { return .video }
        // Makers' TIFF variants: Canon CR2 ("CR" after the header), Olympus ORF, Panasonic RW2,
        // and Fujifilm's RAF, which is no TIFF at all.
        if (ascii("II*\u{0}") && ascii("CR", at: 8)) || ascii("IIRO") || ascii("IIRS") || ascii("MMOR") || ascii("IIU\u{0}") {
            return .cameraRaw
        }
        if ascii("FUJIFILMCCD-RAW") { return .cameraRaw }
        if let brands = ISOBoxes.brands(bytes) {
            if brands.first == "crx " { return .cameraRaw }
        }
        return nil
    }

    private static func byName(_ name: String) -> SkipKind? {
        let ext = fileExtension(name)
        if rawExtensions.contains(ext) { return .cameraRaw }
        if videoExtensions.contains(ext) { return .video }
        switch ext {
        case "aae": return .appleEdit
        default: return nil
        }
    }

    /// The lower-cased extension of a name or a path ("" when it has none).
    static func fileExtension(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), !name[dot...].contains("/") else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }
}

/// Why a file was skipped: its kind, and the words `--verbose` and `--json` give
/// ("video in a format Daybook does not read …", "not a regular file (a FIFO)").
public struct SkipReason: Sendable, Hashable, CustomStringConvertible {
    public let kind: SkipKind
    public let description: String

    package init(kind: SkipKind, description: String) {
        self.kind = kind
        self.description = description
    }
}
