import DaybookCore
import DaybookIngest
import DaybookStore
import Foundation
import Synchronization
import XCTest

/// What a program outside the package does with the library products, through their public
/// API only: this target depends on nothing else (scripts/check_dependencies.py holds it to
/// the products' modules), so a type the API needs but no product provides fails to build here.
final class PublicAPITests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-client-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("photos"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: folder)
    }

    func testAClientIngestsAPhotoAndReadsItsEntryBack() throws {
        let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../SampleImages")
        let photo = folder.appendingPathComponent("photos/rocket.jpg")
        try FileManager.default.copyItem(at: samples.appendingPathComponent("01-cape-canaveral-rocket.jpg"), to: photo)

        let store = try JournalStore(library: Library(root: folder.appendingPathComponent("library")))
        let summary = try Ingester(store: store, options: IngestOptions(jobs: 1)).ingest(paths: [photo.path])

        XCTAssertEqual(summary.line, "1 new, 0 already in the journal, 0 failed")
        let entry = try XCTUnwrap(try store.entries().first)
        XCTAssertEqual(entry.id, summary.created.first)
        XCTAssertEqual(entry.sourcePath, photo.path)
        let captured: LocalDateTime? = entry.capturedLocal
        XCTAssertNotNil(captured, "its EXIF date, as a DaybookCore value")
    }

    func testAFailedFileIsATypedErrorWithItsCodeAndLine() throws {
        let big = folder.appendingPathComponent("photos/big.jpg")
        try Data(repeating: 0xFF, count: 3 << 20).write(to: big)
        let missing = folder.appendingPathComponent("photos/gone.jpg")

        let store = try JournalStore(library: Library(root: folder.appendingPathComponent("library")))
        let ingester = try Ingester(store: store, options: IngestOptions(jobs: 1, maxFileBytes: 1 << 20))
        let failures = Failures()
        let summary = try ingester.ingest(paths: [big.path, missing.path]) { event in
            if case .failed(let error) = event { failures.add(error) }
        }

        XCTAssertEqual(summary.failed, 2)
        let errors = failures.all.sorted { $0.path < $1.path }
        XCTAssertEqual(errors.map(\.code), [.tooLarge, .unreadable])
        XCTAssertEqual(errors.map(\.path), [big.path, missing.path])
        XCTAssertEqual(errors.map(\.description), ["\(big.path): file too large (3.1 MB)", "\(missing.path): no such file or directory"])
        XCTAssertEqual((errors[1].underlying as? POSIXError)?.code, .ENOENT)
    }
}

/// The failures of a run, collected from the ingester's worker threads.
private final class Failures: Sendable {
    private let list = Mutex<[IngestError]>([])

    func add(_ error: IngestError) { list.withLock { $0.append(error) } }
    var all: [IngestError] { list.withLock { $0 } }
}
