import DaybookCore

/// A column of a list line: escaped, then cut to its width with "…" or padded to it.
package enum ListColumn {
    /// Two spaces, then `raw` escaped, cut to `width` characters with "…", or padded to
    /// `width` UTF-16 units. A character is one byte at least, so a text of `width` bytes or
    /// fewer is padded without counting its characters (grapheme breaking, the costly part).
    package static func append(_ raw: some StringProtocol, _ width: Int, to line: inout String) {
        line += "  "
        let text = TerminalText.escaped(raw)
        let bytes = text.utf8.count
        // Escaped ASCII has no control characters left, so each byte is one character and one
        // UTF-16 unit (a "\r\n" pair, the one ASCII cluster of two, was escaped): cut and
        // padded by bytes, without grapheme breaking (tags and texts are often cut).
        if bytes > width, text.utf8.allSatisfy({ $0 < 0x80 }) {
            line += text[..<text.utf8.index(text.startIndex, offsetBy: width - 1)]
            line += "…"
            return
        }
        if bytes > width && text.count > width {
            line += text.prefix(width - 1)
            line += "…"
            return
        }
        let units = text.utf16.count
        line += units <= width ? text : padded(text, toUTF16Length: width)
        if units < width { line += spaces.prefix(width - units) }
    }

    private static let spaces = String(repeating: " ", count: 64)

    /// `text` at `length` UTF-16 units, as Foundation's `padding(toLength:withPad:startingAt:)`
    /// makes a column (the bytes are the same), without its trip through NSString: spaces
    /// added, or the text cut at that unit (an emoji counts two; a surrogate pair cut in half
    /// ends in U+FFFD).
    package static func padded(_ text: String, toUTF16Length length: Int) -> String {
        let units = text.utf16.count
        if units == length { return text }
        if units < length { return text + String(repeating: " ", count: length - units) }
        return String(decoding: Array(text.utf16.prefix(length)), as: UTF16.self)
    }
}
