import DaybookCore
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
    /// The video appended to a motion photo, where it lies in the file.
    package var motionClip: MotionClip?
    /// A video's entry shows it by its poster frame and plays it on its page.
    package var media: MediaKind = .photo
    package var durationSeconds: Double?
    /// Why the file gave no picture although its date or place was kept: the entry is stored
    /// damaged, without a thumbnail (its problems say so too).
    package var damage: String?
    /// The thumbnail is a picture the file already held (a HEIF thumbnail item, an EXIF
    /// thumbnail, a RAW preview), not one made from the full image: the full one is still to
    /// be made, and the entry waits in the refinement queue for it.
    package var isFirstLook = false
}

/// Why a file is not ingested at all, before its path is known: what becomes an `IngestError`.
package struct Rejection: Error, Sendable, CustomStringConvertible {
    package let cause: IngestError.Cause
    /// True for files that are simply not photos (reported as skipped when found in a
    /// folder); false for a photo that is broken (always a failure).
    package let isNotAPhoto: Bool

    package init(_ cause: IngestError.Cause, isNotAPhoto: Bool = false) {
        self.cause = cause
        self.isNotAPhoto = isNotAPhoto
    }

    package init(_ error: PhotoDecodeError, isNotAPhoto: Bool = false) {
        self.init(.decode(error), isNotAPhoto: isNotAPhoto)
    }

    package var reason: String { cause.text }
    package var description: String { reason }
}

