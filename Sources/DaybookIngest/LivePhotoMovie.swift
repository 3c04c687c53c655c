import DaybookCore
import DaybookImaging
import Foundation

/// What pairing needs from an Apple Live Photo's `.MOV`: its content identifier
/// (`com.apple.quicktime.content.identifier`) and when it was taken
/// (`com.apple.quicktime.creationdate`, local time with its offset; else the `mvhd` creation
/// time, UTC by the QuickTime specification).
///
/// Read from the QuickTime boxes with the bounded `ISOBoxWalker`: `moov`/`meta`/`keys` (or
/// under `moov`/`udta`, where FFmpeg writes them) names
/// the keys in order (each `mdta` and its name), and `moov`/`meta`/`ilst` holds each value in
/// a box whose type is the key's 1-based index, inside a `data` box. Every size and count is
/// the walker's or checked here against the box it lies in; a movie whose boxes do not hold
/// simply has fewer values. The video work's FFmpeg reader may take this over.
struct LivePhotoMovie: Equatable {
    var contentIdentifier: String?
    /// The creation date's local time and, when written, its offset from UTC in seconds.
    var creationLocal: LocalDateTime?
    var creationOffsetSeconds: Int?
    /// `mvhd`'s creation time as Unix seconds; nil when zero or absent.
    var movieHeaderUTC: Int64?

    static let contentIdentifierKey = "com.apple.quicktime.content.identifier"
    static let creationDateKey = "com.apple.quicktime.creationdate"
    /// Values longer than this are no identifier or date.
    static let maximumValueLength = 128
    static let maximumKeys = 1024
    /// Seconds from 1904-01-01 (QuickTime's epoch) to 1970-01-01.
    static let quickTimeEpochOffset: Int64 = 2_082_844_800

    /// The capture instant in Unix seconds, when the movie says it: the creation date with its
    /// offset, else `mvhd`.
    var capturedUTC: Int64? {
        if let creationLocal, let creationOffsetSeconds { return creationLocal.unixSeconds(offsetSeconds: creationOffsetSeconds) }
        return movieHeaderUTC
    }

    /// nil when `bytes` have no whole `moov` box at the top level.
    init?(_ bytes: [UInt8]) {
        let found: LivePhotoMovie? = bytes.withUnsafeBufferPointer { buffer in
            guard let moov = ISOBoxWalker.first("moov", in: buffer, range: 0..<buffer.count) else { return nil }
            var movie = LivePhotoMovie()
            if let header = ISOBoxWalker.first("mvhd", in: buffer, range: moov.content) {
                movie.movieHeaderUTC = Self.creationTime(header, buffer)
            }
            // Apple writes `moov`/`meta`; FFmpeg `moov`/`udta`/`meta`.
            let userData = ISOBoxWalker.first("udta", in: buffer, range: moov.content)
            if let meta = ISOBoxWalker.first("meta", in: buffer, range: moov.content)
                ?? userData.flatMap({ ISOBoxWalker.first("meta", in: buffer, range: $0.content) })
            {
                let values = Self.keyedValues(meta, buffer)
                movie.contentIdentifier = values[Self.contentIdentifierKey].flatMap(Self.identifier)
                if let date = values[Self.creationDateKey] { (movie.creationLocal, movie.creationOffsetSeconds) = Self.date(date) }
            }
            return movie
        }
        guard let found else { return nil }
        self = found
    }

    private init() {}

    /// `mvhd`: version and flags, then the creation time in 32 bits (version 0) or 64 (version 1).
    private static func creationTime(_ box: ISOBox, _ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard box.content.count >= 4 else { return nil }
        let width = bytes[box.contentStart] == 1 ? 8 : 4
        guard box.content.count >= 4 + width else { return nil }
        let seconds = Self.bigEndian(bytes, at: box.contentStart + 4, width: width)
        guard seconds > 0, seconds < UInt64(Int64.max) else { return nil }
        return Int64(seconds) - quickTimeEpochOffset
    }

