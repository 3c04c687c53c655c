import CJPEG

/// Pixels decoded at a reduced DCT scale, plus what the file's header declared.
package struct DecodedJPEG: Sendable {
    /// The frame as declared in SOF, before any scaling or EXIF orientation.
    package let frame: FrameSize
    /// Decoded at `scaleNumerator`/8 of the frame (rounded up by libjpeg).
    package let image: RGBImage
    package let scaleNumerator: Int
    /// libjpeg's recoverable warnings ("Corrupt JPEG data: …"): the first text, with the
    /// total count appended when there were more. Empty for a clean file.
    package let warnings: [String]

    package init(frame: FrameSize, image: RGBImage, scaleNumerator: Int, warnings: [String]) {
        self.frame = frame
        self.image = image
        self.scaleNumerator = scaleNumerator
        self.warnings = warnings
    }
}

/// libjpeg-turbo through the CJPEG shim, which turns every libjpeg failure into a status code
/// (libjpeg's own default would exit the process).
package enum JPEGDecoder {
    package static let defaultMaxPixels = 100_000_000

    /// Decodes at the smallest scale M/8 whose longer side is at least `minimumLongestSide`
    /// (full size when even that is smaller). Letting the IDCT drop the high frequencies is
    /// far cheaper than decoding full size and resizing: a 12 MP photo decodes at 1/8.
    /// Frames above `maxPixels` are refused before anything is allocated, and so are frames
    /// whose memory estimate (`cost`) is above `limits.maxImageBytes`; the rest wait for room
    /// in `limits.budget`. libjpeg's own memory limit is set to `maxImageBytes` as a backstop
    /// should the estimate ever fall short.
    package static func decode(
        _ bytes: UnsafeRawBufferPointer, minimumLongestSide: Int,
        maxPixels: Int = defaultMaxPixels, limits: DecodeLimits = .standard
    ) throws(ImagingError) -> DecodedJPEG {
        let cost = try cost(of: bytes, minimumLongestSide: minimumLongestSide)
        guard cost.frame.pixelCount <= maxPixels else { throw .tooLarge(.pixels(cost.frame, limit: maxPixels)) }
        guard cost.bytes <= limits.maxImageBytes else {
            throw .tooLarge(.decodeMemory(cost, limit: limits.maxImageBytes))
        }
        return try limits.budget.spending(cost.bytes) { () throws(ImagingError) in
            try decodeNow(
                bytes, minimumLongestSide: minimumLongestSide, maxPixels: maxPixels,
                memoryLimit: limits.maxImageBytes, cost: cost)
        }
    }

    /// The decode itself, with `memoryLimit` as libjpeg's `max_memory_to_use`; no budget.
    /// Tests call it to see where libjpeg stops.
    package static func decodeNow(
        _ bytes: UnsafeRawBufferPointer, minimumLongestSide: Int, maxPixels: Int, memoryLimit: Int,
        cost: DecodeCost
    ) throws(ImagingError) -> DecodedJPEG {
        var result = dbk_decode_result()
        let status = dbk_decode_scaled_limited(
            bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count,
            Int32(clamping: minimumLongestSide), UInt64(max(0, maxPixels)), UInt64(max(0, memoryLimit)), &result)
        defer { dbk_free(result.pixels) }
        guard status == DBK_OK, let rgb = result.pixels else {
            if status == DBK_ERR_MEMORY_LIMIT { throw .tooLarge(.decodeMemory(cost, limit: memoryLimit)) }
            throw error(for: status, result, maxPixels: maxPixels)
        }
        let width = Int(result.out_width)
        let height = Int(result.out_height)
        let pixels = Array(UnsafeBufferPointer(start: rgb, count: width * height * 3))
        return DecodedJPEG(
            frame: FrameSize(width: Int(result.frame_width), height: Int(result.frame_height)),
            image: RGBImage(width: width, height: height, pixels: pixels),
            scaleNumerator: Int(result.scale_num),
            warnings: warnings(result))
    }

    /// What decoding for `minimumLongestSide` will hold at its peak, from the header alone.
    package static func cost(
        of bytes: UnsafeRawBufferPointer, minimumLongestSide: Int
    ) throws(ImagingError) -> DecodeCost {
        try requireJPEGSignature(bytes)
        var result = dbk_decode_result()
        let status = dbk_plan_decode(
            bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count,
            Int32(clamping: minimumLongestSide), &result)
        guard status == DBK_OK else { throw error(for: status, result, maxPixels: defaultMaxPixels) }
        return DecodeCost(
            frame: FrameSize(width: Int(result.frame_width), height: Int(result.frame_height)),
            isProgressive: result.progressive != 0, keepsWholeImage: result.whole_image != 0,
            bytes: Int(clamping: result.memory_estimate))
    }

    package static func decode(
        _ bytes: [UInt8], minimumLongestSide: Int, maxPixels: Int = defaultMaxPixels,
        limits: DecodeLimits = .standard
    ) throws(ImagingError) -> DecodedJPEG {
        let outcome = bytes.withUnsafeBytes { raw in
            Result { () throws(ImagingError) in
                try decode(raw, minimumLongestSide: minimumLongestSide, maxPixels: maxPixels, limits: limits)
            }
        }
        return try outcome.get()
    }

    package static func cost(of bytes: [UInt8], minimumLongestSide: Int) throws(ImagingError) -> DecodeCost {
        let outcome = bytes.withUnsafeBytes { raw in
            Result { () throws(ImagingError) in try cost(of: raw, minimumLongestSide: minimumLongestSide) }
        }
        return try outcome.get()
    }

    /// The SOF frame size, reading only the markers before the first scan.
    package static func frameSize(of bytes: [UInt8]) throws(ImagingError) -> FrameSize {
        let outcome = bytes.withUnsafeBytes { raw in
            Result { () throws(ImagingError) in
                try requireJPEGSignature(raw)
                var result = dbk_decode_result()
                let status = dbk_read_header(
                    raw.baseAddress?.assumingMemoryBound(to: UInt8.self), raw.count, &result)
                guard status == DBK_OK else {
                    throw error(for: status, result, maxPixels: defaultMaxPixels)
                }
                return FrameSize(width: Int(result.frame_width), height: Int(result.frame_height))
            }
        }
        return try outcome.get()
    }

    private static func requireJPEGSignature(_ bytes: UnsafeRawBufferPointer) throws(ImagingError) {
        let prefix = Array(bytes.prefix(FileSignature.prefixLength))
        if let what = FileSignature.describeNonJPEG(prefix) {
            throw .notJPEG(what)
        }
    }

    private static func error(
        for status: dbk_status, _ result: dbk_decode_result, maxPixels: Int
    ) -> ImagingError {
        let text = message(result)
        let frame =
            result.frame_width > 0 && result.frame_height > 0
            ? FrameSize(width: Int(result.frame_width), height: Int(result.frame_height))
            : nil
        switch (status, frame) {
        case (DBK_ERR_TOO_LARGE, let frame?):
            return .tooLarge(.pixels(frame, limit: maxPixels))
        case (DBK_ERR_TRUNCATED, let frame?):
            return .truncated(frame, text)
        case (DBK_ERR_NOMEM, _):
            return .corrupt(frame, text.isEmpty ? "out of memory" : text)
        default:
            // Only reachable when the signature check was bypassed by a prefix that looks
            // like JPEG but isn't; keep libjpeg's wording.
            if text.hasPrefix("Not a JPEG file") || text == "Empty input file" {
                return .notJPEG(text)
            }
            return .corrupt(frame, text.isEmpty ? "unknown libjpeg error" : text)
        }
    }

    private static func message(_ result: dbk_decode_result) -> String {
        withUnsafeBytes(of: result.message) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
    }

    private static func warnings(_ result: dbk_decode_result) -> [String] {
        let count = Int(result.warning_count)
        guard count > 0 else { return [] }
        let first = message(result)
        return [count == 1 ? first : "\(first) (\(count) warnings in all)"]
    }
}
