import CExif
import DaybookCore

/// One tag's value as a reader needs it: absent, usable, or present but unusable (with a
/// sentence naming the tag and saying why, ready for a warning).
enum TagReading<Value> {
    case missing
    case usable(Value)
    case unusable(String)

    var value: Value? {
        if case .usable(let value) = self { return value }
        return nil
    }

    /// The same reading, with "missing" turned into "unusable" for a value that must be there.
    func required(_ whyMissing: @autoclosure () -> String) -> TagReading {
        if case .missing = self { return .unusable(whyMissing()) }
        return self
    }

    /// The value; when present but unusable, its warning (ending in `consequence`, such as
    /// "ignored") is added to `warnings`.
    func value(warning warnings: inout [String], _ consequence: String) -> Value? {
        if case .unusable(let why) = self { warnings.append("\(why); \(consequence)") }
        return value
    }
}

/// Typed reading of entries, in whatever format the writer chose. exiftool reads a number
/// from any numeric TIFF format (a Nokia writes GPS as SRATIONAL, some writers store
/// Orientation as LONG), so Daybook does too, here, for every tag.
extension ExifBlock {
    /// Text up to its first NUL, with surrounding spaces and NULs trimmed. ASCII is the
    /// EXIF format; UNDEFINED bytes are read as text too, as exiftool does.
    /// Blank text is `.missing`.
    func text(_ tag: UInt32, in ifd: ExifIfd) -> TagReading<String> {
        let entry: ExifEntry
        switch lookup(tag, in: ifd) {
        case .missing: return .missing
        case .damaged: return .unusable("\(Self.name(of: tag, in: ifd)) is empty or cut short")
        case .found(let found): entry = found
        }
        guard entry.format == EXIF_FORMAT_ASCII || entry.format == EXIF_FORMAT_UNDEFINED else {
            return .unusable("\(Self.name(of: tag, in: ifd)) is stored as \(Self.formatName(entry.format)), not text")
        }
        let bytes = UnsafeBufferPointer(start: entry.data, count: Int(entry.size))
        let text = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self).trimmingSpaces
        return text.isEmpty ? .missing : .usable(text)
    }

    /// Every component as a number, from any of the ten numeric TIFF formats. A rational
    /// with a zero denominator, or a float that is not finite, makes the whole value
    /// unusable: it means "no value", not infinity.
    func numbers(_ tag: UInt32, in ifd: ExifIfd) -> TagReading<[Double]> {
        let name = Self.name(of: tag, in: ifd)
        let entry: ExifEntry
        switch lookup(tag, in: ifd) {
        case .missing: return .missing
        case .damaged: return .unusable("\(name) is empty or cut short")
        case .found(let found): entry = found
        }
        let unit = Int(exif_format_get_size(entry.format))
        var values: [Double] = []
        values.reserveCapacity(Int(entry.components))
        for index in 0..<Int(entry.components) {
            guard let value = number(at: entry.data + index * unit, format: entry.format) else {
                return .unusable("\(name) is stored as \(Self.formatName(entry.format)), not a number")
            }
            guard value.isFinite else {
                let why =
                    entry.format == EXIF_FORMAT_RATIONAL || entry.format == EXIF_FORMAT_SRATIONAL
                    ? "has a zero denominator" : "is not a finite number"
                return .unusable("\(name) \(why)")
            }
            values.append(value)
        }
        return .usable(values)
    }

    /// A single whole number (any numeric format, one component).
    func integer(_ tag: UInt32, in ifd: ExifIfd) -> TagReading<Int> {
        switch numbers(tag, in: ifd) {
        case .missing: return .missing
        case .unusable(let why): return .unusable(why)
        case .usable(let values):
            let name = Self.name(of: tag, in: ifd)
            guard values.count == 1 else { return .unusable("\(name) has \(values.count) values, expected 1") }
            guard let whole = Int(exactly: values[0]) else { return .unusable("\(name) \(values[0]) is not a whole number") }
            return .usable(whole)
        }
    }

    /// One component; `nil` for a non-numeric format. Rationals with a zero denominator
    /// come back as infinity or NaN for the caller to refuse.
    private func number(at bytes: UnsafePointer<UInt8>, format: ExifFormat) -> Double? {
        switch format {
        case EXIF_FORMAT_BYTE: return Double(bytes[0])
        case EXIF_FORMAT_SBYTE: return Double(Int8(bitPattern: bytes[0]))
        case EXIF_FORMAT_SHORT: return Double(exif_get_short(bytes, byteOrder))
        case EXIF_FORMAT_SSHORT: return Double(exif_get_sshort(bytes, byteOrder))
        case EXIF_FORMAT_LONG: return Double(exif_get_long(bytes, byteOrder))
        case EXIF_FORMAT_SLONG: return Double(exif_get_slong(bytes, byteOrder))
        case EXIF_FORMAT_RATIONAL:
            let rational = exif_get_rational(bytes, byteOrder)
            return Double(rational.numerator) / Double(rational.denominator)
        case EXIF_FORMAT_SRATIONAL:
            let rational = exif_get_srational(bytes, byteOrder)
            return Double(rational.numerator) / Double(rational.denominator)
        case EXIF_FORMAT_FLOAT: return Double(Float(bitPattern: exif_get_long(bytes, byteOrder)))
        case EXIF_FORMAT_DOUBLE:
            // libexif has no 64-bit getter: join two 32-bit words in the block's byte order.
            let first = UInt64(exif_get_long(bytes, byteOrder)), second = UInt64(exif_get_long(bytes + 4, byteOrder))
            let bits = byteOrder == EXIF_BYTE_ORDER_INTEL ? second << 32 | first : first << 32 | second
            return Double(bitPattern: bits)
        default: return nil
        }
    }

    static func formatName(_ format: ExifFormat) -> String {
        exif_format_get_name(format).map { String(cString: $0).uppercased() } ?? "format \(format.rawValue)"
    }
}
