import DaybookImaging
import DaybookMetadata

extension PhotoAnalyzer {
    /// A PNG's metadata: its `eXIf` chunk by the JPEG rules, then its XMP (`iTXt`), its
    /// `Creation Time` text (in IPTC's place: a date only, below both), and the sidecar.
    static func pngMetadata(_ file: PNGFile, sidecar: SidecarXMP?) -> PhotoMetadata {
        MetadataPrecedence.combine(
            exif: file.exif.map { ExifReader.read(tiffBlock: $0) } ?? PhotoMetadata(),
            embeddedXMP: file.xmp.map { XMPReader.read($0, origin: .embedded) },
            iptc: file.creationTime.map { PNGCreationTime.read($0) }, sidecar: sidecar)
    }

    /// A WebP's metadata: its `EXIF` chunk by the JPEG rules, its `XMP ` chunk, the sidecar.
    static func webpMetadata(_ file: WebPFile, sidecar: SidecarXMP?) -> PhotoMetadata {
        var metadata = MetadataPrecedence.combine(
            exif: file.exif.map { ExifReader.read(tiffBlock: $0) } ?? PhotoMetadata(),
            embeddedXMP: file.xmp.map { XMPReader.read($0, origin: .embedded) }, iptc: nil, sidecar: sidecar)
        if file.isAnimated { metadata.warnings.append("animated WebP: its first frame stands for it") }
        return metadata
    }

    /// A GIF's metadata: only XMP (GIF has no EXIF), then the sidecar.
    static func gifMetadata(_ file: GIFFile, sidecar: SidecarXMP?) -> PhotoMetadata {
        MetadataPrecedence.combine(
            exif: PhotoMetadata(), embeddedXMP: file.xmp.map { XMPReader.read($0, origin: .embedded) }, iptc: nil, sidecar: sidecar)
    }
}
