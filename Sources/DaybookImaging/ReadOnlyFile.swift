import Foundation

/// A regular file opened once and read by offset (`pread`), closed when the last reference
/// goes. Whatever is read through it comes from the file opened, whatever its path names
/// meanwhile: a video is hashed, checked and demuxed from this one descriptor.
package final class ReadOnlyFile: Sendable {
    package let descriptor: Int32
    /// The size when opened; a file that shrinks since reads short at its new end.
    package let size: Int

    /// Takes ownership of `descriptor`, which must be open for reading.
    package init(descriptor: Int32, size: Int) {
        self.descriptor = descriptor
        self.size = size
    }

    deinit { close(descriptor) }

    /// Fills `buffer` from `offset` as far as the file goes; the count read, or nil and
    /// `errno` set when the read failed.
    package func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        guard offset >= 0, let base = buffer.baseAddress else { return buffer.isEmpty ? 0 : nil }
        var done = 0
        while done < buffer.count {
            let result = pread(descriptor, base + done, buffer.count - done, off_t(offset + done))
            if result < 0 && errno == EINTR { continue }
            guard result >= 0 else { return nil }
            if result == 0 { break }
            done += result
        }
        return done
    }

    /// Up to `count` bytes from `offset`: fewer at the end of the file, none when it fails.
    package func bytes(at offset: Int, count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: max(0, count))
        let read = bytes.withUnsafeMutableBytes { self.read(at: offset, into: $0) } ?? 0
        if read < bytes.count { bytes.removeSubrange(read...) }
        return bytes
    }
}