    /// The `mdta` keys with their UTF-8 values. QuickTime's `meta` holds boxes straight away;
    /// the ISO form begins with 4 bytes of version and flags, which read as a size of 0.
    private static func keyedValues(_ meta: ISOBox, _ bytes: UnsafeBufferPointer<UInt8>) -> [String: String] {
        var content = meta.content
        if content.count >= 4, Self.bigEndian(bytes, at: content.lowerBound, width: 4) == 0 {
            content = content.lowerBound + 4..<content.upperBound
        }
        guard let keysBox = ISOBoxWalker.first("keys", in: bytes, range: content),
            let list = ISOBoxWalker.first("ilst", in: bytes, range: content)
        else { return [:] }
        let keys = self.keys(keysBox, bytes)
        var values: [String: String] = [:]
        var walker = ISOBoxWalker(bytes, in: list.content)
        while case .box(let item)? = walker.next() {
            // The item's type is the key's index, a 32-bit number rather than four letters.
            let index = Int(Self.bigEndian(bytes, at: item.start + 4, width: 4))
            guard index >= 1, index <= keys.count, values[keys[index - 1]] == nil,
                let data = ISOBoxWalker.first("data", in: bytes, range: item.content), data.content.count >= 8
            else { continue }
            // `data`: a 4-byte type (1: UTF-8), a 4-byte locale, then the value.
            guard Self.bigEndian(bytes, at: data.contentStart, width: 4) == 1 else { continue }
            let value = data.contentStart + 8..<data.end
            guard value.count <= maximumValueLength else { continue }
            values[keys[index - 1]] = String(decoding: bytes[value], as: UTF8.self)
        }
        return values
    }

    /// `keys`: version and flags, a count, then each key as a size, a namespace and its name.
    private static func keys(_ box: ISOBox, _ bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        guard box.content.count >= 8 else { return [] }
        let count = Int(Self.bigEndian(bytes, at: box.contentStart + 4, width: 4))
        var keys: [String] = []
        var offset = box.contentStart + 8
        while keys.count < min(count, maximumKeys), offset + 8 <= box.end {
            let size = Int(Self.bigEndian(bytes, at: offset, width: 4))
            guard size >= 8, size <= box.end - offset else { break }
            keys.append(String(decoding: bytes[offset + 8..<offset + size], as: UTF8.self))
            offset += size
        }
        return keys
    }

    /// The caller has checked that `width` bytes lie within the buffer.
    private static func bigEndian(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, width: Int) -> UInt64 {
        (0..<width).reduce(0) { $0 << 8 | UInt64(bytes[offset + $1]) }
    }

    /// A UUID-like identifier: printable ASCII without spaces, upper-cased as in the photo.
    static func identifier(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: [" ", "\0"])
        guard !trimmed.isEmpty, trimmed.utf8.count <= 64, trimmed.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else { return nil }
        return trimmed.uppercased()
    }

    /// `2024-06-01T10:20:31+0200` (Apple's form), also with `+02:00` or `Z`: the local time
    /// and its offset; a time without a zone has no offset.
    static func date(_ text: String) -> (LocalDateTime?, Int?) {
        let characters = Array(text.trimmingCharacters(in: [" ", "\0"]))
        guard characters.count >= 19, let local = LocalDateTime(iso: String(characters[0..<19])) else { return (nil, nil) }
        let zone = String(characters[19...]).replacingOccurrences(of: ":", with: "")
        if zone.isEmpty { return (local, nil) }
        if zone == "Z" { return (local, 0) }
        guard zone.count == 5, let sign = zone.first, sign == "+" || sign == "-", let hours = Int(zone.dropFirst().prefix(2)),
            let minutes = Int(zone.suffix(2)), hours <= 18, minutes < 60
        else { return (local, nil) }
        return (local, (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60))
    }
}
