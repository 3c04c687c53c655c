import CGif

/// giflib's low-level reader over bytes in memory: the records of a GIF in order, and the
/// one frame Daybook decodes.
enum GIFRecords {
    enum Record {
        /// A graphic control extension's transparent colour, for the image that follows.
        case transparentIndex(Int)
        case xmp([UInt8])
        /// An image descriptor has been read (`gif.pointee.Image`); its data comes next.
        case image
    }

    /// giflib reads through this callback; `UserData` points at it.
    private final class Cursor {
        let base: UnsafePointer<UInt8>
        let count: Int
        var offset = 0
        init(_ base: UnsafePointer<UInt8>, _ count: Int) {
            self.base = base
            self.count = count
        }
    }

    /// Calls `visit` for each record until it returns false or the file ends; returns the
    /// logical screen. Image data `visit` did not read is skipped unpacked.
    static func walk(
        _ bytes: [UInt8], _ visit: (UnsafeMutablePointer<GifFileType>, Record) throws(StillImageError) -> Bool
    ) throws(StillImageError) -> FrameSize {
        try bytes.withUnsafeBufferPointer { (buffer: UnsafeBufferPointer<UInt8>) throws(StillImageError) -> FrameSize in
            guard let base = buffer.baseAddress else { throw .unreadable(format: "GIF", detail: "empty file") }
            let cursor = Cursor(base, buffer.count)
            var error: Int32 = 0
            let opened = withExtendedLifetime(cursor) {
                DGifOpen(
                    Unmanaged.passUnretained(cursor).toOpaque(),
                    { gif, destination, length in
                        guard let gif, let destination, let user = gif.pointee.UserData else { return 0 }
                        let cursor = Unmanaged<Cursor>.fromOpaque(user).takeUnretainedValue()
                        let count = max(0, min(Int(length), cursor.count - cursor.offset))
                        destination.update(from: cursor.base + cursor.offset, count: count)
                        cursor.offset += count
                        return Int32(count)
                    }, &error)
            }
            guard let gif = opened else { throw failure(error, bytes: bytes) }
            defer { DGifCloseFile(gif, nil) }
            let screen = FrameSize(width: Int(gif.pointee.SWidth), height: Int(gif.pointee.SHeight))
            return try withExtendedLifetime(cursor) { () throws(StillImageError) -> FrameSize in
                while true {
                    var type = UNDEFINED_RECORD_TYPE
                    guard DGifGetRecordType(gif, &type) == GIF_OK else { throw failure(gif.pointee.Error, bytes: bytes) }
                    switch type {
                    case IMAGE_DESC_RECORD_TYPE:
                        guard DGifGetImageDesc(gif) == GIF_OK else { throw failure(gif.pointee.Error, bytes: bytes) }
                        guard try visit(gif, .image) else { return screen }
                        try skipImageData(gif, bytes: bytes)
                    case EXTENSION_RECORD_TYPE:
                        if let record = try readExtension(gif, bytes: bytes), try !visit(gif, record) { return screen }
                    case TERMINATE_RECORD_TYPE:
                        return screen
                    default:
                        throw .corrupt(format: "GIF", screen, "an unknown record")
                    }
                }
            }
        }
    }

    /// The extension's sub-blocks, kept only for the two Daybook reads. XMP's blocks are
    /// joined with their length bytes: the packet is written as raw bytes that GIF's block
    /// lengths happen to cut, and its "magic trailer" restores them.
    private static func readExtension(_ gif: UnsafeMutablePointer<GifFileType>, bytes: [UInt8]) throws(StillImageError) -> Record? {
        var code: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        guard DGifGetExtension(gif, &code, &block) == GIF_OK else { throw failure(gif.pointee.Error, bytes: bytes) }
        var record: Record?
        var isXMP = false
        var packet: [UInt8] = []
        if let first = block {
            let length = Int(first[0])
            let data = Array(UnsafeBufferPointer(start: first + 1, count: length))
            if code == GRAPHICS_EXT_FUNC_CODE, length >= 4, data[0] & 1 != 0 { record = .transparentIndex(Int(data[3])) }
            isXMP = code == APPLICATION_EXT_FUNC_CODE && data == Array("XMP DataXMP".utf8)
        }
        while block != nil {
            guard DGifGetExtensionNext(gif, &block) == GIF_OK else { throw failure(gif.pointee.Error, bytes: bytes) }
            if isXMP, let next = block, packet.count < 4 << 20 {
                packet += UnsafeBufferPointer(start: next, count: Int(next[0]) + 1)
            }
        }
        if isXMP, let end = xmpEnd(packet) { record = .xmp(Array(packet[..<end])) }
        return record
    }

