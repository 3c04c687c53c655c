import DaybookCore

/// Decides "is this a JPEG?" from a file's first bytes, and if not, says what it looks like,
/// so a per-file error can read "not a JPEG (PNG signature)" rather than libjpeg's
/// "Not a JPEG file: starts with 0x89 0x50". Extensions lie (failed downloads saved as .jpg,
/// PNGs renamed); magic bytes don't.
package enum FileSignature {
    /// How many leading bytes `describeNonJPEG` looks at; pass at least this many if the
    /// file has them.
    package static let prefixLength = 16

    /// nil when `prefix` starts like a JPEG (FF D8 FF); otherwise a short lower-case phrase:
    /// "empty file", "not a JPEG (PNG signature)", "not a JPEG (starts with 0x47 0x49)", …
    package static func describeNonJPEG(_ prefix: [UInt8]) -> String? {
        let bytes = Array(prefix.prefix(prefixLength))
        if bytes.isEmpty {
            return "empty file"
        }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            return nil
        }
        if [0xFF, 0xD8, 0xFF].starts(with: bytes) {
            return "not a JPEG (only \(bytes.count) byte\(bytes.count == 1 ? "" : "s"))"
        }
        if let kind = knownKind(bytes) {
            return "not a JPEG (\(kind))"
        }
        let shown = bytes.prefix(2).map { "0x" + hex($0) }.joined(separator: " ")
        return "not a JPEG (starts with \(shown))"
    }

    private static func knownKind(_ b: [UInt8]) -> String? {
        func ascii(_ text: String, at offset: Int = 0) -> Bool {
            let expected = Array(text.utf8)
            return b.count >= offset + expected.count
                && Array(b[offset..<offset + expected.count]) == expected
        }
        if b.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "PNG signature" }
        if ascii("GIF87a") || ascii("GIF89a") { return "GIF signature" }
        if ascii("RIFF") && ascii("WEBP", at: 8) { return "WebP signature" }
        if ascii("II*\u{0}") || ascii("MM\u{0}*") { return "TIFF or camera raw signature" }
        if ascii("ftyp", at: 4) {
            let brand = b.count >= 12 ? String(decoding: b[8..<12], as: UTF8.self) : ""
            let heif: Set = [
                "heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs",
                "mif1", "msf1",
            ]
            if heif.contains(brand) { return "HEIF/HEIC" }
            if brand == "avif" || brand == "avis" { return "AVIF" }
            // The video half of a Live Photo, or a clip from the same folder.
            if brand == "qt  " { return "QuickTime movie" }
            if brand.hasPrefix("mp4") || brand.hasPrefix("iso") || brand.hasPrefix("3gp") || brand == "avc1" || brand == "M4V " {
                return "MP4 video, brand '\(brand.trimmingSpaces)'"
            }
            return "ISO media file, brand '\(brand.trimmingSpaces)'"
        }
        if ISOBoxes.startsLikeClassicQuickTime(b) { return "QuickTime movie" }
        if ascii("%PDF") { return "PDF document" }
        if looksLikeText(b) { return "looks like HTML/text" }
        return nil
    }

    /// Binary formats put control bytes or NULs in their first few bytes; text (an HTML error
    /// page, a JSON reply) has only printable characters and whitespace.
    private static func looksLikeText(_ b: [UInt8]) -> Bool {
        let body = b.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(b.dropFirst(3)) : b
        guard let firstVisible = body.first(where: { !isWhitespace($0) }) else {
            return !body.isEmpty
        }
        guard (0x20...0x7E).contains(firstVisible) else { return false }
        // "<html", "<!DOCTYPE", "<?xml": markup, whatever bytes follow.
        if firstVisible == UInt8(ascii: "<"), let index = body.firstIndex(of: firstVisible),
            index + 1 < body.count
        {
            let next = body[index + 1]
            if next == UInt8(ascii: "!") || next == UInt8(ascii: "?")
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(next | 0x20)
            {
                return true
            }
        }
        return body.allSatisfy { isWhitespace($0) || (0x20...0x7E).contains($0) || $0 >= 0x80 }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}
