import CFFmpeg
import DaybookCore

extension VideoFile {
    /// Below this mean luma (0–255) a frame counts as black: a lens cap, a fade-in.
    static let blackLuma = 24.0
    /// Where the poster is looked for, in seconds from the start: the first frame, then
    /// later ones while the frames are black. Bounded, so a dark video costs four seeks.
    static let posterTimes: [Double] = [0, 1, 2.5, 5]
    /// Frames decoded after a seek before giving up on reaching its time (a long GOP).
    static let maxFramesPerTry = 120

    /// The poster frame: the first frame near the start that is not black (or the brightest
    /// tried), scaled by swscale straight to `longestSide` and turned upright. The decoder
    /// waits for `budget` like a photo decode; it holds a few full frames.
    package func poster(longestSide: Int, budget: DecodeBudget) throws(VideoError) -> RGBImage {
        let cost = DecodeBudget.estimate(pixels: storedSize.width * storedSize.height) * 2
        return try budget.spending(cost) { () throws(VideoError) -> RGBImage in
            let demuxer = try VideoDemuxer(source)
            let decoder = try FrameDecoder(demuxer, longestSide: longestSide, declared: storedSize)
            var best: (image: RGBImage, luma: Double)?
            for time in Self.posterTimes where time == 0 || time < durationSeconds {
                guard let image = try decoder.frame(at: time) else { continue }
                let luma = image.meanLuma
                if best == nil || luma > best!.luma { best = (image, luma) }
                if luma >= Self.blackLuma { break }
            }
            // A track whose sample table lists nothing has no frame to show at all.
            guard decoder.packets > 0 else {
                let format = FileKind.videoFormatName(of: source.bytes(at: 0, count: FileKind.prefixLength))
                throw Self.holdsMediaData(source) ? .empty : .mediaDataMissing(format: format)
            }
            guard let best else { throw .corrupt(decoder.failure) }
            return best.image.oriented(orientation)
        }
    }
}

extension VideoFile {
    /// Whether any top-level `mdat` has content: a file whose index lists frames but has
    /// none is damaged in a way no decoder can mend, which a track of zero length is not.
    static func holdsMediaData(_ source: VideoSource) -> Bool {
        var walker = ISOSourceBoxWalker(source)
        while let step = walker.next() {
            switch step {
            case .box(let box): if box.type == "mdat" && !box.content.isEmpty { return true }
            case .overrun(let overrun): return overrun.type == "mdat"
            case .malformed: return false
            }
        }
        return false
    }
}

extension RGBImage {
    /// Rec. 601 luma averaged over every pixel.
    var meanLuma: Double {
        guard width > 0, height > 0 else { return 0 }
        var sum = 0
        pixels.withUnsafeBufferPointer { p in
            var i = 0
            while i + 2 < p.count {
                sum += 299 * Int(p[i]) + 587 * Int(p[i + 1]) + 114 * Int(p[i + 2])
                i += 3
            }
        }
        return Double(sum) / 1000 / Double(width * height)
    }
}

/// One video track's decoder, seeking and decoding single frames to small RGB images.
private final class FrameDecoder {
    let format: UnsafeMutablePointer<AVFormatContext>
    let ff: DaybookFFmpeg
    let streamIndex: Int32
    let timeBase: AVRational
    var codec: UnsafeMutablePointer<AVCodecContext>?
    let longestSide: Int
    var lastError: String?
    /// The track's packets read so far, over every try.
    var packets = 0
    let declared: FrameSize

    /// The declared frame with room for coded sizes rounded up to whole macroblocks and
    /// FFmpeg's row alignment (a 1080-line video is coded as 1088).
    static func pixelAllowance(_ declared: FrameSize) -> Int {
        (declared.width + 128) * (declared.height + 128)
    }

    /// `declared`: the frame the container states, which the decode budget was reckoned from.
    init(_ demuxer: VideoDemuxer, longestSide: Int, declared: FrameSize) throws(VideoError) {
        format = demuxer.format
        ff = demuxer.ff
        self.longestSide = max(1, longestSide)
        streamIndex = ff.av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        guard streamIndex >= 0, let stream = format.pointee.streams[Int(streamIndex)] else { throw .noVideoStream }
        timeBase = stream.pointee.time_base
        let parameters = stream.pointee.codecpar
        let name = ff.avcodec_get_name(parameters!.pointee.codec_id).map { String(cString: $0) } ?? "unknown"
        guard let decoder = ff.avcodec_find_decoder(parameters!.pointee.codec_id) else { throw .unsupportedCodec(name) }
        // Checked before decoding rather than when the container is read, so that a movie in
        // another codec keeps its date and place as an entry without a picture.
        guard VideoFile.cameraCodecs.contains(name) else { throw .codecNotAllowed(name) }
        codec = ff.avcodec_alloc_context3(decoder)
        guard let codec, ff.avcodec_parameters_to_context(codec, parameters) >= 0 else { throw .corrupt("codec parameters") }
        // Ingest runs one file per worker already; the decoder's own threads would only
        // contend with them.
        codec.pointee.thread_count = 1
        // The bitstream states its own frame size, which the decoder allocates for; a frame
        // larger than the container declared (plus the codec's alignment) is refused by
        // FFmpeg before its buffers are allocated, so the budget reckoned above holds.
        codec.pointee.max_pixels = Int64(Self.pixelAllowance(declared))
        self.declared = declared
        let status = ff.avcodec_open2(codec, decoder, nil)
        guard status >= 0 else { throw .unsupportedCodec(VideoDemuxer.message(status, ff)) }
    }

    deinit {
        ff.avcodec_free_context(&codec)
    }

