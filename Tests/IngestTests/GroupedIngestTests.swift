import DaybookIngest
import DaybookTestSupport
import Foundation
import Synchronization
import XCTest

@testable import DaybookStore

/// `ingest(paths:)` stores photos several per transaction; what the user sees is what one
/// transaction per photo would give.
final class GroupedIngestTests: XCTestCase {
    /// N photos give N entries and N "stored" events, and each event comes after its entry's
    /// commit: another connection of the pool, which reads only committed data, finds it.
    func testEveryStoredEventComesAfterItsCommit() throws {
        let journal = try TestJournal()
        let names = try Fixtures.sampleNames()
        let unseen = Mutex<[String]>([])
        let store = journal.store
        let summary = try journal.ingester.ingest(paths: [Fixtures.samples.path]) { event in
            guard case .created(let entry) = event else { return }
            let committed = (try? store.pool.read { db in try JournalEntry.fetchOne(db, key: ["id": entry.id]) }) != nil
            if !committed { unseen.withLock { $0.append(entry.sourcePath) } }
        }
        XCTAssertEqual(summary.created.count, names.count)
        XCTAssertEqual(try store.count(), names.count)
        XCTAssertEqual(unseen.withLock { $0 }, [], "stored events before their commit")
        XCTAssertEqual(Set(try journal.entriesByFile().keys), Set(names))
    }

    /// A broken photo among good ones fails alone: the good ones are stored, each
    /// with its thumbnail file, and the library holds no file without an entry.
    func testABrokenPhotoFailsAloneInItsGroup() throws {
        let folder = try Fixtures.temporaryFolder("grouped-broken")
        let names = try Fixtures.sampleNames()
        for name in names {
            try FileManager.default.copyItem(at: Fixtures.samples.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array(repeating: 0x41, count: 200))
            .write(to: folder.appendingPathComponent("broken.jpg"))
        let journal = try TestJournal()
        let log = EventLog()
        let summary = try journal.ingest([folder], log: log)
        XCTAssertEqual(summary.created.count, names.count)
        XCTAssertEqual(Array(log.failures.keys), ["broken.jpg"])
        let thumbnails = Set(try FileManager.default.contentsOfDirectory(atPath: journal.folder.appendingPathComponent("thumbnails").path))
        XCTAssertEqual(thumbnails, Set(try journal.store.entries().compactMap(\.thumbnail)))
        XCTAssertEqual(thumbnails.count, names.count)
    }
}
