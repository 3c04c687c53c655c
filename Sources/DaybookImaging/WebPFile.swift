import CWebP

/// A WebP file (an Android screenshot, a browser's download) parsed by libwebp's demuxer: the
/// canvas size, the `EXIF` and `XMP ` chunks, and where the first frame's bitstream is.
/// Pixels are decoded only when asked for, by libwebp's scaled decode.
package struct WebPFile: Sendable {
    package let bytes: [UInt8]
    /// The canvas as the file declares it; WebP has no rotation of its own.
    package let size: FrameSize
    /// The `EXIF` chunk: a TIFF-format EXIF block (some writers put "Exif\0\0" first).
    package let exif: [UInt8]?
    package let xmp: [UInt8]?
    /// An animation: its first frame stands for it.
    package let isAnimated: Bool
    /// The first frame's bitstream (`ALPH` and `VP8 `, or `VP8L`) within `bytes`.
    let frameBytes: Range<Int>

    package init(_ bytes: [UInt8]) throws(StillImageError) {
        self.bytes = bytes
        let parsed: (FrameSize, [UInt8]?, [UInt8]?, Bool, Range<Int>)? = bytes.withUnsafeBufferPointer { buffer in
            var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            guard let demux = WebPDemux(&data) else { return nil }
            defer { WebPDemuxDelete(demux) }
            let size = FrameSize(
                width: Int(WebPDemuxGetI(demux, WEBP_FF_CANVAS_WIDTH)), height: Int(WebPDemuxGetI(demux, WEBP_FF_CANVAS_HEIGHT)))
            let frames = Int(WebPDemuxGetI(demux, WEBP_FF_FRAME_COUNT))
            var frame = WebPIterator()
            guard WebPDemuxGetFrame(demux, 1, &frame) != 0 else { return nil }
            defer { WebPDemuxReleaseIterator(&frame) }
            guard let start = frame.fragment.bytes else { return nil }
            let offset = start - buffer.baseAddress!
            return (
                size, Self.chunk("EXIF", demux, base: buffer), Self.chunk("XMP ", demux, base: buffer), frames > 1,
                offset..<offset + frame.fragment.size
            )
        }
        guard let parsed else { throw Self.whyUnreadable(bytes) }
        (size, exif, xmp, isAnimated, frameBytes) = parsed
    }

    private static func chunk(_ fourCC: String, _ demux: OpaquePointer, base: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var iterator = WebPChunkIterator()
        guard WebPDemuxGetChunk(demux, fourCC, 1, &iterator) != 0 else { return nil }
        defer { WebPDemuxReleaseChunkIterator(&iterator) }
        guard let start = iterator.chunk.bytes, iterator.chunk.size > 0 else { return nil }
        return Array(UnsafeBufferPointer(start: start, count: iterator.chunk.size))
    }

    /// The demuxer says only "no"; the RIFF header says whether the file was cut short.
    private static func whyUnreadable(_ bytes: [UInt8]) -> StillImageError {
        if bytes.count >= 12 {
            let declared = 8 + (Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24)
            if declared > bytes.count {
                return .truncated(format: "WebP", detail: "it ends at byte \(bytes.count), its RIFF header declares \(declared)")
            }
        }
        return .unreadable(format: "WebP", detail: "libwebp could not parse its chunks")
    }
}
