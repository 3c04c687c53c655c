/// What a file is, from its first bytes, for the analyzer to pick a reader. Extensions lie
/// (a phone's .HEIC renamed .jpg, a PNG saved as .jpg); JPEG's FF D8 FF and an ISO media
/// file's `ftyp` brands don't.
package enum FileKind: Sendable, Equatable {
    case jpeg
    /// A HEIF still image: HEVC-coded (HEIC) by its brands, or in the generic image
    /// container (`mif1`), whose codec libheif finds when it decodes.
    case heif
    /// AV1 in the HEIF container, read through libheif like HEIC.
    case avif
    /// A camera RAW file (`RAWSignature`), read through LibRaw.
    case cameraRaw
    /// PNG, WebP and GIF (`StillFormats.swift`).
    case png, webp, gif
    /// A QuickTime or MPEG-4 family movie (.mov, .mp4, .m4v, .3gp), read through FFmpeg: by
    /// its `ftyp` brands, or by the first atom of a QuickTime movie that has no `ftyp`.
    case video
    /// Anything else, in FileSignature's words ("not a JPEG (PDF document)").
    case other(String)

    /// How many leading bytes `init(prefix:)` looks at.
    package static let prefixLength = ISOBoxes.maximumFileTypeBox

    package init(prefix: some Collection<UInt8>) {
        let bytes = Array(prefix.prefix(Self.prefixLength))
        if let brands = ISOBoxes.brands(bytes) {
            if brands.contains(where: Self.hevcBrands.contains) {
                self = .heif
                return
            }
            // AVIF files also carry the generic brands (mif1, miaf), so AV1 is checked first.
            if brands.contains(where: Self.av1Brands.contains) {
                self = .avif
                return
            }
            if brands.contains(where: Self.genericImageBrands.contains) {
                self = .heif
                return
            }
            // Only after every image brand: a HEIF may list `iso8` or `mp41` as compatible. A
            // Canon CR3 (`crx `) and an iTunes audio file (a voice memo) list `isom` too.
            if !Self.notVideoMajorBrands.contains(brands[0]), brands.contains(where: Self.isVideoBrand) {
                self = .video
                return
            }
        }
        // A QuickTime movie older than `ftyp` (a camera's .MOV of the 2000s) starts with its atoms.
        if ISOBoxes.startsLikeClassicQuickTime(bytes) {
            self = .video
            return
        }
        if RAWSignature.matches(bytes) {
            self = .cameraRaw
            return
        }
        if let still = Self.still(bytes) {
            self = still
        } else if let notJPEG = FileSignature.describeNonJPEG(bytes) {
            self = .other(notJPEG)
        } else {
            self = .jpeg
        }
    }

    /// HEIF brands of HEVC images and sequences (ISO/IEC 23008-12 annex B).
    static let hevcBrands: Set = ["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs"]
    static let av1Brands: Set = ["avif", "avis", "avio"]
    /// QuickTime (`qt  `), the ISO base media and MP4 brands (isom, iso2…iso9, mp41, mp42,
    /// avc1), iTunes video (M4V , M4VH, M4VP) and 3GPP/3GPP2 (3gp4…, 3g2a…).
    static func isVideoBrand(_ brand: String) -> Bool {
        brand == "qt  " || brand == "avc1" || brand == "isom" || brand.hasPrefix("mp4") || brand.hasPrefix("M4V")
            || brand.hasPrefix("3gp") || brand.hasPrefix("3g2")
            || (brand.hasPrefix("iso") && brand.count == 4 && brand.last!.isNumber)
    }

    /// Major brands of ISO media files that are no video whatever they list as compatible:
    /// Canon's CR3 RAW, iTunes audio (M4A, audiobooks M4B, protected M4P).
    static let notVideoMajorBrands: Set = ["crx ", "M4A ", "M4B ", "M4P "]

    /// Any codec: still images (mif1, mif2), sequences (msf1) and MIAF.
    static let genericImageBrands: Set = ["mif1", "mif2", "msf1", "miaf"]
}
