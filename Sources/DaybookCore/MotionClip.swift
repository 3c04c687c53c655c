/// The short video that makes a still a "motion photo": an MP4 appended to the photo's own
/// file by Google and Samsung cameras. Kept as where it lies in that file, never copied:
/// the entry's `source_path` holds the bytes, and `offset + length` never passes its size.
public struct MotionClip: Sendable, Hashable, Codable {
    /// Bytes from the start of the photo file to the clip's first byte (its `ftyp` box).
    public let offset: Int64
    public let length: Int64

    public init(offset: Int64, length: Int64) {
        self.offset = offset
        self.length = length
    }

    /// Whether the clip lies after the first byte and within a file of `fileSize` bytes,
    /// with no overflow on the way.
    public func fits(fileSize: Int64) -> Bool {
        guard offset > 0, length > 0 else { return false }
        let (end, overflow) = offset.addingReportingOverflow(length)
        return !overflow && end <= fileSize
    }
}
