import DaybookImaging
import DaybookTestSupport
import Foundation
import XCTest

/// The shared corpus of damaged files, as committed in Tests/Fixtures/badinputs. Prints every
/// outcome for the ingest engineers; asserts only the cases this module owns outright.
final class SharedBadInputsTests: XCTestCase {
    static let directory = Repository.fixtures.appendingPathComponent("badinputs")

    func testEveryFileEndsInAThumbnailOrAClearError() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path)
            .filter { $0.hasSuffix(".jpg") }
            .sorted()
        XCTAssertEqual(names.count, 13, "the committed copy of the shared bad inputs")
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: Self.directory.appendingPathComponent(name)))
            let start = Date()
            let outcome: String
            do {
                let thumbnail = try ThumbnailMaker().make(from: bytes, orientation: .up)
                outcome =
                    "thumbnail \(thumbnail.image.width)x\(thumbnail.image.height) "
                    + "of \(thumbnail.frame.width)x\(thumbnail.frame.height), "
                    + "\(thumbnail.jpeg.count) bytes, warnings \(thumbnail.warnings)"
            } catch {
                outcome = "error: \(error)"
                XCTAssertFalse(error.description.isEmpty, name)
                XCTAssertFalse(error.description.contains("\n"), name)
            }
            let seconds = Date().timeIntervalSince(start)
            print("badinputs \(name): \(outcome) [\(Int(seconds * 1000)) ms]")
            XCTAssertLessThan(seconds, 2, name)
        }
    }

    func testTruncatedAndBombFilesAreRefused() throws {
        func load(_ name: String) throws -> [UInt8] {
            try [UInt8](Data(contentsOf: Self.directory.appendingPathComponent(name)))
        }
        for name in ["truncated_at_10pct.jpg", "truncated_at_50pct.jpg"] {
            let bytes = try load(name)
            XCTAssertThrowsImagingError(try ThumbnailMaker().make(from: bytes, orientation: .up)) {
                guard case .truncated = $0 else { return XCTFail("\(name): \($0)") }
            }
        }
        let bomb = try load("sof_declares_60000x60000.jpg")
        XCTAssertThrowsImagingError(try ThumbnailMaker().make(from: bomb, orientation: .up)) {
            guard case .tooLarge(.pixels(FrameSize(width: 60000, height: 60000), _)) = $0 else {
                return XCTFail("\($0)")
            }
        }
    }
}
