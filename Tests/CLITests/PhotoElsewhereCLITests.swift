import DaybookCore
import DaybookStore
import DaybookTestSupport
import Foundation
import XCTest

/// A photo entry known from its journal file alone (its photo on another device) in `show`,
/// `list` and `--json`: said in words, and as `photo_elsewhere` for scripts.
final class PhotoElsewhereCLITests: XCTestCase, DaybookCommandLineTest {
    var folder: URL!
    var library: URL { folder.appendingPathComponent("library") }
    let id = "7c0ffee0-0000-4000-8000-000000000002"

    override func setUpWithError() throws {
        folder = try temporaryFolder("daybook-photo-elsewhere")
        let store = try JournalStore(library: Library(root: library))
        let date = LocalDateTime(year: 2026, month: 11, day: 28, hour: 15, minute: 0, second: 0)!
        var entry = JournalEntry(
            id: id, contentHash: String(repeating: "7", count: 64), sourcePath: JournalFilePath(id: id, date: date).description,
            fileSize: 0, pixelSize: nil, thumbnail: nil, thumbnailSize: nil, problems: [])
        entry.capturedLocal = date
        entry.text = "Seen on the other device"
        try store.insert(entry, autoTags: [], taggerVersion: 1)
        let photo = JournalEntry(
            contentHash: String(repeating: "8", count: 64), sourcePath: "/photos/here.jpg", fileSize: 10, pixelSize: nil, thumbnail: nil,
            thumbnailSize: nil, problems: [])
        try store.insert(photo, autoTags: [], taggerVersion: 1)
    }

    func testShowListAndJSONSayThePhotoIsOnAnotherDevice() throws {
        let shown = try daybook("show", id)
        XCTAssertEqual(shown.status, 0, shown.stderr)
        XCTAssertTrue(shown.stdout.contains("on another device (its journal file: journal/2026/11/2026-11-28-7c0ffee0.md)"), shown.stdout)
        XCTAssertTrue(shown.stdout.contains("none: the photo is on another device"), shown.stdout)

        let listed = try daybook("list")
        XCTAssertEqual(listed.status, 0, listed.stderr)
        let lines = listed.stdout.split(separator: "\n")
        XCTAssertEqual(lines.filter { $0.hasSuffix("7c0ffee0  (photo on another device)") }.count, 1, listed.stdout)
        XCTAssertEqual(lines.filter { $0.contains("(photo on another device)") }.count, 1, "only that entry: \(listed.stdout)")

        let json = try daybook("list", "--json")
        let entries = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(entries.filter { $0["photo_elsewhere"] as? Bool == true }.compactMap { $0["id"] as? String }, [id])
        XCTAssertEqual(entries.filter { $0.keys.contains("photo_elsewhere") }.count, 1, "present only when true")
    }
}

extension PhotoElsewhereCLITests {
    func testItsPhotoIsNeitherDetachedNorAttachedHere() throws {
        let detached = try daybook("photo", "detach", id)
        XCTAssertEqual(detached.status, 1)
        XCTAssertEqual(
            detached.stderr,
            "daybook: error: cannot read the photo of entry 7c0ffee0 again (journal/2026/11/2026-11-28-7c0ffee0.md: the photo is on "
                + "another device; only its journal file is here): nothing was changed\n")
        let written = try daybook("write", "--text", "Words wanting a photo", "--date", "2026-11-28 16:00", "--json")
        XCTAssertEqual(written.status, 0, written.stderr)
        let words = try XCTUnwrap(
            (try JSONSerialization.jsonObject(with: Data(written.stdout.utf8)) as? [String: Any])?["id"] as? String)
        let attached = try daybook("photo", "attach", words, id)
        XCTAssertEqual(attached.status, 1)
        XCTAssertTrue(attached.stderr.contains("the photo of entry 7c0ffee0 is on another device"), attached.stderr)
        let store = try JournalStore(library: Library(root: library))
        XCTAssertEqual(try store.entry(id: id)?.text, "Seen on the other device", "nothing changed")
        XCTAssertEqual(try store.entry(id: words)?.media, .text)
    }
}
