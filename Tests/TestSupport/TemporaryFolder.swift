import Foundation
import XCTest

public enum TemporaryFolder {
    /// A new, empty folder named `label-UUID` in this test run's folder, which goes when the
    /// run ends (`runFolder`).
    public static func make(_ label: String) throws -> URL {
        let url = unusedPath(label)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A new name, `label-UUID`, in this test run's folder, with nothing made there: for a
    /// test that sees what creates it (a library the CLI opens, a file it writes).
    public static func unusedPath(_ label: String) -> URL {
        runFolder.appendingPathComponent("\(label)-\(UUID().uuidString)")
    }

    /// One folder per test process (`daybook-tests-PID`), removed when the process exits. Most
    /// tests leave their libraries for a failure to be looked at while the run goes on; before,
    /// they stayed for good, and each run of the suite left about 1 GB in /tmp.
    static let runFolder: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-tests-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        atexit { TemporaryFolder.removeRunFolder() }
        return folder
    }()

    private static func removeRunFolder() {
        if ProcessInfo.processInfo.environment["DAYBOOK_KEEP_TEST_FILES"] != nil { return }
        // A test may leave a folder it made unreadable or unwritable: give write access back
        // first, or the removal stops there.
        if let walker = FileManager.default.enumerator(atPath: runFolder.path) {
            for case let path as String in walker {
                chmod(runFolder.appendingPathComponent(path).path, 0o700)
            }
        }
        try? FileManager.default.removeItem(at: runFolder)
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
