/// Character data and attribute values as XML spells them, for the sidecar scanner (which
/// reads them from bytes) and writer (which writes them).
enum XMLText {
    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// Text with `&`, `<`, `>` and both quotes as references, safe in an element and in an
    /// attribute value whichever quote it uses. A carriage return is written as `&#13;`, which
    /// a parser keeps, where a raw one would be read as a line break.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\r": out += "&#13;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The text of bytes between tags or quotes: the five named entities and character
    /// references replaced. A document with a DOCTYPE is refused before this runs, so no other
    /// entity can be declared; an unknown or broken reference is kept as written.
    static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        guard bytes.contains(UInt8(ascii: "&")) else { return String(decoding: bytes, as: UTF8.self) }
        let text = String(decoding: bytes, as: UTF8.self)
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            guard let semicolon = after.prefix(12).firstIndex(of: ";"), let scalar = reference(after[..<semicolon]) else {
                out += "&"
                rest = after
                continue
            }
            out.unicodeScalars.append(scalar)
            rest = after[after.index(after: semicolon)...]
        }
        return out + rest
    }

    private static func reference(_ name: Substring) -> Unicode.Scalar? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            return value.flatMap(Unicode.Scalar.init)
        }
    }
}
