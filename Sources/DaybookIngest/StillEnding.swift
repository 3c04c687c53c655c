/// Whether a PNG, WebP or GIF stops before its end, so that the watcher waits for a file
/// still being written instead of failing it: a PNG without its closing IEND chunk, a WebP
/// shorter than its RIFF header declares, a GIF without its trailer byte. False for bytes of
/// any other format.
enum StillEnding {
    static func endsEarly(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            let iend: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
            return !bytes.suffix(iend.count).elementsEqual(iend)
        }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), bytes[8..<12].elementsEqual(Array("WEBP".utf8)) {
            let declared = 8 + (Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24)
            return bytes.count < declared
        }
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) {
            return bytes.last != 0x3B
        }
        return false
    }
}
