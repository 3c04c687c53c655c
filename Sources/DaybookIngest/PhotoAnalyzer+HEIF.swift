import DaybookImaging
import DaybookMetadata

extension PhotoAnalyzer {
    /// A HEIF photo's metadata: its Exif item by the JPEG rules, then its own XMP and the
    /// sidecar, described as the photo is shown.
    static func heifMetadata(_ file: HEIFFile, sidecar: SidecarXMP?) -> PhotoMetadata {
        // The same precedence as a JPEG's: EXIF, the file's own XMP (HEIF's `mime` item), the
        // sidecar. HEIF has no IPTC record.
        var metadata = MetadataPrecedence.combine(
            exif: file.exif.map { ExifReader.read(heifExifItem: $0) } ?? PhotoMetadata(),
            embeddedXMP: file.xmp.map { XMPReader.read($0, origin: .embedded) }, iptc: nil, sidecar: sidecar)
        // libheif turns the pixels by the container's irot/imir/clap as it decodes. The EXIF
        // Orientation tag repeats that for EXIF-only readers (PhotoDecoder never applies it to
        // a HEIF); what is stored describes the photo as shown: upright, at the shown size.
        metadata.orientation = .up
        return metadata
    }
}
