import DaybookCore
import DaybookImaging
import DaybookIngest
import DaybookStore
import DaybookSupport
import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookWatch

/// Starts the real `daybook watch` on temporary folders and checks the journal it writes.
final class WatchProcessTests: WatchedFolderTestCase {

    func testThousandPhotosCopiedInAtOnceMakeExactlyThousandEntries() throws {
        let staging = try Folders.temporary("staging")
        defer { try? FileManager.default.removeItem(at: staging) }
        var hashes = Set<String>()
        for index in 0..<1000 {
            let bytes = try TestPhotos.small(index)
            hashes.insert(ContentHash.sha256Hex(bytes))
            try TestPhotos.write(bytes, to: staging.appendingPathComponent(String(format: "IMG_%04d.jpg", index)))
        }
        XCTAssertEqual(hashes.count, 1000, "the generated photos must all differ")

        let watcher = try WatchProcess([folder], library: library)
        let journal = try Journal(library)
        let started = Date()
        for name in try FileManager.default.contentsOfDirectory(atPath: staging.path) {
            try FileManager.default.copyItem(at: staging.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        journal.waitForCount(1000, timeout: 90, settle: 1.5, watcher: watcher)
        print("1,000 photos ingested in \(String(format: "%.1f", Date().timeIntervalSince(started))) s (debug build)")
        XCTAssertEqual(Set(try journal.entries().map(\.contentHash)), hashes)
        XCTAssertEqual(watcher.lines(containing: " info: ingested ").count, 1000, "one log line per ingested file")
        XCTAssertEqual(watcher.lines(containing: " error: ").count, 0, watcher.log)
        try journal.assertThumbnailsComplete()
        XCTAssertEqual(watcher.stop(), 0)
    }

    func testPhotoWrittenSlowlyIsIngestedOnceAfterItsLastByteWithAGoodThumbnail() throws {
        // Rescans every 0.5 s: they must not pick up the file while it is being written.
        let watcher = try WatchProcess([folder], library: library, ["--rescan-interval", "0.5", "--settle", "1"])
        let journal = try Journal(library)
        let bytes = try TestPhotos.large(width: 1600, height: 1200, seed: 7)
        let path = folder.appendingPathComponent("slow.jpg").path

        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        XCTAssertGreaterThanOrEqual(fd, 0)
        let chunks = 8
        let chunkSize = (bytes.count + chunks - 1) / chunks
        for chunk in 0..<chunks {
            let start = chunk * chunkSize, end = min(bytes.count, start + chunkSize)
            let written = bytes[start..<end].withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
            XCTAssertEqual(written, end - start)
            usleep(250_000)
            XCTAssertEqual(journal.count(), 0, "an entry appeared after chunk \(chunk + 1) of \(chunks), before the close")
        }
        let closedAt = Date()
        close(fd)

        journal.waitForCount(1, timeout: 20, settle: 1.5, watcher: watcher)
        let entry = try XCTUnwrap(try journal.entries().first)
        XCTAssertEqual(entry.contentHash, ContentHash.sha256Hex(bytes), "the entry is made from every byte")
        XCTAssertEqual(entry.fileSize, Int64(bytes.count))
        XCTAssertNil(entry.problems)
        let created = try XCTUnwrap(try? Date(entry.createdAt, strategy: Date.ISO8601FormatStyle()))
        XCTAssertGreaterThanOrEqual(created, closedAt.addingTimeInterval(-1), "entry time stamps have whole seconds")
        XCTAssertEqual(entry.pixelWidth, 1600)
        XCTAssertEqual(entry.thumbnailWidth, 400)
        XCTAssertEqual(entry.thumbnailHeight, 300)
        let thumbnail = try Data(contentsOf: library.appendingPathComponent("thumbnails/\(try XCTUnwrap(entry.thumbnail))"))
        let decoded = try JPEGDecoder.decode([UInt8](thumbnail), minimumLongestSide: 400)
        XCTAssertEqual(decoded.image.width, 400)
        XCTAssertEqual(decoded.image.height, 300)
        XCTAssertEqual(decoded.warnings, [])
        XCTAssertEqual(watcher.lines(containing: "ingested").count, 1, watcher.log)
        XCTAssertEqual(watcher.stop(), 0)
    }

    func testPhotoMovedInFromAnotherFolderIsIngestedAtItsNewPath() throws {
        let outside = try Folders.temporary("outside")
        defer { try? FileManager.default.removeItem(at: outside) }
        let bytes = try TestPhotos.small(1)
        try TestPhotos.write(bytes, to: outside.appendingPathComponent("photo.jpg"))

        let watcher = try WatchProcess([folder], library: library)
        let journal = try Journal(library)
        XCTAssertEqual(rename(outside.appendingPathComponent("photo.jpg").path, folder.appendingPathComponent("moved.jpg").path), 0)
        journal.waitForCount(1, timeout: 20, settle: 0.5, watcher: watcher)
        let entry = try XCTUnwrap(try journal.entries().first)
        XCTAssertEqual(entry.sourcePath, folder.appendingPathComponent("moved.jpg").path)
        XCTAssertEqual(entry.contentHash, ContentHash.sha256Hex(bytes))
        XCTAssertEqual(watcher.stop(), 0)
    }

    /// New entries get their weather from the provider beside the watcher, off its ingest threads.
    func testWatchedPhotosGetTheirWeather() throws {
        let repository = Repository.root
        let weatherFile = repository.appendingPathComponent("docs/sample-weather.csv").path
        let watcher = try WatchProcess([folder], library: library, ["--weather", "file:\(weatherFile)"])
        let journal = try Journal(library)
        try FileManager.default.copyItem(
            at: repository.appendingPathComponent("Tests/Fixtures/sample-squares/02-rio-2020-01.jpg"),
            to: folder.appendingPathComponent("rio.jpg"))
        journal.waitForCount(1, timeout: 20, watcher: watcher)
        let entry = try XCTUnwrap(try journal.entries().first)
        XCTAssertTrue(poll(timeout: 20) { (try? journal.store.weather(entryID: entry.id)) != nil }, watcher.log.suffix(2000).description)
        XCTAssertEqual(try journal.store.weather(entryID: entry.id)?.temperatureC, 28.3)
        XCTAssertEqual(watcher.stop(), 0)
    }

    func testNestedFoldersMadeWhileWatchingAreAllIngested() throws {
        let outside = try Folders.temporary("tree")
        defer { try? FileManager.default.removeItem(at: outside) }
        var index = 100
        func photo(_ url: URL) throws {
            try TestPhotos.write(try TestPhotos.small(index), to: url)
            index += 1
        }
        // A tree made elsewhere, moved in whole.
        try FileManager.default.createDirectory(at: outside.appendingPathComponent("trip/day1/raw"), withIntermediateDirectories: true)
        for relative in ["trip/a.jpg", "trip/day1/b.jpg", "trip/day1/raw/c.jpg", "trip/day1/raw/d.jpg"] {
            try photo(outside.appendingPathComponent(relative))
        }

        let watcher = try WatchProcess([folder], library: library)
        let journal = try Journal(library)
        // Folders made and filled at once: the files race the new watches.
        for relative in ["a", "a/b", "a/b/c", "a/b/c/d", "x", "x/y"] {
            let sub = folder.appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
            try photo(sub.appendingPathComponent("one.jpg"))
            try photo(sub.appendingPathComponent("two.jpg"))
        }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("p/q/r/s"), withIntermediateDirectories: true)
        try photo(folder.appendingPathComponent("p/q/r/s/deep.jpg"))
        try photo(folder.appendingPathComponent("p/q/mid.jpg"))
        XCTAssertEqual(rename(outside.appendingPathComponent("trip").path, folder.appendingPathComponent("trip").path), 0)
        let expected = 12 + 2 + 4
        journal.waitForCount(expected, timeout: 30, settle: 1, watcher: watcher)
        let paths = Set(try journal.entries().map(\.sourcePath))
        XCTAssertTrue(paths.contains(folder.appendingPathComponent("a/b/c/d/two.jpg").path))
        XCTAssertTrue(paths.contains(folder.appendingPathComponent("trip/day1/raw/d.jpg").path))
        // A file written later into a folder that was moved in: its watch works.
        try photo(folder.appendingPathComponent("trip/day1/raw/late.jpg"))
        journal.waitForCount(expected + 1, timeout: 20, watcher: watcher)
        XCTAssertEqual(watcher.lines(containing: " error: ").count, 0, watcher.log)
        XCTAssertEqual(watcher.stop(), 0)
    }

    func testAfterARestartItCatchesUpOnPhotosAddedWhileStopped() throws {
        let first = try WatchProcess([folder], library: library)
        let journal = try Journal(library)
        for index in 0..<3 {
            try TestPhotos.write(try TestPhotos.small(200 + index), to: folder.appendingPathComponent("before-\(index).jpg"))
        }
        journal.waitForCount(3, timeout: 20, watcher: first)
        XCTAssertEqual(first.stop(), 0)

        for index in 0..<3 {
            try TestPhotos.write(try TestPhotos.small(300 + index), to: folder.appendingPathComponent("while-stopped-\(index).jpg"))
        }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("new/inner"), withIntermediateDirectories: true)
        try TestPhotos.write(try TestPhotos.small(310), to: folder.appendingPathComponent("new/a.jpg"))
        try TestPhotos.write(try TestPhotos.small(311), to: folder.appendingPathComponent("new/inner/b.jpg"))

        let second = try WatchProcess([folder], library: library, ["--settle", "0.5"])
        journal.waitForCount(8, timeout: 20, settle: 1, watcher: second)
        XCTAssertEqual(second.lines(containing: " info: ingested ").count, 5, second.log)
        XCTAssertEqual(second.stop(), 0)
    }

