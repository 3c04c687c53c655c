import Foundation

/// Header values of the reminder's e-mail.
enum MailHeader {
    /// `text` as a header value: as it is when it is printable ASCII and the line stays within
    /// 78 characters; else RFC 2047 encoded words ("=?UTF-8?B?…?="), each of whole characters
    /// and short enough to stay within the line, folded onto lines of their own.
    static func encoded(_ text: String, nameLength: Int) -> String {
        let printable = text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F }
        if printable && nameLength + text.utf8.count <= 78 && !text.contains("=?") { return text }
        // Each word's bytes, so that its line stays within 78 characters: "=?UTF-8?B?" and "?="
        // around base64's 4 characters for each 3 bytes, after the header's name on the first
        // line and the fold's space on the others.
        func room(_ taken: Int) -> Int { max(3, (78 - taken - 12) / 4 * 3) }
        var words: [String] = []
        var chunk: [UInt8] = []
        for character in text {
            let bytes = Array(String(character).utf8)
            if chunk.count + bytes.count > room(words.isEmpty ? nameLength : 1) && !chunk.isEmpty {
                words.append(word(chunk))
                chunk = []
            }
            chunk += bytes
        }
        if !chunk.isEmpty { words.append(word(chunk)) }
        return words.joined(separator: "\r\n ")
    }

    private static func word(_ bytes: [UInt8]) -> String { "=?UTF-8?B?\(Data(bytes).base64EncodedString())?=" }

    /// Whether `address` is one bare address ("ana@example.org") that cannot break a header or
    /// the SMTP envelope: one "@", no space, no angle bracket, comma or control character.
    static func isAddress(_ address: String) -> Bool {
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, address.utf8.count <= 254 else { return false }
        return address.unicodeScalars.allSatisfy { scalar in
            scalar.value > 0x20 && scalar.value != 0x7F && !"<>,;:\"()[]\\".unicodeScalars.contains(scalar)
        }
    }
}
