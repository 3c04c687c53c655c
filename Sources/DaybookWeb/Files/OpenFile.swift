import Foundation
import Hummingbird

/// A file opened once and read by offset, closed when the last reference goes: a served
/// original streams from the very file that was checked, whatever its path names meanwhile.
final class OpenFile: Sendable {
    let descriptor: Int32
    let size: Int

    init(descriptor: Int32, size: Int) {
        self.descriptor = descriptor
        self.size = size
    }

    deinit { close(descriptor) }

    /// Up to `count` bytes from `offset`; fewer at the end of the file (blocking: run it on a pool).
    func read(at offset: Int, count: Int) throws(OpenFileError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: max(0, count))
        var done = 0
        while done < bytes.count {
            let result = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + done, $0.count - done, off_t(offset + done)) }
            if result < 0 && errno == EINTR { continue }
            guard result >= 0 else { throw OpenFileError(errno: errno) }
            if result == 0 { break }
            done += result
        }
        return done == bytes.count ? bytes : Array(bytes[0..<done])
    }

    /// The whole file as it was sized when opened (a file that shrank gives what it has).
    func readAll() throws(OpenFileError) -> [UInt8] { try read(at: 0, count: size) }

    /// The file as a response body, in chunks read on `BlockingPools.files`: a 512 MB
    /// original is never held whole, and no chunk is read on the request's thread.
    /// `part` (a `Range` request's bytes, within the file) streams only those bytes.
    func responseBody(part: ClosedRange<Int>? = nil, chunkSize: Int = 1 << 20) -> ResponseBody {
        let bytes = part.map { $0.lowerBound..<($0.upperBound + 1) } ?? 0..<size
        return ResponseBody(contentLength: bytes.count) { writer in
            var offset = bytes.lowerBound
            let end = bytes.upperBound
            while offset < end {
                let (from, count) = (offset, min(chunkSize, end - offset))
                let chunk = try await BlockingPools.files.runIfActive { ByteBuffer(bytes: try self.read(at: from, count: count)) }
                // A file that shrank ends the body early: the client sees it cut short.
                guard chunk.readableBytes > 0 else { break }
                offset += chunk.readableBytes
                try await writer.write(chunk)
            }
            try await writer.finish(nil)
        }
    }
}

struct OpenFileError: Error, CustomStringConvertible {
    let errno: Int32
    var description: String { "read failed: \(String(cString: strerror(errno)))" }
}
