import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookImaging

/// libheif is opened on the first HEIF file, not linked (HEIFLibrary): a machine without it
/// still runs every other command, and each HEIF file gets one line saying what is missing.
final class HEIFLibraryMissingTests: XCTestCase {
    static let missingSoname = "libheif.so.0-daybook-test-missing"

    func bytes() throws -> [UInt8] {
        [UInt8](try Data(contentsOf: Repository.fixtures.appendingPathComponent("heic-pillow/xiaomi.heic")))
    }

    func testAMachineWithoutLibheifGetsOneLineNamingTheLibrary() throws {
        let missing = HEIFLibrary.open(Self.missingSoname)
        guard case .failure(.libraryMissing(let reason)) = missing else { return XCTFail("\(missing)") }
        XCTAssertTrue(reason.contains(Self.missingSoname), reason)

        XCTAssertThrowsError(try HEIFFile(try bytes(), library: missing)) { error in
            let description = (error as? HEIFError)?.description ?? "\(error)"
            XCTAssertTrue(description.hasPrefix("cannot read HEIF files: libheif is missing ("), description)
            XCTAssertTrue(description.contains(Self.missingSoname), description)
            XCTAssertFalse(description.contains("\n"), description)
        }
    }

    func testTheInstalledLibheifOpensOnFirstUseAndReadsTheSameFile() throws {
        guard case .success = HEIFLibrary.shared else { return XCTFail("\(HEIFLibrary.shared)") }
        let file = try HEIFFile(try bytes())
        XCTAssertGreaterThan(file.size.width, 0)
        XCTAssertNotNil(file.exif)
    }
}
