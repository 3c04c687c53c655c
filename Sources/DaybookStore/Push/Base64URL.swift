import Foundation

/// Base64url without padding, as Web Push writes keys and tokens.
package enum Base64URL {
    package static func encode(_ bytes: some Sequence<UInt8>) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The bytes of `text`; nil unless it is base64url: only its alphabet, no padding needed.
    package static func decode(_ text: String) -> [UInt8]? {
        let unpadded = text.utf8.reversed().drop { $0 == UInt8(ascii: "=") }
        // Foundation would also take "+", "/" and whitespace, which no browser writes here.
        guard unpadded.allSatisfy({ isAlphabet($0) }), text.utf8.count - unpadded.count <= 2 else { return nil }
        var base64 = String(decoding: unpadded.reversed(), as: UTF8.self)
            .replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.utf8.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64).map { Array($0) }
    }

    private static func isAlphabet(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default: false
        }
    }
}
