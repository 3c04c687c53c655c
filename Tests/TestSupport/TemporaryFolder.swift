import Foundation
import XCTest

public enum TemporaryFolder {
    /// A new, empty folder named `label-UUID` in the system's temporary folder; the test
    /// removes it.
    public static func make(_ label: String) throws -> URL {
        let url = unusedPath(label)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A new name, `label-UUID`, in the system's temporary folder, with nothing made there:
    /// for a test that sees what creates it (a library the CLI opens, a file it writes).
    public static func unusedPath(_ label: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString)")
    }
}

extension XCTestCase {
    /// A new, empty folder (`TemporaryFolder.make`) that is removed when the test ends.
    public func temporaryFolder(_ label: String) throws -> URL {
        let folder = try TemporaryFolder.make(label)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }
}
