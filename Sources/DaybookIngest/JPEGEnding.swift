import Glibc

/// Whether a JPEG's bytes reach its end-of-image marker (EOI, FF D9), found by walking the
/// file's structure rather than decoding it.
///
/// A file still being appended to (an FTP or SMB upload, a resumed download, a sync tool
/// writing in rounds) is a prefix of the photo: it stops inside a segment or inside the
/// entropy-coded data, before EOI. Looking only at the last two bytes would be wrong both
/// ways: many cameras append data after EOI (motion photos, maker trailers, MPO's second
/// image), and the EXIF thumbnail inside APP1 ends in FF D9 too. So segments are skipped by
/// their declared lengths and scan data is searched for the next marker with `memchr`: one
/// pass over the bytes, cheaper than the SHA-256 the ingester computes anyway, and no decode.
/// The first EOI reached this way is the end.
///
/// This is the cheap pre-check; libjpeg's own verdict (JWRN_JPEG_EOF, `ImagingError.truncated`)
/// still decides whether pixels are missing when the photo is decoded.
package enum JPEGEnding {
    /// True when `bytes` look like the beginning of a JPEG that stops before its EOI: an empty
    /// file, a prefix of the FF D8 FF signature, or a JPEG structure cut short. False for a
    /// complete JPEG, and for data that is not a JPEG at all (that is for the analyzer to say).
    package static func endsEarly(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { endsEarly($0) }
    }

    package static func endsEarly(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let signature: [UInt8] = [0xFF, 0xD8, 0xFF]
        if bytes.count < signature.count { return signature.starts(with: bytes) }
        guard bytes.starts(with: signature) else { return false }
        return endOfImage(bytes) == nil
    }

    /// The offset just past the first EOI reached by walking the structure; nil when the data
    /// runs out first.
    static func endOfImage(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let count = bytes.count
        var index = 2
        while true {
            // Between segments: skip anything that is not a marker (libjpeg does the same,
            // with a warning), then any fill bytes.
            guard let marker = nextFF(bytes, from: index) else { return nil }
            index = marker
            while index < count && bytes[index] == 0xFF { index += 1 }
            guard index < count else { return nil }
            let code = bytes[index]
            index += 1
            switch code {
            case 0xD9:
                return index
            case 0x00, 0x01, 0xD0...0xD8:
                continue  // no length follows (a stray stuffed byte, TEM, RSTn, SOI)
            default:
                guard index + 2 <= count else { return nil }
                let length = Int(bytes[index]) << 8 | Int(bytes[index + 1])
                guard length >= 2, index + length <= count else { return nil }
                index += length
                if code == 0xDA {
                    guard let next = endOfScan(bytes, from: index) else { return nil }
                    index = next
                }
            }
        }
    }

    /// After an SOS header: the offset of the marker that ends the entropy-coded data. Inside
    /// it, FF is followed by 00 (a stuffed byte), D0–D7 (a restart marker) or more FF (fill).
    private static func endOfScan(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        while let found = nextFF(bytes, from: index) {
            var next = found + 1
            while next < bytes.count && bytes[next] == 0xFF { next += 1 }
            guard next < bytes.count else { return nil }
            let code = bytes[next]
            if code == 0x00 || (0xD0...0xD7).contains(code) {
                index = next + 1
                continue
            }
            return found
        }
        return nil
    }

    private static func nextFF(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress else { return nil }
        guard let hit = memchr(base + start, 0xFF, bytes.count - start) else { return nil }
        return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
    }
}
