import DaybookCore

/// A sidecar file's bytes as found beside a photo (`IMG_0001.xmp` or `IMG_0001.jpg.xmp`),
/// and whether it was modified after the photo.
package struct SidecarXMP: Sendable, Hashable {
    /// The file's name, for warnings.
    package let name: String
    package let bytes: [UInt8]
    package let isNewerThanPhoto: Bool

    package init(name: String, bytes: [UInt8], isNewerThanPhoto: Bool) {
        self.name = name
        self.bytes = bytes
        self.isNewerThanPhoto = isNewerThanPhoto
    }
}

/// Which source gives an entry its date and its place, each chosen on its own: the first
/// source in this order that has a usable value.
///
/// 1. EXIF (DateTimeOriginal, CreateDate, ModifyDate; GPS);
/// 2. the photo's own XMP packet;
/// 3. its IPTC record (a date only: IIM has no coordinates);
/// 4. the sidecar.
///
/// A sidecar modified after the photo comes first instead: that is how a date corrected in
/// digiKam, darktable or Lightroom reaches the journal without rewriting the photo. (digiKam,
/// Immich and PhotoPrism always let the sidecar win; exiftool's MWG tags read the photo alone,
/// EXIF before XMP before IPTC; Daybook keeps the photo's own values unless the sidecar is the
/// later word.) Warnings from every source are kept, each naming where it came from.
package enum MetadataPrecedence {
    package static func combine(
        exif: PhotoMetadata, embeddedXMP: MetadataReading?, iptc: MetadataReading?, sidecar: SidecarXMP?
    ) -> PhotoMetadata {
        var result = exif
        var candidates: [(reading: MetadataReading, place: LocationSource?)] = []
        candidates.append((MetadataReading(capture: exif.capture, location: exif.location), .exif))
        if let embeddedXMP {
            candidates.append((embeddedXMP, .xmp))
            result.warnings += embeddedXMP.warnings.map { "XMP: \($0)" }
        }
        if let iptc {
            candidates.append((iptc, nil))
            result.warnings += iptc.warnings
        }
        if let sidecar {
            let reading = XMPReader.read(sidecar.bytes, origin: .sidecar)
            candidates.insert((reading, .sidecar), at: sidecar.isNewerThanPhoto ? 0 : candidates.count)
            result.warnings += reading.warnings.map { "sidecar \(sidecar.name): \($0)" }
        }
        result.capture = candidates.lazy.compactMap(\.reading.capture).first
        if let chosen = candidates.first(where: { $0.reading.location != nil && $0.place != nil }) {
            result.location = chosen.reading.location
            result.locationSource = chosen.place
        } else {
            result.location = nil
            result.locationSource = nil
        }
        return result
    }
}

/// A photo's metadata from every place it can be in a JPEG: EXIF (libexif), the XMP packet,
/// the IPTC record, and the sidecar the caller found beside the file.
package enum PhotoMetadataReader {
    package static func read(jpeg bytes: [UInt8], sidecar: SidecarXMP? = nil) -> PhotoMetadata {
        let segments = JPEGMetadataSegments(jpeg: bytes)
        return MetadataPrecedence.combine(
            exif: ExifReader.read(jpeg: bytes),
            embeddedXMP: segments.xmp.map { XMPReader.read($0, origin: .embedded) },
            iptc: segments.photoshop.map { IPTCReader.read(photoshopResources: $0) },
            sidecar: sidecar)
    }
}
