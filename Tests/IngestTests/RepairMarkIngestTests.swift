import DaybookIngest
import Foundation
import Synchronization
import XCTest

@testable import DaybookStore

/// An ingest that starts from a clean library and is the only one to change it leaves the
/// library marked clean, so the next start reads neither the thumbnails folder nor every
/// entry; any change that was not the run's own makes the next start read everything.
final class RepairMarkIngestTests: XCTestCase {
    func startRepair(_ journal: TestJournal) throws -> LibraryRepair.Report? {
        try LibraryRepair(store: journal.store).runUnlessUnchanged()
    }

    func orphanName(_ byte: String) -> String { String(repeating: byte, count: 32) + ".jpg" }

    func testARunAloneLeavesTheLibraryMarkedClean() throws {
        let journal = try TestJournal()
        XCTAssertEqual(try journal.ingest([Fixtures.samples]).created.count, 10)
        XCTAssertNil(try startRepair(journal), "the run's own ten thumbnails: the next start does not read everything")
        XCTAssertEqual(try journal.ingest([Fixtures.samples]).alreadyInJournal, 10)
        XCTAssertNil(try startRepair(journal))

        // A file left by someone else after the run: the next start reads everything, and removes it.
        let thumbnails = journal.store.library.thumbnailsURL
        try Data([1, 2, 3]).write(to: thumbnails.appendingPathComponent(orphanName("ab")))
        XCTAssertEqual(try journal.ingest([Fixtures.samples]).repair?.orphansRemoved, 1)
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: thumbnails.path)), try journal.store.referencedThumbnails())
    }

    func testAFileLeftByAnotherDuringTheRunIsNotCoveredUp() throws {
        let journal = try TestJournal(jobs: 1)
        let some = try Fixtures.temporaryFolder("daybook-some")
        for name in try Fixtures.sampleNames().prefix(2) {
            try FileManager.default.copyItem(at: Fixtures.samples.appendingPathComponent(name), to: some.appendingPathComponent(name))
        }
        XCTAssertEqual(try journal.ingest([some]).created.count, 2)
        XCTAssertNil(try startRepair(journal))
        // Another writer leaves an orphan while this run writes its own thumbnails (a tick
        // after the run's last change, which a change in the same tick could not be told from).
        let orphan = journal.store.library.thumbnailsURL.appendingPathComponent(orphanName("cd"))
        let wrote = Mutex(false)
        let summary = try journal.ingester.ingest(paths: [Fixtures.samples.path]) { event in
            guard case .created = event else { return }
            wrote.withLock { done in
                guard !done else { return }
                usleep(30_000)
                done = (try? Data([1]).write(to: orphan)) != nil
            }
        }
        XCTAssertEqual(summary.created.count, 8)
        XCTAssertTrue(wrote.withLock { $0 })
        XCTAssertEqual(try startRepair(journal)?.orphansRemoved, 1, "the run did not mark the library clean over the other's file")
        XCTAssertFalse(FileManager.default.fileExists(atPath: orphan.path))
    }

    func testADeleteDuringTheRunIsNotCoveredUp() throws {
        let journal = try TestJournal()
        try journal.ingest([Fixtures.samples])
        XCTAssertNil(try startRepair(journal))
        let names = try Fixtures.sampleNames()
        let some = try Fixtures.temporaryFolder("daybook-some")
        try FileManager.default.copyItem(at: Fixtures.samples.appendingPathComponent(names[0]), to: some.appendingPathComponent(names[0]))
        // Another photo's entry deleted by another process, whose removal of its file never
        // came, while this run (which writes nothing to the folder) goes on.
        let other = Fixtures.samples.appendingPathComponent(names[1]).path
        let store = journal.store
        let deleted = Mutex(false)
        let summary = try journal.ingester.ingest(paths: [some.path]) { _ in
            deleted.withLock { done in
                guard !done else { return }
                done =
                    (try? store.pool.write { db in try db.execute(sql: "DELETE FROM entry WHERE source_path = ?", arguments: [other]) })
                    != nil
            }
        }
        XCTAssertEqual(summary.alreadyInJournal, 1)
        XCTAssertEqual(try store.count(), 9)
        XCTAssertEqual(try startRepair(journal)?.orphansRemoved, 1, "the deleted entry's file, found by the next start")
    }
}
