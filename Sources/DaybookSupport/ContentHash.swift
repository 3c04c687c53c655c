import Crypto

/// The dedupe key: SHA-256 of the file's bytes, as 64 lower-case hex digits.
package enum ContentHash {
    package static func sha256Hex(_ bytes: [UInt8]) -> String {
        let digest = SHA256.hash(data: bytes)
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
