import NIOCore

/// How the templates escape a value for HTML: `<`, `>`, `&`, `"` and `'` become entities, byte
/// by byte in UTF-8, with no lookup per Character. Byte by byte is also the stricter rule: those
/// five are single bytes that never occur inside another character's UTF-8, so a quote that a
/// combining mark joins into one Character (`"\u{338}`) is escaped all the same, where a
/// Character-wise escaper that knows only the five lets it close an attribute.
enum HTMLText {
    static func escape(_ text: String) -> String {
        var text = text
        let escaped = text.withUTF8 { bytes -> String? in
            var length = 0
            for byte in bytes { length += entity(byte)?.utf8CodeUnitCount ?? 1 }
            // Most values (links, ids, dates) have nothing to escape: the text itself, no copy.
            guard length != bytes.count else { return nil }
            return String(unsafeUninitializedCapacity: length) { buffer in
                var end = 0
                for byte in bytes {
                    if let entity = entity(byte) {
                        for index in 0..<entity.utf8CodeUnitCount { buffer[end + index] = entity.utf8Start[index] }
                        end += entity.utf8CodeUnitCount
                    } else {
                        buffer[end] = byte
                        end += 1
                    }
                }
                return end
            }
        }
        return escaped ?? text
    }

    /// `escape(text)` written into `output`: the runs between entities copied as they are.
    static func write(_ text: String, into output: inout ByteBuffer) {
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            for index in bytes.indices where isSpecial(bytes[index]) {
                guard let entity = entity(bytes[index]) else { continue }
                output.writeBytes(UnsafeBufferPointer(rebasing: bytes[start..<index]))
                output.writeStaticString(entity)
                start = index + 1
            }
            output.writeBytes(UnsafeBufferPointer(rebasing: bytes[start...]))
        }
    }

    /// Whether `entity(byte)` has an entity: one shift and test a byte, where the switch
    /// compares five times (the five are all below 64: `"` 34, `&` 38, `'` 39, `<` 60, `>` 62).
    static func isSpecial(_ byte: UInt8) -> Bool {
        let specials: UInt64 = 1 << 34 | 1 << 38 | 1 << 39 | 1 << 60 | 1 << 62
        return byte < 64 && (specials >> UInt64(byte)) & 1 != 0
    }

    static func entity(_ byte: UInt8) -> StaticString? {
        switch byte {
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "'"): "&#39;"
        default: nil
        }
    }
}
