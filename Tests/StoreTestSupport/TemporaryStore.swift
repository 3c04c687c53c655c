import DaybookStore
import DaybookTestSupport
import Foundation
import XCTest

/// A new, empty journal in a new temporary folder named `label-UUID` (`TemporaryFolder.make`).
public func makeStore(_ label: String = "daybook-store") throws -> JournalStore {
    try JournalStore(library: Library(root: try TemporaryFolder.make(label)))
}

extension JournalStore {
    /// The entry whose source path ends with `suffix` (a file name, say); the test fails when
    /// none does.
    public func entry(pathEndingWith suffix: String) throws -> JournalEntry {
        try XCTUnwrap(try entries().first { $0.sourcePath.hasSuffix(suffix) }, suffix)
    }
}
