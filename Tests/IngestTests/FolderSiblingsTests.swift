import Foundation
import XCTest

@testable import DaybookIngest

/// Siblings come from the folder's listing: the extension in any case, the base name exactly,
/// only regular files, and never a file created after a listing that was read too soon after
/// the folder last changed.
final class FolderSiblingsTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws { folder = try Fixtures.temporaryFolder("daybook-siblings") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func touch(_ name: String) throws {
        try Data([1]).write(to: folder.appendingPathComponent(name))
    }

    private func siblings(of name: String, _ extensions: Set<String>) -> [String] {
        FolderSiblings().siblings(of: folder.appendingPathComponent(name).path, extensions: extensions)
            .map { ($0 as NSString).lastPathComponent }
    }

    func testAnyCaseOfTheExtensionAndOnlyTheExactBaseName() throws {
        for name in ["IMG_1.Cr2", "IMG_1.jpg", "IMG_1.JPEG", "IMG_1.hEiC", "img_1.JPG", "IMG_10.JPG", "IMG_1.jpg.xmp", "IMG_1.mov"] {
            try touch(name)
        }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("IMG_1.JPG"), withIntermediateDirectories: false)
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("IMG_1.heif").path, 0o600), 0)
        XCTAssertEqual(siblings(of: "IMG_1.Cr2", ["jpg", "jpeg", "heic", "heif"]), ["IMG_1.JPEG", "IMG_1.hEiC", "IMG_1.jpg"])
        XCTAssertEqual(siblings(of: "IMG_1.jpg", ["cr2", "jpg"]), ["IMG_1.Cr2"], "never the file itself")
        XCTAssertEqual(siblings(of: "IMG_2.jpg", ["cr2"]), [])
    }

    /// Of several photos beside a RAW or a Live Photo's movie, the preferred extension first.
    func testThePreferredExtensionComesFirst() throws {
        for name in ["IMG_1.CR2", "IMG_1.MOV", "IMG_1.jpeg", "IMG_1.JPG", "IMG_1.heic"] { try touch(name) }
        let path = { (name: String) in self.folder.appendingPathComponent(name).path }
        XCTAssertEqual(RAWPairing.photo(besideRAW: path("IMG_1.CR2")), path("IMG_1.JPG"))
        XCTAssertEqual(LivePhotoPairing.photos(besideMovie: path("IMG_1.MOV")), ["IMG_1.heic", "IMG_1.JPG", "IMG_1.jpeg"].map(path))
    }

    /// A listing read in the same tick of the folder's clock as a file's creation would miss
    /// it for as long as the folder stays unchanged: such a listing is not kept.
    func testAListingReadJustAfterAChangeIsNotKept() throws {
        try touch("IMG_1.CR2")
        let siblings = FolderSiblings()
        let raw = folder.appendingPathComponent("IMG_1.CR2").path
        XCTAssertEqual(siblings.siblings(of: raw, extensions: ["jpg"]), [])
        let before = try modified(folder)
        try touch("IMG_1.JPG")
        // The folder's time as if the JPEG were created within the same tick as the listing.
        try setModified(folder, before)
        XCTAssertEqual(siblings.siblings(of: raw, extensions: ["jpg"]).map { ($0 as NSString).lastPathComponent }, ["IMG_1.JPG"])
    }

    /// A listing of a folder that has settled is kept, and a change to the folder is seen.
    func testASettledFolderIsListedAgainWhenItChanges() throws {
        try touch("IMG_1.CR2")
        var past = timespec(tv_sec: time(nil) - 3600, tv_nsec: 0)
        try setModified(folder, past)
        let siblings = FolderSiblings()
        let raw = folder.appendingPathComponent("IMG_1.CR2").path
        XCTAssertEqual(siblings.siblings(of: raw, extensions: ["jpg"]), [])
        try touch("IMG_1.jpg")
        past.tv_sec += 1
        try setModified(folder, past)
        XCTAssertEqual(siblings.siblings(of: raw, extensions: ["jpg"]).map { ($0 as NSString).lastPathComponent }, ["IMG_1.jpg"])
    }

    private func modified(_ url: URL) throws -> timespec {
        var info = stat()
        guard stat(url.path, &info) == 0 else { throw CocoaError(.fileReadUnknown) }
        return info.st_mtim
    }

    private func setModified(_ url: URL, _ time: timespec) throws {
        var times = [time, time]
        guard utimensat(AT_FDCWD, url.path, &times, 0) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }
}
