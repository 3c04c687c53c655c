import DaybookCore
import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookStore

/// Two stacks that each had a cover picked by hand become one when a frame between them
/// arrives: one pick stays, and the other frame's journal file stops saying it is the cover,
/// so the files alone give the same stack.
final class StackJournalFileTests: XCTestCase {
    var store: JournalStore!

    override func setUpWithError() throws {
        store = try JournalStore(library: Library(root: try temporaryFolder("daybook-stack-files")))
    }

    /// A photo of the same camera and picture as its neighbours, `second`s into the minute.
    func frame(_ digit: Character, second: Int, inGroup: Bool) throws -> JournalEntry {
        var entry = JournalEntry(
            contentHash: String(repeating: digit, count: 64), sourcePath: "/photos/IMG_000\(digit).jpg", fileSize: 10,
            capture: CaptureTime(
                local: LocalDateTime(year: 2019, month: 7, day: 14, hour: 10, minute: 30, second: second)!, source: .dateTimeOriginal),
            pixelSize: (640, 480), thumbnail: nil, thumbnailSize: nil, problems: [])
        entry.cameraMake = "Canon"
        entry.cameraModel = "EOS 5D"
        if inGroup {
            let save = EntrySave(
                entry: entry, sourceTruncated: false, sidecar: nil, autoTags: [], taggerVersion: 1,
                stack: StackRequest(perceptualHash: 0, burstID: nil), beforeCommit: {})
            XCTAssertNotNil(try store.save(group: [save]).first.map { try $0.get() })
        } else {
            try store.save(entry, sourceTruncated: false)
            try store.stack(entryID: entry.id, perceptualHash: 0)
        }
        return entry
    }

    func stackChoice(_ entry: JournalEntry) throws -> JournalFile.StackChoice? {
        let path = JournalFilePath(id: entry.id, date: entry.capturedLocal!)
        return try JournalFileParser.parse(try Data(contentsOf: path.url(in: store.library))).stackChoice
    }

    func mergedStacks(joinedByAGroupSave: Bool) throws {
        let first = try frame("a", second: 0, inGroup: false)
        _ = try frame("b", second: 1, inGroup: false)
        let later = try frame("c", second: 4, inGroup: false)
        _ = try frame("d", second: 5, inGroup: false)
        XCTAssertEqual(try store.entryStack(entryID: first.id)?.size, 2, "two stacks of two")
        XCTAssertEqual(try store.entryStack(entryID: later.id)?.size, 2)
        try store.pickCover(entryID: first.id)
        try store.pickCover(entryID: later.id)
        XCTAssertEqual(try stackChoice(later), .cover)

        let between = try frame("e", second: 3, inGroup: joinedByAGroupSave)
        let stack = try XCTUnwrap(try store.entryStack(entryID: between.id))
        XCTAssertEqual(stack.size, 5)
        XCTAssertEqual(stack.coverID, first.id, "the earlier pick stays")
        XCTAssertEqual(try stackChoice(first), .cover)
        XCTAssertNil(try stackChoice(later), "its file says it is no longer the cover")
        XCTAssertEqual(
            try store.journalFile(entryID: later.id),
            try JournalFileParser.parse(
                try Data(contentsOf: JournalFilePath(id: later.id, date: later.capturedLocal!).url(in: store.library))))
    }

    func testAFrameStackedAloneMergesThePicks() throws {
        try mergedStacks(joinedByAGroupSave: false)
    }

    func testAFrameOfAnIngestGroupMergesThePicks() throws {
        try mergedStacks(joinedByAGroupSave: true)
    }
}
