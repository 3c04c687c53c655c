import CFFmpeg

/// An open FFmpeg demuxer over a `VideoSource`: bytes in memory, or a file ingest has
/// opened, hashed and checked, read by offset.
///
/// FFmpeg reads only through a custom AVIOContext whose callbacks read the source: it never
/// opens a path, so under `watch` it cannot read a different file than the one hashed, and a
/// playlist or file reference inside the movie has nothing to open. The format is forced to
/// FFmpeg's QuickTime/MP4 demuxer, so hostile bytes never reach a demuxer chosen by probing.
final class VideoDemuxer {
    let format: UnsafeMutablePointer<AVFormatContext>
    /// FFmpeg's functions, for whoever reads through this demuxer.
    let ff: DaybookFFmpeg
    private var io: UnsafeMutablePointer<AVIOContext>?
    private let cursor: SourceCursor

    init(_ source: VideoSource) throws(VideoError) {
        let ff = try FFmpegLibrary.api()
        self.ff = ff
        cursor = SourceCursor(source)
        let bufferSize = 64 * 1024
        guard let buffer = ff.av_malloc(bufferSize)?.assumingMemoryBound(to: UInt8.self) else {
            throw .unreadable("out of memory")
        }
        let opaque = Unmanaged.passUnretained(cursor).toOpaque()
        guard let io = ff.avio_alloc_context(buffer, Int32(bufferSize), 0, opaque, SourceCursor.read, nil, SourceCursor.seek)
        else {
            ff.av_free(buffer)
            throw .unreadable("out of memory")
        }
        self.io = io
        var context = ff.avformat_alloc_context()
        context?.pointee.pb = io
        let status = ff.avformat_open_input(&context, nil, ff.av_find_input_format("mov"), nil)
        guard status >= 0, let context else {
            // avformat_open_input frees the context on failure, never a caller's AVIOContext.
            Self.free(io, ff)
            throw .unreadable(Self.message(status, ff))
        }
        format = context
    }

    deinit {
        var context: UnsafeMutablePointer<AVFormatContext>? = format
        ff.avformat_close_input(&context)
        if let io { Self.free(io, ff) }
    }

    private static func free(_ io: UnsafeMutablePointer<AVIOContext>, _ ff: DaybookFFmpeg) {
        ff.av_freep(&io.pointee.buffer)
        var context: UnsafeMutablePointer<AVIOContext>? = io
        ff.avio_context_free(&context)
    }

    /// FFmpeg's words for an error code ("Invalid data found when processing input").
    static func message(_ status: Int32, _ ff: DaybookFFmpeg) -> String {
        var text = [CChar](repeating: 0, count: 128)
        _ = ff.av_strerror(status, &text, text.count)
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// The read position over the source, for the AVIOContext's callbacks.
private final class SourceCursor {
    let source: VideoSource
    let size: Int
    var position = 0

    init(_ source: VideoSource) {
        self.source = source
        size = source.count
    }

    static let read: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt8>?, Int32) -> Int32 = {
        opaque, buffer, size in
        guard let opaque, let buffer, size > 0 else { return daybook_averror_eof() }
        let cursor = Unmanaged<SourceCursor>.fromOpaque(opaque).takeUnretainedValue()
        guard let count = cursor.source.read(at: cursor.position, into: UnsafeMutableRawBufferPointer(start: buffer, count: Int(size)))
        else { return -EIO }  // AVERROR(EIO)
        // A file that shrank since it was opened ends where it now ends.
        guard count > 0 else { return daybook_averror_eof() }
        cursor.position += count
        return Int32(count)
    }

    static let seek: @convention(c) (UnsafeMutableRawPointer?, Int64, Int32) -> Int64 = { opaque, offset, whence in
        guard let opaque else { return -1 }
        let cursor = Unmanaged<SourceCursor>.fromOpaque(opaque).takeUnretainedValue()
        let size = Int64(cursor.size)
        // AVSEEK_SIZE asks for the length; AVSEEK_FORCE is only a hint.
        if whence & AVSEEK_SIZE != 0 { return size }
        let base: Int64
        switch whence & ~AVSEEK_FORCE {
        case SEEK_SET: base = 0
        case SEEK_CUR: base = Int64(cursor.position)
        case SEEK_END: base = size
        default: return -1
        }
        let (target, overflow) = base.addingReportingOverflow(offset)
        guard !overflow, target >= 0, target <= size else { return -1 }
        cursor.position = Int(target)
        return target
    }
}
