import DaybookCore
import Foundation

/// Where an entry's journal file lives, relative to the library:
/// `journal/YYYY/MM/YYYY-MM-DD-<first 8 of id>.md`.
///
/// Made from an id and a date, or parsed back from a stored path; a path of any other shape
/// (`..`, absolute, another folder, a name that is not the date's) is refused, so a value
/// read from the index or an archive can never lead a write outside `journal/`.
public struct JournalFilePath: Sendable, Hashable, CustomStringConvertible {
    public static let folderName = "journal"

    /// `["2026", "11"]`: the folders under `journal/`.
    public let folders: [String]
    /// `2026-11-29-3f2a9c1e.md`.
    public let fileName: String

    public init(id: String, date: LocalDateTime) {
        let year = DateText.padded(date.year, width: 4)
        let month = DateText.padded(date.month)
        let day = DateText.padded(date.day)
        folders = [year, month]
        fileName = "\(year)-\(month)-\(day)-\(id.prefix(8)).md"
    }

    /// Reads `description`'s form back; nil for anything else.
    public init?(relative text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 4, parts[0] == Self.folderName,
            parts[1].utf8.count == 4, parts[1].allSatisfy(\.isASCIIDigit),
            parts[2].utf8.count == 2, parts[2].allSatisfy(\.isASCIIDigit),
            Self.isFileName(parts[3], year: parts[1], month: parts[2])
        else { return nil }
        folders = [parts[1], parts[2]]
        fileName = parts[3]
    }

    /// `journal/2026/11/2026-11-29-3f2a9c1e.md`: what the index keeps in `source_path`.
    public var description: String { ([Self.folderName] + folders + [fileName]).joined(separator: "/") }

    public func url(in library: Library) -> URL { library.root.appendingPathComponent(description) }

    /// `YYYY-MM-DD-xxxxxxxx.md` of that year and month, the id part lowercase hex or `-`.
    private static func isFileName(_ name: String, year: String, month: String) -> Bool {
        let bytes = Array(name.utf8)
        guard bytes.count == 22, name.hasPrefix("\(year)-\(month)-"), name.hasSuffix(".md"), bytes[10] == UInt8(ascii: "-")
        else { return false }
        let day = bytes[8..<10]
        let id = bytes[11..<19]
        return day.allSatisfy { (0x30...0x39).contains($0) }
            && id.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) || $0 == UInt8(ascii: "-") }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
