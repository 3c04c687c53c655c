import DaybookStore
import DaybookTestSupport
import Foundation
import XCTest

/// `daybook rebuild` through the real binary on real photos: a journal exported, its index
/// deleted or set aside, rebuilt from the photos and the journal files, and exported again is
/// the same journal (scripts/compare_exports.py decides).
final class RebuildCLITests: XCTestCase, DaybookCommandLineTest {
    var folder: URL!
    var library: URL { folder.appendingPathComponent("library") }
    var photos: URL { folder.appendingPathComponent("photos") }
    var database: URL { library.appendingPathComponent("journal.sqlite") }

    override func setUpWithError() throws {
        folder = try temporaryFolder("daybook-rebuild")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        for name in ["01-paris-2019-07.jpg", "02-rio-2020-01.jpg", "03-newyork-2021-03.jpg"] {
            try FileManager.default.copyItem(
                at: Repository.sampleSquares.appendingPathComponent(name), to: photos.appendingPathComponent(name))
        }
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func ok(_ arguments: String...) throws -> DaybookProcess.Run {
        let run = try daybook(arguments)
        XCTAssertEqual(run.status, 0, "daybook \(arguments.joined(separator: " ")): \(run.stderr)")
        return run
    }

    func entries() throws -> [[String: Any]] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(try ok("list", "--json").stdout.utf8)) as? [[String: Any]])
    }

    func photoID(_ name: String) throws -> String {
        let entry = try XCTUnwrap(try entries().first { ($0["source_path"] as? String)?.hasSuffix(name) == true }, name)
        return try XCTUnwrap(entry["id"] as? String)
    }

    func export(_ name: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        _ = try ok("export", "json", url.path)
        return url
    }

    /// scripts/compare_exports.py on two exports: its exit status and what it printed.
    func compare(_ before: URL, _ after: URL) throws -> DaybookProcess.Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Repository.root.appendingPathComponent("scripts/compare_exports.py").path, before.path, after.path]
        return try DaybookProcess.start(process, input: nil).finish()
    }

    func removeDatabase() throws {
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: database.path + suffix) {
            try FileManager.default.removeItem(atPath: database.path + suffix)
        }
    }

    func testTextEntriesAndPhotosComeBackAfterTheDatabaseIsDeleted() throws {
        _ = try ok("ingest", photos.path)
        _ = try ok("write", "--text", "Rainy Sunday\nbooks and tea", "--date", "2024-03-10 15:00", "--tag", "home")
        _ = try ok("write", "--text", "A walk", "--date", "2023-12-31 23:30", "--tag", "walk", "--tag", "winter")
        let before = try export("before.json")
        try removeDatabase()

        let rebuilt = try ok("rebuild")
        XCTAssertTrue(rebuilt.stdout.contains("rebuilt: 5 entries, 7 words"), rebuilt.stdout)
        XCTAssertTrue(rebuilt.stdout.contains("0 files with problems"), rebuilt.stdout)
        XCTAssertTrue(rebuilt.stderr.contains("there was no journal.sqlite"), rebuilt.stderr)
        let comparison = try compare(before, try export("after.json"))
        XCTAssertEqual(comparison.status, 0, comparison.stdout + comparison.stderr)
    }

    func testTheOldIndexIsSetAsideNeverDeletedAndTheJSONSummaryCounts() throws {
        _ = try ok("ingest", "--weather", "none", photos.path)
        _ = try ok("write", "--text", "Three words here", "--date", "2024-01-02 10:00")
        let before = try export("before.json")
        let oldBytes = try Data(contentsOf: database)

        let run = try ok("rebuild", "--json")
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(report["entries"] as? Int, 4)
        XCTAssertEqual(report["words"] as? Int, 3)
        XCTAssertEqual(report["photos_new"] as? Int, 3)
        XCTAssertEqual(report["photo_sources"] as? [String], [photos.path])
        XCTAssertEqual(report["problems"] as? [String], [])
        let aside = try XCTUnwrap(report["set_aside"] as? String)
        XCTAssertNotNil(aside.firstMatch(of: /\/journal\.sqlite\.before-rebuild-\d{8}T\d{6}Z$/), aside)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: aside)).prefix(100), oldBytes.prefix(100), "the old database, moved")
        XCTAssertTrue(FileManager.default.fileExists(atPath: database.path))
        let comparison = try compare(before, try export("after.json"))
        XCTAssertEqual(comparison.status, 0, comparison.stdout + comparison.stderr)
        let rebuilt = try JournalStore.openReadOnly(library: Library(root: library))
        XCTAssertEqual(try rebuilt.setting("weather.provider"), "none", "a choice kept in the old index is kept")
    }

    /// Needs the full journal-file reader (`indexJournalFolder` for photo entries, engineer
    /// `index`) and a journal file for every photo entry with user data (engineer `writer`).
    func testEveryWordTagAndChoiceOfPhotoEntriesComesBack() throws {
        for name in ["burst-1.jpg", "burst-2.jpg", "burst-3.jpg"] {
            try FileManager.default.copyItem(
                at: Repository.fixtures.appendingPathComponent("stacks/\(name)"), to: photos.appendingPathComponent(name))
        }
        _ = try ok("ingest", photos.path)
        let paris = try photoID("01-paris-2019-07.jpg")
        let rio = try photoID("02-rio-2020-01.jpg")
        let newYork = try photoID("03-newyork-2021-03.jpg")
        _ = try ok("edit", paris, "--text", "Bastille day\nfireworks over the river", "--add-tag", "fireworks")
        let autoTag = try XCTUnwrap(
            (try entries().first { $0["id"] as? String == rio }?["tags"] as? [[String: Any]])?
                .first { $0["source"] as? String == "auto" }?["name"] as? String)
        _ = try ok("tag", rio, "--remove", autoTag, "--add", "carnival")
        _ = try ok("edit", newYork, "--date", "2021-03-05 08:15")
        _ = try ok("stack", "cover", try photoID("burst-2.jpg"))
        let deleted = try photoID("burst-3.jpg")
        _ = try ok("write", "--text", "Words alone", "--date", "2022-02-02 12:00")
        _ = try ok("delete", "--yes", deleted)
        let before = try export("before.json")
        try removeDatabase()

        let rebuilt = try daybook("rebuild")
        XCTAssertEqual(rebuilt.status, 0, rebuilt.stderr)
        let comparison = try compare(before, try export("after.json"))
        XCTAssertEqual(comparison.status, 0, comparison.stdout + comparison.stderr)
        XCTAssertEqual(try entries().filter { $0["id"] as? String == deleted }.count, 0, "the tombstone keeps it out")
        let trash = try ok("trash", "--json").stdout
        XCTAssertTrue(trash.contains(deleted), trash)
        let again = try ok("ingest", photos.path)
        XCTAssertTrue(again.stdout.contains("1 deleted before, left out"), again.stdout)
    }

    func testABadJournalFileIsNamedWithItsLineAndLeftAsItIs() throws {
        let written = try XCTUnwrap(
            try JSONSerialization.jsonObject(
                with: Data(try ok("write", "--text", "Kept words", "--date", "2024-05-06 09:00", "--json").stdout.utf8))
                as? [String: Any])
        let path = try XCTUnwrap(written["source_path"] as? String)
        let file = library.appendingPathComponent(path)
        let text = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "version: 1\n", with: "version: 1\nmood: sunny\n")
        try Data(text.utf8).write(to: file)
        _ = try ok("write", "--text", "Another day", "--date", "2024-05-07 09:00")

        let run = try daybook("rebuild")
        XCTAssertEqual(run.status, 1, "a file with a problem: \(run.stdout)")
        XCTAssertTrue(run.stderr.contains("daybook: error: \(path):3: unknown key \"mood\""), run.stderr)
        XCTAssertTrue(run.stdout.contains("rebuilt: 1 entry, 2 words"), run.stdout)
        XCTAssertTrue(run.stdout.contains("1 file with a problem"), run.stdout)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), text, "never overwritten")
    }

    func testRebuildRefusesWhileAnotherDaybookHasTheLibraryOpen() throws {
        _ = try ok("ingest", photos.path)
        let watching = folder.appendingPathComponent("watched")
        try FileManager.default.createDirectory(at: watching, withIntermediateDirectories: true)
        let watch = try DaybookProcess.start(["watch", watching.path], library: library)
        defer {
            watch.process.terminate()
            _ = watch.finish()
        }
        let deadline = Date().addingTimeInterval(30)
        var run = try daybook("rebuild")
        while run.status == 0 || !run.stderr.contains("has \(library.path) open") {
            // The watcher may not have opened the library yet: a rebuild that ran before it did
            // is fine; one that runs beside it must refuse.
            guard Date() < deadline else { return XCTFail("rebuild never refused beside watch: \(run.stderr)") }
            Thread.sleep(forTimeInterval: 0.2)
            run = try daybook("rebuild")
        }
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains("Nothing was changed"), run.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: database.path))
    }

    func testIngestRootsAreKeptBesideTheDatabaseAndAPhotoNamedAloneDoesNotBringItsFolder() throws {
        let others = folder.appendingPathComponent("others")
        try FileManager.default.createDirectory(at: others, withIntermediateDirectories: true)
        for name in ["burst-1.jpg", "different-shot.jpg"] {
            try FileManager.default.copyItem(
                at: Repository.fixtures.appendingPathComponent("stacks/\(name)"), to: others.appendingPathComponent(name))
        }
        _ = try ok("ingest", photos.path)
        _ = try ok("ingest", others.appendingPathComponent("burst-1.jpg").path)
        let roots = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(contentsOf: library.appendingPathComponent("ingest-roots.json"))) as? [String: Any])
        XCTAssertEqual(roots["folders"] as? [String], [photos.path])
        XCTAssertEqual(roots["files"] as? [String], [others.appendingPathComponent("burst-1.jpg").path])
        let gone = folder.appendingPathComponent("gone")
        try FileManager.default.createDirectory(at: gone, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Repository.fixtures.appendingPathComponent("stacks/copy-half.jpg"), to: gone.appendingPathComponent("copy-half.jpg"))
        _ = try ok("ingest", gone.path)
        try FileManager.default.removeItem(at: gone)
        try removeDatabase()

        let run = try ok("rebuild")
        XCTAssertTrue(run.stderr.contains("daybook: warning: \(gone.path): gone; its photos are not read again"), run.stderr)
        let names = Set(try entries().compactMap { ($0["source_path"] as? String).map { ($0 as NSString).lastPathComponent } })
        XCTAssertEqual(names, ["01-paris-2019-07.jpg", "02-rio-2020-01.jpg", "03-newyork-2021-03.jpg", "burst-1.jpg"])
        let kept = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(contentsOf: library.appendingPathComponent("ingest-roots.json"))) as? [String: Any])
        XCTAssertEqual(kept["folders"] as? [String], [gone.path, photos.path].sorted(), "a folder that is gone is still remembered")
    }

    func testALibraryWithoutTheRootsFileFindsItsPhotosThroughTheOldIndex() throws {
        _ = try ok("ingest", photos.path)
        let rootsFile = library.appendingPathComponent("ingest-roots.json")
        try FileManager.default.removeItem(at: rootsFile)
        let before = try export("before.json")

        let run = try ok("rebuild")
        XCTAssertTrue(run.stdout.contains("rebuilt: 3 entries"), run.stdout)
        let comparison = try compare(before, try export("after.json"))
        XCTAssertEqual(comparison.status, 0, comparison.stdout + comparison.stderr)
        let roots = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: rootsFile)) as? [String: Any])
        XCTAssertEqual(roots["folders"] as? [String], [photos.path], "kept from now on")
    }

    /// The comparison leaves out only what the index derives: a photo entry nobody wrote in may
    /// come back under a new id, but lost words are a difference, named.
    func testTheComparisonMatchesUntouchedPhotosByContentAndNamesLostWords() throws {
        _ = try ok("ingest", photos.path)
        let paris = try photoID("01-paris-2019-07.jpg")
        _ = try ok("write", "--text", "Words", "--date", "2024-01-02 10:00")
        let before = try export("before.json")
        var archive = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: before)) as? [String: Any])
        var items = try XCTUnwrap(archive["items"] as? [[String: Any]])
        for index in items.indices {
            var entry = try XCTUnwrap(items[index]["entry"] as? [String: Any])
            if entry["id"] as? String == paris { entry["id"] = UUID().uuidString.lowercased() }
            entry["created_at"] = "2030-01-01T00:00:00Z"
            items[index]["entry"] = entry
        }
        archive["items"] = items
        let renamed = folder.appendingPathComponent("renamed.json")
        try JSONSerialization.data(withJSONObject: archive).write(to: renamed)
        XCTAssertEqual(try compare(before, renamed).status, 0, "a new id and a new created_at are derived")

        let textIndex = try XCTUnwrap(items.firstIndex { ($0["entry"] as? [String: Any])?["text"] as? String == "Words" })
        var entry = try XCTUnwrap(items[textIndex]["entry"] as? [String: Any])
        entry["text"] = ""
        items[textIndex]["entry"] = entry
        archive["items"] = items
        let lost = folder.appendingPathComponent("lost.json")
        try JSONSerialization.data(withJSONObject: archive).write(to: lost)
        let comparison = try compare(before, lost)
        XCTAssertEqual(comparison.status, 1)
        XCTAssertTrue(comparison.stdout.contains("entry.text: \"Words\" before, \"\" after"), comparison.stdout)
    }

    func testHelpTeachesWhatRebuildDoes() throws {
        let help = try ok("rebuild", "--help").stdout
        for words in ["before-rebuild", "ingest-roots.json", "path:line", "refuses"] {
            XCTAssertTrue(help.contains(words), "\(words) in: \(help)")
        }
    }
}