    func testSIGTERMInTheMiddleOfABurstLosesNothingAndStoresNothingTwice() throws {
        let staging = try Folders.temporary("burst")
        defer { try? FileManager.default.removeItem(at: staging) }
        var hashes = Set<String>()
        for index in 0..<600 {
            let bytes = try TestPhotos.small(400 + index)
            hashes.insert(ContentHash.sha256Hex(bytes))
            try TestPhotos.write(bytes, to: staging.appendingPathComponent("burst-\(index).jpg"))
        }
        let first = try WatchProcess([folder], library: library, ["--jobs", "2"])
        let journal = try Journal(library)
        for name in try FileManager.default.contentsOfDirectory(atPath: staging.path) {
            try FileManager.default.copyItem(at: staging.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        XCTAssertTrue(poll(timeout: 30) { journal.count() >= 20 }, first.log)
        let stoppedAt = Date()
        XCTAssertEqual(first.stop(SIGTERM), 0, first.log)
        let stopTime = Date().timeIntervalSince(stoppedAt)
        XCTAssertLessThan(stopTime, 5, "the files in hand are finished, the rest left for the next start")
        XCTAssertTrue(first.log.contains("notice: stopped"))
        let storedBefore = journal.count()
        print("SIGTERM after \(storedBefore) of 600 photos; stopped in \(String(format: "%.2f", stopTime)) s")

        let second = try WatchProcess([folder], library: library, ["--jobs", "2", "--settle", "0.5"])
        journal.waitForCount(600, timeout: 60, settle: 1, watcher: second)
        XCTAssertEqual(Set(try journal.entries().map(\.contentHash)), hashes)
        let ingestedLines = first.lines(containing: " info: ingested ").count + second.lines(containing: " info: ingested ").count
        XCTAssertEqual(ingestedLines, 600, "each photo ingested exactly once over the two runs")
        XCTAssertEqual(first.lines(containing: " error: ").count + second.lines(containing: " error: ").count, 0)
        try journal.assertThumbnailsComplete()
        XCTAssertEqual(second.stop(SIGINT), 0)
    }

    func testMoveToEmptiesTheSourceFillsTheArchiveAndNeverOverwrites() throws {
        let archive = try Folders.temporary("archive")
        defer { try? FileManager.default.removeItem(at: archive) }
        // Something already in the archive under a name that will clash.
        let clashing = archive.appendingPathComponent("2019/07/01-paris-2019-07.jpg")
        try FileManager.default.createDirectory(at: clashing.deletingLastPathComponent(), withIntermediateDirectories: true)
        let otherBytes = try TestPhotos.small(900)
        try TestPhotos.write(otherBytes, to: clashing)

        let watcher = try WatchProcess([folder], library: library, ["--move-to", archive.path])
        let journal = try Journal(library)
        let samples = try FileManager.default.contentsOfDirectory(atPath: Folders.samples.path).filter { $0.hasSuffix(".jpg") }.sorted()
        XCTAssertEqual(samples.count, 10)
        for name in samples {
            try FileManager.default.copyItem(at: Folders.samples.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        // Two different undated photos with the same name, in two subfolders.
        for (sub, index) in [("a", 901), ("b", 902)] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
            try TestPhotos.write(try TestPhotos.small(index), to: folder.appendingPathComponent("\(sub)/same.jpg"))
        }
        journal.waitForCount(12, timeout: 30, watcher: watcher)
        XCTAssertTrue(poll(timeout: 10) { Folders.files(in: self.folder).isEmpty }, "left in the source: \(Folders.files(in: folder))")
        XCTAssertEqual(watcher.stop(), 0)

        XCTAssertEqual(try Data(contentsOf: clashing), Data(otherBytes), "an existing file is never overwritten")
        let archived = Folders.files(in: archive)
        XCTAssertTrue(archived.contains("2019/07/01-paris-2019-07-1.jpg"), "\(archived)")
        XCTAssertTrue(archived.contains("2020/01/02-rio-2020-01.jpg"), "\(archived)")
        XCTAssertTrue(archived.contains("undated/08-no-exif.jpg"), "\(archived)")
        XCTAssertTrue(archived.contains("undated/same.jpg"), "\(archived)")
        XCTAssertTrue(archived.contains("undated/same-1.jpg"), "\(archived)")
        XCTAssertEqual(archived.count, 13, "12 moved photos and the one that was there: \(archived)")
        for entry in try journal.entries() {
            XCTAssertTrue(entry.sourcePath.hasPrefix(archive.path + "/"), entry.sourcePath)
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: entry.sourcePath)))
            XCTAssertEqual(ContentHash.sha256Hex(bytes), entry.contentHash, "the entry points at its own file")
            if let date = entry.capturedLocal {
                XCTAssertTrue(entry.sourcePath.contains("/\(date.year)/\(DateText.padded(date.month))/"), entry.sourcePath)
            }
        }
        XCTAssertEqual(watcher.lines(containing: ", moved to ").count, 12)
    }