package struct PhotoAnalyzer: Sendable {
    package var thumbnails: ThumbnailMaker
    package var tagger: ColourTagger
    /// Take the thumbnail from a picture the file already holds where it has one
    /// (`PhotoAnalysis.isFirstLook`); off, every thumbnail is made from the full image.
    package var firstLook: Bool
    /// Colour tags from the pixels; off where they would be thrown away (a refinement keeps
    /// the tags its first look gave).
    package var colourTags = true

    package init(thumbnails: ThumbnailMaker = ThumbnailMaker(), tagger: ColourTagger = ColourTagger(), firstLook: Bool = false) {
        self.thumbnails = thumbnails
        self.tagger = tagger
        self.firstLook = firstLook
    }

    /// Picks the reader by the bytes (`DecodablePhoto`, by FileKind), never by the file's name.
    /// `sidecar`: the XMP file found beside the photo, read with the photo's own metadata
    /// (`MetadataPrecedence`).
    package func analyze(_ bytes: [UInt8], sidecar: SidecarXMP? = nil) throws(Rejection) -> PhotoAnalysis {
        let photo: DecodablePhoto
        // A HEIF motion photo's appended MP4 is boxes too, with its own `ftyp`, which libheif
        // would read as the file's: the image is decoded from its own boxes alone.
        let movieStart = Self.appendedMovieStart(iso: bytes)
        do {
            photo = try DecodablePhoto(movieStart.map { Array(bytes[..<$0]) } ?? bytes)
        } catch {
            // An MP4 without a picture track (audio only) is no video: skipped in a folder.
            if case .notAPhoto = error { throw Rejection(error, isNotAPhoto: true) }
            if case .video(.noVideoStream) = error { throw Rejection(error, isNotAPhoto: true) }
            if case .raw(let rawError) = error {
                if let analysis = Self.unopenedRAW(bytes, error: rawError, sidecar: sidecar) { return analysis }
                // A TIFF LibRaw does not know (a scan) is no camera RAW: skipped in a folder.
                throw Rejection(error, isNotAPhoto: true)
            }
            throw Rejection(error)
        }
        return try analysis(of: photo, bytes: bytes, movieStart: movieStart, sidecar: sidecar)
    }

    /// The same for a video read from its file by offset (`SourceFile`), never held whole.
    package func analyze(video file: ReadOnlyFile, sidecar: SidecarXMP? = nil) throws(Rejection) -> PhotoAnalysis {
        let video: VideoFile
        do {
            video = try VideoFile(.file(file))
        } catch {
            // An MP4 without a picture track (audio only) is no video: skipped in a folder.
            if case .noVideoStream = error { throw Rejection(.video(error), isNotAPhoto: true) }
            throw Rejection(.video(error))
        }
        return try analysis(of: .video(video), bytes: [], movieStart: nil, sidecar: sidecar)
    }

    /// What `photo` says and shows. `bytes` are the whole file's, which a HEIF's appended
    /// motion clip is found in (a video's file is not needed: empty); `movieStart` is where
    /// that clip begins.
    private func analysis(
        of photo: DecodablePhoto, bytes: [UInt8], movieStart: Int?, sidecar: SidecarXMP?
    ) throws(Rejection) -> PhotoAnalysis {
        let metadata: PhotoMetadata
        let frame: FrameSize?
        switch photo {
        case .jpeg(let bytes):
            metadata = PhotoMetadataReader.read(jpeg: bytes, sidecar: sidecar)
            frame = nil
        case .heif(let file):
            metadata = Self.heifMetadata(file, sidecar: sidecar)
            frame = file.size
        case .raw(let file):
            metadata = Self.rawMetadata(file, sidecar: sidecar)
            frame = file.size
        case .png(let file):
            (metadata, frame) = (Self.pngMetadata(file, sidecar: sidecar), file.size)
        case .webp(let file):
            (metadata, frame) = (Self.webpMetadata(file, sidecar: sidecar), file.size)
        case .gif(let file):
            (metadata, frame) = (Self.gifMetadata(file, sidecar: sidecar), file.size)
        case .video(let file):
            (metadata, frame) = (VideoMetadataReader.read(tags: file.tags, sidecar: sidecar), file.size)
        }
        var analysis = PhotoAnalysis(metadata: metadata, frame: frame, thumbnail: nil, tags: [], warnings: metadata.warnings)
        switch photo {
        case .jpeg(let bytes): analysis.motionClip = Self.motionClip(jpeg: bytes, warnings: &analysis.warnings)
        case .heif(let file):
            analysis.motionClip = Self.motionClip(
                heif: bytes, xmp: file.xmp, imageEnd: Self.heifImageEnd(iso: bytes, movieStart: movieStart), warnings: &analysis.warnings)
        case .video(let file):
            analysis.media = .video
            analysis.durationSeconds = file.durationSeconds
        default: break
        }
        try addPixels(of: photo, to: &analysis)
        return analysis
    }

    /// The thumbnail and the colour tags, from one decode through `PhotoDecoder`.
    private func addPixels(of photo: DecodablePhoto, to analysis: inout PhotoAnalysis) throws(Rejection) {
        if firstLook, let thumbnail = thumbnails.makeFirstLook(photo, orientation: analysis.metadata.orientation) {
            // The frame is the main image's (the preview's never is); nothing of the full
            // image was decoded, so its damage, if any, is found when the full one is made.
            analysis.thumbnail = thumbnail
            analysis.frame = thumbnail.frame
            analysis.tags = tagger.tags(for: thumbnail.image)
            analysis.isFirstLook = true
            return
        }
        do {
            let thumbnail = try thumbnails.make(photo, orientation: analysis.metadata.orientation)
            analysis.thumbnail = thumbnail
            analysis.frame = thumbnail.frame
            // The tagger reads the pixels already decoded for the thumbnail: one decode per photo.
            if colourTags { analysis.tags = tagger.tags(for: thumbnail.image) }
            analysis.warnings += thumbnail.warnings
        } catch {
            switch error {
            case .heif(.unsupportedCodec), .video(.empty):
                throw Rejection(error)
            default: break
            }
            // A HEIF keeps the shown size its container declares.
            analysis.frame = error.frameSize ?? analysis.frame
            if case .jpeg(.truncated) = error { analysis.truncated = true }
            // A photo with neither pixels nor anything worth keeping from EXIF is just broken.
            let metadata = analysis.metadata
            // A PNG or WebP declares its size before anything can go wrong: without pixels, a
            // date or a place (a decompression bomb's IHDR), there is nothing to keep either.
            // So does a video: its container was read before any frame was decoded.
            let isStill: Bool
            switch error {
            case .still, .video: isStill = true
            default: isStill = false
            }
            if (analysis.frame == nil || isStill) && metadata.capture == nil && metadata.location == nil {
                throw Rejection(error)
            }
            analysis.damage = error.description
            analysis.warnings.append("\(error.description); stored without a thumbnail")
        }
    }
}
