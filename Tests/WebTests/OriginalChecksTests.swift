import DaybookStore
import DaybookWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import XCTest

/// An original is hashed once, then known by what `fstat` says of it (device, inode, size,
/// mtime, ctime): later requests, and previews made from it, do not hash it again; a file
/// changed in place, even at the same size and mtime, is hashed again and refused.
final class OriginalChecksTests: XCTestCase {
    func testAnOriginalIsHashedOnceAndAFileChangedInPlaceIsRefused() async throws {
        let fixture = try WebFixture()
        let entry = try XCTUnwrap(try fixture.store.entries().first { $0.sourcePath.hasSuffix("02-rio-2020-01.jpg") })
        let path = entry.sourcePath
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let journal = try fixture.journal()
        var logger = Logger(label: "web-test")
        logger.logLevel = .warning
        let previewName = try XCTUnwrap(ThumbnailName(contentHash: entry.contentHash)).fileName

        try await journal.application(logger: logger).test(.router) { client in
            for _ in 0..<3 {
                try await client.execute(uri: "/originals/\(entry.id)", method: .get) { response in
                    XCTAssertEqual(response.status, .ok)
                    XCTAssertEqual(Data(buffer: response.body), original)
                }
            }
            try await client.execute(uri: "/previews/\(previewName)", method: .get) { XCTAssertEqual($0.status, .ok) }
            XCTAssertEqual(journal.originalChecks.hashCount, 1, "three originals and a preview: one hash")

            // Other bytes at the same size, the mtime set back: only the ctime tells.
            var changed = [UInt8](original)
            changed[changed.count - 3] ^= 0xFF
            try Self.overwrite(path, with: changed, keepingModificationTime: true)
            try await client.execute(uri: "/originals/\(entry.id)", method: .get) { XCTAssertEqual($0.status, .notFound) }
            try await client.execute(uri: "/originals/\(entry.id)?as=jpeg", method: .get) { XCTAssertEqual($0.status, .notFound) }
            XCTAssertEqual(journal.originalChecks.hashCount, 3, "the changed file is hashed again, each time, as it is never found good")

            try Self.overwrite(path, with: [UInt8](original), keepingModificationTime: true)
            try await client.execute(uri: "/originals/\(entry.id)", method: .get) { response in
                XCTAssertEqual(response.status, .ok)
                XCTAssertEqual(Data(buffer: response.body), original)
            }
            XCTAssertEqual(journal.originalChecks.hashCount, 4)
        }
    }

    /// Writes `bytes` into the file in place (same inode), then sets its mtime back.
    static func overwrite(_ path: String, with bytes: [UInt8], keepingModificationTime: Bool) throws {
        var before = stat()
        XCTAssertEqual(stat(path, &before), 0)
        let fd = open(path, O_WRONLY)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        XCTAssertEqual(bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }, bytes.count)
        if keepingModificationTime {
            var times = [before.st_atim, before.st_mtim]
            XCTAssertEqual(futimens(fd, &times), 0)
        }
        var after = stat()
        XCTAssertEqual(fstat(fd, &after), 0)
        XCTAssertEqual(
            [after.st_size, Int(after.st_mtim.tv_sec), after.st_mtim.tv_nsec],
            [before.st_size, Int(before.st_mtim.tv_sec), before.st_mtim.tv_nsec])
    }
}