    /// Why no frame decoded. FFmpeg refuses a frame over `max_pixels` with EINVAL, so that
    /// answer names the frame the decoder was held to.
    var failure: String {
        guard let lastError else { return "no frame" }
        guard lastError == VideoDemuxer.message(-EINVAL, ff) else { return lastError }
        return "frames larger than the \(declared.width)×\(declared.height) its container declares; FFmpeg: \(lastError)"
    }

    /// The first frame at or after `seconds`, or nil when none decodes there.
    func frame(at seconds: Double) throws(VideoError) -> RGBImage? {
        guard let codec else { return nil }
        let target = timeBase.num > 0 ? Int64(seconds * Double(timeBase.den) / Double(timeBase.num)) : 0
        if seconds > 0 {
            guard ff.av_seek_frame(format, streamIndex, target, AVSEEK_FLAG_BACKWARD) >= 0 else { return nil }
        }
        ff.avcodec_flush_buffers(codec)
        guard let packet = ff.av_packet_alloc() else { throw .corrupt("out of memory") }
        guard let frame = ff.av_frame_alloc() else {
            var unused: UnsafeMutablePointer<AVPacket>? = packet
            ff.av_packet_free(&unused)
            throw .corrupt("out of memory")
        }
        defer {
            var packetToFree: UnsafeMutablePointer<AVPacket>? = packet
            ff.av_packet_free(&packetToFree)
            var frameToFree: UnsafeMutablePointer<AVFrame>? = frame
            ff.av_frame_free(&frameToFree)
        }
        var decoded = 0
        var draining = false
        while decoded < VideoFile.maxFramesPerTry {
            let received = ff.avcodec_receive_frame(codec, frame)
            if received >= 0 {
                decoded += 1
                let pts = frame.pointee.best_effort_timestamp
                if seconds == 0 || pts == Int64.min || pts >= target { return try scaled(frame) }
                ff.av_frame_unref(frame)
                continue
            }
            if received == daybook_averror_eof() || (received != daybook_averror_eagain()) {
                if received != daybook_averror_eof() { lastError = VideoDemuxer.message(received, ff) }
                return nil
            }
            if draining { return nil }
            let read = ff.av_read_frame(format, packet)
            if read < 0 {
                // The end of the file: let the decoder hand over what it still holds.
                draining = true
                ff.avcodec_send_packet(codec, nil)
                continue
            }
            defer { ff.av_packet_unref(packet) }
            guard packet.pointee.stream_index == streamIndex else { continue }
            packets += 1
            let sent = ff.avcodec_send_packet(codec, packet)
            if sent < 0 && sent != daybook_averror_eagain() { lastError = VideoDemuxer.message(sent, ff) }
        }
        return nil
    }

    /// swscale from the decoded frame straight to the poster's size, as packed RGB.
    private func scaled(_ frame: UnsafeMutablePointer<AVFrame>) throws(VideoError) -> RGBImage {
        let width = Int(frame.pointee.width), height = Int(frame.pointee.height)
        guard width > 0, height > 0 else { throw .corrupt("empty frame") }
        let scale = min(1, Double(longestSide) / Double(max(width, height)))
        let outWidth = max(1, Int((Double(width) * scale).rounded()))
        let outHeight = max(1, Int((Double(height) * scale).rounded()))
        guard
            let sws = ff.sws_getContext(
                Int32(width), Int32(height), AVPixelFormat(frame.pointee.format), Int32(outWidth), Int32(outHeight),
                AV_PIX_FMT_RGB24, SWS_AREA, nil, nil, nil)
        else { throw .corrupt("no conversion from pixel format \(frame.pointee.format)") }
        defer { ff.sws_freeContext(sws) }
        // swscale assumes BT.601 limited range; HD video (every phone's) is BT.709, and
        // converting it as 601 shifts greens and reds, which the colour tags would read.
        let matrix = frame.pointee.colorspace == AVCOL_SPC_BT709 ? SWS_CS_ITU709 : SWS_CS_DEFAULT
        let fullRange: Int32 = frame.pointee.color_range == AVCOL_RANGE_JPEG ? 1 : 0
        ff.sws_setColorspaceDetails(
            sws, ff.sws_getCoefficients(matrix), fullRange, ff.sws_getCoefficients(SWS_CS_DEFAULT), 1, 0, 1 << 16, 1 << 16)
        // swscale writes whole aligned vectors: each row gets room to spare, then is packed.
        let stride = (outWidth * 3 + 63) & ~63
        var buffer = [UInt8](repeating: 0, count: stride * outHeight + 64)
        let rows = buffer.withUnsafeMutableBufferPointer { out -> Int32 in
            var destination: [UnsafeMutablePointer<UInt8>?] = [out.baseAddress, nil, nil, nil]
            var strides: [Int32] = [Int32(stride), 0, 0, 0]
            return withUnsafePointer(to: &frame.pointee.data) { data in
                withUnsafePointer(to: &frame.pointee.linesize) { lines in
                    data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { planes in
                        lines.withMemoryRebound(to: Int32.self, capacity: 8) { lineSizes in
                            ff.sws_scale(sws, planes, lineSizes, 0, Int32(height), &destination, &strides)
                        }
                    }
                }
            }
        }
        guard rows == Int32(outHeight) else { throw .corrupt("scaling failed") }
        var pixels = [UInt8]()
        pixels.reserveCapacity(outWidth * outHeight * 3)
        for row in 0..<outHeight {
            pixels += buffer[(row * stride)..<(row * stride + outWidth * 3)]
        }
        return RGBImage(width: outWidth, height: outHeight, pixels: pixels)
    }
}
