import DaybookCore
import DaybookStore

extension JournalExport {
    /// Text from outside (EXIF strings, file names, imported text and tags, place and weather
    /// names) as Markdown that renders as exactly that text, never as markup: HTML's special
    /// characters as entities, so no tag is live in any renderer, and the punctuation that
    /// opens emphasis, links, images, code or tables backslash-escaped. Control characters
    /// are written as `TerminalText` escapes, and a line break in a one-line field as `\n`,
    /// so a name cannot end the line it is in and start a block of its own.
    static func markdownInline(_ text: some StringProtocol) -> String {
        var result = ""
        for character in TerminalText.escaped(text) {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case _ where inlinePunctuation.contains(character): result += "\\" + String(character)
            default: result.append(character)
            }
        }
        return result
    }

    /// An entry's text: each line escaped as `markdownInline`, the line breaks kept, and what
    /// would start a heading, list or rule at the start of a line escaped too.
    static func markdownBlock(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var escaped = markdownInline(line)
            let body = escaped.drop { $0 == " " }
            let indent = escaped.count - body.count
            if let first = body.first, lineStarts.contains(first) {
                escaped.insert("\\", at: escaped.index(escaped.startIndex, offsetBy: indent))
            } else if let marker = body.firstIndex(where: { !$0.isASCII || !$0.isNumber }), marker != body.startIndex,
                body[marker] == "." || body[marker] == ")"
            {
                // "1. " or "1) " would start an ordered list.
                escaped.insert("\\", at: marker)
            }
            return escaped
        }.joined(separator: "\n")
    }

    /// The ASCII punctuation that opens or closes inline Markdown (CommonMark and GFM).
    private static let inlinePunctuation = Set("\\`*_[]()!|~")
    /// What opens a heading, a bullet list or a setext underline at the start of a line.
    private static let lineStarts = Set("#+-=")
}
