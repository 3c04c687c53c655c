import Foundation

/// What a `Range` header asks of a file of `size` bytes (RFC 9110 §14): the part a video
/// player seeks to. Only one range of the `bytes` unit is served; anything else (several
/// ranges, another unit, a header that does not parse) is answered with the whole file, which
/// RFC 9110 §14.2 allows ("a server MAY ignore the Range header"): browsers ask for one range,
/// and a whole file is never wrong, where a multipart answer would be code no player needs.
enum ByteRange: Equatable, Sendable {
    /// No usable range: answer 200 with the whole file.
    case whole
    /// One satisfiable range, clamped to the file: answer 206 with these bytes.
    case part(ClosedRange<Int>)
    /// A well-formed range that starts past the end (or a zero suffix): answer 416.
    case unsatisfiable

    /// Longer headers are not a range a browser sends: ignored, whole file.
    static let maximumHeaderLength = 200

    init(header: String?, size: Int) {
        guard let header, header.utf8.count <= Self.maximumHeaderLength else {
            self = .whole
            return
        }
        let text = header.trimmingCharacters(in: .whitespaces)
        guard text.lowercased().hasPrefix("bytes=") else {
            self = .whole
            return
        }
        let spec = text.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else {
            self = .whole
            return
        }
        let first = spec[..<dash].trimmingCharacters(in: .whitespaces)
        let last = spec[spec.index(after: dash)...].trimmingCharacters(in: .whitespaces)
        if first.isEmpty {
            // `-n`: the last n bytes.
            guard let suffix = Self.digits(last) else {
                self = .whole
                return
            }
            guard suffix > 0, size > 0 else {
                self = .unsatisfiable
                return
            }
            self = .part(max(0, size - suffix)...(size - 1))
            return
        }
        guard let start = Self.digits(first) else {
            self = .whole
            return
        }
        var end = size - 1
        if !last.isEmpty {
            guard let asked = Self.lastPosition(last), asked >= start else {
                self = .whole
                return
            }
            end = min(asked, size - 1)
        }
        self = start < size ? .part(start...end) : .unsatisfiable
    }

    /// A decimal number of ASCII digits only (no sign, no spaces), nil past 18 digits: a
    /// position no file reaches, and no overflow.
    private static func digits(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 18, isDigits(text) else { return nil }
        return Int(text)
    }

    /// A last position, of any number of digits: one too large for an Int is past every
    /// file's end, and is clamped to it as a smaller one past the end is (RFC 9110 §14.1.2).
    private static func lastPosition(_ text: String) -> Int? {
        guard !text.isEmpty, isDigits(text) else { return nil }
        return Int(text) ?? .max
    }

    private static func isDigits(_ text: String) -> Bool { text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
}
