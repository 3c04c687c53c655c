import DaybookImaging
import DaybookStore
import DaybookTestSupport
import DaybookWeb
import Foundation
import XCTest

/// `export html` shows every photo the journal has (HEIC too), says what it copied and what
/// was missing, and writes files a web host can serve, whatever the umask.
final class StaticSitePhotoTests: XCTestCase {
    func testHEICEntriesGetWorkingPreviewsAndTheReportNamesWhatWasMissing() throws {
        let fixture = try WebFixture.withHEICs()
        let entries = try fixture.store.entries()
        let gone = try fixture.entry("04-sydney-2021-12.jpg")
        try FileManager.default.removeItem(atPath: gone.sourcePath)
        let folder = fixture.root.appendingPathComponent("site")
        let report = try StaticSite(store: fixture.store, folder: folder).write()
        XCTAssertEqual(report.previewsCopied, entries.count - 1)
        XCTAssertEqual(report.missingPhotos, [gone.sourcePath])
        XCTAssertEqual(report.unpreviewablePhotos, [])
        for file in ["arrow.heic", "10-reykjavik-dandelions.heic", "generic.heif"] {
            let entry = try fixture.entry(file)
            let page = try String(contentsOf: folder.appendingPathComponent("entries/\(entry.id).html"), encoding: .utf8)
            let src = "../previews/\(entry.contentHash).jpg"
            XCTAssertTrue(page.contains("src=\"\(src)\""), "\(file): the page shows the preview")
            let preview = [UInt8](try Data(contentsOf: folder.appendingPathComponent("previews/\(entry.contentHash).jpg")))
            let frame = try JPEGDecoder.frameSize(of: preview)
            let expected = file == "arrow.heic" ? FrameSize(width: 1200, height: 1600) : FrameSize(width: 1600, height: 900)
            XCTAssertEqual(frame, expected, file)
        }
    }

    func testSiteIsReadableByAWebHostWhateverTheUmask() throws {
        let fixture = try WebFixture()
        let folder = fixture.root.appendingPathComponent("new/site")
        // The CLI runs with umask 077 (the library is private); the site is meant to be published.
        let previous = umask(0o077)
        defer { umask(previous) }
        _ = try StaticSite(store: fixture.store, folder: folder).write()
        umask(previous)
        var checked = (files: 0, folders: 0)
        for path in ["."] + (try XCTUnwrap(FileManager.default.subpaths(atPath: folder.path))) {
            var info = stat()
            XCTAssertEqual(lstat(folder.appendingPathComponent(path).path, &info), 0, path)
            let mode = info.st_mode & 0o7777
            if info.st_mode & S_IFMT == S_IFDIR {
                XCTAssertEqual(mode, 0o755, "folder \(path): \(String(mode, radix: 8))")
                checked.folders += 1
            } else {
                XCTAssertEqual(info.st_mode & S_IFMT, S_IFREG, path)
                XCTAssertEqual(mode, 0o644, "file \(path): \(String(mode, radix: 8))")
                XCTAssertFalse(path.hasSuffix(".tmp"), "no temporary left: \(path)")
                checked.files += 1
            }
        }
        XCTAssertGreaterThan(checked.files, 30)
        XCTAssertGreaterThanOrEqual(checked.folders, 5)
    }
}
