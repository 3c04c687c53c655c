import DaybookStore
import DaybookTestSupport
import Foundation
import XCTest

/// Two devices, each a library of its own, sharing `journal/` (and a photos folder) through two
/// real Syncthings on this machine. What one writes reaches the other as the same file; the
/// other's journal shows it (its `daybook watch` indexes arriving files); a deletion travels as
/// its tombstone; a conflict made while both were paused is shown on both sides and settled
/// once; and a rebuild on the second device gives the first's journal.
final class TwoDevicesTests: XCTestCase, DaybookCommandLineTest {
    var folder: URL!
    var deviceA: SyncthingDevice!
    var deviceB: SyncthingDevice!
    var libraryA: URL { folder.appendingPathComponent("library-a") }
    var libraryB: URL { folder.appendingPathComponent("library-b") }
    var library: URL { libraryA }
    var watchB: DaybookProcess.Started?

    override func setUpWithError() throws {
        guard SyncthingDevice.isInstalled else {
            throw XCTSkip("syncthing is not installed at \(SyncthingDevice.executable) (scripts/setup.sh installs it)")
        }
        folder = try temporaryFolder("daybook-two-devices")
        for library in [libraryA, libraryB] {
            for shared in ["journal", "photos"] {
                try FileManager.default.createDirectory(
                    at: library.appendingPathComponent(shared), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            }
        }
        deviceA = try SyncthingDevice(name: "a", in: folder)
        deviceB = try SyncthingDevice(name: "b", in: folder)
        for (device, other, library) in [(deviceA!, deviceB!, libraryA), (deviceB!, deviceA!, libraryB)] {
            try device.pair(with: other)
            try device.share("journal", path: library.appendingPathComponent("journal"), with: [other])
            try device.share("photos", path: library.appendingPathComponent("photos"), with: [other])
        }
        let connected = poll(timeout: 60) {
            guard let data = try? self.deviceA.get("/rest/system/connections"),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let connections = object["connections"] as? [String: [String: Any]]
            else { return false }
            return connections[self.deviceB.deviceID]?["connected"] as? Bool == true
        }
        guard connected else { throw SyncthingError("the two Syncthings did not connect in 60 s; A's log:\n\(deviceA.log)") }
    }

    override func tearDown() {
        if let watchB, watchB.process.isRunning { kill(watchB.process.processIdentifier, SIGKILL) }
        deviceA?.stop()
        deviceB?.stop()
    }

    // MARK: - What the files do (Syncthing and Daybook's files alone)

    func testAnEntryWrittenOnAArrivesOnBAsTheSameFileAndTemporaryNamesStayOnA() throws {
        let written = try write("From A\nwritten on the first device", on: libraryA, tags: ["river"])
        let bytesA = try XCTUnwrap(bytes(libraryA, written.path))
        guard waitFor("\(written.path) on B", { self.bytes(self.libraryB, written.path) == bytesA }) else { return }

        // A's Syncthing reads Daybook's pattern from the ignore file A's daybook wrote, and
        // that file stays A's (Syncthing never sends one).
        let ignores = try JSONSerialization.jsonObject(with: try deviceA.get("/rest/db/ignores?folder=journal")) as? [String: Any]
        XCTAssertEqual((ignores?["ignore"] as? [String])?.contains("(?d).*.tmp"), true, "\(String(describing: ignores))")
        XCTAssertFalse(journalNames(in: libraryB).contains(".stignore"), "\(journalNames(in: libraryB))")
        XCTAssertEqual(journalNames(in: libraryB).filter { $0.hasSuffix(".tmp") }, [])
    }

    func testADeletionOnATravelsAsItsTombstone() throws {
        let written = try write("Soon deleted", on: libraryA)
        guard waitFor("\(written.path) on B", { self.bytes(self.libraryB, written.path) != nil }) else { return }
        _ = try run(libraryA, "delete", "--yes", written.id)
        let tombstone = try XCTUnwrap(bytes(libraryA, written.path))
        XCTAssertTrue(String(decoding: tombstone, as: UTF8.self).contains("\ndeleted: "))
        _ = waitFor("the tombstone on B", { self.bytes(self.libraryB, written.path) == tombstone })
    }

    func testAConflictMadeWhilePausedIsShownOnBothSidesAndSettledOnce() throws {
        let written = try write("Lunch\nfirst words", on: libraryA)
        guard waitFor("\(written.path) on B", { self.bytes(self.libraryB, written.path) != nil }) else { return }
        for device in [deviceA!, deviceB!] { try device.setPaused(true, folder: "journal") }

        // A changes the words through Daybook; a second later, the person edits B's copy of the
        // file in a text editor (the file is the truth: no index is needed for it).
        _ = try run(libraryA, "edit", written.id, "--text", "Lunch\nwords from A")
        sleep(2)
        let fileB = libraryB.appendingPathComponent(written.path)
        var edited = try JournalFileParser.parse(try Data(contentsOf: fileB))
        edited.text = "Lunch\nwords from B"
        try edited.serialized().write(to: fileB)
        for device in [deviceA!, deviceB!] {
            try device.setPaused(false, folder: "journal")
            try device.scan("journal")
        }

        let folderPath = (written.path as NSString).deletingLastPathComponent
        func copies(_ library: URL) -> [String] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: library.appendingPathComponent(folderPath).path)) ?? []
            return names.filter { $0.contains(".sync-conflict-") }
        }
        let bothHaveACopy = waitFor("a conflict copy on A and on B") {
            copies(self.libraryA).count == 1 && copies(self.libraryB) == copies(self.libraryA)
        }
        guard bothHaveACopy else { return }

        for library in [libraryA, libraryB] {
            let listed = try XCTUnwrap(try json(library, "conflicts") as? [[String: Any]])
            XCTAssertEqual(listed.count, 1, "\(listed)")
            let conflict = try XCTUnwrap(listed.first)
            XCTAssertEqual(conflict["id"] as? String, written.id)
            let texts = [conflict["mine"], conflict["theirs"]].compactMap { ($0 as? [String: Any])?["text"] as? String }
            XCTAssertEqual(Set(texts), ["Lunch\nwords from A", "Lunch\nwords from B"], "\(conflict)")
            let shown = try run(library, "conflicts", "show", String(written.id.prefix(6))).stdout
            XCTAssertTrue(shown.contains("    words from A") && shown.contains("    words from B"), shown)
        }

        let merged = folder.appendingPathComponent("merged.txt")
        try Data("Lunch\nwords from A and from B\n".utf8).write(to: merged)
        _ = try run(libraryA, "conflicts", "resolve", written.id, "--text-file", merged.path)
        XCTAssertEqual(copies(libraryA), [])
        XCTAssertEqual(try JournalFileParser.parse(try XCTUnwrap(bytes(libraryA, written.path))).text, "Lunch\nwords from A and from B")
        _ = waitFor("the merge on B and its conflict copy gone") {
            copies(self.libraryB).isEmpty && self.bytes(self.libraryB, written.path) == self.bytes(self.libraryA, written.path)
        }
        XCTAssertEqual(try run(libraryB, "conflicts").stdout, "no conflicts\n")
    }

    // MARK: - What B's journal shows (needs the journal-folder watcher and `rebuild`)

    func testBsJournalShowsWhatAWroteAndLosesWhatADeleted() throws {
        try startWatchOnB()
        let written = try write("From A\nfor B's journal", on: libraryA, tags: ["river"])
        guard waitFor("A's entry in B's journal", { self.listedIDs(self.libraryB).contains(written.id) }) else { return }
        let shown = try XCTUnwrap(try json(libraryB, "show", written.id) as? [String: Any])
        XCTAssertEqual(shown["text"] as? String, "From A\nfor B's journal")

        _ = try run(libraryA, "delete", "--yes", written.id)
        guard waitFor("A's deletion in B's journal", { !self.listedIDs(self.libraryB).contains(written.id) }) else { return }
        let trash = try XCTUnwrap(try json(libraryB, "trash") as? [[String: Any]])
        XCTAssertEqual(trash.compactMap { $0["id"] as? String }, [written.id])
    }

    /// A photo ingested and given words on A: its file and its photo both travel, and B's watch
    /// ingests the photo into the entry the journal file names (A's id, A's words).
    func testAPhotoWithWordsOnAIsOneEntryOnB() throws {
        try startWatchOnB()
        let name = "01-paris-2019-07.jpg"
        try FileManager.default.copyItem(
            at: Repository.sampleSquares.appendingPathComponent(name), to: libraryA.appendingPathComponent("photos/\(name)"))
        _ = try run(libraryA, "ingest", libraryA.appendingPathComponent("photos").path)
        let listed = try XCTUnwrap(try json(libraryA, "list") as? [[String: Any]])
        let id = try XCTUnwrap(listed.first?["id"] as? String)
        _ = try run(libraryA, "edit", id, "--text", "Paris\nwritten on A")
        let arrived = waitFor("the photo's entry in B's journal under A's id, with A's words") {
            let shown = (try? self.json(self.libraryB, "list")) as? [[String: Any]] ?? []
            return shown.contains { $0["id"] as? String == id && $0["text"] as? String == "Paris\nwritten on A" }
        }
        guard arrived else { return }
        XCTAssertEqual(listedIDs(libraryB), [id], "one entry: the photo and its words are not two")
    }

    func testARebuildOnBGivesAsJournal() throws {
        let first = try write("First\nfrom A", on: libraryA, tags: ["river"])
        let second = try write("Second\nfrom A", on: libraryA)
        _ = try run(libraryA, "edit", second.id, "--add-tag", "boat")
        let arrived = waitFor("A's files on B") {
            [first.path, second.path].allSatisfy { self.bytes(self.libraryB, $0) == self.bytes(self.libraryA, $0) }
        }
        guard arrived else { return }
        _ = try run(libraryB, "rebuild")
        let exports = try [libraryA, libraryB].map { library -> URL in
            let url = folder.appendingPathComponent("\(library.lastPathComponent).json")
            _ = try run(library, "export", "json", url.path)
            return url
        }
        let compare = Process()
        compare.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        compare.arguments = [Repository.root.appendingPathComponent("scripts/compare_exports.py").path, exports[0].path, exports[1].path]
        let output = Pipe()
        compare.standardOutput = output
        compare.standardError = output
        try compare.run()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        compare.waitUntilExit()
        XCTAssertEqual(compare.terminationStatus, 0, said)
    }
}
