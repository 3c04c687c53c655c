import DaybookStore
import Foundation
import XCTest

/// Exports saved for the `import` fuzz target (Tests/Fixtures/fuzz/import, docs/fuzzing.md)
/// go through the importer's whole check: each must end, in time, accepted or refused in one
/// line, as recorded below. CI also replays the folder under AddressSanitizer with
/// `daybook-fuzz --target=import`.
final class ImportFuzzRegressionTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/fuzz/import")

    /// Items accepted, or nil for a file that must be refused. A new file needs a line here.
    static let expected: [String: Int?] = [
        "one-entry.json": 1,
        "three-entries.json": 3,
        "three-entries-with-thumbnails.json": 3,
        "refused-duplicate-id.json": nil,
        "refused-thumbnail-path.json": nil,
    ]

    func testEverySavedExportIsAcceptedOrRefusedAsRecorded() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }
            .sorted()
        XCTAssertEqual(Set(names), Set(Self.expected.keys), "every saved input, and only those, has a recorded outcome")
        for name in names {
            let data = try Data(contentsOf: Self.folder.appendingPathComponent(name))
            let start = DispatchTime.now()
            let result = Result { () throws(ArchiveError) in try JournalArchive.decodeAndValidate(data) }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
            XCTAssertLessThan(seconds, 2, name)
            switch result {
            case .success(let archive):
                XCTAssertEqual(archive.items.count, Self.expected[name] ?? nil, name)
            case .failure(let error):
                XCTAssertNil(Self.expected[name] ?? nil, "\(name) was refused: \(error)")
                XCTAssertFalse(error.description.isEmpty || error.description.contains("\n"), "\(name): \(error)")
            }
        }
    }
}
