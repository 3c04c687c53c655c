import DaybookImaging
import DaybookMetadata
import DaybookTagging

/// Everything Daybook learns from one photo's bytes: metadata, frame size, thumbnail.
/// The file is read once and its pixels decoded once.
public struct PhotoAnalysis: Sendable {
    public var metadata: PhotoMetadata
    public var frame: FrameSize?
    public var thumbnail: Thumbnail?
    /// Colour tags from the thumbnail's pixels; none when there are no trustworthy pixels.
    public var tags: [AutoTag]
    /// Per-file warnings: metadata problems and why there is no thumbnail.
    public var warnings: [String]
    /// libjpeg ran out of data before the image's end (JWRN_JPEG_EOF): the file is a prefix
    /// of a photo, cut off or still being written.
    public var truncated = false
}

/// Why a file is not ingested at all.
public struct Rejection: Error, Sendable, Equatable, CustomStringConvertible {
    public let reason: String
    /// True for files that are simply not photos (reported as skipped when found in a
    /// folder); false for a photo that is broken (always a failure).
    public let isNotAPhoto: Bool
    public var description: String { reason }
}

public struct PhotoAnalyzer: Sendable {
    public var thumbnails: ThumbnailMaker
    public var tagger: ColourTagger

    public init(thumbnails: ThumbnailMaker = ThumbnailMaker(), tagger: ColourTagger = ColourTagger()) {
        self.thumbnails = thumbnails
        self.tagger = tagger
    }

    /// `sidecar`: the XMP file found beside the photo, read with the photo's own metadata
    /// (`MetadataPrecedence`).
    public func analyze(_ bytes: [UInt8], sidecar: SidecarXMP? = nil) throws(Rejection) -> PhotoAnalysis {
        if let notJPEG = FileSignature.describeNonJPEG(Array(bytes.prefix(16))) {
            throw Rejection(reason: notJPEG, isNotAPhoto: true)
        }
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
