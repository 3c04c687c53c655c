import DaybookCore
import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookStore

/// A journal file's bytes: written from values, read back to the same values, and every
/// malformed file refused with the line it is on.
final class JournalFileTests: XCTestCase {
    let id = "3f2a9c1e-5b7d-4e0a-9a61-0c2b3d4e5f60"

    func full() -> JournalFile {
        JournalFile(
            id: id, date: LocalDateTime(year: 2026, month: 11, day: 29, hour: 10, minute: 56, second: 58)!,
            utcOffsetSeconds: 3600, placeName: "Saint-Jean \"d'Acre\"\nnord", location: GeoLocation(latitude: 48.8566, longitude: -2.35),
            tags: ["lunch", "river_side"], photo: .init(contentHash: String(repeating: "ab", count: 32), fileName: "IMG 0001.HEIC"),
            created: "2026-11-29T09:56:58Z", text: "Lunch by the river\n\nThe rest, with a --- line:\n---\nand no end\n")
    }

    func testTheFileSaysEveryValueOnItsOwnLine() throws {
        let text = String(decoding: full().serialized(), as: UTF8.self)
        XCTAssertEqual(
            text,
            """
            ---
            version: 1
            id: \(id)
            date: 2026-11-29T10:56:58
            utc_offset: +01:00
            place: "Saint-Jean \\"d'Acre\\"\\nnord"
            latitude: 48.8566
            longitude: -2.35
            tags: [lunch, river_side]
            photo: \(String(repeating: "ab", count: 32)) "IMG 0001.HEIC"
            created: 2026-11-29T09:56:58Z
            ---
            Lunch by the river

            The rest, with a --- line:
            ---
            and no end


            """)
    }

    func testEveryValueRoundTrips() throws {
        XCTAssertEqual(try JournalFileParser.parse(full().serialized()), full())
        let bare = JournalFile(id: id, date: full().date, created: "2026-11-29T09:56:58Z", text: "")
        XCTAssertEqual(try JournalFileParser.parse(bare.serialized()), bare)
        XCTAssertEqual(String(decoding: bare.serialized(), as: UTF8.self).components(separatedBy: "\n").count, 7)
    }

    func testAPhotoEntrysChoicesRoundTripInTheirOwnLines() throws {
        var chosen = full()
        chosen.removedTags = ["blue", "sky"]
        chosen.dateSetByHand = true
        chosen.placeSetByHand = true
        chosen.stackChoice = .cover
        let text = String(decoding: chosen.serialized(), as: UTF8.self)
        XCTAssertTrue(text.contains("\nremoved_tags: [blue, sky]\nset_by_hand: [date, place]\nphoto: "), text)
        XCTAssertTrue(text.contains("\nstack: cover\ncreated: "), text)
        XCTAssertEqual(try JournalFileParser.parse(chosen.serialized()), chosen)
        chosen.dateSetByHand = false
        chosen.stackChoice = .split
        XCTAssertTrue(String(decoding: chosen.serialized(), as: UTF8.self).contains("\nset_by_hand: [place]\n"))
        XCTAssertEqual(try JournalFileParser.parse(chosen.serialized()), chosen)
        for (line, reason) in [
            ("set_by_hand: [time]", "set_by_hand names \"time\""), ("set_by_hand: date", "set_by_hand is not a list"),
            ("set_by_hand: [date, date]", "set_by_hand gives date twice"), ("stack: top", "stack \"top\" is not cover or split"),
            ("removed_tags: [Blue]", "tag \"Blue\" is not a tag name"),
        ] {
            let error = failure { $0.insert(line, at: 3) }
            XCTAssertEqual(error?.line, 4, line)
            XCTAssertTrue(error?.reason.contains(reason) == true, "\(line): \(String(describing: error))")
        }
    }

    func testTheFilesPathIsTheDateAndTheShortID() {
        XCTAssertEqual(full().path.description, "journal/2026/11/2026-11-29-3f2a9c1e.md")
        XCTAssertEqual(JournalFilePath(relative: "journal/2026/11/2026-11-29-3f2a9c1e.md"), full().path)
    }

    func testAPathOfAnyOtherShapeIsRefused() {
        for path in [
            "journal/../../etc/passwd", "/journal/2026/11/2026-11-29-3f2a9c1e.md", "journal/2026/11/../2026-11-29-3f2a9c1e.md",
            "thumbnails/2026/11/2026-11-29-3f2a9c1e.md", "journal/2026/12/2026-11-29-3f2a9c1e.md",
            "journal/2026/11/2026-11-29-3f2a9c1e.md/", "journal/2026/11/2026-11-29-../../x.md",
            "journal/2026/11/2026-11-29-3F2A9C1E.md", "journal//11/2026-11-29-3f2a9c1e.md",
            "journal/2026/11/2026-11-29-3f2a9c1e.md\0",
        ] {
            XCTAssertNil(JournalFilePath(relative: path), path)
        }
    }

    /// The front matter of `full()` with `line` (1-based, the opening `---` is 1) replaced.
    func failure(_ edit: (inout [String]) -> Void) -> JournalFileError? {
        var lines = String(decoding: full().serialized(), as: UTF8.self).components(separatedBy: "\n")
        edit(&lines)
        do {
            _ = try JournalFileParser.parse(Data(lines.joined(separator: "\n").utf8), path: "journal/x.md")
            return nil
        } catch {
            return error as? JournalFileError
        }
    }

