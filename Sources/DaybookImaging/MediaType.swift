extension FileKind {
    /// The media type to serve a file's bytes with, from its first bytes (never its name).
    /// HEIF has four (ISO/IEC 23008-12 annex C): `image/heic` for HEVC-coded images (brands
    /// heic, heix, heim, heis), `image/heic-sequence` for HEVC sequences (hevc, hevx, hevm,
    /// hevs), and `image/heif` or `image/heif-sequence` for the generic brands (mif1, msf1),
    /// whose codec only the file's items say. Safari shows `image/heic`; other browsers show
    /// none of them, and `/originals/ID?as=jpeg` is there for those.
    package static func mediaType(of prefix: some Collection<UInt8>) -> String {
        let head = Array(prefix.prefix(prefixLength))
        switch FileKind(prefix: head) {
        case .jpeg:
            return "image/jpeg"
        case .avif:
            return "image/avif"
        case .png:
            return "image/png"
        case .webp:
            return "image/webp"
        case .gif:
            return "image/gif"
        case .other, .cameraRaw:
            return "application/octet-stream"
        case .video:
            // No `ftyp` at all: a QuickTime movie older than the brands.
            return videoMediaType(majorBrand: ISOBoxes.brands(head)?.first ?? "qt  ")
        case .heif:
            let brands = Set(ISOBoxes.brands(head) ?? [])
            if !brands.isDisjoint(with: ["heic", "heix", "heim", "heis"]) { return "image/heic" }
            if !brands.isDisjoint(with: hevcBrands) { return "image/heic-sequence" }
            if brands.isDisjoint(with: ["mif1", "mif2", "miaf"]) && brands.contains("msf1") { return "image/heif-sequence" }
            return "image/heif"
        }
    }

    /// By the major brand, which names the family the file was written as: QuickTime
    /// (`video/quicktime`, Apple's IANA registration), 3GPP and 3GPP2 (RFC 3839, RFC 4393), else MPEG-4
    /// (RFC 4337; an iTunes .m4v is MPEG-4 too, and browsers play it as `video/mp4`).
    static func videoMediaType(majorBrand: String) -> String {
        if majorBrand == "qt  " { return "video/quicktime" }
        if majorBrand.hasPrefix("3gp") { return "video/3gpp" }
        if majorBrand.hasPrefix("3g2") { return "video/3gpp2" }
        return "video/mp4"
    }
}

extension FileKind {
    /// What a person calls a video by its first bytes, for the words of its problems:
    /// "QuickTime movie" (brand `qt  `, or no `ftyp` at all), "3GPP video", else "MP4 video".
    package static func videoFormatName(of prefix: some Collection<UInt8>) -> String {
        let majorBrand = ISOBoxes.brands(prefix)?.first ?? "qt  "
        if majorBrand == "qt  " { return "QuickTime movie" }
        if majorBrand.hasPrefix("3gp") || majorBrand.hasPrefix("3g2") { return "3GPP video" }
        return "MP4 video"
    }
}
