import CExif

/// A loaded libexif `ExifData`, with bounds-checked typed access to its entries.
///
/// Files cut short or hand-patched give libexif partial entries, so every read checks the
/// entry's format, component count and byte size before touching its data.
final class ExifBlock {
    private let data: UnsafeMutablePointer<ExifData>
    private let byteOrder: ExifByteOrder

    /// Loads the EXIF block of a JPEG held in memory. `nil` when there is none.
    init?(jpeg bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty, bytes.count <= Int(UInt32.max),
              let loader = exif_loader_new() else { return nil }
        defer { exif_loader_unref(loader) }
        // exif_loader_write takes a non-const pointer but only reads; it stops after APP1.
        _ = exif_loader_write(loader, UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: UInt8.self)),
                              UInt32(bytes.count))
        var buffer: UnsafePointer<UInt8>?
        var size: UInt32 = 0
        exif_loader_get_buf(loader, &buffer, &size)
        guard let buffer, size > 0, let exifData = exif_data_new() else { return nil }
        // FOLLOW_SPECIFICATION would "fix" the block by inventing mandatory entries with
        // default values; Daybook wants only what the camera wrote.
        exif_data_unset_option(exifData, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
        exif_data_load_data(exifData, buffer, size)
        data = exifData
        byteOrder = exif_data_get_byte_order(exifData)
    }

    deinit { exif_data_unref(data) }

    var isEmpty: Bool {
        (0..<Int(EXIF_IFD_COUNT.rawValue)).allSatisfy { index in
            guard let content = ifdContent(ExifIfd(UInt32(index))) else { return true }
            return content.pointee.count == 0
        }
    }

    private func ifdContent(_ ifd: ExifIfd) -> UnsafeMutablePointer<ExifContent>? {
        withUnsafePointer(to: data.pointee.ifd) { tuple in
            tuple.withMemoryRebound(to: UnsafeMutablePointer<ExifContent>?.self, capacity: Int(EXIF_IFD_COUNT.rawValue)) {
                $0[Int(ifd.rawValue)]
            }
        }
    }

    private func entry(_ tag: UInt32, in ifd: ExifIfd) -> ExifEntry? {
        guard let content = ifdContent(ifd),
              let entry = exif_content_get_entry(content, ExifTag(rawValue: tag)) else { return nil }
        let value = entry.pointee
        guard value.data != nil else { return nil }
        let unit = Int(exif_format_get_size(value.format))
        guard unit > 0, value.components > 0,
              Int(value.size) >= Int(value.components) * unit else { return nil }
        return value
    }

    /// ASCII value up to its first NUL, with surrounding spaces and NULs trimmed;
    /// `nil` when missing, not ASCII, or blank.
    func string(_ tag: UInt32, in ifd: ExifIfd) -> String? {
        guard let entry = entry(tag, in: ifd), entry.format == EXIF_FORMAT_ASCII else { return nil }
        let bytes = UnsafeBufferPointer(start: entry.data, count: Int(entry.size))
        let untilNUL = bytes.prefix { $0 != 0 }
        let text = String(decoding: untilNUL, as: UTF8.self)
        let trimmed = text.trimmingSpaces
        return trimmed.isEmpty ? nil : trimmed
    }

    /// First component of an integer entry (BYTE, SHORT or LONG).
    func integer(_ tag: UInt32, in ifd: ExifIfd) -> Int? {
        guard let entry = entry(tag, in: ifd) else { return nil }
        switch entry.format {
        case EXIF_FORMAT_BYTE: return Int(entry.data[0])
        case EXIF_FORMAT_SHORT: return Int(exif_get_short(entry.data, byteOrder))
        case EXIF_FORMAT_LONG: return Int(exif_get_long(entry.data, byteOrder))
        default: return nil
        }
    }

    /// Unsigned rationals as doubles; `nil` when missing, not RATIONAL, or when any used
    /// component has a zero denominator (which means "no value", not infinity).
    func rationals(_ tag: UInt32, in ifd: ExifIfd, count: Int) -> [Double]? {
        guard let entry = entry(tag, in: ifd), entry.format == EXIF_FORMAT_RATIONAL,
              Int(entry.components) >= count else { return nil }
        var values: [Double] = []
        for index in 0..<count {
            let rational = exif_get_rational(entry.data + index * 8, byteOrder)
            guard rational.denominator != 0 else { return nil }
            values.append(Double(rational.numerator) / Double(rational.denominator))
        }
        return values
    }

    /// Number of RATIONAL components present for `tag` (0 when missing or another format).
    func rationalCount(_ tag: UInt32, in ifd: ExifIfd) -> Int {
        guard let entry = entry(tag, in: ifd), entry.format == EXIF_FORMAT_RATIONAL else { return 0 }
        return Int(entry.components)
    }
}

extension String {
    var trimmingSpaces: String {
        let isPadding: (Character) -> Bool = { $0 == " " || $0 == "\0" || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isPadding($0) }),
              let last = lastIndex(where: { !isPadding($0) }) else { return "" }
        return String(self[first...last])
    }
}