    func testAFailedFileIsNotRetriedInALoopButIsRetriedWhenItChanges() throws {
        let watcher = try WatchProcess([folder], library: library, ["--rescan-interval", "0.3", "--settle", "0.2"])
        let journal = try Journal(library)
        let broken = folder.appendingPathComponent("broken.jpg")
        try Data("<html>404 not found</html>".utf8).write(to: broken)
        try Data("shopping list".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        XCTAssertTrue(watcher.waitForLog("broken.jpg: not a JPEG", timeout: 10), watcher.log)
        usleep(2_000_000)  // about six rescans
        XCTAssertEqual(watcher.lines(containing: "broken.jpg").count, 1, watcher.log)
        XCTAssertEqual(watcher.lines(containing: "skipped").count, 1, watcher.log)
        XCTAssertEqual(journal.count(), 0)

        try TestPhotos.write(try TestPhotos.small(5), to: broken)
        journal.waitForCount(1, timeout: 10, settle: 1, watcher: watcher)
        XCTAssertEqual(watcher.lines(containing: "ingested \(broken.path)").count, 1, watcher.log)
        XCTAssertEqual(watcher.stop(), 0)
    }

    /// A file judged damaged by one watch is known to the next, which does not fail it again
    /// until it changes.
    func testAFileFailedBeforeIsKnownAfterARestartUntilItChanges() throws {
        let broken = folder.appendingPathComponent("broken.jpg")
        try Data("<html>404 not found</html>".utf8).write(to: broken)
        let first = try WatchProcess([folder], library: library, ["--rescan-interval", "0.3", "--settle", "0.2"])
        XCTAssertTrue(first.waitForLog("broken.jpg: not a JPEG", timeout: 10), first.log)
        XCTAssertEqual(first.stop(), 0)

        let second = try WatchProcess([folder], library: library, ["--rescan-interval", "0.3", "--settle", "0.2"])
        XCTAssertTrue(second.waitForLog("judged before, unchanged", timeout: 10), second.log)
        XCTAssertEqual(second.lines(containing: " error: ").count, 0, second.log)
        // An hour back: a time in the future would read as a file still being written.
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-3600)], ofItemAtPath: broken.path)
        XCTAssertTrue(second.waitForLog("broken.jpg: not a JPEG (looks like HTML/text) (tried again", timeout: 10), second.log)
        XCTAssertEqual(second.stop(), 0)
    }

    func testPollModeFindsPhotosWithoutInotifyAndWaitsForWritersToFinish() throws {
        let watcher = try WatchProcess([folder], library: library, ["--poll", "--rescan-interval", "0.2", "--settle", "0.2"])
        XCTAssertTrue(watcher.log.contains("--poll"), watcher.log)
        let journal = try Journal(library)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        for index in 0..<5 {
            try TestPhotos.write(try TestPhotos.small(700 + index), to: folder.appendingPathComponent("sub/p\(index).jpg"))
        }
        journal.waitForCount(5, timeout: 20, watcher: watcher)

        // A writer pausing longer than --settle: only the open-for-writing probe (a lease)
        // keeps the rescans off the file. Skip that part where leases are not available.
        let bytes = try TestPhotos.large(width: 800, height: 600, seed: 3)
        let path = folder.appendingPathComponent("slow.jpg").path
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        XCTAssertGreaterThanOrEqual(fd, 0)
        guard FileReadiness.localWriters(path) == .someoneWriting else {
            close(fd)
            throw XCTSkip("file leases are not available on this file system")
        }
        let chunkSize = bytes.count / 5 + 1
        for start in stride(from: 0, to: bytes.count, by: chunkSize) {
            let end = min(bytes.count, start + chunkSize)
            _ = bytes[start..<end].withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
            usleep(400_000)
            XCTAssertEqual(journal.count(), 5, "read while still being written")
        }
        close(fd)
        journal.waitForCount(6, timeout: 20, settle: 0.5, watcher: watcher)
        XCTAssertEqual(try journal.store.entry(contentHash: ContentHash.sha256Hex(bytes))?.fileSize, Int64(bytes.count))
        XCTAssertEqual(watcher.stop(), 0)
    }

    func testHelpTeachesAndUsageErrorsExitTwo() throws {
        let (status, help) = try WatchProcess.run(["watch", "--help"])
        XCTAssertEqual(status, 0)
        for text in ["Examples:", "--move-to", "--rescan-interval", "--poll", "fs.inotify.max_user_watches", "SIGTERM"] {
            XCTAssertTrue(help.contains(text), "help lacks \(text)")
        }
        XCTAssertEqual(try WatchProcess.run(["watch"]).status, 2)
        XCTAssertEqual(try WatchProcess.run(["watch", "/no/such/folder"]).status, 2)
        XCTAssertEqual(try WatchProcess.run(["watch", folder.path, "--rescan-interval", "0"]).status, 2)
    }

    /// The real limit, lowered in a user namespace of the watcher's own (nothing else on the
    /// machine is affected).
    func testReachingTheInotifyWatchLimitSaysWhichSettingToRaise() throws {
        guard WatchProcess.namespaceLimitWorks else { throw XCTSkip("user namespaces are not available here") }
        for sub in ["a", "b", "c", "d"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        // At start: five folders, three watches allowed.
        let run = try WatchProcess.run(["watch", folder.path, "--library", library.path], watchLimit: 3)
        XCTAssertEqual(run.status, 1, run.output)
        XCTAssertTrue(run.output.contains("daybook: error: cannot watch \(folder.path)/"), run.output)
        for text in [
            "inotify watch limit is reached", "fs.inotify.max_user_watches = ", "/proc/sys/user/max_inotify_watches",
            "sudo sysctl fs.inotify.max_user_watches=", "--poll",
        ] {
            XCTAssertTrue(run.output.contains(text), "message lacks \(text): \(run.output)")
        }

        // While running: new folders beyond the limit are still covered, by listing and rescans.
        let watcher = try WatchProcess([folder], library: library, ["--rescan-interval", "0.5", "--settle", "0.2"], watchLimit: 7)
        let journal = try Journal(library)
        let extra = ["e", "f", "g", "h"]
        for (index, sub) in extra.enumerated() {
            let url = folder.appendingPathComponent(sub)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            try TestPhotos.write(try TestPhotos.small(800 + index), to: url.appendingPathComponent("first.jpg"))
        }
        journal.waitForCount(4, timeout: 20, watcher: watcher)
        for (index, sub) in extra.enumerated() {
            try TestPhotos.write(try TestPhotos.small(810 + index), to: folder.appendingPathComponent("\(sub)/later.jpg"))
        }
        journal.waitForCount(8, timeout: 20, settle: 1, watcher: watcher)
        let errors = watcher.lines(containing: " error: ")
        XCTAssertEqual(errors.count, 1, "said once: \(watcher.log)")
        XCTAssertTrue(errors.first?.contains("fs.inotify.max_user_watches") == true, watcher.log)
        XCTAssertEqual(watcher.stop(), 0)
    }

    /// A real IN_Q_OVERFLOW: the watcher is stopped (SIGSTOP) while more events happen than
    /// the kernel queues; the photos' own events are among those dropped.
    func testQueueOverflowIsFollowedByAFullRescanThatFindsTheDroppedPhotos() throws {
        let queueLimit =
            Int(
                (try? String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8))?
                    .trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 16384
        guard queueLimit <= 100_000 else { throw XCTSkip("fs.inotify.max_queued_events is \(queueLimit): too many events to make") }
        let watcher = try WatchProcess([folder], library: library, ["--settle", "0.2"])
        let journal = try Journal(library)
        XCTAssertEqual(kill(watcher.process.processIdentifier, SIGSTOP), 0)
        // Each create + close + delete is three events.
        let noise = folder.appendingPathComponent("noise.txt").path
        for _ in 0..<(queueLimit / 3 + 500) {
            let fd = open(noise, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
            close(fd)
            unlink(noise)
        }
        for index in 0..<5 {
            try TestPhotos.write(try TestPhotos.small(950 + index), to: folder.appendingPathComponent("after-overflow-\(index).jpg"))
        }
        XCTAssertEqual(kill(watcher.process.processIdentifier, SIGCONT), 0)
        journal.waitForCount(5, timeout: 30, settle: 0.5, watcher: watcher)
        XCTAssertTrue(watcher.log.contains("queue overflow"), watcher.log)
        XCTAssertEqual(watcher.stop(), 0)
    }
}
