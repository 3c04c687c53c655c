import DaybookCore
import DaybookStore
import DaybookStoreTestSupport
import Foundation
import XCTest

final class JournalStoreTests: XCTestCase {
    func entry(id: String, hash: String, date: String? = nil) -> JournalEntry {
        var capture: CaptureTime?
        if let date, let local = LocalDateTime(exif: date) { capture = CaptureTime(local: local, source: .dateTimeOriginal) }
        return JournalEntry(
            id: id, contentHash: hash, sourcePath: "/photos/\(id).jpg", fileSize: 1, capture: capture,
            pixelSize: nil, thumbnail: nil, thumbnailSize: nil, problems: [])
    }

    func testSameContentHashIsNeverStoredTwice() throws {
        let store = try makeStore()
        XCTAssertEqual(try store.insert(entry(id: "aaaa0001", hash: "h1")), .created)
        var ranBeforeCommit = false
        let duplicate = entry(id: "bbbb0002", hash: "h1")
        XCTAssertEqual(try store.insert(duplicate) { ranBeforeCommit = true }, .existing(id: "aaaa0001"))
        XCTAssertFalse(ranBeforeCommit, "a duplicate must not move a thumbnail into place")
        XCTAssertEqual(try store.count(), 1)
        XCTAssertEqual(try store.entry(contentHash: "h1")?.sourcePath, "/photos/bbbb0002.jpg", "last-seen path")
    }

    func testAFailureBeforeCommitLeavesNoEntry() throws {
        struct Boom: Error {}
        let store = try makeStore()
        XCTAssertThrowsError(try store.insert(entry(id: "aaaa0001", hash: "h1")) { throw Boom() })
        XCTAssertEqual(try store.count(), 0)
    }

    func testIDPrefixesResolveOrExplain() throws {
        let store = try makeStore()
        for (id, hash) in [("abcd1111", "h1"), ("abcd2222", "h2"), ("ef001234", "h3")] {
            try store.insert(entry(id: id, hash: hash))
        }
        XCTAssertEqual(try store.entry(idPrefix: "ef00").id, "ef001234")
        XCTAssertEqual(try store.entry(idPrefix: "ABCD1").id, "abcd1111")
        XCTAssertThrowsError(try store.entry(idPrefix: "abcd")) { error in
            XCTAssertEqual(error as? StoreError, .ambiguousID("abcd", candidates: ["abcd1111", "abcd2222"]))
            XCTAssertEqual((error as? StoreError)?.candidates, ["abcd1111", "abcd2222"])
        }
        XCTAssertThrowsError(try store.entry(idPrefix: "9999")) { error in
            XCTAssertEqual(error as? StoreError, .entryNotFound("9999"))
        }
        XCTAssertThrowsError(try store.entry(idPrefix: "ab"), "too short to be a useful prefix")
    }

    func testEntriesNewestFirstUndatedLast() throws {
        let store = try makeStore()
        try store.insert(entry(id: "aaaa0001", hash: "h1", date: "2019:01:01 10:00:00"))
        try store.insert(entry(id: "aaaa0002", hash: "h2"))
        try store.insert(entry(id: "aaaa0003", hash: "h3", date: "2021:06:01 10:00:00"))
        XCTAssertEqual(try store.entries().map(\.id), ["aaaa0003", "aaaa0001", "aaaa0002"])
        XCTAssertEqual(try store.entries(limit: 1).map(\.id), ["aaaa0003"])
    }

    func testReopeningKeepsDataAndSchema() throws {
        let store = try makeStore()
        try store.insert(entry(id: "aaaa0001", hash: "h1"))
        let reopened = try JournalStore(library: store.library)
        XCTAssertEqual(try reopened.count(), 1)
    }

    func testLibraryLocationPrecedence() {
        let env = ["HOME": "/home/ada", "XDG_DATA_HOME": "/data", "DAYBOOK_LIBRARY": "/lib"]
        XCTAssertEqual(Library.resolve(explicit: "/explicit", environment: env).root.path, "/explicit")
        XCTAssertEqual(Library.resolve(explicit: nil, environment: env).root.path, "/lib")
        XCTAssertEqual(
            Library.resolve(explicit: nil, environment: ["HOME": "/home/ada", "XDG_DATA_HOME": "/data"]).root.path, "/data/daybook")
        XCTAssertEqual(Library.resolve(explicit: nil, environment: ["HOME": "/home/ada"]).root.path, "/home/ada/.local/share/daybook")
        XCTAssertEqual(Library.resolve(explicit: "~/j", environment: ["HOME": "/home/ada"]).root.path, "/home/ada/j")
    }
}
