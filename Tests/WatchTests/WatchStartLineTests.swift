import DaybookTestSupport
import Foundation
import XCTest

/// The line `daybook watch` starts with names each folder once, however it was given: twice,
/// as FOLDER/., or inside another folder given.
final class WatchStartLineTests: WatchedFolderTestCase {
    func testAFolderGivenTwiceIsWatchedAndLoggedOnce() throws {
        let photo = Repository.sampleSquares.appendingPathComponent("01-paris-2019-07.jpg")
        let inside = folder.appendingPathComponent("inside")
        try FileManager.default.createDirectory(at: inside, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: photo, to: inside.appendingPathComponent("a.jpg"))
        let first = try WatchProcess([folder], library: library)
        XCTAssertTrue(poll(timeout: 30) { first.lines(containing: "info: ingested").count == 1 }, first.log)
        XCTAssertEqual(first.stop(), 0)

        let again = try WatchProcess([folder, URL(fileURLWithPath: folder.path + "/."), inside, folder], library: library)
        XCTAssertEqual(again.stop(), 0)
        let started = again.lines(containing: "notice: watching")
        XCTAssertEqual(started.count, 1, again.log)
        XCTAssertTrue(
            started.first?.hasSuffix(
                "notice: watching folder \(folder.path) (inotify on 2 folders, rescan every 300 s); library \(library.path); 1 photos already in the journal"
            ) == true, again.log)
        XCTAssertEqual(again.lines(containing: "info: ").count, 0, again.log)
    }
}
