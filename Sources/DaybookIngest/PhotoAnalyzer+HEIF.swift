import DaybookImaging
import DaybookMetadata

extension PhotoAnalyzer {
    static let avifReason = "AVIF image (AV1 in a HEIF container): Daybook reads HEIC/HEIF photos, not AVIF"

    /// A HEIF photo: metadata from its Exif item by the JPEG rules, pixels from libheif with
    /// the HEIF transforms applied once, thumbnail and colour tags from the same pixels.
    func analyzeHEIF(_ bytes: [UInt8], sidecar: SidecarXMP?) throws(Rejection) -> PhotoAnalysis {
        let file: HEIFFile
        do {
            file = try HEIFFile(bytes)
        } catch {
            throw Rejection(reason: error.description, isNotAPhoto: false)
        }
        // The same precedence as a JPEG's: EXIF, the file's own XMP (HEIF's `mime` item), the
        // sidecar. HEIF has no IPTC record.
        var metadata = MetadataPrecedence.combine(
            exif: file.exif.map { ExifReader.read(heifExifItem: $0) } ?? PhotoMetadata(),
            embeddedXMP: file.xmp.map { XMPReader.read($0, origin: .embedded) }, iptc: nil, sidecar: sidecar)
        // libheif has already turned the pixels by the container's irot/imir/clap. The EXIF
        // Orientation tag repeats that for EXIF-only readers; applying it as well would turn
        // an iPhone portrait sideways. What is stored describes the photo as shown: upright,
        // at the shown size.
        metadata.orientation = .up
        var analysis = PhotoAnalysis(metadata: metadata, frame: file.size, thumbnail: nil, tags: [], warnings: metadata.warnings)
        do {
            let thumbnail = try thumbnails.make(from: file)
            analysis.thumbnail = thumbnail
            analysis.frame = thumbnail.frame
            // As for JPEG: the tagger reads the thumbnail's pixels, one decode per photo.
            analysis.tags = tagger.tags(for: thumbnail.image)
            analysis.warnings += thumbnail.warnings
        } catch {
            if case .unsupportedCodec = error {
                throw Rejection(reason: error.description, isNotAPhoto: false)
            }
            // As for a JPEG whose header was readable: the entry keeps the size and metadata.
            analysis.warnings.append("\(error.description); stored without a thumbnail")
        }
        return analysis
    }
}
