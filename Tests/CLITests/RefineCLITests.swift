import DaybookStore
import DaybookTestSupport
import Foundation
import XCTest

/// Stage 2 through the real binary: `daybook refine` killed with SIGKILL and run again, and
/// `ingest` waiting for the queue or not. Until the first-look extraction lands, a first look
/// is made by hand: photos ingested with 40-pixel thumbnails, queued for 400-pixel ones.
final class RefineCLITests: XCTestCase {
    /// Real camera photos (the corpus's, and the sample images) in a folder of their own.
    private func photoFolder(_ label: String) throws -> URL {
        let folder = try TemporaryFolder.make(label)
        let sources = [Repository.fixtures.appendingPathComponent("corpus/jpg"), Repository.root.appendingPathComponent("SampleImages")]
        for source in sources {
            for name in try FileManager.default.contentsOfDirectory(atPath: source.path) where name.lowercased().hasSuffix(".jpg") {
                try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: folder.appendingPathComponent(name))
            }
        }
        return folder
    }

    /// A library of those photos with 40-pixel thumbnails, every entry queued for a 400-pixel one.
    private func queuedLibrary(_ label: String) throws -> (library: URL, store: JournalStore, entries: Int) {
        let photos = try photoFolder(label + "-photos")
        let library = try TemporaryFolder.make(label)
        let ingest = try DaybookProcess.run(["ingest", "--thumbnail-size", "40", photos.path], library: library)
        XCTAssertEqual(ingest.status, 0, ingest.stderr)
        let store = try JournalStore(library: Library(root: library))
        let entries = try store.entries().filter { $0.thumbnail != nil }
        XCTAssertGreaterThan(entries.count, 20)
        for entry in entries { try store.queueRefinement(entryID: entry.id, fullSide: 400) }
        return (library, store, entries.count)
    }

    func testARefineKilledMidwayIsFinishedByTheNextRun() throws {
        let (library, store, count) = try queuedLibrary("daybook-refine-kill")
        let started = try DaybookProcess.start(["refine", "--jobs", "1"], library: library)
        let deadline = Date().addingTimeInterval(120)
        while try store.refinementCounts().refined < 1 && started.process.isRunning && Date() < deadline { usleep(2_000) }
        kill(started.process.processIdentifier, SIGKILL)
        let killed = started.finish()
        XCTAssertEqual(killed.status, SIGKILL, "killed, not finished: \(killed.stdout)")
        let left = try store.refinementCounts()
        XCTAssertGreaterThan(left.refined, 0)
        XCTAssertGreaterThan(left.waiting, 0, "the kill came after the last photo")
        for entry in try store.entries() where entry.thumbnail != nil {
            XCTAssertNotNil(try thumbnailSize(entry, library: library), "every entry keeps a thumbnail: \(entry.sourcePath)")
        }

        let again = try DaybookProcess.run(["refine", "--json"], library: library)
        XCTAssertEqual(again.status, 0, again.stderr)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any], again.stdout)
        XCTAssertEqual(report["ran"] as? Bool, true)
        XCTAssertEqual(report["refined"] as? Int, left.waiting)
        XCTAssertEqual(report["pending"] as? Int, 0)
        XCTAssertEqual(try store.refinementCounts(), RefinementCounts(), "the queue is empty")

        let entries = try store.entries().filter { $0.thumbnail != nil }
        XCTAssertEqual(entries.count, count)
        for entry in entries {
            let size = try XCTUnwrap(try thumbnailSize(entry, library: library), entry.sourcePath)
            XCTAssertEqual(size.width, entry.thumbnailWidth, entry.sourcePath)
            XCTAssertEqual(size.height, entry.thumbnailHeight, entry.sourcePath)
            let frame = max(entry.pixelWidth ?? 0, entry.pixelHeight ?? 0)
            XCTAssertEqual(max(size.width, size.height), min(400, frame), entry.sourcePath)
        }
        // No temporary and no orphan: exactly the entries' thumbnails.
        let files = try FileManager.default.contentsOfDirectory(atPath: library.appendingPathComponent("thumbnails").path)
        XCTAssertEqual(Set(files), Set(entries.compactMap(\.thumbnail)))
    }

    func testCtrlCStopsTheRefinerAndPrintsTrueCounts() throws {
        let (library, store, count) = try queuedLibrary("daybook-refine-interrupt")
        let started = try DaybookProcess.start(["refine", "--jobs", "1"], library: library)
        let deadline = Date().addingTimeInterval(120)
        while try store.refinementCounts().refined < 1 && started.process.isRunning && Date() < deadline { usleep(2_000) }
        kill(started.process.processIdentifier, SIGINT)
        let stopped = started.finish()
        XCTAssertEqual(stopped.status, 130, stopped.stderr)
        let left = try store.refinementCounts()
        XCTAssertGreaterThan(left.waiting, 0, "the interrupt came after the last photo")
        XCTAssertEqual(left.refined + left.waiting, count)
        let line = "refined \(left.refined) thumbnail\(left.refined == 1 ? "" : "s"), \(left.waiting) pending"
        XCTAssertEqual(stopped.stdout, "full-quality thumbnails: \(line)\n")
        XCTAssertEqual(
            stopped.stderr, "daybook: stopped: \(line); `daybook refine` (or serve, or watch) makes the rest\n")
    }

    func testIngestReportsTheQueueAndWaitsForItUnlessToldNotTo() throws {
        let (library, store, count) = try queuedLibrary("daybook-refine-ingest")
        let extra = Repository.sampleSquares.appendingPathComponent("01-paris-2019-07.jpg")

        let early = try DaybookProcess.run(["ingest", "--no-wait", extra.path], library: library)
        XCTAssertEqual(early.status, 0, early.stderr)
        let lines = early.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "1 new, 0 already in the journal, 0 failed", early.stdout)
        XCTAssertTrue(
            lines.contains("the journal is browsable now; \(count) entries show a first look until their full-quality thumbnails are made"),
            early.stdout)
        XCTAssertTrue(
            lines.contains("\(count) full-quality thumbnails pending: `daybook serve`, `daybook watch` or `daybook refine` makes them"),
            early.stdout)
        XCTAssertEqual(try store.refinementCounts().waiting, count)

        let waited = try DaybookProcess.run(["ingest", "--json", extra.path], library: library)
        XCTAssertEqual(waited.status, 0, waited.stderr)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(waited.stdout.utf8)) as? [String: Any], waited.stdout)
        XCTAssertEqual(report["already_in_journal"] as? Int, 1)
        XCTAssertEqual(report["first_look"] as? Int, 0)
        let refinement = try XCTUnwrap(report["refinement"] as? [String: Any], waited.stdout)
        XCTAssertEqual(refinement["ran"] as? Bool, true)
        XCTAssertEqual(refinement["refined"] as? Int, count)
        XCTAssertEqual(refinement["pending"] as? Int, 0)
        XCTAssertEqual(try store.refinementCounts(), RefinementCounts())

        // Nothing waits: the output is what it always was.
        let plain = try DaybookProcess.run(["ingest", extra.path], library: library)
        XCTAssertEqual(plain.stdout, "0 new, 1 already in the journal, 0 failed\n")
    }

    /// The width and height in the thumbnail file's JPEG frame header; nil when there is no file.
    private func thumbnailSize(_ entry: JournalEntry, library: URL) throws -> (width: Int, height: Int)? {
        guard let name = entry.thumbnail else { return nil }
        guard let data = FileManager.default.contents(atPath: library.appendingPathComponent("thumbnails/\(name)").path) else {
            return nil
        }
        let bytes = [UInt8](data)
        var index = 2
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            if (0xC0...0xC2).contains(marker) {
                return (Int(bytes[index + 7]) << 8 | Int(bytes[index + 8]), Int(bytes[index + 5]) << 8 | Int(bytes[index + 6]))
            }
            index += 2 + length
        }
        return nil
    }
}
