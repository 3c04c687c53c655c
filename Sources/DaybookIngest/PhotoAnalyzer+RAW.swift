import DaybookCore
import DaybookImaging
import DaybookMetadata

extension PhotoAnalyzer {
    /// A camera RAW's metadata. A TIFF-based RAW's EXIF goes through the JPEG's EXIF reader,
    /// so the date, offset and GPS rules are the same; the others (CR3, RAF) lend theirs from
    /// the embedded preview's EXIF, then from LibRaw. The orientation is the RAW's own
    /// (its preview is stored as the sensor saw it), applied once, to the preview's pixels.
    static func rawMetadata(_ file: RAWFile, sidecar: SidecarXMP?) -> PhotoMetadata {
        var exif = ExifReader.read(tiffBasedRAW: file.bytes) ?? (try? file.preview()).map { ExifReader.read(jpeg: $0) } ?? PhotoMetadata()
        if exif.capture == nil, let local = file.wallClock {
            exif.capture = CaptureTime(local: local, source: .dateTimeOriginal)
        }
        if exif.orientation == .up { exif.orientation = file.orientation }
        exif.make = exif.make ?? file.make
        exif.model = exif.model ?? file.model
        return MetadataPrecedence.combine(exif: exif, embeddedXMP: embeddedXMP(file.bytes), iptc: nil, sidecar: sidecar)
    }

    /// The XMP a TIFF-based RAW keeps in its own IFD0 (a DNG's tag 700), read as a JPEG's.
    private static func embeddedXMP(_ bytes: [UInt8]) -> MetadataReading? {
        TIFFXMPPacket.find(in: bytes).map { XMPReader.read($0, origin: .embedded) }
    }

    /// A RAW LibRaw cannot open (a stripped or unusual file) is still an entry when its own
    /// EXIF says when or where it was taken: metadata only, with LibRaw's reason as its note.
    static func unopenedRAW(_ bytes: [UInt8], error: RAWError, sidecar: SidecarXMP?) -> PhotoAnalysis? {
        guard let exif = ExifReader.read(tiffBasedRAW: bytes), exif.capture != nil || exif.location != nil else { return nil }
        let metadata = MetadataPrecedence.combine(exif: exif, embeddedXMP: embeddedXMP(bytes), iptc: nil, sidecar: sidecar)
        return PhotoAnalysis(
            metadata: metadata, frame: nil, thumbnail: nil, tags: [],
            warnings: metadata.warnings + ["\(error.description); stored without a thumbnail"])
    }
}
