import DaybookCore
import DaybookImaging
import DaybookMetadata

extension PhotoAnalyzer {
    /// The MP4 appended to a JPEG motion photo (`MotionClipFinder`); nil when the photo has
    /// none, with a warning when it declares one that does not hold. The image ends at its
    /// first end-of-image marker: libjpeg stops there too, so the clip is never decoded.
    static func motionClip(jpeg bytes: [UInt8], warnings: inout [String]) -> MotionClip? {
        guard let imageEnd = bytes.withUnsafeBufferPointer({ JPEGEnding.endOfImage($0) }) else { return nil }
        // A plain JPEG ends at its EOI: no XMP parse, no search.
        guard imageEnd < bytes.count else { return nil }
        switch MotionClipFinder.find(in: bytes, xmp: MotionPhotoXMP.read(jpeg: bytes), imageEnd: imageEnd) {
        case .clip(let clip)?: return clip
        case .problem(let why)?:
            warnings.append(why)
            return nil
        case nil: return nil
        }
    }

    /// The MP4 appended to a HEIF motion photo (Pixel's `.heic`): where the XMP says, and only
    /// after the HEIF's own boxes (`imageEnd`).
    /// Without XMP, Samsung's trailer after the HEIF's own boxes, as in its JPEGs.
    static func motionClip(heif bytes: [UInt8], xmp: [UInt8]?, imageEnd: Int, warnings: inout [String]) -> MotionClip? {
        let declared = xmp.flatMap { MotionPhotoXMP.read($0) }
        guard declared != nil || imageEnd < bytes.count else { return nil }
        switch MotionClipFinder.find(in: bytes, xmp: declared, imageEnd: imageEnd) {
        case .clip(let clip)?: return clip
        case .problem(let why)?:
            warnings.append(why)
            return nil
        case nil: return nil
        }
    }

    /// In an ISO media file (HEIF) whose first box is `ftyp`: where what a motion photo
    /// appends begins, a later top-level `ftyp` (the MP4 itself) or Samsung's
    /// `MotionPhoto_Data` trailer; nil when there is neither.
    static func appendedMovieStart(iso bytes: [UInt8]) -> Int? {
        topLevelBox("ftyp", in: bytes) ?? samsungTrailerStart(iso: bytes)
    }

    /// Where the HEIF's own boxes stop at Samsung's trailer: a data block whose 8-byte header
    /// (type and name length) precedes its name, `MotionPhoto_Data`. The header is no box
    /// type a writer uses (not printable), so the top-level walk stops at it.
    private static func samsungTrailerStart(iso bytes: [UInt8]) -> Int? {
        guard bytes.count >= 8, bytes[4..<8].elementsEqual("ftyp".utf8) else { return nil }
        let stop = bytes.withUnsafeBufferPointer { buffer in
            var walker = ISOBoxWalker(buffer, in: 0..<buffer.count)
            var end = 0
            while case .box(let box)? = walker.next(), !box.type.contains("?") { end = box.end }
            return end
        }
        let marker = MotionClipFinder.samsungMarker
        let header = 8
        guard stop + header + marker.count <= bytes.count, bytes[(stop + header)...].starts(with: marker) else { return nil }
        return stop
    }

    /// Where a HEIF motion photo's image ends: at the appended MP4, or at the top-level `mpvd`
    /// box that holds it (Motion Photo 1.0's HEIC layout, Samsung's One UI 6), which libheif
    /// skips as an unknown box; the end of the file when there is neither.
    static func heifImageEnd(iso bytes: [UInt8], movieStart: Int?) -> Int {
        movieStart ?? topLevelBox("mpvd", in: bytes) ?? bytes.count
    }

    /// The start of the first top-level box of `type` after the file's own `ftyp`, its first box.
    private static func topLevelBox(_ type: String, in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 8, bytes[4..<8].elementsEqual("ftyp".utf8) else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            var walker = ISOBoxWalker(buffer, in: 0..<buffer.count)
            _ = walker.next()
            while case .box(let box)? = walker.next() {
                if box.type == type { return box.start }
            }
            return nil
        }
    }
}
