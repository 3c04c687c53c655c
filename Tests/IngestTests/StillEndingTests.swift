import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookIngest

/// A PNG, WebP or GIF still being written is seen as ending early (`PhotoEnding`), so the
/// watcher waits for it as it does for a JPEG; whole files are not.
final class StillEndingTests: XCTestCase {
    func testCutStillsEndEarlyAndWholeOnesDoNot() throws {
        let stills = Repository.fixtures.appendingPathComponent("stills")
        for name in ["exif.png", "photo.webp", "xmp.gif", "animated.gif"] {
            let whole = [UInt8](try Data(contentsOf: stills.appendingPathComponent(name)))
            XCTAssertFalse(PhotoEnding.endsEarly(whole), name)
            XCTAssertTrue(PhotoEnding.endsEarly(Array(whole.dropLast(5))), name)
        }
        XCTAssertTrue(PhotoEnding.endsEarly([UInt8](try Data(contentsOf: stills.appendingPathComponent("truncated.webp")))))
    }
}
