import Foundation
import Hummingbird

/// A run of bytes inside an open file served as if it were a file of its own: a motion
/// photo's clip, which lies inside the photo's file (`MotionClip`) and is streamed from there,
/// never copied. A `Range` asked of it counts from the window's first byte.
struct FileWindow: Sendable {
    let file: OpenFile
    let start: Int
    let count: Int

    /// The whole file.
    init(_ file: OpenFile) {
        (self.file, start, count) = (file, 0, file.size)
    }

    /// `count` bytes from `start`, or nil unless they lie within the file (no overflow on the way).
    init?(_ file: OpenFile, start: Int, count: Int) {
        let (end, overflow) = start.addingReportingOverflow(count)
        guard start >= 0, count > 0, !overflow, end <= file.size else { return nil }
        (self.file, self.start, self.count) = (file, start, count)
    }

    /// The window's bytes, or `part` of them (offsets within the window, as `ByteRange` gives them).
    func responseBody(part: ClosedRange<Int>? = nil) -> ResponseBody {
        // The whole file may be empty, which no closed range can say.
        guard let part = part ?? (start == 0 && count == file.size ? nil : 0...(count - 1)) else { return file.responseBody() }
        return file.responseBody(part: (start + part.lowerBound)...(start + part.upperBound))
    }

    /// The window's first `count` bytes (blocking: run it on a pool).
    func head(_ count: Int) throws(OpenFileError) -> [UInt8] { try file.read(at: start, count: min(count, self.count)) }
}
