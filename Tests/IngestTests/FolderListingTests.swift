import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookIngest

/// The folder reader on real directories with odd names, and on hand-made `dirent` records.
/// scripts/asan_paths.sh runs the folder paths under AddressSanitizer, which is what catches
/// a read past a short record; these tests check the names come out whole and exact.
final class FolderListingTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try TemporaryFolder.make("folderlisting")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Every name length from 1 to NAME_MAX (255 bytes), multi-byte UTF-8 up to the limit,
    /// hidden entries skipped, folders and symlinks listed like files.
    func testNamesOfEveryLengthAndUTF8AreListedWhole() throws {
        var expected: [String] = (1...255).map { String(repeating: "a", count: $0) }
        expected += [String(repeating: "é", count: 127), "日本語の写真.jpg", "📷 beach 🌊.JPG", "space name", "sub"]
        for name in expected where name != "sub" {
            XCTAssertTrue(FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data([1])), name)
        }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("loop").path, withDestinationPath: ".")
        expected.append("loop")
        XCTAssertTrue(FileManager.default.createFile(atPath: folder.appendingPathComponent(".hidden").path, contents: Data()))

        let names = try XCTUnwrap(FolderListing.visibleNames(in: folder.path))
        XCTAssertEqual(names, expected.sorted())
        XCTAssertEqual(names.map(\.utf8.count).max(), 255)
    }

    /// Thousands of short names: readdir's buffer fills to its very end, where a read past
    /// the last record leaves the heap block (what AddressSanitizer caught).
    func testThousandsOfShortNames() throws {
        let expected = (0..<2000).map { "n\($0)" }
        for name in expected {
            // creat(2), not FileManager.createFile: that one writes a temporary file and renames it.
            let fd = creat(folder.appendingPathComponent(name).path, 0o644)
            XCTAssertGreaterThanOrEqual(fd, 0, name)
            close(fd)
        }
        XCTAssertEqual(try XCTUnwrap(FolderListing.visibleNames(in: folder.path)), expected.sorted())
    }

    func testUnreadableFolderIsNil() {
        XCTAssertNil(FolderListing.visibleNames(in: folder.appendingPathComponent("missing").path))
        XCTAssertEqual(errno, ENOENT)
    }

    /// A symlink back to its own folder has the folder's identity: walkers use this to stop.
    func testSymlinkLoopHasTheFolderIdentity() throws {
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("loop").path, withDestinationPath: ".")
        let direct = try XCTUnwrap(FolderListing.identity(of: folder.path))
        XCTAssertEqual(FolderListing.identity(of: folder.appendingPathComponent("loop").path), direct)
        XCTAssertNil(FolderListing.identity(of: folder.appendingPathComponent("nothing").path))
    }

    /// The name is read within the record's `d_reclen`, never beyond it, even when the bytes
    /// after the record hold more non-NUL characters (as the next record does).
    func testNameIsBoundedByTheRecordLength() {
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        let lengthOffset = MemoryLayout<dirent>.offset(of: \dirent.d_reclen)!
        for (recordName, room, expected) in [("abc\0", 4, "abc"), ("abcdefgh", 3, "abc"), ("x", 0, "")] {
            // A buffer exactly as long as the record plus trailing bytes that must not be read.
            var record = [UInt8](repeating: 0, count: nameOffset + room)
            let length = UInt16(nameOffset + room)
            withUnsafeBytes(of: length) { record.replaceSubrange(lengthOffset..<lengthOffset + 2, with: $0) }
            record.replaceSubrange(nameOffset..<nameOffset + room, with: Array(recordName.utf8.prefix(room)))
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: record.count, alignment: 8)
            defer { buffer.deallocate() }
            buffer.copyMemory(from: record, byteCount: record.count)
            XCTAssertEqual(String(decoding: FolderListing.nameBytes(of: UnsafeRawPointer(buffer)), as: UTF8.self), expected, recordName)
        }
    }
}
