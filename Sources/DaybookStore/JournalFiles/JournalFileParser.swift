import DaybookCore
import Foundation

/// Reads a journal file's bytes into a `JournalFile`, trusting none of them: the file may
/// come from another device, a sync tool or a hand edit (docs/design/writing.md, "Hostile
/// files"). Every refusal says the line it is on.
public enum JournalFileParser {
    /// The longest front-matter line: a place name and a photo's file name fit many times.
    static let maximumLineBytes = 4096
    /// The largest file: the longest text and room for its front matter.
    static let maximumFileBytes = JournalEntry.maximumTextBytes + (64 << 10)

    static let knownKeys: Set<String> = [
        "version", "id", "date", "utc_offset", "place", "latitude", "longitude", "tags", "photo", "created", "deleted",
        "removed_tags", "set_by_hand", "stack",
    ]

    public static func parse(_ data: Data, path: String? = nil) throws -> JournalFile {
        do { return try parse(data) } catch let error as JournalFileError { throw path.map(error.naming) ?? error }
    }

    private static func parse(_ data: Data) throws -> JournalFile {
        guard data.count <= maximumFileBytes else {
            throw JournalFileError("the file is \(data.count) bytes; a journal file may be at most \(maximumFileBytes)")
        }
        if let nul = data.firstIndex(of: 0) {
            throw JournalFileError(line: lineNumber(of: nul, in: data), "a NUL byte: a journal file is text")
        }
        guard var text = String(validating: data, as: UTF8.self) else { throw JournalFileError("the file is not valid UTF-8") }
        // An editor or sync tool on Windows writes CRLF; the writer writes LF, so the text is
        // read as lines either way. (A Swift string holds CRLF as one character, which a split
        // at "\n" would never find.)
        if text.utf8.contains(UInt8(ascii: "\r")) { text = text.replacingOccurrences(of: "\r\n", with: "\n") }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        guard lines.first == "---" else { throw JournalFileError(line: 1, "a journal file starts with a line \"---\"") }
        lines.removeFirst()
        var values: [String: (value: Substring, line: Int)] = [:]
        var lineNumber = 1
        var closed = false
        while let line = lines.popFirst() {
            // The file ended after a whole line: truncated there, not a malformed line.
            if line.isEmpty && lines.isEmpty { break }
            lineNumber += 1
            if line == "---" {
                closed = true
                break
            }
            guard line.utf8.count <= maximumLineBytes else {
                throw JournalFileError(line: lineNumber, "a front-matter line longer than \(maximumLineBytes) bytes")
            }
            guard let colon = line.firstIndex(of: ":"), line[line.index(after: colon)...].hasPrefix(" ") else {
                throw JournalFileError(line: lineNumber, "expected \"key: value\"")
            }
            let key = String(line[..<colon])
            guard knownKeys.contains(key) else { throw JournalFileError(line: lineNumber, "unknown key \(JournalFile.quoted(key))") }
            guard values[key] == nil else { throw JournalFileError(line: lineNumber, "\(key) is given twice") }
            values[key] = (line[line.index(colon, offsetBy: 2)...], lineNumber)
        }
        guard closed else { throw JournalFileError(line: lineNumber, "the front matter has no closing \"---\" line") }
        var body = lines.joined(separator: "\n")
        if body.hasSuffix("\n") { body.removeLast() }
        guard body.utf8.count <= JournalEntry.maximumTextBytes else {
            throw JournalFileError(
                line: lineNumber + 1, "the text is \(body.utf8.count) bytes; it may be at most \(JournalEntry.maximumTextBytes)")
        }
        return try FrontMatter(values: values, lastLine: lineNumber).file(text: body)
    }

    private static func lineNumber(of index: Data.Index, in data: Data) -> Int {
        data[data.startIndex..<index].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    }
}
