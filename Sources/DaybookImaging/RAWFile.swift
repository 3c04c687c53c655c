import CRaw
import DaybookCore
import Glibc

/// A camera RAW file (DNG, CR2, CR3, NEF, ARW, RAF, ORF, RW2, …) opened by LibRaw for what a
/// journal needs: the camera, the sensor's size and orientation, and the largest embedded
/// JPEG preview. The sensor data is never unpacked or demosaiced: a preview the camera
/// rendered is both faster and closer to what the photographer saw.
///
/// Not for concurrent use: one file, one thread (LibRaw's thread-safe build keeps its state
/// in the handle).
package final class RAWFile {
    private let handle: UnsafeMutablePointer<libraw_data_t>
    /// LibRaw reads straight from this copy; it lives as long as the handle.
    private let storage: UnsafeMutableRawBufferPointer
    /// The file's own bytes, for the EXIF reader and for checking the preview's place.
    package let bytes: [UInt8]
    package let make: String?
    package let model: String?
    /// The sensor's frame as stored, before `orientation` turns it (as a JPEG's SOF is).
    package let size: FrameSize?
    /// The orientation LibRaw read from the maker's tags (its `flip`).
    package let orientation: Orientation

    /// A preview whose longer side is shorter than this is not worth a thumbnail: it is the
    /// 160×120 index picture some cameras keep beside the real preview.
    package static let minimumPreviewSide = 160

    package init(_ bytes: [UInt8]) throws(RAWError) {
        guard let handle = libraw_init(0) else { throw .unreadable("out of memory") }
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, bytes.count), alignment: 16)
        bytes.withUnsafeBytes { storage.copyMemory(from: $0) }
        let status = libraw_open_buffer(handle, storage.baseAddress, bytes.count)
        guard status == LIBRAW_SUCCESS.rawValue else {
            libraw_close(handle)
            storage.deallocate()
            throw .unreadable(Self.message(status))
        }
        self.handle = handle
        self.storage = storage
        self.bytes = bytes
        make = Self.text(handle.pointee.idata.make)
        model = Self.text(handle.pointee.idata.model)
        orientation = Self.orientation(flip: handle.pointee.sizes.flip)
        wallClock = Self.wallClock(handle.pointee.other.timestamp)
        let width = Int(handle.pointee.sizes.width)
        let height = Int(handle.pointee.sizes.height)
        size = width > 0 && height > 0 ? FrameSize(width: width, height: height) : nil
    }

    deinit {
        libraw_close(handle)
        storage.deallocate()
    }

    /// The capture time LibRaw read, as the camera's wall clock: LibRaw turns the EXIF date
    /// into seconds with the process's time zone (mktime), so the same zone turns it back.
    /// For the RAW files whose EXIF Daybook cannot read itself (CR3).
    package let wallClock: LocalDateTime?

    private static func wallClock(_ timestamp: time_t) -> LocalDateTime? {
        var seconds = timestamp
        guard seconds > 0 else { return nil }
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return nil }
        return LocalDateTime(
            year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday), hour: Int(parts.tm_hour),
            minute: Int(parts.tm_min), second: Int(parts.tm_sec))
    }

    /// LibRaw unpacks a preview once per handle, and forgets everything it read when that
    /// fails, so the first answer is kept for the metadata and the pixels alike.
    private var unpackedPreview: Result<[UInt8], RAWError>?

    package func preview() throws(RAWError) -> [UInt8] {
        if let unpackedPreview { return try unpackedPreview.get() }
        let result: Result<[UInt8], RAWError>
        do {
            result = .success(try unpackPreview())
        } catch {
            result = .failure(error)
        }
        unpackedPreview = result
        return try result.get()
    }

    /// The largest embedded JPEG preview LibRaw finds. Its bytes are checked to lie inside
    /// the file and to start like a JPEG; whether they decode is the JPEG decoder's business.
    private func unpackPreview() throws(RAWError) -> [UInt8] {
        let declared = handle.pointee.thumbnail
        let status = libraw_unpack_thumb(handle)
        guard status == LIBRAW_SUCCESS.rawValue else {
            if status == LIBRAW_NO_THUMBNAIL.rawValue { throw .noPreview }
            if status == LIBRAW_IO_ERROR.rawValue || status == LIBRAW_DATA_ERROR.rawValue {
                throw .previewOutsideFile(length: Int(declared.tlength), fileSize: bytes.count)
            }
            throw .noUsablePreview(Self.message(status))
        }
        let thumbnail = handle.pointee.thumbnail
        // LibRaw calls a JPEG whose headers it cannot parse "unknown"; by its first bytes it is
        // still a JPEG, and the JPEG decoder says what is wrong with it.
        let format = thumbnail.tformat
        guard format == LIBRAW_THUMBNAIL_JPEG || format == LIBRAW_THUMBNAIL_UNKNOWN, let data = thumbnail.thumb,
            thumbnail.tlength > 0
        else {
            throw .noUsablePreview("the preview is not a JPEG")
        }
        let preview = data.withMemoryRebound(to: UInt8.self, capacity: Int(thumbnail.tlength)) {
            Array(UnsafeBufferPointer(start: $0, count: Int(thumbnail.tlength)))
        }
        guard preview.starts(with: [0xFF, 0xD8, 0xFF]) else { throw .noUsablePreview("the preview does not start like a JPEG") }
        return preview
    }

    /// LibRaw's `flip`: 3 is upside down, 5 turned left, 6 turned right (its own numbering).
    static func orientation(flip: Int32) -> Orientation {
        switch flip {
        case 3: .down
        case 5: .left
        case 6: .right
        default: .up
        }
    }

    private static func text<T>(_ field: T) -> String? {
        withUnsafeBytes(of: field) { raw in
            let bytes = raw.prefix { $0 != 0 }
            let text = String(decoding: bytes, as: UTF8.self).trimmingSpaces
            return text.isEmpty ? nil : text
        }
    }

    private static func message(_ status: Int32) -> String {
        libraw_strerror(status).map { String(cString: $0) } ?? "error \(status)"
    }
}
