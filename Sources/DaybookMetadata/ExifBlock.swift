import CExif

/// A loaded libexif `ExifData`, with bounds-checked access to its entries.
///
/// Files cut short or hand-patched give libexif partial entries, so every read checks the
/// entry's format, component count and byte size before touching its data. Typed values
/// come from `ExifBlock+Values.swift`, one place for every tag.
final class ExifBlock {
    private let data: UnsafeMutablePointer<ExifData>
    let byteOrder: ExifByteOrder

    /// Loads the EXIF block of a JPEG held in memory. `nil` when there is none.
    convenience init?(jpeg bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty, bytes.count <= Int(UInt32.max),
            let loader = exif_loader_new()
        else { return nil }
        defer { exif_loader_unref(loader) }
        // exif_loader_write takes a non-const pointer but only reads; it stops after APP1.
        _ = exif_loader_write(
            loader, UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: UInt8.self)),
            UInt32(bytes.count))
        var buffer: UnsafePointer<UInt8>?
        var size: UInt32 = 0
        exif_loader_get_buf(loader, &buffer, &size)
        guard let buffer, size > 0 else { return nil }
        self.init(app1Payload: UnsafeRawBufferPointer(start: buffer, count: Int(size)))
    }

    /// Loads an EXIF block laid out as in a JPEG's APP1 segment: "Exif\0\0", then the TIFF
    /// structure. Other containers (HEIF's Exif item) are brought to this form first.
    init?(app1Payload payload: UnsafeRawBufferPointer) {
        guard let base = payload.baseAddress, !payload.isEmpty, payload.count <= Int(UInt32.max),
            let exifData = exif_data_new()
        else { return nil }
        // FOLLOW_SPECIFICATION would "fix" the block by inventing mandatory entries with
        // default values; Daybook wants only what the camera wrote.
        exif_data_unset_option(exifData, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
        exif_data_load_data(exifData, base.assumingMemoryBound(to: UInt8.self), UInt32(payload.count))
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

    /// An entry as found in the block: absent, present but without whole data, or whole.
    enum Lookup {
        case missing
        case damaged
        /// `data` holds at least `components` values of `format`'s size.
        case found(ExifEntry)
    }

    func lookup(_ tag: UInt32, in ifd: ExifIfd) -> Lookup {
        guard let content = ifdContent(ifd),
            let entry = exif_content_get_entry(content, ExifTag(rawValue: tag))
        else { return .missing }
        let value = entry.pointee
        let unit = Int(exif_format_get_size(value.format))
        guard value.data != nil, value.components > 0, value.components <= UInt(Int32.max),
            unit == 0 || Int(value.size) >= Int(value.components) * unit
        else { return .damaged }
        return .found(value)
    }

    /// The tag's EXIF name ("GPSLatitude"), for warnings.
    static func name(of tag: UInt32, in ifd: ExifIfd) -> String {
        exif_tag_get_name_in_ifd(ExifTag(rawValue: tag), ifd).map { String(cString: $0) }
            ?? "tag 0x\(String(tag, radix: 16))"
    }
}
