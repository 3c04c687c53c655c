/// Text on its way to a terminal or a log, with every character that could steer the
/// terminal or fake a line written as a visible escape (docs/terminal-text.md).
///
/// File names, EXIF and XMP strings and imported journals come from outside: an ESC could
/// retitle or recolour the terminal, a CR or LF could forge a whole log line, a bidi override
/// could make `gpj.exe` read as `exe.jpg`. So every human-readable line goes out through this
/// type. The escapes follow C and git: `\e`, `\n`, `\r`, `\t`, `\a`, `\b`, `\v`, `\f`, other C0
/// controls and DEL as `\x1F`, C1 controls, the bidi controls and the line and paragraph
/// separators as `\u{202E}`. Everything else, backslashes included, is kept as it is: the
/// escaped form is for reading; `--json` keeps the exact bytes.
///
/// As a string interpolation, the literal parts (written in the code) stay as they are and
/// every interpolated value is escaped, so `"skipped \(name): \(reason)"` escapes the name
/// and the reason but keeps the line's own layout.
package struct TerminalText: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// The text ready to write: no raw control or bidi character from any interpolated value.
    package private(set) var description: String

    /// `text` with every control and bidi character escaped.
    package init(_ text: some StringProtocol) { description = Self.escaped(text) }

    /// Text the program wrote itself, kept as it is (layout such as the progress line's redraw).
    package init(trusted text: String) { description = text }

    package init(stringLiteral value: String) { description = value }

    package init(stringInterpolation: Interpolation) { description = stringInterpolation.text }

    package struct Interpolation: StringInterpolationProtocol {
        fileprivate var text = ""

        package init(literalCapacity: Int, interpolationCount: Int) { text.reserveCapacity(literalCapacity * 2) }

        package mutating func appendLiteral(_ literal: String) { text += literal }

        package mutating func appendInterpolation(_ value: TerminalText) { text += value.description }

        package mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            text += TerminalText.escaped(value.description)
        }

        package mutating func appendInterpolation(_ value: (some CustomStringConvertible)?, default fallback: String) {
            text += TerminalText.escaped(value?.description ?? fallback)
        }
    }

    /// `text` with its control and bidi characters written as escapes.
    package static func escaped(_ text: some StringProtocol) -> String {
        // Most lines have nothing to escape: keep them without copying scalar by scalar.
        guard !isPlain(text) else { return String(text) }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) { result += escape(scalar) } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }

    /// Whether `text` holds anything `escaped` would change.
    package static func isPlain(_ text: some StringProtocol) -> Bool {
        // Bytes first: decoding scalars through the generic view costs every line far more,
        // and most text has none of these bytes.
        let noStartByte = text.utf8.withContiguousStorageIfAvailable { bytes in !bytes.contains(where: mayStartEscape) }
        return noStartByte == true || !text.unicodeScalars.contains(where: needsEscape)
    }

    /// Whether `byte` can begin, in UTF-8, a scalar that `needsEscape`: a C0 control or DEL is
    /// the byte itself, a C1 control starts with 0xC2, U+061C with 0xD8, and U+200E…U+2069 with
    /// 0xE2. Text without any of them has nothing to escape.
    private static func mayStartEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true  // C0, DEL, C1 (0x9B is a one-byte CSI)
        case 0x061C, 0x200E, 0x200F: return true  // Arabic letter mark, LRM, RLM
        case 0x2028, 0x2029: return true  // line and paragraph separators
        case 0x202A...0x202E, 0x2066...0x2069: return true  // bidi embeddings, overrides, isolates
        default: return false
        }
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x07: return "\\a"
        case 0x08: return "\\b"
        case 0x09: return "\\t"
        case 0x0A: return "\\n"
        case 0x0B: return "\\v"
        case 0x0C: return "\\f"
        case 0x0D: return "\\r"
        case 0x1B: return "\\e"
        case 0x00...0x7F: return "\\x" + hex(scalar.value, width: 2)
        default: return "\\u{" + hex(scalar.value, width: 2) + "}"
        }
    }

    private static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
