import CFFmpeg
import DaybookCore

/// A QuickTime/MP4 video (.mov, .mp4, .m4v, .3gp), its container read by FFmpeg: length, frame
/// size, rotation and the container's metadata tags. The poster frame is decoded only when
/// asked for (`VideoFile+Poster.swift`).
package struct VideoFile: Sendable {
    /// Where the poster frame is read from when asked for.
    package let source: VideoSource
    /// The video track's frame as stored, before rotation.
    package let storedSize: FrameSize
    /// How the stored frames are turned to show them, from the track's display matrix
    /// (.up, .right, .down or .left; a mirrored matrix is shown unmirrored).
    package let orientation: Orientation
    package let durationSeconds: Double
    /// FFmpeg's name for the track's codec ("h264", "hevc").
    package let codec: String
    /// The container's metadata as FFmpeg's QuickTime demuxer names it: `creation_time`
    /// (mvhd), `com.apple.quicktime.creationdate`, `location` (©xyz), … Bounded in count and
    /// length: the values come from the file.
    package let tags: [String: String]

    /// No camera records a day in one file; a longer declared length is damage or a trick.
    package static let maxDurationSeconds = 24.0 * 3600
    static let essentialBoxes: Set = ["ftyp", "moov", "mdat", ISOBoxes.Overrun.header]
    /// The codecs cameras and phones record in QuickTime/MP4/3GPP: any other codec FFmpeg
    /// has (dozens, from screen recorders to game formats) is a decoder no camera file needs
    /// and hostile bytes would otherwise reach.
    package static let cameraCodecs: Set = [
        "h264", "hevc", "mjpeg", "mpeg4", "h263", "prores", "av1", "vp9", "mpeg2video", "dvvideo",
    ]
    static let maxTags = 256
    static let maxTagLength = 4096

    /// The frame as shown.
    package var size: FrameSize {
        orientation.swapsAxes ? FrameSize(width: storedSize.height, height: storedSize.width) : storedSize
    }

    package init(_ bytes: [UInt8], maxPixels: Int = JPEGDecoder.defaultMaxPixels) throws(VideoError) {
        try self.init(.memory(bytes), maxPixels: maxPixels)
    }

    /// A video read from `source` by offset; only the boxes' headers and what FFmpeg asks
    /// for are read, never the whole file.
    package init(_ source: VideoSource, maxPixels: Int = JPEGDecoder.defaultMaxPixels) throws(VideoError) {
        // A file cut short or still being written is told apart from damage before FFmpeg
        // sees it: its boxes say so without decoding (the watcher waits on the same verdict).
        switch ISOMediaEnding.verdict(source) {
        // Only the boxes a video cannot do without: phones append data of their own after
        // the movie (Samsung's SEF trailer), which FFmpeg ignores and must not fail the file.
        case .boxCutShort(let overrun) where Self.essentialBoxes.contains(overrun.type):
            throw .truncated(box: overrun.type, fileSize: source.count, declaredEnd: Int(clamping: overrun.declaredEnd))
        case .indexMissing:
            throw .indexMissing
        case .complete, .boxCutShort, .itemCutShort, .damaged, .notISOMedia:
            break
        }
        try MovieSampleTables.check(source)
        let demuxer = try VideoDemuxer(source)
        let header = try Header(demuxer.format, demuxer.ff, maxPixels: maxPixels)
        self.source = source
        storedSize = header.size
        orientation = header.orientation
        durationSeconds = header.duration
        codec = header.codec
        tags = header.tags
    }
}

/// What the container's header says, checked against the limits before any frame is decoded.
private struct Header {
    var size: FrameSize
    var orientation: Orientation
    var duration: Double
    var codec: String
    var tags: [String: String]

    init(_ format: UnsafeMutablePointer<AVFormatContext>, _ ff: DaybookFFmpeg, maxPixels: Int) throws(VideoError) {
        let index = ff.av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        guard index >= 0, let stream = format.pointee.streams[Int(index)] else { throw .noVideoStream }
        let parameters = stream.pointee.codecpar.pointee
        size = FrameSize(width: Int(parameters.width), height: Int(parameters.height))
        guard size.width > 0, size.height > 0 else { throw .noFrameSize }
        guard size.width.multipliedReportingOverflow(by: size.height).partialValue <= maxPixels,
            size.width <= maxPixels, size.height <= maxPixels
        else { throw .tooLarge(.videoPixels(size, limit: maxPixels)) }
        duration = Self.duration(format, stream)
        guard duration > 0, stream.pointee.nb_frames != 0 || stream.pointee.duration > 0 else { throw .empty }
        guard duration <= VideoFile.maxDurationSeconds else {
            throw .tooLarge(.videoLength(seconds: duration, limit: VideoFile.maxDurationSeconds))
        }
        codec = ff.avcodec_get_name(parameters.codec_id).map { String(cString: $0) } ?? "unknown"
        orientation = Self.orientation(stream, ff)
        tags = Self.tags(format.pointee.metadata, ff)
    }

    /// The container's length (mvhd), else the track's; 0 when neither says.
    private static func duration(_ format: UnsafeMutablePointer<AVFormatContext>, _ stream: UnsafeMutablePointer<AVStream>) -> Double {
        let containerDuration = format.pointee.duration
        // AV_NOPTS_VALUE is INT64_MIN: "unknown".
        if containerDuration > 0 { return Double(containerDuration) / Double(AV_TIME_BASE) }
        let base = stream.pointee.time_base
        guard stream.pointee.duration > 0, base.num > 0, base.den > 0 else { return 0 }
        return Double(stream.pointee.duration) * Double(base.num) / Double(base.den)
    }

    /// The display matrix's rotation, to the nearest quarter turn. av_display_rotation_get
    /// gives degrees counter-clockwise; a phone held upright records -90 (turn clockwise to show).
    private static func orientation(_ stream: UnsafeMutablePointer<AVStream>, _ ff: DaybookFFmpeg) -> Orientation {
        var size = 0
        guard let data = ff.av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size), size >= 9 * 4 else {
            return .up
        }
        let counterClockwise = data.withMemoryRebound(to: Int32.self, capacity: 9) { ff.av_display_rotation_get($0) }
        guard counterClockwise.isFinite else { return .up }
        let clockwise = ((Int((-counterClockwise / 90).rounded()) % 4) + 4) % 4
        return [Orientation.up, .right, .down, .left][clockwise]
    }

    private static func tags(_ dictionary: OpaquePointer?, _ ff: DaybookFFmpeg) -> [String: String] {
        var tags: [String: String] = [:]
        var entry: UnsafeMutablePointer<AVDictionaryEntry>? = nil
        while tags.count < VideoFile.maxTags, let next = ff.av_dict_get(dictionary, "", entry, AV_DICT_IGNORE_SUFFIX) {
            entry = next
            guard let key = next.pointee.key, let value = next.pointee.value else { continue }
            let text = String(
                decoding: UnsafeBufferPointer(start: value, count: strnlen(value, VideoFile.maxTagLength)).map { UInt8(bitPattern: $0) },
                as: UTF8.self)
            tags[String(cString: key)] = text
        }
        return tags
    }
}
