import Crypto

/// The dedupe key: SHA-256 of the file's bytes, as 64 lower-case hex digits.
package enum ContentHash {
    package static func sha256Hex(_ bytes: [UInt8]) -> String {
        hex(SHA256.hash(data: bytes))
    }

    /// The same key for a file read in chunks, so that a file of any size is never held
    /// whole: `read` fills the buffer with the bytes from the offset it is given and returns
    /// how many it put there, 0 at the end.
    package static func sha256Hex<Failure: Error>(
        chunkSize: Int = 1 << 20, reading read: (_ offset: Int, _ buffer: UnsafeMutableRawBufferPointer) throws(Failure) -> Int
    ) throws(Failure) -> String {
        var hasher = SHA256()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, chunkSize), alignment: 16)
        defer { buffer.deallocate() }
        var offset = 0
        while true {
            let count = try read(offset, buffer)
            guard count > 0 else { break }
            hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            offset += count
        }
        return hex(hasher.finalize())
    }

    private static func hex(_ digest: some Sequence<UInt8>) -> String {
        let hexDigits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(64)
        for byte in digest {
            text.append(hexDigits[Int(byte >> 4)])
            text.append(hexDigits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
