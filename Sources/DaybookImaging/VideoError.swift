/// Why a video gave no entry, or no poster. `description` is one human line for per-file reports.
package enum VideoError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file stops inside its top-level box `box`: cut short, or still being written.
    case truncated(box: String, fileSize: Int, declaredEnd: Int)
    /// No `moov` box: the index, which most cameras write after the media data, never came.
    case indexMissing
    /// A sample table declares more entries or samples than the file has room for
    /// (`MovieSampleTables`); refused before FFmpeg allocates its index.
    case sampleTable(box: String, declared: Int, what: String, fileSize: Int)
    /// FFmpeg's QuickTime/MP4 demuxer could not read the container.
    case unreadable(String)
    /// The container has no video track (an audio-only .m4a renamed .mp4).
    case noVideoStream
    /// The video track holds no frames, or declares no length.
    case empty
    /// The index lists frames, but the file holds no media data for them: an empty or absent
    /// `mdat` (a movie stripped to its header, or one whose data lives in another file).
    /// `format` names the container ("QuickTime movie").
    case mediaDataMissing(format: String)
    /// The video track's sample entry gives no width or height.
    case noFrameSize
    /// The frame declares more pixels than the limit, or the container a length no camera
    /// records; nothing was decoded.
    case tooLarge(LimitExceeded)
    /// The track's codec is none a camera records (`VideoFile.cameraCodecs`): not decoded.
    case codecNotAllowed(String)
    /// FFmpeg has no decoder for the track's codec.
    case unsupportedCodec(String)
    /// The track would not decode to a single frame.
    case corrupt(String)
    /// FFmpeg's libraries, opened on the first video, are not installed (the loader's words).
    case ffmpegMissing(String)

    package var frameSize: FrameSize? {
        if case .tooLarge(let limit) = self { return limit.frameSize }
        return nil
    }

    package var description: String {
        switch self {
        case .truncated(let box, let size, let end):
            "truncated video: it ends at byte \(size), inside its '\(box)' box, which declares \(end)"
        case .indexMissing:
            "incomplete video: no 'moov' box (the index a camera writes last is missing)"
        case .sampleTable(let box, let declared, let what, let fileSize):
            "damaged movie: its '\(box)' box declares \(declared) \(what), more than the file's \(fileSize) bytes can hold"
        case .unreadable(let detail):
            "unreadable video container (FFmpeg: \(detail))"
        case .noVideoStream:
            "no video track in the file"
        case .empty:
            "video track with no frames (zero length)"
        case .mediaDataMissing(let format):
            "damaged \(format): its index lists frames, but the file holds no media data (no 'mdat' content)"
        case .noFrameSize:
            "video track declares no frame size"
        case .tooLarge(let limit):
            limit.description
        case .codecNotAllowed(let codec):
            "video coded as \(codec), which no camera records; Daybook reads \(VideoFile.cameraCodecs.sorted().joined(separator: ", "))"
        case .unsupportedCodec(let codec):
            codec == "none" ? "video track names no codec" : "video coded as \(codec), which this FFmpeg cannot decode"
        case .corrupt(let detail):
            "corrupt video: no frame would decode (\(detail))"
        case .ffmpegMissing(let reason):
            "videos need FFmpeg's libraries, which did not load (\(reason)); on Debian: apt-get install ffmpeg"
        }
    }
}