    /// Just past the packet's closing `?>` (or `</x:xmpmeta>`), before the trailer.
    private static func xmpEnd(_ packet: [UInt8]) -> Int? {
        for marker in ["<?xpacket end=", "</x:xmpmeta>"] {
            let needle = Array(marker.utf8)
            guard packet.count >= needle.count,
                let start = (0...(packet.count - needle.count)).last(where: { packet[$0..<$0 + needle.count].elementsEqual(needle) })
            else { continue }
            if marker.hasPrefix("</") { return start + needle.count }
            if let close = (start..<packet.count - 1).first(where: {
                packet[$0] == UInt8(ascii: "?") && packet[$0 + 1] == UInt8(ascii: ">")
            }) {
                return close + 2
            }
        }
        return nil
    }

    private static func skipImageData(_ gif: UnsafeMutablePointer<GifFileType>, bytes: [UInt8]) throws(StillImageError) {
        var codeSize: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        guard DGifGetCode(gif, &codeSize, &block) == GIF_OK else { throw failure(gif.pointee.Error, bytes: bytes) }
        while block != nil {
            guard DGifGetCodeNext(gif, &block) == GIF_OK else { throw failure(gif.pointee.Error, bytes: bytes) }
        }
    }

    /// The current image's rows, de-interlaced, drawn in its palette's colours at its place
    /// on a grey screen; transparent pixels stay grey.
    static func firstFrame(
        _ gif: UnsafeMutablePointer<GifFileType>, screen: FrameSize, transparent: Int?, maxPixels: Int
    ) throws(StillImageError) -> [UInt8] {
        let image = gif.pointee.Image
        let left = Int(image.Left), top = Int(image.Top), width = Int(image.Width), height = Int(image.Height)
        guard width > 0, height > 0 else { throw .corrupt(format: "GIF", screen, "the first frame has no size") }
        // Its rows are read even where they fall outside the screen: a frame larger than the
        // limit is refused as a screen that size would be.
        guard width * height <= maxPixels else { throw .tooLarge(.pixels(FrameSize(width: width, height: height), limit: maxPixels)) }
        guard let map = image.ColorMap ?? gif.pointee.SColorMap, let colours = map.pointee.Colors else {
            throw .corrupt(format: "GIF", screen, "no colour table")
        }
        let colourCount = Int(map.pointee.ColorCount)
        var canvas = [UInt8](repeating: AlphaFlattening.background, count: screen.width * screen.height * 3)
        var row = [GifPixelType](repeating: 0, count: width)
        // Interlaced GIFs store rows in four passes: every 8th from 0, every 8th from 4, every
        // 4th from 2, every 2nd from 1.
        let order: [Int] =
            image.Interlace
            ? [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in Array(stride(from: start, to: height, by: step)) }
            : Array(0..<height)
        for y in order {
            guard DGifGetLine(gif, &row, Int32(width)) == GIF_OK else {
                throw failure(gif.pointee.Error, bytes: [], frame: screen)
            }
            let screenY = top + y
            guard screenY < screen.height else { continue }
            for x in 0..<width where left + x < screen.width {
                let index = Int(row[x])
                guard index != transparent, index < colourCount else { continue }
                let colour = colours[index]
                let at = (screenY * screen.width + left + x) * 3
                canvas[at] = colour.Red
                canvas[at + 1] = colour.Green
                canvas[at + 2] = colour.Blue
            }
        }
        return canvas
    }

    private static func failure(_ code: Int32, bytes: [UInt8], frame: FrameSize? = nil) -> StillImageError {
        let text = GifErrorString(code).map { String(cString: $0) } ?? "error \(code)"
        switch code {
        case D_GIF_ERR_READ_FAILED, D_GIF_ERR_EOF_TOO_SOON:
            return .truncated(format: "GIF", detail: "giflib: \(text)")
        case D_GIF_ERR_NOT_GIF_FILE, D_GIF_ERR_NO_SCRN_DSCR:
            return .unreadable(format: "GIF", detail: "giflib: \(text)")
        default:
            return .corrupt(format: "GIF", frame, "giflib: \(text)")
        }
    }
}
