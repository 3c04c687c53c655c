import DaybookCore
import DaybookImaging
import DaybookMetadata

/// Finds the MP4 a camera appended to a photo's file (a "motion photo"), by what the XMP
/// says (`MotionPhotoXMP`) or, without it, by Samsung's trailer: the 16 bytes
/// `MotionPhoto_Data` after the image, then the MP4, then Samsung's `SEFH`…`SEFT` directory.
///
/// Every number comes from the file and is checked against it: a clip must begin after the
/// image's last byte (`imageEnd`), end within the file, and begin with an `ftyp` box. A clip
/// that fails any of these is a warning sentence and no clip; the photo itself is unharmed.
enum MotionClipFinder {
    enum Finding: Equatable {
        case clip(MotionClip)
        case problem(String)
    }

    static let samsungMarker = Array("MotionPhoto_Data".utf8)

    /// The clip in `bytes`, whose image ends at `imageEnd`; nil when the file declares none.
    static func find(in bytes: [UInt8], xmp: MotionPhotoXMP?, imageEnd: Int) -> Finding? {
        let fromXMP = xmp.map { clip(declaredBy: $0, in: bytes, imageEnd: imageEnd) }
        if case .clip? = fromXMP { return fromXMP }
        // Samsung files written before the XMP directory, and ones whose directory is wrong.
        if let trailer = samsungTrailerClip(in: bytes, imageEnd: imageEnd) { return trailer }
        return fromXMP
    }

    private static func clip(declaredBy xmp: MotionPhotoXMP, in bytes: [UInt8], imageEnd: Int) -> Finding {
        let fileSize = Int64(bytes.count)
        switch xmp.layout {
        case .microVideo(let fromEnd):
            guard let fromEnd, fromEnd > 0, fromEnd < fileSize else {
                return .problem("motion photo: its MicroVideoOffset does not lie within the file's \(fileSize) bytes; no clip")
            }
            return checked(MotionClip(offset: fileSize - fromEnd, length: fromEnd), in: bytes, imageEnd: imageEnd)
        case .container(let items):
            guard
                let index = items.indices.dropFirst().first(where: { items[$0].mime == "video/mp4" })
                    ?? items.indices.dropFirst().first(where: { items[$0].semantic == "MotionPhoto" })
            else {
                return .problem("motion photo: its XMP container directory lists no video/mp4 item; no clip")
            }
            // The items after the photo lie end to end at the end of the file, each followed by
            // its padding: the video begins where those from it onwards begin.
            var tail: Int64 = 0
            for item in items[index...] {
                guard let length = item.length, length >= 0, (item.padding ?? 0) >= 0,
                    case (let sum, false) = tail.addingReportingOverflow(length),
                    case (let total, false) = sum.addingReportingOverflow(item.padding ?? 0), total <= fileSize
                else {
                    return .problem("motion photo: its XMP container directory gives lengths beyond the file's \(fileSize) bytes; no clip")
                }
                tail = total
            }
            guard let length = items[index].length, length > 0 else {
                return .problem("motion photo: its XMP container directory gives the video no length; no clip")
            }
            return checked(MotionClip(offset: fileSize - tail, length: length), in: bytes, imageEnd: imageEnd)
        }
    }

    /// After the image: `MotionPhoto_Data`, then the MP4's boxes end to end.
    private static func samsungTrailerClip(in bytes: [UInt8], imageEnd: Int) -> Finding? {
        guard imageEnd >= 0, imageEnd < bytes.count, let marker = firstIndex(of: samsungMarker, in: bytes, from: imageEnd) else {
            return nil
        }
        let start = marker + samsungMarker.count
        // The MP4 is as long as its top-level boxes reach; Samsung's directory that follows
        // is no box, so the walk stops there.
        let end = bytes.withUnsafeBufferPointer { buffer in
            var walker = ISOBoxWalker(buffer, in: start..<buffer.count)
            var end = start
            while case .box(let box)? = walker.next() { end = box.end }
            return end
        }
        guard end > start else { return .problem("motion photo: nothing readable follows its MotionPhoto_Data marker; no clip") }
        return checked(MotionClip(offset: Int64(start), length: Int64(end - start)), in: bytes, imageEnd: imageEnd)
    }

    /// The clip when it lies after the image and within the file and begins with `ftyp`.
    private static func checked(_ clip: MotionClip, in bytes: [UInt8], imageEnd: Int) -> Finding {
        guard clip.fits(fileSize: Int64(bytes.count)) else {
            return .problem(
                "motion photo: its clip (\(clip.length) bytes at byte \(clip.offset)) does not fit in the file's \(bytes.count) bytes; no clip"
            )
        }
        guard clip.offset >= Int64(imageEnd) else {
            return .problem(
                "motion photo: its clip at byte \(clip.offset) would overlap the image, which ends at byte \(imageEnd); no clip")
        }
        let start = Int(clip.offset)
        let ftyp = Array("ftyp".utf8)
        let size = bytes[start..<min(start + 4, bytes.count)].reduce(0) { $0 << 8 | Int64($1) }
        guard clip.length >= 8, bytes[start + 4..<start + 8].elementsEqual(ftyp), size >= 8, size <= clip.length else {
            return .problem("motion photo: the clip at byte \(clip.offset) is not an MP4 (it does not begin with an ftyp box); no clip")
        }
        return .clip(clip)
    }

    private static func firstIndex(of pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while let found = bytes[index...].firstIndex(of: pattern[0]), found + pattern.count <= bytes.count {
            if bytes[found..<found + pattern.count].elementsEqual(pattern) { return found }
            index = found + 1
        }
        return nil
    }
}
