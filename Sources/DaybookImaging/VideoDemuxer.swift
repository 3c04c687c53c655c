import CFFmpeg

/// An open FFmpeg demuxer over bytes already in memory.
///
/// Ingest holds the whole file anyway (it hashes it, up to `maxFileBytes`), so the demuxer reads
/// that buffer through a custom AVIOContext instead of opening the path again: no second read,
/// and under `watch` no chance of reading a different file than the one hashed. The format is
/// forced to FFmpeg's QuickTime/MP4 demuxer, so hostile bytes never reach a demuxer chosen by
/// probing.
final class VideoDemuxer {
    let format: UnsafeMutablePointer<AVFormatContext>
    /// FFmpeg's functions, for whoever reads through this demuxer.
    let ff: DaybookFFmpeg
    private var io: UnsafeMutablePointer<AVIOContext>?
    private let source: MemorySource

    /// The bytes must outlive the demuxer: `source` points into them.
    init(_ bytes: UnsafeBufferPointer<UInt8>) throws(VideoError) {
        let ff = try FFmpegLibrary.api()
        self.ff = ff
        source = MemorySource(bytes)
        let bufferSize = 64 * 1024
        guard let buffer = ff.av_malloc(bufferSize)?.assumingMemoryBound(to: UInt8.self) else {
            throw .unreadable("out of memory")
        }
        let opaque = Unmanaged.passUnretained(source).toOpaque()
        guard let io = ff.avio_alloc_context(buffer, Int32(bufferSize), 0, opaque, MemorySource.read, nil, MemorySource.seek)
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

/// The read position over the bytes, for the AVIOContext's callbacks.
private final class MemorySource {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    static let read: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt8>?, Int32) -> Int32 = {
        opaque, buffer, size in
        guard let opaque, let buffer, size > 0 else { return daybook_averror_eof() }
        let source = Unmanaged<MemorySource>.fromOpaque(opaque).takeUnretainedValue()
        let count = min(Int(size), source.bytes.count - source.position)
        guard count > 0 else { return daybook_averror_eof() }
        buffer.update(from: source.bytes.baseAddress! + source.position, count: count)
        source.position += count
        return Int32(count)
    }

    static let seek: @convention(c) (UnsafeMutableRawPointer?, Int64, Int32) -> Int64 = { opaque, offset, whence in
        guard let opaque else { return -1 }
        let source = Unmanaged<MemorySource>.fromOpaque(opaque).takeUnretainedValue()
        let size = Int64(source.bytes.count)
        // AVSEEK_SIZE asks for the length; AVSEEK_FORCE is only a hint.
        if whence & AVSEEK_SIZE != 0 { return size }
        let base: Int64
        switch whence & ~AVSEEK_FORCE {
        case SEEK_SET: base = 0
        case SEEK_CUR: base = Int64(source.position)
        case SEEK_END: base = size
        default: return -1
        }
        let (target, overflow) = base.addingReportingOverflow(offset)
        guard !overflow, target >= 0, target <= size else { return -1 }
        source.position = Int(target)
        return target
    }
}
