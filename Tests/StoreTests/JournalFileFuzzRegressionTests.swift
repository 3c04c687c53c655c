import DaybookStore
import Foundation
import XCTest

/// Journal files saved for the `journal` fuzz target (Tests/Fixtures/fuzz/journal,
/// docs/fuzzing.md) go through the parser: each must end, in time, read or refused in one
/// line naming where, as recorded below. CI also replays the folder under AddressSanitizer
/// with `daybook-fuzz --target=journal`.
final class JournalFileFuzzRegressionTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/fuzz/journal")

    /// "read", or the start of the refusal. A new file needs a line here. Named `.journal`, not
    /// `.md`: the replay takes a folder's `.md` files for its notes.
    static let expected: [String: String] = [
        "written-with-place.journal": "read",
        "written-two-lines.journal": "read",
        "refused-truncated-front-matter.journal": "8: the front matter has no closing \"---\" line",
        "refused-nul.journal": "12: a NUL byte",
        "refused-not-utf8.journal": "the file is not valid UTF-8",
        "refused-unknown-key.journal": "9: unknown key \"mood\"",
        "refused-repeated-key.journal": "10: tags is given twice",
        "refused-latitude-out-of-range.journal": "7: latitude 135.02107 is not a number from -90 to 90",
        "refused-long-line.journal": "6: a front-matter line longer than 4096 bytes",
        "written-crlf.journal": "read",
        "written-tombstone.journal": "read",
        "refused-deleted-not-a-time.journal": "6: deleted yesterday is not a UTC time",
    ]

    func testEverySavedFileIsReadOrRefusedAsRecorded() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { !$0.hasPrefix(".") }.sorted()
        XCTAssertEqual(Set(names), Set(Self.expected.keys), "every saved input, and only those, has a recorded outcome")
        for name in names {
            let data = try Data(contentsOf: Self.folder.appendingPathComponent(name))
            let start = DispatchTime.now()
            let result = Result { try JournalFileParser.parse(data) }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
            XCTAssertLessThan(seconds, 2, name)
            switch result {
            case .success(let file):
                XCTAssertEqual(Self.expected[name], "read", name)
                XCTAssertEqual(try JournalFileParser.parse(file.serialized()), file, "\(name) writes back as it reads")
            case .failure(let error):
                XCTAssertTrue("\(error)".hasPrefix(Self.expected[name] ?? "read"), "\(name): \(error)")
                XCTAssertFalse("\(error)".contains("\n"), name)
            }
        }
    }
}
