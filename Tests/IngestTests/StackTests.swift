import DaybookIngest
import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookStore

/// Bursts become stacks at ingest (Tests/Fixtures/stacks, made with ImageMagick and exiftool
/// from a corpus photo): frames 0.4 s apart by one camera join, another shot 1.2 s later
/// and a look-alike from another camera do not, whatever the order the files arrive in.
final class StackTests: XCTestCase {
    static let folder = Repository.fixtures.appendingPathComponent("stacks")
    static let burst = ["burst-1.jpg", "burst-2.jpg", "burst-3.jpg"]

    private func folder(with names: [String], _ label: String) throws -> URL {
        let folder = try Fixtures.temporaryFolder(label)
        for name in names {
            try FileManager.default.copyItem(at: Self.folder.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        return folder
    }

    /// Each file's stack as the names of its frames ("" when alone).
    private func stacks(_ journal: TestJournal) throws -> [String: String] {
        let byFile = try journal.entriesByFile()
        let names = Dictionary(uniqueKeysWithValues: byFile.map { ($0.value.id, $0.key) })
        return try byFile.mapValues { entry in
            guard let stack = try journal.store.entryStack(entryID: entry.id) else { return "" }
            return stack.frameIDs.map { names[$0] ?? "?" }.joined(separator: " ")
        }
    }

    func testABurstIsOneStackAndNeighboursStayAlone() throws {
        let journal = try TestJournal()
        let log = EventLog()
        try journal.ingest([try folder(with: Self.burst + ["different-shot.jpg", "other-camera.jpg"], "stack-burst")], log: log)
        XCTAssertEqual(log.failures, [:])
        let stacks = try stacks(journal)
        let whole = "burst-1.jpg burst-2.jpg burst-3.jpg"
        XCTAssertEqual(
            stacks,
            ["burst-1.jpg": whole, "burst-2.jpg": whole, "burst-3.jpg": whole, "different-shot.jpg": "", "other-camera.jpg": ""])

        // The timeline shows the stack once, by its earliest frame, with its size.
        let timeline = try journal.store.timeline(after: nil, limit: 10)
        let byFile = try journal.entriesByFile()
        XCTAssertEqual(
            Set(timeline.map(\.id)), Set([byFile["burst-1.jpg"]!.id, byFile["different-shot.jpg"]!.id, byFile["other-camera.jpg"]!.id]))
        XCTAssertEqual(try journal.store.stackSizes(entryIDs: timeline.map(\.id)), [byFile["burst-1.jpg"]!.id: 3])
        XCTAssertEqual(try journal.store.stackFrames(entryID: byFile["burst-3.jpg"]!.id).map(\.sourcePath.lastComponent), Self.burst)

        // Reading the folder again changes nothing.
        try journal.ingest([Self.folder])
        XCTAssertEqual(try self.stacks(journal).filter { Self.burst.contains($0.key) }, stacks.filter { Self.burst.contains($0.key) })
    }

    /// The last frame first, another shot, then the first and the middle frame, each in a run
    /// of its own (as `watch` sees them): every later frame joins the stack already there,
    /// and the cover is the earliest frame, as when all are read at once.
    func testTheOrderOfArrivalDoesNotMatter() throws {
        let journal = try TestJournal()
        try journal.ingest([try folder(with: ["burst-3.jpg"], "stack-late-3")])
        try journal.ingest([try folder(with: ["different-shot.jpg"], "stack-late-d")])
        try journal.ingest([try folder(with: ["burst-1.jpg"], "stack-late-1")])
        try journal.ingest([try folder(with: ["burst-2.jpg"], "stack-late-2")])
        let stacks = try stacks(journal)
        XCTAssertEqual(stacks["burst-2.jpg"], "burst-1.jpg burst-2.jpg burst-3.jpg")
        XCTAssertEqual(stacks["different-shot.jpg"], "")
        let byFile = try journal.entriesByFile()
        XCTAssertEqual(try journal.store.entryStack(entryID: byFile["burst-1.jpg"]!.id)?.coverID, byFile["burst-1.jpg"]!.id)
    }

    func testPickCoverSplitAndDeletingTheCover() throws {
        let journal = try TestJournal()
        try journal.ingest([try folder(with: Self.burst, "stack-edit")])
        let byFile = try journal.entriesByFile()
        let (first, second, third) = (byFile["burst-1.jpg"]!.id, byFile["burst-2.jpg"]!.id, byFile["burst-3.jpg"]!.id)

        let picked = try journal.store.pickCover(entryID: third)
        XCTAssertEqual(picked.coverID, third)
        XCTAssertTrue(picked.coverPicked)
        XCTAssertEqual(try journal.store.timeline(after: nil, limit: 10).map(\.id), [third])

        // Deleting the cover hands the timeline to the earliest frame left.
        _ = try journal.store.delete(entryIDs: [third])
        XCTAssertEqual(try journal.store.timeline(after: nil, limit: 10).map(\.id), [first])
        XCTAssertEqual(try journal.store.entryStack(entryID: second)?.frameIDs, [first, second])

        // Split: both frames back on the timeline, and reading the burst again does not re-stack them.
        XCTAssertEqual(try journal.store.splitStack(entryID: second), [first, second])
        XCTAssertEqual(Set(try journal.store.timeline(after: nil, limit: 10).map(\.id)), [first, second])
        try journal.ingest([Self.folder])
        XCTAssertNil(try journal.store.entryStack(entryID: first))
        XCTAssertNil(try journal.store.entryStack(entryID: second))
        XCTAssertThrowsError(try journal.store.splitStack(entryID: first)) { error in
            XCTAssertEqual((error as? StoreError)?.code, .notInStack)
        }
    }

    /// An entry stored before stacks (no hash) gets one from its thumbnail file, and joins.
    func testRebuildHashesOldEntriesFromTheirThumbnails() throws {
        let journal = try TestJournal()
        try journal.ingest([try folder(with: Self.burst, "stack-rebuild")])
        try journal.store.pool.write { db in
            try db.execute(sql: "UPDATE entry SET perceptual_hash = NULL, stack_id = NULL, is_cover = 1")
        }
        XCTAssertEqual(try journal.store.timeline(after: nil, limit: 10).count, 3)
        let report = try StackRebuild(store: journal.store).run()
        XCTAssertEqual(report.hashed, 3)
        XCTAssertEqual(report.unreadable, 0)
        XCTAssertEqual(report.stacks, 1)
        XCTAssertEqual(report.stackedEntries, 3)
        XCTAssertEqual(try journal.store.timeline(after: nil, limit: 10).count, 1)
        XCTAssertEqual(try StackRebuild(store: journal.store).run().hashed, 0, "a second run has nothing to do")
    }
}

extension String {
    fileprivate var lastComponent: String { (self as NSString).lastPathComponent }
}
