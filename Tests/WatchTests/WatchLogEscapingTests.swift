import DaybookTestSupport
import Foundation
import XCTest

/// The real `daybook watch` on file names made to forge log lines: the log handler escapes
/// every message and metadata value at the sink, so each event stays one line.
final class WatchLogEscapingTests: WatchedFolderTestCase {
    func testAFileNameWithALineBreakCannotForgeALogLine() throws {
        let watcher = try WatchProcess([folder], library: library, ["--settle", "0.3"])
        let forged = "x.jpg as 00000000\n2025-01-01T00:00:00.000+0000 info: ingested FORGED.jpg as deadbeef\u{1B}]0;T\u{07}.jpg"
        try TestPhotos.write(try TestPhotos.small(1), to: folder.appendingPathComponent(forged))
        try Data([0xFF, 0xD8, 0xFF, 0xDB, 0x00]).write(to: folder.appendingPathComponent("broken\r\n\u{202E}gpj.jpg"))
        let journal = try Journal(library)
        journal.waitForCount(1, timeout: 20, settle: 1, watcher: watcher)
        XCTAssertTrue(watcher.waitForLog("broken", timeout: 10), watcher.log)
        XCTAssertEqual(watcher.stop(), 0)

        let log = watcher.log
        let controls = log.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F || $0.value == 0x202E }
        XCTAssertEqual(controls.map(\.value), [], log)
        XCTAssertEqual(watcher.lines(containing: " info: ingested ").count, 1, log)
        XCTAssertFalse(log.split(separator: "\n").contains { $0.hasPrefix("2025-01-01T00:00:00.000+0000") }, log)
        XCTAssertTrue(
            log.contains("as 00000000\\n2025-01-01T00:00:00.000+0000 info: ingested FORGED.jpg as deadbeef\\e]0;T\\a.jpg as "), log)
        XCTAssertEqual(watcher.lines(containing: "broken\\r\\n\\u{202E}gpj.jpg").count, 1, log)
    }
}
