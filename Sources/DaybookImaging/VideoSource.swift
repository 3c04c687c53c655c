/// Where a video's bytes are read from: a buffer already in memory (a motion photo's clip
/// cut from its JPEG or HEIC, a test's bytes), or a file read by offset, never held whole,
/// so a video of any length costs the demuxer's buffer and no more.
package enum VideoSource: Sendable {
    case memory([UInt8])
    case file(ReadOnlyFile)

    package var count: Int {
        switch self {
        case .memory(let bytes): bytes.count
        case .file(let file): file.size
        }
    }

    /// Fills `buffer` from `offset`, no further than `count`; the count read, or nil when
    /// the file could not be read.
    package func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        guard offset >= 0, offset <= count else { return nil }
        let wanted = UnsafeMutableRawBufferPointer(rebasing: buffer[..<min(buffer.count, count - offset)])
        switch self {
        case .memory(let bytes):
            bytes.withUnsafeBytes { wanted.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<offset + wanted.count])) }
            return wanted.count
        case .file(let file):
            return file.read(at: offset, into: wanted)
        }
    }

    /// Up to `length` bytes from `offset`, fewer at the end.
    package func bytes(at offset: Int, count length: Int) -> [UInt8] {
        switch self {
        case .memory(let bytes): Array(bytes[min(offset, bytes.count)..<min(offset + max(0, length), bytes.count)])
        case .file(let file): file.bytes(at: offset, count: min(length, max(0, file.size - offset)))
        }
    }
}
