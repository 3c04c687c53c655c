import CHeif

/// A HEIF file (HEIC from a phone, or any HEIF libheif decodes) opened by libheif: the
/// primary image's shown size, the metadata items attached to it, and its thumbnails.
/// The container is parsed once here; pixels are decoded only when asked for
/// (`HEIFFile+Decoding.swift`).
///
/// Not for concurrent use: one file, one thread, like the rest of a photo's analysis.
package final class HEIFFile {
    /// libheif reads straight from this copy of the bytes (no second copy of its own), so it
    /// lives exactly as long as the context.
    private let storage: UnsafeMutableRawBufferPointer
    /// libheif's functions (`HEIFLibrary`).
    let heif: DaybookHeif
    private let context: OpaquePointer
    let primary: OpaquePointer
    /// The primary image as it is shown, as libheif declares it: the size after the
    /// container's rotation (`irot`) and crop (`clap`), the transforms its decode applies.
    /// libheif 1.15 leaves the rotation out for some files (a Sony camera's), so the decoded
    /// size (`HEIFPixels.shownSize`) is the one to keep when there is one.
    package let size: FrameSize

    /// Items larger than this are not metadata a photo carries; they are skipped unread.
    package static let maximumMetadataBytes = 16 << 20

    package convenience init(_ bytes: [UInt8]) throws(HEIFError) {
        try self.init(bytes, library: HEIFLibrary.shared)
    }

    /// `library` is libheif as `HEIFLibrary` opened it; only a test passes another (a missing one).
    init(_ bytes: [UInt8], library: Result<DaybookHeif, HEIFError>) throws(HEIFError) {
        let heif = try library.get()
        if let lie = bytes.withUnsafeBufferPointer(HEIFCodedSizes.oversized) {
            throw .corrupt(
                nil,
                "an image is coded at \(lie.coded.width)×\(lie.coded.height), larger than the "
                    + "\(lie.declared.width)×\(lie.declared.height) its container declares (its 'ispe' does not match its stream)")
        }
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, bytes.count), alignment: 16)
        bytes.withUnsafeBytes { storage.copyMemory(from: $0) }
        guard let context = heif.heif_context_alloc() else {
            storage.deallocate()
            throw .unreadable("out of memory")
        }
        // Ingest already runs one decode per worker; more threads per photo only add memory.
        heif.heif_context_set_max_decoding_threads(context, 0)
        var handle: OpaquePointer?
        var failure = HEIFError.failure(heif.heif_context_read_from_memory_without_copy(context, storage.baseAddress, bytes.count, nil))
        if failure == nil {
            failure = HEIFError.failure(heif.heif_context_get_primary_image_handle(context, &handle))
        }
        guard failure == nil, let handle else {
            heif.heif_context_free(context)
            storage.deallocate()
            let detail = failure ?? "no primary image"
            if let cut = ISOBoxes.overrun(bytes), cut.isCutShort {
                throw .truncated(box: cut.type, fileSize: bytes.count, declaredEnd: cut.declaredEnd, detail: detail)
            }
            throw .unreadable(detail)
        }
        self.storage = storage
        self.heif = heif
        self.context = context
        primary = handle
        size = Self.shownSize(handle, heif)
    }

    deinit {
        heif.heif_image_handle_release(primary)
        heif.heif_context_free(context)
        storage.deallocate()
    }

    static func shownSize(_ handle: OpaquePointer, _ heif: DaybookHeif) -> FrameSize {
        FrameSize(width: Int(heif.heif_image_handle_get_width(handle)), height: Int(heif.heif_image_handle_get_height(handle)))
    }

    /// The Exif item as stored: a 4-byte big-endian offset to the TIFF header, then (after
    /// whatever the offset skips) the TIFF structure. nil when there is none.
    package var exif: [UInt8]? { metadata(type: "Exif").first }

    /// The embedded XMP packet: the `mime` item whose content type is application/rdf+xml.
    package var xmp: [UInt8]? { metadata(type: "mime", contentType: "application/rdf+xml").first }

    /// The primary image's metadata items of `type`, in file order, their bytes as stored.
    func metadata(type: String, contentType: String? = nil) -> [[UInt8]] {
        let count = Int(heif.heif_image_handle_get_number_of_metadata_blocks(primary, type))
        guard count > 0 else { return [] }
        var ids = [heif_item_id](repeating: 0, count: count)
        let filled = Int(heif.heif_image_handle_get_list_of_metadata_block_IDs(primary, type, &ids, Int32(count)))
        return ids.prefix(max(0, min(filled, count))).compactMap { id in
            if let contentType {
                guard let found = heif.heif_image_handle_get_metadata_content_type(primary, id),
                    String(cString: found) == contentType
                else { return nil }
            }
            let size = heif.heif_image_handle_get_metadata_size(primary, id)
            guard size > 0, size <= Self.maximumMetadataBytes else { return nil }
            var bytes = [UInt8](repeating: 0, count: size)
            let error = bytes.withUnsafeMutableBytes { heif.heif_image_handle_get_metadata(primary, id, $0.baseAddress) }
            return HEIFError.failure(error) == nil ? bytes : nil
        }
    }

    /// The shown sizes of the primary image's thumbnail items, in file order.
    package var thumbnailSizes: [FrameSize] {
        thumbnailIDs.compactMap { id in withThumbnail(id) { Self.shownSize($0, heif) } }
    }

    var thumbnailIDs: [heif_item_id] {
        let count = Int(heif.heif_image_handle_get_number_of_thumbnails(primary))
        guard count > 0 else { return [] }
        var ids = [heif_item_id](repeating: 0, count: count)
        let filled = Int(heif.heif_image_handle_get_list_of_thumbnail_IDs(primary, &ids, Int32(count)))
        return Array(ids.prefix(max(0, min(filled, count))))
    }

    /// Runs `body` with the thumbnail item's handle; nil when libheif cannot open it.
    func withThumbnail<T, E: Error>(_ id: heif_item_id, _ body: (OpaquePointer) throws(E) -> T) throws(E) -> T? {
        var handle: OpaquePointer?
        guard HEIFError.failure(heif.heif_image_handle_get_thumbnail(primary, id, &handle)) == nil, let handle else { return nil }
        defer { heif.heif_image_handle_release(handle) }
        return try body(handle)
    }
}