    func testAMalformedFrontMatterIsRefusedAtItsLine() {
        let cases: [(String, (inout [String]) -> Void, Int, String)] = [
            ("unknown key", { $0[3] = "mood: fine" }, 4, "unknown key \"mood\""),
            ("twice", { $0[4] = "id: \(self.id)" }, 5, "id is given twice"),
            ("no space", { $0[2] = "id:\(self.id)" }, 3, "expected \"key: value\""),
            ("bad date", { $0[3] = "date: 2026-02-30T10:00:00" }, 4, "date 2026-02-30T10:00:00 is not a date-time"),
            ("bad offset", { $0[4] = "utc_offset: +15:00" }, 5, "utc_offset +15:00 is not an offset"),
            ("unquoted place", { $0[5] = "place: Paris" }, 6, "place is not one quoted string"),
            ("two strings", { $0[5] = "place: \"a\", \"b\"" }, 6, "place is not one quoted string"),
            ("latitude", { $0[6] = "latitude: 91" }, 7, "latitude 91 is not a number from -90 to 90"),
            ("nan", { $0[7] = "longitude: nan" }, 8, "longitude nan is not a number"),
            ("alone", { $0.remove(at: 7) }, 7, "latitude and longitude go together"),
            ("tag", { $0[8] = "tags: [Lunch]" }, 9, "tag \"Lunch\" is not a tag name"),
            ("tag twice", { $0[8] = "tags: [a, a]" }, 9, "tags gives a twice"),
            ("photo", { $0[9] = "photo: abc \"x\"" }, 10, "photo starts with a SHA-256"),
            ("photo path", { $0[9] = "photo: \(String(repeating: "0", count: 64)) \"../x\"" }, 10, "not a file name"),
            ("version", { $0[1] = "version: 2" }, 2, "version 2 is not one this daybook reads"),
            ("upper id", { $0[2] = "id: \(self.id.uppercased())" }, 3, "is not a lowercase UUID"),
            ("no id", { $0.remove(at: 2) }, 11, "the front matter has no id"),
            ("no opening", { $0.removeFirst() }, 1, "starts with a line \"---\""),
            ("truncated", { $0 = Array($0.prefix(6)) }, 6, "no closing \"---\""),
            ("long line", { $0[5] = "place: \"\(String(repeating: "x", count: 5000))\"" }, 6, "longer than 4096 bytes"),
        ]
        for (label, edit, line, reason) in cases {
            guard let error = failure(edit) else {
                XCTFail("\(label): parsed")
                continue
            }
            XCTAssertEqual(error.path, "journal/x.md", label)
            XCTAssertEqual(error.line, line, "\(label): \(error)")
            XCTAssertTrue(error.reason.contains(reason), "\(label): \(error.reason)")
            XCTAssertTrue(error.description.hasPrefix("journal/x.md:\(line): "), label)
        }
    }

    func testBinaryBytesAreRefused() throws {
        var nul = full().serialized()
        nul.insert(0, at: nul.count - 3)
        XCTAssertThrowsError(try JournalFileParser.parse(nul)) { error in
            XCTAssertEqual((error as? JournalFileError)?.line, 17)
            XCTAssertTrue("\(error)".contains("NUL"))
        }
        var invalid = full().serialized()
        invalid.append(contentsOf: [0xC3, 0x28, 0xFF])
        XCTAssertThrowsError(try JournalFileParser.parse(invalid)) { error in
            XCTAssertEqual("\(error)", "the file is not valid UTF-8")
        }
        let random = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) })
        XCTAssertThrowsError(try JournalFileParser.parse(random))
    }

    func testEveryTruncationOfAFileIsReadOrRefusedNeverTrapped() throws {
        let bytes = full().serialized()
        // Cut after the closing `---`, the file still reads (a shorter text); any shorter
        // cut is refused.
        let closing = try XCTUnwrap(bytes.range(of: Data("\n---\n".utf8))).lowerBound + 4
        var parsed = 0
        for length in 0..<bytes.count {
            guard let file = try? JournalFileParser.parse(bytes.prefix(length)) else { continue }
            parsed += 1
            XCTAssertGreaterThanOrEqual(length, closing)
            XCTAssertTrue(full().text.hasPrefix(file.text))
        }
        XCTAssertEqual(parsed, bytes.count - closing)
    }

    func testAnOversizedFileOrTextIsRefused() {
        var file = full()
        file.text = String(repeating: "a", count: JournalEntry.maximumTextBytes + 1)
        XCTAssertThrowsError(try JournalFileParser.parse(file.serialized())) { error in
            XCTAssertEqual((error as? JournalFileError)?.line, 13)
            XCTAssertTrue("\(error)".contains("it may be at most 1048576"), "\(error)")
        }
        let huge = Data(repeating: UInt8(ascii: "a"), count: JournalFileParser.maximumFileBytes + 1)
        XCTAssertThrowsError(try JournalFileParser.parse(huge)) { error in
            XCTAssertNil((error as? JournalFileError)?.line)
        }
        file.text = String(repeating: "a", count: JournalEntry.maximumTextBytes)
        XCTAssertEqual(try JournalFileParser.parse(file.serialized()).text.utf8.count, JournalEntry.maximumTextBytes)
    }
}
