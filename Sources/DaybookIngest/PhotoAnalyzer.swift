import DaybookImaging
import DaybookMetadata
import DaybookTagging

/// Everything Daybook learns from one photo's bytes: metadata, frame size, thumbnail.
/// The file is read once and its pixels decoded once.
package struct PhotoAnalysis: Sendable {
    package var metadata: PhotoMetadata
    package var frame: FrameSize?
    package var thumbnail: Thumbnail?
    /// Colour tags from the thumbnail's pixels; none when there are no trustworthy pixels.
    package var tags: [AutoTag]
    /// Per-file warnings: metadata problems and why there is no thumbnail.
    package var warnings: [String]
    /// libjpeg ran out of data before the image's end (JWRN_JPEG_EOF): the file is a prefix
    /// of a photo, cut off or still being written.
    package var truncated = false
}

/// Why a file is not ingested at all.
package struct Rejection: Error, Sendable, Equatable, CustomStringConvertible {
    package let reason: String
    /// True for files that are simply not photos (reported as skipped when found in a
    /// folder); false for a photo that is broken (always a failure).
    package let isNotAPhoto: Bool
    package var description: String { reason }
}

package struct PhotoAnalyzer: Sendable {
    package var thumbnails: ThumbnailMaker
    package var tagger: ColourTagger

    package init(thumbnails: ThumbnailMaker = ThumbnailMaker(), tagger: ColourTagger = ColourTagger()) {
        self.thumbnails = thumbnails
        self.tagger = tagger
    }

    /// Picks the reader by the bytes (FileKind), never by the file's name.
    /// `sidecar`: the XMP file found beside the photo, read with the photo's own metadata
    /// (`MetadataPrecedence`).
    package func analyze(_ bytes: [UInt8], sidecar: SidecarXMP? = nil) throws(Rejection) -> PhotoAnalysis {
        switch FileKind(prefix: bytes.prefix(FileKind.prefixLength)) {
        case .jpeg: return try analyzeJPEG(bytes, sidecar: sidecar)
        case .heif: return try analyzeHEIF(bytes, sidecar: sidecar)
        case .avif: throw Rejection(reason: Self.avifReason, isNotAPhoto: false)
        case .other(let what): throw Rejection(reason: what, isNotAPhoto: true)
        }
    }

    private func analyzeJPEG(_ bytes: [UInt8], sidecar: SidecarXMP?) throws(Rejection) -> PhotoAnalysis {
        let metadata = PhotoMetadataReader.read(jpeg: bytes, sidecar: sidecar)
        var analysis = PhotoAnalysis(metadata: metadata, frame: nil, thumbnail: nil, tags: [], warnings: metadata.warnings)
        do {
            let thumbnail = try thumbnails.make(from: bytes, orientation: metadata.orientation)
            analysis.thumbnail = thumbnail
            analysis.frame = thumbnail.frame
            // The tagger reads the pixels already decoded for the thumbnail: one decode per photo.
            analysis.tags = tagger.tags(for: thumbnail.image)
            analysis.warnings += thumbnail.warnings
        } catch {
            analysis.frame = error.frameSize
            if case .truncated = error { analysis.truncated = true }
            // A JPEG with neither pixels nor anything worth keeping from EXIF is just broken.
            if error.frameSize == nil && metadata.capture == nil && metadata.location == nil {
                throw Rejection(reason: error.description, isNotAPhoto: false)
            }
            analysis.warnings.append("\(error.description); stored without a thumbnail")
        }
        return analysis
    }
}
