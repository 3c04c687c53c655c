import CSpng

/// A PNG file (a screenshot, an edited export) read by libspng: its header and the metadata
/// chunks before its image data. Pixels are decoded only when asked for
/// (`PNGFile+Decoding.swift`).
///
/// Every chunk is bounded before libspng allocates for it: `maximumChunkBytes` for one
/// chunk and `maximumCachedBytes` for all the text and EXIF it keeps, inflated `zTXt` and
/// `iTXt` included, so a small file whose text inflates to gigabytes is refused, not inflated.
package struct PNGFile: Sendable {
    package let bytes: [UInt8]
    /// As IHDR declares it; PNG has no rotation of its own (EXIF Orientation may turn it).
    package let size: FrameSize
    /// IHDR's colour type has alpha, or a `tRNS` chunk makes a colour transparent.
    package let hasTransparency: Bool
    /// The `eXIf` chunk: a TIFF-format EXIF block.
    package let exif: [UInt8]?
    /// The XMP packet: the `iTXt` chunk keyed `XML:com.adobe.xmp`.
    package let xmp: [UInt8]?
    /// `Creation Time` from a `tEXt`, `zTXt` or `iTXt` chunk, as written (PNG suggests
    /// RFC 1123; exiftool writes EXIF's form, ImageMagick ISO 8601).
    package let creationTime: String?

    package static let maximumChunkBytes = 8 << 20
    package static let maximumCachedBytes = 8 << 20

    package init(_ bytes: [UInt8]) throws(StillImageError) {
        self.bytes = bytes
        var header = spng_ihdr()
        var hasTRNS = false
        var exif: [UInt8]?
        var texts: [(keyword: String, text: [UInt8])] = []
        try Self.withContext(bytes) { context throws(StillImageError) in
            try Self.check(spng_get_ihdr(context, &header), bytes: bytes)
            // The first call that reads past IHDR meets every chunk before the image data: a
            // text bomb is refused here, and libspng then refuses every later call.
            var transparency = spng_trns()
            let trnsResult = spng_get_trns(context, &transparency)
            hasTRNS = trnsResult == 0
            if !hasTRNS && trnsResult != Int32(SPNG_ECHUNKAVAIL.rawValue) { try Self.check(trnsResult, bytes: bytes) }
            var block = spng_exif()
            let exifResult = spng_get_exif(context, &block)
            if exifResult == 0, let data = block.data, block.length > 0 {
                exif = data.withMemoryRebound(to: UInt8.self, capacity: block.length) {
                    Array(UnsafeBufferPointer(start: $0, count: block.length))
                }
            } else if exifResult != Int32(SPNG_ECHUNKAVAIL.rawValue) {
                try Self.check(exifResult, bytes: bytes)
            }
            texts = try Self.texts(context, bytes: bytes)
        }
        size = FrameSize(width: Int(header.width), height: Int(header.height))
        hasTransparency = header.color_type & 4 != 0 || hasTRNS
        self.exif = exif
        xmp = texts.first { $0.keyword == "XML:com.adobe.xmp" }?.text
        creationTime = texts.first { $0.keyword == "Creation Time" }.map { String(decoding: $0.text, as: UTF8.self) }
    }

    /// The text chunks before the image data (where writers put metadata), inflated by
    /// libspng within the limits.
    private static func texts(_ context: OpaquePointer, bytes: [UInt8]) throws(StillImageError) -> [(keyword: String, text: [UInt8])] {
        var count: UInt32 = 0
        let result = spng_get_text(context, nil, &count)
        if result == Int32(SPNG_ECHUNKAVAIL.rawValue) { return [] }
        try check(result, bytes: bytes)
        var chunks = [spng_text](repeating: spng_text(), count: Int(count))
        try check(spng_get_text(context, &chunks, &count), bytes: bytes)
        return chunks.prefix(Int(count)).map { chunk in
            let keyword = withUnsafeBytes(of: chunk.keyword) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            let text = chunk.text.map { pointer in
                pointer.withMemoryRebound(to: UInt8.self, capacity: chunk.length) {
                    Array(UnsafeBufferPointer(start: $0, count: chunk.length))
                }
            }
            return (keyword, text ?? [])
        }
    }

    /// Runs `body` with a libspng decoder over `bytes`, limits set, freed afterwards.
    static func withContext<T>(
        _ bytes: [UInt8], _ body: (OpaquePointer) throws(StillImageError) -> T
    ) throws(StillImageError) -> T {
        guard let context = spng_ctx_new(0) else { throw .unreadable(format: "PNG", detail: "out of memory") }
        defer { spng_ctx_free(context) }
        spng_set_chunk_limits(context, maximumChunkBytes, maximumCachedBytes)
        // A damaged ancillary chunk (text, EXIF) costs its metadata, not the picture.
        spng_set_crc_action(context, Int32(SPNG_CRC_ERROR.rawValue), Int32(SPNG_CRC_DISCARD.rawValue))
        return try bytes.withUnsafeBufferPointer { (buffer: UnsafeBufferPointer<UInt8>) throws(StillImageError) -> T in
            try check(spng_set_png_buffer(context, UnsafeRawPointer(buffer.baseAddress), buffer.count), bytes: bytes)
            return try body(context)
        }
    }

    /// libspng's result as an error, worded by what went wrong.
    static func check(_ result: Int32, bytes: [UInt8], frame: FrameSize? = nil) throws(StillImageError) {
        guard result != 0 else { return }
        let text = String(cString: spng_strerror(result))
        switch result {
        case Int32(SPNG_ECHUNK_LIMITS.rawValue):
            throw .tooLarge(.inflatedText(format: "PNG", limit: maximumCachedBytes))
        case Int32(SPNG_EOF.rawValue), Int32(SPNG_IO_EOF.rawValue), Int32(SPNG_EIDAT_TOO_SHORT.rawValue):
            throw .truncated(format: "PNG", detail: "it ends at byte \(bytes.count); libspng: \(text)")
        default:
            if let frame { throw .corrupt(format: "PNG", frame, "libspng: \(text)") }
            throw .unreadable(format: "PNG", detail: "libspng: \(text)")
        }
    }
}
